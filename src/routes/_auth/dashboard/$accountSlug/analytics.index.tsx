/**
 * `/dashboard/{accountSlug}/analytics` — the account's analytics (spec 002 §2 Analytics; §6: every
 * account role — Super_Admin, Reseller, Owner, Admin, Editor, Viewer). Search: from_date, to_date,
 * channel, bot_name, status, tag_ids, page, size, order_by, order_direction (analyticsSearch.ts;
 * invalid values fall back to the defaults). The view and ECharts load with the route's chunk.
 */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ANALYTICS_DEFAULTS, analyticsSearchSchema } from '../../../../features/analytics/analyticsSearch';
import { AnalyticsPage } from '../../../../features/analytics/page/AnalyticsPage';
import { requireAccountRole } from '../../../../features/chrome/guards';
import { CONTENT_ROLES } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/analytics/')({
  validateSearch: analyticsSearchSchema,
  // Defaults stay out of the URL.
  search: { middlewares: [stripSearchParams({ bot_name: '', tag_ids: [], ...ANALYTICS_DEFAULTS })] },
  beforeLoad: async ({ context: { queryClient, account } }) => {
    await requireAccountRole(queryClient, account, CONTENT_ROLES);
  },
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const { account } = Route.useRouteContext();
  const search = Route.useSearch();
  return <AnalyticsPage account={account} search={search} />;
}
