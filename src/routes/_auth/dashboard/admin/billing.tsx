/**
 * `/dashboard/admin/billing?from_date&to_date&account_ids*&page&size` — the billing report (spec 002
 * §2, issue 13 "Staff"): superuser only, else /dashboard.
 */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AppShell } from '../../../../ui/AppShell';
import { requireViewer } from '../../../../features/chrome/guards';
import { canSeeSuperOnly } from '../../../../features/chrome/permissions';
import { BILLING_DEFAULTS, billingSearchSchema } from '../../../../features/analytics/admin/adminSearch';
import { BillingPage } from '../../../../features/analytics/admin/BillingPage';

export const Route = createFileRoute('/_auth/dashboard/admin/billing')({
  validateSearch: billingSearchSchema,
  search: { middlewares: [stripSearchParams(BILLING_DEFAULTS)] },
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, canSeeSuperOnly);
  },
  component: function BillingRoute() {
    const search = Route.useSearch();
    return (
      <AppShell>
        <BillingPage search={search} />
      </AppShell>
    );
  },
});
