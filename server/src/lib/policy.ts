/**
 * Shared permission helpers (spec 000 §6): pure functions over the authenticated caller. Resource
 * modules build their own `<r>.policy.ts` decisions from these.
 *
 * - Staff = superuser or customer success ("power user", spec 000 §6; lib/staff.ts, shared with the
 *   SPA); staff pass every account guard and see every account.
 * - A non-staff caller may use an account only while holding an **Active** role in it (spec 000 §4:
 *   "Non-staff users see only accounts where their role status is Active").
 */
import type { RoleName } from '../db/schema';
import type { AuthUser } from './context';
import { notFound } from './errors';
import { isStaff } from './staff';

/** `isStaff` (superuser or customer success) and `isStaffOrReseller`: the one definition, lib/staff.ts. */
export { isStaff, isStaffOrReseller } from './staff';

/** The caller's Active role in `accountId`, or null (Invited roles do not count). */
export function activeRole(user: Pick<AuthUser, 'roles'>, accountId: number): RoleName | null {
  return user.roles.find((r) => r.accountId === accountId && r.status === 'Active')?.role ?? null;
}

/** True when the caller may use the account: staff, or an Active role in it. */
export function canUseAccount(user: AuthUser, accountId: number): boolean {
  return isStaff(user) || activeRole(user, accountId) !== null;
}

/**
 * Guard for account-scoped calls. Throws HttpError 404 `Account not found.` when the caller may not
 * use the account, so that other accounts' existence is not revealed (DESIGN §3).
 */
export function assertAccountAccess(user: AuthUser, accountId: number): void {
  if (!canUseAccount(user, accountId)) throw notFound('Account not found.');
}
