/**
 * Who counts as staff — the one definition the server (lib/policy.ts, every `<r>.policy.ts`) and the
 * SPA (src/features/chrome/permissions.ts) share (issue 10 §4 "one name per concept"). Pure and
 * import-free, so both programs compile this same file.
 *
 * Names (spec 000 §1, §6): spec 000 §1 lists Super Admin, Customer Success and Reseller as "staff",
 * and calls superuser + customer success together "power users". Every server guard that lets
 * "staff" through (all accounts, every user, staff lists) means the power users, so in code:
 * - `isStaff` = superuser or customer success (the spec's power users);
 * - `isStaffOrReseller` = `isStaff` or reseller (the spec's §1 list: who lands on the accounts list,
 *   sees the account switcher, may create accounts and change an account's status).
 */

/** The staff flags of a user (`User` of the contract, the server's `AuthUser`). */
export interface StaffFlags {
  isSuperuser: boolean;
  isCustomerSuccess: boolean;
  isReseller: boolean;
}

/** Superuser or customer success (spec 000 §6 "Power user"); staff pass every account guard. */
export function isStaff(user: Pick<StaffFlags, 'isSuperuser' | 'isCustomerSuccess'>): boolean {
  return user.isSuperuser || user.isCustomerSuccess;
}

/** `isStaff` or a reseller (spec 000 §1 "Staff: Super Admin, Customer Success, Reseller"). */
export function isStaffOrReseller(user: StaffFlags): boolean {
  return isStaff(user) || user.isReseller;
}
