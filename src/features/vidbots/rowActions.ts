/**
 * What the vidbot list's row menu offers (spec 001 §2 "Row menu", §4 status, §6): pure functions the
 * list page renders; the server enforces the same rules (403/404/422), these only shape the UI.
 *
 * - duplicate (clone): for anyone who may create vidbots in the account; disabled for Deactivated.
 * - copy to account: offered only when the user has another account where they may create vidbots
 *   (`copyTargets`); disabled for Deactivated.
 * - tags, deactivate, delete: for editors of the bot (spec 001 §6); deactivate only for a Published
 *   bot (disabled for Deactivated and Draft).
 * - reactivate: offered to staff only (Super_Admin, customer success), enabled for Deactivated.
 * - star: the power-user toggle, disabled for Deactivated.
 */
import type { Account, RoleName, User } from '../../api/types';
import { isStaff } from '../chrome/permissions';
import { canCreateVidbot, canEditVidbot } from './permissions';
import type { BotListItem } from './vidbot.types';

export type RowActionKey = 'tags' | 'clone' | 'copy' | 'deactivate' | 'reactivate' | 'delete';

/** One menu entry: which action, and whether it can be chosen now. */
export interface RowAction {
  key: RowActionKey;
  disabled: boolean;
}

type Viewer = Pick<User, 'id' | 'isSuperuser' | 'isCustomerSuccess' | 'isReseller'>;

/**
 * The other accounts a bot may be copied to: every account but `currentAccountId` where the user
 * may create vidbots — staff anywhere, others with an Active non-Viewer role.
 */
export function copyTargets(accounts: readonly Account[], currentAccountId: number, viewer: Viewer | undefined): Account[] {
  return accounts.filter((a) => a.id !== currentAccountId && (isStaff(viewer) || (a.role !== null && a.role !== 'Viewer' && a.roleStatus === 'Active')));
}

/** The row menu of `bot` for this user (entries in display order; hidden ones left out). */
export function vidbotRowActions(opts: {
  bot: Pick<BotListItem, 'status' | 'privacy' | 'author'>;
  role: RoleName | null;
  viewer: Viewer | undefined;
  /** Whether `copyTargets` is not empty. */
  hasCopyTarget: boolean;
}): RowAction[] {
  const { bot, role, viewer } = opts;
  const deactivated = bot.status === 'Deactivated';
  const canEdit = canEditVidbot(role, viewer, bot);
  const actions: RowAction[] = [];
  if (canEdit) actions.push({ key: 'tags', disabled: false });
  actions.push({ key: 'clone', disabled: deactivated || !canCreateVidbot(role, viewer) });
  if (opts.hasCopyTarget) actions.push({ key: 'copy', disabled: deactivated || !canCreateVidbot(role, viewer) });
  if (canEdit) actions.push({ key: 'deactivate', disabled: bot.status !== 'Published' });
  if (isStaff(viewer)) actions.push({ key: 'reactivate', disabled: !deactivated });
  if (canEdit) actions.push({ key: 'delete', disabled: false });
  return actions;
}

/** Whether the power-user star toggle is usable for the bot (spec 001 §2: disabled for Deactivated). */
export function canToggleStar(bot: Pick<BotListItem, 'status'>): boolean {
  return bot.status !== 'Deactivated';
}
