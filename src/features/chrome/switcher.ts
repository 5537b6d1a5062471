/**
 * The account switcher's list (spec 000 §2, §3, §6): the special 'All accounts' entry (id -1) first,
 * then the accounts whose business name contains the search text (case-insensitive); staff
 * (superuser, customer success: `isStaff`, as the server's `GET /account` scope) see every account,
 * others — resellers included — only accounts where their role is Active.
 */
import type { Account } from '../../api/types';
import { isStaff, type Viewer } from './permissions';

/** Id of the 'All accounts' entry (spec 000 §3). */
export const ALL_ACCOUNTS_ID = -1;

/** One option: the special entry or an account. */
export type SwitcherOption = { id: typeof ALL_ACCOUNTS_ID; kind: 'all' } | { id: number; kind: 'account'; account: Account };

/** Options for `query` (trimmed; empty shows all). 'All accounts' always stays first. */
export function switcherOptions(accounts: readonly Account[], query: string, viewer: Viewer | undefined): SwitcherOption[] {
  const q = query.trim().toLowerCase();
  const staff = isStaff(viewer);
  const rows = accounts
    .filter((a) => staff || a.roleStatus === 'Active')
    .filter((a) => q === '' || a.businessName.toLowerCase().includes(q))
    .map((account): SwitcherOption => ({ id: account.id, kind: 'account', account }));
  return [{ id: ALL_ACCOUNTS_ID, kind: 'all' }, ...rows];
}

/** Keyboard movement in the listbox: the next active index for a key, or null for other keys. */
export function moveActive(index: number, count: number, key: string): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
