/**
 * `/dashboard/admin/live-status?order_by&order_direction&page&bot_name` — live status of the bots
 * (spec 002 §2, issue 13 "Staff"): staff (superuser or customer success), else /dashboard.
 */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AppShell } from '../../../../ui/AppShell';
import { requireViewer } from '../../../../features/chrome/guards';
import { canSeeStaffAdmin } from '../../../../features/chrome/permissions';
import { LIVE_STATUS_DEFAULTS, liveStatusSearchSchema } from '../../../../features/analytics/admin/adminSearch';
import { LiveStatusPage } from '../../../../features/analytics/admin/LiveStatusPage';

export const Route = createFileRoute('/_auth/dashboard/admin/live-status')({
  validateSearch: liveStatusSearchSchema,
  search: { middlewares: [stripSearchParams(LIVE_STATUS_DEFAULTS)] },
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, canSeeStaffAdmin);
  },
  component: function LiveStatusRoute() {
    const search = Route.useSearch();
    return (
      <AppShell>
        <LiveStatusPage search={search} />
      </AppShell>
    );
  },
});
