/** `/dashboard/admin/sso-config/{id}` — one SSO configuration (spec 000 §2, §6): superusers only, else /dashboard. */
import { createFileRoute, notFound } from '@tanstack/react-router';
import { AppShell } from '../../../../ui/AppShell';
import { SsoConfigDetailPage } from '../../../../features/admin/SsoConfigPages';
import { requireViewer } from '../../../../features/chrome/guards';
import { canSeeSuperOnly } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/admin/sso-config/$id')({
  beforeLoad: async ({ context: { queryClient }, params }) => {
    await requireViewer(queryClient, canSeeSuperOnly);
    if (!/^[1-9]\d*$/.test(params.id)) throw notFound();
  },
  component: function SsoDetailRoute() {
    const { id } = Route.useParams();
    return (
      <AppShell>
        <SsoConfigDetailPage key={id} id={Number(id)} />
      </AppShell>
    );
  },
});
