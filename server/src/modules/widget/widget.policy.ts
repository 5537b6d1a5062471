/**
 * Who may do what with a widget (carousel) — issue 15 "Widgets"; spec 002 §6 "Widget creation:
 * Viewer cannot. Widget editing: allowed for customer success, superusers, roles Admin, Owner or
 * Super_Admin, the widget author, or when privacy is Public and role is not Viewer"; spec 002 §2
 * "Deactivate and reactivate are for power users only". Pure functions over the caller and the
 * widget; widget.service.ts turns a `false` into 403 (or 404 when the account is off limits).
 *
 * The account feature `dashboard:new_widgets` (spec 002 §2 "Widget route guard") is checked by the
 * service (it needs the database); these decisions assume it is on.
 */
import type { AuthUser } from '../../lib/context';
import { activeRole, canUseAccount, isStaff } from '../../lib/policy';

/** The feature (as `GET /feature` lists it) that opens the widgets area of an account (spec 002 §2, §6). */
export const WIDGETS_FEATURE = 'dashboard:new_widgets';

/** The fields of a widget the decisions need. */
export interface WidgetPolicySubject {
  accountId: number;
  authorId: number | null;
  privacy: 'Public' | 'Private';
}

/** Read the list and a widget: any Active role in the account, or staff (spec 002 §2 "same roles as analytics"). */
export function canViewWidgets(user: AuthUser, accountId: number): boolean {
  return canUseAccount(user, accountId);
}

/** Create (also duplicate, copy into): staff, or any Active non-Viewer role of the account (spec 002 §6). */
export function canCreateWidget(user: AuthUser, accountId: number): boolean {
  if (isStaff(user)) return true;
  const role = activeRole(user, accountId);
  return role !== null && role !== 'Viewer';
}

/**
 * Edit (save a draft, publish, rename, change privacy) and delete — spec 002 §6: staff (customer
 * success, superusers), Owner or Admin, the widget's author, or any non-Viewer when the widget is
 * Public. The caller must hold an Active role (a removed author may not edit). The spec's
 * "Super_Admin" role is the superuser flag here (staff).
 */
export function canEditWidget(user: AuthUser, widget: WidgetPolicySubject): boolean {
  if (isStaff(user)) return true;
  const role = activeRole(user, widget.accountId);
  if (role === null) return false;
  if (role === 'Owner' || role === 'Admin') return true;
  if (widget.authorId !== null && widget.authorId === user.id) return true;
  return widget.privacy === 'Public' && role !== 'Viewer';
}

/** Deactivate and reactivate (spec 002 §2, §4 "power users only"): superusers and customer success. */
export function canChangeWidgetActivation(user: AuthUser): boolean {
  return isStaff(user);
}
