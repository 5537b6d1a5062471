/**
 * `/analytics-report/{channel}` — the analytics print view (spec 002 §2; issue 13 "Exports"):
 * signed in, outside the dashboard chrome (the export loads it in a hidden frame; a person may open
 * it and print). `{channel}` is a channel or `all`; the query is the report's
 * (src/features/analytics/export/printView.ts). The server decides who may read the report (403 for
 * Editor and Viewer).
 */
import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireAuthenticated } from '../features/session/guards';
import { channelOfSegment, printViewSearchSchema } from '../features/analytics/export/printView';
import { PrintReport } from '../features/analytics/export/PrintReport';

export const Route = createFileRoute('/analytics-report/$channel')({
  validateSearch: printViewSearchSchema,
  beforeLoad: async ({ context, location, params }) => {
    if (channelOfSegment(params.channel) === undefined) throw notFound();
    await requireAuthenticated(context.session, location.href);
  },
  component: AnalyticsReportRoute,
});

function AnalyticsReportRoute() {
  const { channel } = Route.useParams();
  const search = Route.useSearch();
  return <PrintReport channel={channelOfSegment(channel) ?? null} search={search} />;
}
