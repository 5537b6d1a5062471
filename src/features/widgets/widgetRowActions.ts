/**
 * Who may do what in the widgets list (spec 002 §2 Widgets "Row menu", §4 widget status, §6 widget
 * creation and editing): pure functions the list page renders. The server enforces the same rules
 * (403); these only shape the interface.
 *
 * - duplicate, edit, remove: offered on every row (spec 002 §2 "for every viewer"); duplicate is
 *   disabled for whoever may not create widgets (Viewer) and for a Deactivated widget, remove for
 *   whoever may not edit the widget.
 * - copy to account: only when the user has another account to copy to (`copyTargets` of the vidbot
 *   list) and the widget is not Deactivated.
 * - deactivate (Published or Draft, not Deactivated) and reactivate (Deactivated): power users
 *   (superuser, customer success) only.
 */
import type { Account, RoleName, User } from '../../api/types';
import { isStaff } from '../chrome/permissions';
import type { WidgetListItem } from './widgets.api';

export type WidgetRowActionKey = 'clone' | 'edit' | 'delete' | 'copy' | 'deactivate' | 'reactivate';

export interface WidgetRowAction {
  key: WidgetRowActionKey;
  disabled: boolean;
}

type Viewer = Pick<User, 'id' | 'isSuperuser' | 'isCustomerSuccess' | 'isReseller'>;

/** Widget creation (spec 002 §6 "Viewer cannot"); staff without a role may create. */
export function canCreateWidget(role: RoleName | null, viewer: Viewer | undefined): boolean {
  if (isStaff(viewer)) return true;
  return role !== null && role !== 'Viewer';
}

/**
 * Widget editing (spec 002 §6): customer success, superusers, Owner or Admin (Super_Admin is the
 * superuser), the widget's author, or any non-Viewer when the widget is Public.
 */
export function canEditWidget(role: RoleName | null, viewer: Viewer | undefined, widget: Pick<WidgetListItem, 'privacy' | 'author'>): boolean {
  if (isStaff(viewer)) return true;
  if (role === 'Owner' || role === 'Admin') return true;
  if (viewer && role !== null && widget.author?.id === viewer.id) return true;
  return widget.privacy === 'Public' && role !== null && role !== 'Viewer';
}

/**
 * The other accounts a widget may be copied to (spec 002 §2 "if the user has another account"):
 * every account but `currentAccountId` where the user may create widgets — staff anywhere, others
 * with an Active non-Viewer role.
 */
export function widgetCopyTargets(accounts: readonly Account[], currentAccountId: number, viewer: Viewer | undefined): Account[] {
  return accounts.filter((a) => a.id !== currentAccountId && (isStaff(viewer) || (a.role !== null && a.role !== 'Viewer' && a.roleStatus === 'Active')));
}

/** The row menu of `widget` for this user, in display order (hidden entries left out). */
export function widgetRowActions(opts: {
  widget: Pick<WidgetListItem, 'status' | 'privacy' | 'author'>;
  role: RoleName | null;
  viewer: Viewer | undefined;
  /** Whether the user has another account to copy to. */
  hasCopyTarget: boolean;
}): WidgetRowAction[] {
  const { widget, role, viewer } = opts;
  const deactivated = widget.status === 'Deactivated';
  const actions: WidgetRowAction[] = [
    { key: 'clone', disabled: deactivated || !canCreateWidget(role, viewer) },
    { key: 'edit', disabled: false },
  ];
  if (opts.hasCopyTarget && !deactivated) actions.push({ key: 'copy', disabled: false });
  if (isStaff(viewer)) actions.push(deactivated ? { key: 'reactivate', disabled: false } : { key: 'deactivate', disabled: false });
  actions.push({ key: 'delete', disabled: !canEditWidget(role, viewer, widget) });
  return actions;
}

/** Spec 002 §5: copying a widget whose content is All or ByTags warns that the target account's own vidbots decide what it shows. */
export function copyNeedsWarning(widget: Pick<WidgetListItem, 'contentType'>): boolean {
  return widget.contentType === 'All' || widget.contentType === 'ByTags';
}
