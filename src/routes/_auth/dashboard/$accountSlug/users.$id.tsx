/**
 * `/dashboard/{account}/users/{id}` — user profile (spec 000 §5, §6): all roles of the account
 * (superusers pass); a user without a role there is redirected to /dashboard.
 */
import { createFileRoute, notFound } from '@tanstack/react-router';
import { UserProfilePage } from '../../../../features/users/UserProfilePage';
import { requireAccountRole } from '../../../../features/chrome/guards';
import { CONTENT_ROLES } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/users/$id')({
  beforeLoad: async ({ context: { queryClient, account }, params }) => {
    if (!/^[1-9]\d*$/.test(params.id)) throw notFound();
    const { role } = await requireAccountRole(queryClient, account, CONTENT_ROLES);
    return { role };
  },
  component: function UserProfileRoute() {
    const { account, role } = Route.useRouteContext();
    const { id } = Route.useParams();
    return <UserProfilePage key={id} account={account} role={role} userId={Number(id)} />;
  },
});
