/** `/dashboard/profile` — the signed-in user's own profile, from the user menu "My profile" (issue 15; spec 000 §5 Profile). */
import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../../ui/AppShell';
import { MyProfilePage } from '../../../features/users/MyProfilePage';

export const Route = createFileRoute('/_auth/dashboard/profile')({
  component: () => (
    <AppShell>
      <MyProfilePage />
    </AppShell>
  ),
});
