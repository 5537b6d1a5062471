/**
 * `/dashboard/admin/analytics?page&size&from_date&to_date&lower&upper&business_type*&use_case*&bot_ids`
 * — admin analytics (spec 002 §2, issue 13 "Staff"): staff (superuser or customer success), else /dashboard.
 */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AppShell } from '../../../../ui/AppShell';
import { requireViewer } from '../../../../features/chrome/guards';
import { canSeeStaffAdmin } from '../../../../features/chrome/permissions';
import { ADMIN_ANALYTICS_DEFAULTS, adminAnalyticsSearchSchema } from '../../../../features/analytics/admin/adminSearch';
import { AdminAnalyticsPage } from '../../../../features/analytics/admin/AdminAnalyticsPage';

export const Route = createFileRoute('/_auth/dashboard/admin/analytics')({
  validateSearch: adminAnalyticsSearchSchema,
  search: { middlewares: [stripSearchParams(ADMIN_ANALYTICS_DEFAULTS)] },
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, canSeeStaffAdmin);
  },
  component: function AdminAnalyticsRoute() {
    const search = Route.useSearch();
    return (
      <AppShell>
        <AdminAnalyticsPage search={search} />
      </AppShell>
    );
  },
});
