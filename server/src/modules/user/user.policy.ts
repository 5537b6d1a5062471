/**
 * Who may see and change users (spec 000 §5 "Profile", §6 "User management", "admin users",
 * "Resellers"). *(design — documented in docs/api.md "Users")*:
 *
 * - Read `GET /user/{id}`: oneself; staff; or an Active member of an account where the target holds
 *   a role (any status) — "User profile page: all roles; shown only if the user has a role in the
 *   current account". Non-staff see only the target's roles in accounts where they are Active.
 *   Anyone else → 404 `User not found.`
 * - Change `PATCH /user/{id}`: oneself or staff. Owners and Admins see other members' profiles
 *   read-only ("The form is disabled when the viewer is Admin or Owner editing another user") → 403.
 *   Changing the e-mail (the sign-in name): superusers only.
 * - Set password: superusers, on non-external users.
 * - All users list, resellers list: staff. Add and delete resellers: superusers.
 */
import type { AuthUser } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { isStaff } from '../../lib/policy';

/** Account ids where the caller's role is Active. */
export function activeAccountIds(user: AuthUser): Set<number> {
  return new Set(user.roles.filter((r) => r.status === 'Active').map((r) => r.accountId));
}

/** True when the caller may read the target (self, staff, or an Active member of a shared account). */
export function mayReadUser(user: AuthUser, targetId: number, targetAccountIds: number[]): boolean {
  if (user.id === targetId || isStaff(user)) return true;
  const mine = activeAccountIds(user);
  return targetAccountIds.some((a) => mine.has(a));
}

/** 404 when the target is invisible, 403 when visible but not the caller's own profile (non-staff). */
export function assertMayEditUser(user: AuthUser, targetId: number, targetAccountIds: number[], changesEmail: boolean): void {
  if (!mayReadUser(user, targetId, targetAccountIds)) throw notFound('User not found.');
  if (user.id !== targetId && !isStaff(user)) throw forbidden("Only staff can edit another user's profile.");
  if (changesEmail && !user.isSuperuser) throw forbidden('Only superusers can change an e-mail address.');
}

/** 403 unless staff. */
export function assertStaff(user: AuthUser): void {
  if (!isStaff(user)) throw forbidden('Only superusers and customer success can do this.');
}

/** 403 unless superuser. */
export function assertSuperuser(user: AuthUser): void {
  if (!user.isSuperuser) throw forbidden('Only superusers can do this.');
}
