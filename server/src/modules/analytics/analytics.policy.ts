/**
 * Who may read analytics (issue 13; spec 002 §6; docs/api.md "Analytics"). Pure functions over the
 * caller; analytics.service.ts turns a `false` into 403, and an account the caller may not use into
 * 404 (`assertAccountAccess`, lib/policy.ts) so other accounts' existence is not revealed.
 *
 * - Account reads (rows, totals, chart, sliders, a bot's detail, settings GET): any Active role of
 *   the account, or staff (`canUseAccount`).
 * - Report (everything the PDF / CSV / XLSX exports need): Owner, Admin, Reseller and staff; Editor
 *   and Viewer 403 (§6 "Editors and Viewers cannot download").
 * - Settings PUT: the account's Owner and superusers (Super_Admin) — §2 "An analytics settings gear
 *   is shown only to Super_Admin and Owner".
 * - Admin analytics, admin-daily and the live status list: staff (superuser or customer success; §6
 *   "some guards accept customer success for live status and admin analytics").
 * - Billing report: superusers only.
 */
import type { AuthUser } from '../../lib/context';
import { activeRole, canUseAccount, isStaff } from '../../lib/policy';

/** Read an account's analytics: any Active role, or staff. */
export function canViewAnalytics(user: AuthUser, accountId: number): boolean {
  return canUseAccount(user, accountId);
}

/** Fetch the report (exports): Owner, Admin, Reseller, staff. Assumes `canViewAnalytics`. */
export function canExportAnalytics(user: AuthUser, accountId: number): boolean {
  if (isStaff(user)) return true;
  const role = activeRole(user, accountId);
  return role === 'Owner' || role === 'Admin' || role === 'Reseller';
}

/** Change the analytics settings: the Owner, or a superuser. Assumes `canViewAnalytics`. */
export function canEditAnalyticsSettings(user: AuthUser, accountId: number): boolean {
  return user.isSuperuser || activeRole(user, accountId) === 'Owner';
}

/** Admin analytics, admin-daily, live status: staff. */
export function canViewAdminAnalytics(user: AuthUser): boolean {
  return isStaff(user);
}

/** Billing report: superusers only. */
export function canViewBilling(user: AuthUser): boolean {
  return user.isSuperuser;
}
