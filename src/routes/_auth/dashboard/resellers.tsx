/** `/dashboard/resellers` — resellers (spec 000 §2, §6): superusers and customer success, else /dashboard. */
import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../../ui/AppShell';
import { ResellersPage } from '../../../features/admin/ResellersPage';
import { requireViewer } from '../../../features/chrome/guards';
import { canSeeStaffAdmin } from '../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/resellers')({
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, canSeeStaffAdmin);
  },
  component: () => (
    <AppShell>
      <ResellersPage />
    </AppShell>
  ),
});
