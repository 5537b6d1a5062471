/**
 * Which accounts a caller may list (spec 000 §4, §6): superusers and customer success see every
 * account (with `filter=Joined` only those where they hold a role); everyone else — resellers
 * included — sees only accounts where their role is Active.
 */
import type { AuthUser } from '../../lib/context';
import { isStaff } from '../../lib/policy';

/** 'all' accounts, or only the 'member' ones (rows of the caller's roles; `activeOnly` for non-staff). */
export type AccountListScope = { kind: 'all' } | { kind: 'member'; activeOnly: boolean };

export function accountListScope(user: AuthUser, filter: 'Joined' | undefined): AccountListScope {
  if (isStaff(user)) return filter === 'Joined' ? { kind: 'member', activeOnly: false } : { kind: 'all' };
  return { kind: 'member', activeOnly: true };
}
