/**
 * The /dashboard entry rules (spec 000 §2), as a pure function of the current user and accounts.
 */
import type { Account, User } from '../../api/types';
import { isStaffOrReseller } from '../chrome/permissions';

/** Where /dashboard sends the user. */
export type DashboardEntry =
  | { to: 'accounts' }
  | { to: 'teamSelect' }
  | { to: 'account'; publicId: string }
  | { to: 'noAccount' };

/** Most active roles that still go straight to an account; more than this → team select. */
export const MAX_ACTIVE_ROLES_FOR_DIRECT_ENTRY = 2;

/**
 * Staff or reseller (spec 000 §1 "Staff are sent to /dashboard/accounts") → accounts; more than 2 active roles → team select; an active role → that account's
 * vidbots (first active role whose account is known); only invited roles → team select; none → no-account.
 */
export function dashboardEntry(user: User, accounts: readonly Account[]): DashboardEntry {
  if (isStaffOrReseller(user)) return { to: 'accounts' };
  const active = user.roles.filter((r) => r.status === 'Active');
  if (active.length > MAX_ACTIVE_ROLES_FOR_DIRECT_ENTRY) return { to: 'teamSelect' };
  for (const role of active) {
    const account = accounts.find((a) => a.id === role.accountId);
    if (account) return { to: 'account', publicId: account.publicId };
  }
  if (user.roles.some((r) => r.status === 'Invited')) return { to: 'teamSelect' };
  if (active.length > 0) return { to: 'teamSelect' };
  return { to: 'noAccount' };
}
