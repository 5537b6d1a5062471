/**
 * Who may do what with a vidbot (spec 001 §6, spec 000 §6). Pure functions over the caller and the
 * bot; the service turns a `false` into 403 (or 404 when the account itself is off limits).
 */
import type { BotPrivacy } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { activeRole, canUseAccount, isStaff } from '../../lib/policy';

/** The fields of a bot the decisions need. */
export interface BotPolicySubject {
  accountId: number;
  authorId: number | null;
  privacy: BotPrivacy;
}

/** Read the list, a bot, its revisions: any Active role in the account, or staff (spec 001 §6). */
export function canViewBots(user: AuthUser, accountId: number): boolean {
  return canUseAccount(user, accountId);
}

/**
 * Create a vidbot: staff, or any Active non-Viewer role in the account (Owner, Admin, Editor,
 * Reseller) — spec 001 §2/§6 "Create disabled for Viewer".
 */
export function canCreateBot(user: AuthUser, accountId: number): boolean {
  if (isStaff(user)) return true;
  const role = activeRole(user, accountId);
  return role !== null && role !== 'Viewer';
}

/**
 * Edit (save, publish, deactivate, rename, change privacy) — spec 001 §6: customer success,
 * superusers, Admin or Owner, the bot's author, or any non-Viewer when the bot is Public. The caller
 * must still be able to use the account (an Active role), so a removed author may not edit.
 */
export function canEditBot(user: AuthUser, bot: BotPolicySubject): boolean {
  if (isStaff(user)) return true;
  const role = activeRole(user, bot.accountId);
  if (role === null) return false;
  if (role === 'Owner' || role === 'Admin') return true;
  if (bot.authorId !== null && bot.authorId === user.id) return true;
  return bot.privacy === 'Public' && role !== 'Viewer';
}

/** Reactivate a Deactivated bot (Deactivated → Published): Super_Admin and customer success only (spec 001 §4, §6). */
export function canReactivateBot(user: AuthUser): boolean {
  return isStaff(user);
}

/** Star / unstar: the star toggle exists only in power-user mode, i.e. for staff (spec 001 §2, §6). */
export function canStarBot(user: AuthUser): boolean {
  return isStaff(user);
}
