/** `/dashboard/admin/sso-config` — SSO configurations (spec 000 §2, §6): superusers only, else /dashboard. */
import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../../../ui/AppShell';
import { SsoConfigListPage } from '../../../../features/admin/SsoConfigPages';
import { requireViewer } from '../../../../features/chrome/guards';
import { canSeeSuperOnly } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/admin/sso-config/')({
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, canSeeSuperOnly);
  },
  component: () => (
    <AppShell>
      <SsoConfigListPage />
    </AppShell>
  ),
});
