/**
 * Remembers the vidbot list's last search per account so the editor's Back link returns to the list
 * with its query preserved (spec 001 §2 editor top bar). Lives for the page session only.
 */
import type { VidbotListSearch } from './listSearch';

const memory = new Map<string, VidbotListSearch>();

/** Stores the list search of `accountSlug`. */
export function rememberListSearch(accountSlug: string, search: VidbotListSearch): void {
  memory.set(accountSlug, search);
}

/** The last list search of `accountSlug`, or undefined (the list's defaults apply). */
export function recallListSearch(accountSlug: string): VidbotListSearch | undefined {
  return memory.get(accountSlug);
}
