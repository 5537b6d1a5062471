/**
 * Who may do what in the vidbot area (spec 001 §6). The server enforces the same rules (403); these
 * only shape the UI.
 */
import type { RoleName, User } from '../../api/types';
import type { BotListItem } from './vidbot.types';

/** Create is disabled for a Viewer (spec 001 §2, §6). Staff without a role in the account may create. */
export function canCreateVidbot(role: RoleName | null, user: Pick<User, 'isSuperuser' | 'isCustomerSuccess'> | undefined): boolean {
  if (user?.isSuperuser || user?.isCustomerSuccess) return true;
  return role !== null && role !== 'Viewer';
}

/**
 * Editing is allowed for customer success, superusers, Owner and Admin, the bot's author, or any
 * non-Viewer when the bot is Public (spec 001 §6).
 */
export function canEditVidbot(
  role: RoleName | null,
  user: Pick<User, 'id' | 'isSuperuser' | 'isCustomerSuccess'> | undefined,
  bot: Pick<BotListItem, 'privacy' | 'author'>,
): boolean {
  if (user?.isSuperuser || user?.isCustomerSuccess) return true;
  if (role === 'Owner' || role === 'Admin') return true;
  if (user && bot.author?.id === user.id && role !== null) return true;
  return bot.privacy === 'Public' && role !== null && role !== 'Viewer';
}
