/**
 * Who gets a feature flag (spec 000 §3 Feature flag) *(design — the spec lists the fields, not their
 * meaning)*. A flag is on for the caller when any of these holds:
 * - `is_everyone` is true;
 * - `is_superadmin` is true and the caller is a superuser;
 * - the caller's user id is in `user_ids`;
 * - the requested account id is in `account_ids` (the caller may use that account);
 * - the caller's language is in `languages`.
 * `null`/`false`/empty fields grant nothing. Pure functions.
 */
export interface FlagRule {
  name: string;
  flagType: 'embed' | 'dashboard';
  isEveryone: boolean | null;
  isSuperadmin: boolean | null;
  userIds: number[];
  accountIds: number[];
  languages: string[];
}

export interface FlagSubject {
  userId: number;
  isSuperuser: boolean;
  language: string;
  /** The account the list is for; null for none (account_id 0). */
  accountId: number | null;
}

export function flagEnabled(flag: FlagRule, s: FlagSubject): boolean {
  if (flag.isEveryone === true) return true;
  if (flag.isSuperadmin === true && s.isSuperuser) return true;
  if (flag.userIds.includes(s.userId)) return true;
  if (s.accountId !== null && flag.accountIds.includes(s.accountId)) return true;
  return flag.languages.includes(s.language);
}

/** `${flag_type}:${name}` of every enabled flag, sorted. */
export function enabledFeatures(flags: FlagRule[], s: FlagSubject): string[] {
  return flags
    .filter((f) => flagEnabled(f, s))
    .map((f) => `${f.flagType}:${f.name}`)
    .sort();
}
