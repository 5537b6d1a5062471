/**
 * `/dashboard/{account}/users?page` — the account's users (spec 000 §6, 002 §2 Users): Super Admin,
 * Reseller, Owner, Admin; others are redirected to /dashboard.
 */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { UsersListPage } from '../../../../features/users/UsersListPage';
import { requireAccountRole } from '../../../../features/chrome/guards';
import { USERS_ROLES } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/users/')({
  validateSearch: v.object({ page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1) }),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const { role } = await requireAccountRole(queryClient, account, USERS_ROLES);
    return { role };
  },
  component: function UsersRoute() {
    const { account, role } = Route.useRouteContext();
    const { page } = Route.useSearch();
    return <UsersListPage account={account} role={role} page={page} />;
  },
});
