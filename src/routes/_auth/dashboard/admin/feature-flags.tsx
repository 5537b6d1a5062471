/** `/dashboard/admin/feature-flags` — feature flags (spec 000 §2, §6): superusers only, else /dashboard. */
import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../../../ui/AppShell';
import { FeatureFlagsPage } from '../../../../features/admin/FeatureFlagsPage';
import { requireViewer } from '../../../../features/chrome/guards';
import { canSeeSuperOnly } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/admin/feature-flags')({
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, canSeeSuperOnly);
  },
  component: () => (
    <AppShell>
      <FeatureFlagsPage />
    </AppShell>
  ),
});
