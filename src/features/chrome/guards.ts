/**
 * Role guards for `beforeLoad` (spec 000 §2 route guards, §6): staff areas check the current user's
 * flags; account-scoped areas check the user's Active role in the selected account (superusers pass).
 * A user who may not enter is redirected to /dashboard.
 */
import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { meOptions } from '../../api/queries';
import type { Account, User } from '../../api/types';
import { activeRoleIn, passesAccountRole, type AreaRole, type Viewer } from './permissions';

/** Redirects to /dashboard unless `allowed(me)`; answers the user. */
export async function requireViewer(queryClient: QueryClient, allowed: (viewer: Viewer) => boolean): Promise<User> {
  const me = await queryClient.ensureQueryData(meOptions());
  if (!allowed(me)) throw redirect({ to: '/dashboard', replace: true });
  return me;
}

/**
 * Role-restricted per account: redirects to /dashboard when the user's Active role in `account` is not
 * in `roles` (superusers pass). Answers the user and that role.
 */
export async function requireAccountRole(
  queryClient: QueryClient,
  account: Account | undefined,
  roles: readonly AreaRole[],
): Promise<{ me: User; role: ReturnType<typeof activeRoleIn> }> {
  const me = await queryClient.ensureQueryData(meOptions());
  const role = account ? activeRoleIn(me.roles, account.id) : null;
  if (!account || !passesAccountRole(me, role, roles)) throw redirect({ to: '/dashboard', replace: true });
  return { me, role };
}
