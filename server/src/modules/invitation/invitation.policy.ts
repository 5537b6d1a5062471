/**
 * Who may manage an account's members (spec 000 §6 "User management", "Users list and settings").
 * All decisions throw HttpError: 404 `Account not found.` when the caller may not use the account at
 * all (DESIGN §3: other accounts are not revealed), 403 when they may use it but not do this.
 *
 * - Members list, invite, resend, remove: staff (superuser, customer success) or an Active Owner,
 *   Admin or Reseller of the account ("Users list and settings: Super Admin, Reseller, Owner, Admin";
 *   "Invite dialog role options … shown to superusers and to Owner, Admin, Reseller").
 * - Invited role Reseller: superusers only (the Reseller choice is disabled for everyone else).
 * - Remove: staff and Owners remove anyone; Admins and Resellers only Editor and Viewer rows (the row
 *   menu shows for other roles only to Super_Admin and Owner viewers).
 * - Role change: staff, Owner or Admin (Reseller: superuser only); never one's own role (the field is
 *   hidden on one's own profile); an Owner's role only by superusers/staff (the field is disabled
 *   otherwise).
 * - Joining (role status → Active): the role's own user, or staff.
 */
import type { RoleName } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { activeRole, assertAccountAccess, isStaff } from '../../lib/policy';

const MANAGERS: ReadonlySet<RoleName> = new Set(['Owner', 'Admin', 'Reseller']);

/** Throws 404 for an account the caller cannot use, 403 for a role that may not manage members. */
export function assertMemberManager(user: AuthUser, accountId: number): void {
  assertAccountAccess(user, accountId);
  if (isStaff(user)) return;
  const role = activeRole(user, accountId);
  if (!role || !MANAGERS.has(role)) throw forbidden('Only the account Owner, Admins and Resellers can manage users.');
}

/** Throws 403 when the caller may not grant `role` through an invitation (Reseller: superusers only). */
export function assertMayInviteAs(user: AuthUser, role: RoleName): void {
  if (role === 'Reseller' && !user.isSuperuser) throw forbidden('Only superusers can invite a Reseller.');
  if (role === 'Owner') throw forbidden('An invitation cannot make an Owner.');
}

/**
 * Throws 403 unless the caller may resend the invitation of a member whose invited role is `current`
 * as `role`: an invited Owner (e.g. of a new account) is invited again as Owner — a resend neither
 * makes nor unmakes an Owner; other roles follow assertMayInviteAs.
 */
export function assertMayResendAs(user: AuthUser, current: RoleName, role: RoleName): void {
  if (current === 'Owner' && role === 'Owner') return;
  if (current === 'Owner') throw forbidden("Resending an invitation cannot change an Owner's role.");
  assertMayInviteAs(user, role);
}

/** Throws 403 unless the caller may remove a member whose role in the account is `targetRole`. */
export function assertMayRemove(user: AuthUser, accountId: number, targetRole: RoleName): void {
  if (isStaff(user) || activeRole(user, accountId) === 'Owner') return;
  if (targetRole !== 'Editor' && targetRole !== 'Viewer') throw forbidden('You can remove only Editors and Viewers.');
}

/** Throws 403 unless the caller may change the role of member `targetUserId` from `from` to `to`. */
export function assertMayChangeRole(user: AuthUser, accountId: number, targetUserId: number, from: RoleName, to: RoleName): void {
  if (targetUserId === user.id) throw forbidden('You cannot change your own role.');
  if (to === 'Reseller' || from === 'Reseller') {
    if (!user.isSuperuser) throw forbidden('Only superusers can change a Reseller role.');
    return;
  }
  if (isStaff(user)) return;
  const own = activeRole(user, accountId);
  if (own !== 'Owner' && own !== 'Admin') throw forbidden('Only the account Owner and Admins can change roles.');
  if (from === 'Owner') throw forbidden("Only superusers can change an Owner's role.");
}

/** Throws 403 unless the caller is the role's user or staff. */
export function assertMayActivateRole(user: AuthUser, roleUserId: number): void {
  if (user.id !== roleUserId && !isStaff(user)) throw forbidden('Only the invited user can join.');
}
