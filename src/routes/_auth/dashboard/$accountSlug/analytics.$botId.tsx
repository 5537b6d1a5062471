/**
 * `/dashboard/{accountSlug}/analytics/{botId}` — analytics detail of one vidbot (spec 002 §3 Detail,
 * §7 "slide detail per {product} (channel and range)"; issue 13 ★ path analytics). Search: from_date,
 * to_date, channel (as the analytics page had them). A non-numeric id is 'Page not found'.
 */
import { createFileRoute, notFound } from '@tanstack/react-router';
import { botAnalyticsSearchSchema } from '../../../../features/analytics/analyticsSearch';
import { BotAnalyticsPage } from '../../../../features/analytics/page/BotAnalyticsPage';
import { requireAccountRole } from '../../../../features/chrome/guards';
import { CONTENT_ROLES } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/analytics/$botId')({
  validateSearch: botAnalyticsSearchSchema,
  beforeLoad: async ({ context: { queryClient, account }, params }) => {
    if (!/^\d{1,9}$/.test(params.botId) || Number(params.botId) < 1) throw notFound();
    await requireAccountRole(queryClient, account, CONTENT_ROLES);
  },
  component: BotAnalyticsRoute,
});

function BotAnalyticsRoute() {
  const { account } = Route.useRouteContext();
  const { botId } = Route.useParams();
  const search = Route.useSearch();
  return <BotAnalyticsPage account={account} botId={Number(botId)} search={search} />;
}
