/** `/dashboard/admin/users?page` — admin users list (spec 000 §2, §6): superusers and customer success, else /dashboard. */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { AppShell } from '../../../../ui/AppShell';
import { AdminUsersPage } from '../../../../features/admin/AdminUsersPage';
import { requireViewer } from '../../../../features/chrome/guards';
import { canSeeStaffAdmin } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/admin/users')({
  validateSearch: v.object({ page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1) }),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, canSeeStaffAdmin);
  },
  component: function AdminUsersRoute() {
    const { page } = Route.useSearch();
    return (
      <AppShell>
        <AdminUsersPage page={page} />
      </AppShell>
    );
  },
});
