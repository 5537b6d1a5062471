/**
 * Which accounts a caller may list (spec 000 §4, §6): superusers and customer success see every
 * account (with `filter=Joined` only those where they hold a role); everyone else — resellers
 * included — sees only accounts where their role is Active.
 */
import type { AuthUser } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { activeRole, assertAccountAccess, isStaff } from '../../lib/policy';

/** 'all' accounts, or only the 'member' ones (rows of the caller's roles; `activeOnly` for non-staff). */
export type AccountListScope = { kind: 'all' } | { kind: 'member'; activeOnly: boolean };

export function accountListScope(user: AuthUser, filter: 'Joined' | undefined): AccountListScope {
  if (isStaff(user)) return filter === 'Joined' ? { kind: 'member', activeOnly: false } : { kind: 'all' };
  return { kind: 'member', activeOnly: true };
}

/*
 * Account administration (spec 000 §6 "Accounts list and create", "Edit account page"; spec 002 §6
 * "Settings section"). Every check throws HttpError: 404 `Account not found.` when the caller may not
 * use the account at all (DESIGN §3), 403 when they may use it but not do this.
 *
 * | action | who |
 * |---|---|
 * | create (`POST /account`) | superuser, customer success, reseller (user flag); `options` staff only |
 * | read (`GET /account/{id}`, profile) | staff, any Active role |
 * | read details (`GET /account/{id}/detail`) | staff, Active Owner, Admin, Reseller |
 * | update businessName, color, billing fields | staff, Active Owner, Reseller ("Account tab: Super_Admin, Reseller, Owner") |
 * | update `status` | superuser, customer success, Active Reseller of the account |
 * | update `newOwnerId` | superuser, customer success, the Active Owner |
 * | update `newPartnerId` | a user who is both superuser and customer success |
 * | update `options` | superuser, customer success |
 * | update `businessType` | superuser, customer success (shown only in power-user mode, spec 002 §2) |
 * | update profile (`PUT /account/{id}/profile`) | staff, Active Owner, Admin, Reseller |
 * | delete | superuser |
 */

/** 403 unless the caller may create accounts (staff or reseller); `withOptions`: options need staff. */
export function assertMayCreateAccount(user: AuthUser, withOptions: boolean): void {
  if (!isStaff(user) && !user.isReseller) throw forbidden('Only superusers, customer success and resellers can create accounts.');
  if (withOptions && !isStaff(user)) throw forbidden('Only superusers and customer success can set account options.');
}

/** 404 unless the caller may use the account (staff or an Active role). */
export function assertMayReadAccount(user: AuthUser, accountId: number): void {
  assertAccountAccess(user, accountId);
}

/** 404 / 403 unless staff or an Active Owner, Admin or Reseller. */
export function assertMayReadAccountDetail(user: AuthUser, accountId: number): void {
  assertAccountAccess(user, accountId);
  if (isStaff(user)) return;
  const role = activeRole(user, accountId);
  if (role !== 'Owner' && role !== 'Admin' && role !== 'Reseller') throw forbidden('Only the account Owner, Admins and Resellers can see account details.');
}

/** The PUT /account/{id} fields present in a body, grouped by the rule that governs them. */
export interface AccountUpdateFields {
  base: boolean;
  status: boolean;
  newOwnerId: boolean;
  newPartnerId: boolean;
  options: boolean;
  /** businessType changes (optional: callers that cannot send it leave it out). */
  businessType?: boolean;
}

/** 404 / 403 (naming the first refused field) unless the caller may change every field group present. */
export function assertMayUpdateAccount(user: AuthUser, accountId: number, fields: AccountUpdateFields): void {
  assertAccountAccess(user, accountId);
  const staff = isStaff(user);
  const role = activeRole(user, accountId);
  if (fields.base && !(staff || role === 'Owner' || role === 'Reseller')) throw forbidden('Only the account Owner, Resellers and staff can edit the account.');
  if (fields.status && !(staff || role === 'Reseller')) throw forbidden('Only superusers, customer success and resellers can change the account status.');
  if (fields.newOwnerId && !(staff || role === 'Owner')) throw forbidden('Only superusers, customer success and the account owner can change the owner.');
  if (fields.newPartnerId && !(user.isSuperuser && user.isCustomerSuccess)) throw forbidden('Only a superuser who is also customer success can change the partner.');
  if (fields.options && !staff) throw forbidden('Only superusers and customer success can change account options.');
  if (fields.businessType && !staff) throw forbidden('Only superusers and customer success can change the business type.');
}

/** 404 / 403 unless staff or an Active Owner, Admin or Reseller (spec 002 §6 "Profile tab"). */
export function assertMayUpdateProfile(user: AuthUser, accountId: number): void {
  assertAccountAccess(user, accountId);
  if (isStaff(user)) return;
  const role = activeRole(user, accountId);
  if (role !== 'Owner' && role !== 'Admin' && role !== 'Reseller') throw forbidden('Only the account Owner, Admins and Resellers can edit the profile.');
}

/** 404 / 403 unless a superuser. */
export function assertMayDeleteAccount(user: AuthUser, accountId: number): void {
  assertAccountAccess(user, accountId);
  if (!user.isSuperuser) throw forbidden('Only superusers can delete accounts.');
}
