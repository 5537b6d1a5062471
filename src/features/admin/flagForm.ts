/**
 * The feature flag form's rules (spec 000 §5 "Create feature flag", §7): the flag type is required,
 * the name is one of the flag-name list, user ids are a comma-separated list of positive integers;
 * save stays disabled until the form is valid.
 */
import type { FeatureFlag, FlagInput, FlagType } from './admin.api';
import type { PickedAccount } from './AccountPicker';

/** The form's field state. */
export interface FlagFormState {
  name: string;
  description: string;
  flag_type: FlagType | '';
  is_everyone: boolean;
  is_superadmin: boolean;
  userIds: string;
  accounts: PickedAccount[];
}

/** Parses "1, 2,3" into [1,2,3]; null when any item is not a positive integer. Empty → []. */
export function parseUserIds(text: string): number[] | null {
  const parts = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.some((p) => !/^[1-9]\d*$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

/** Field problems: `flag_type`, `name`, `userIds` → 'required' | 'unknown' | 'invalid'. */
export function flagFormProblems(s: FlagFormState, flagNames: readonly string[]): Partial<Record<'flag_type' | 'name' | 'userIds', 'required' | 'unknown' | 'invalid'>> {
  const out: Partial<Record<'flag_type' | 'name' | 'userIds', 'required' | 'unknown' | 'invalid'>> = {};
  if (s.flag_type === '') out.flag_type = 'required';
  if (s.name === '') out.name = 'required';
  else if (!flagNames.includes(s.name)) out.name = 'unknown';
  if (parseUserIds(s.userIds) === null) out.userIds = 'invalid';
  return out;
}

/** True when the form may be saved. */
export function flagFormValid(s: FlagFormState, flagNames: readonly string[]): boolean {
  return Object.keys(flagFormProblems(s, flagNames)).length === 0;
}

/** The request body of a valid form (its name is one of GET /global `flagNames`, see flagFormProblems). */
export function flagBody(s: FlagFormState): FlagInput {
  return {
    name: s.name as FlagInput['name'],
    ...(s.description.trim() ? { description: s.description.trim() } : {}),
    flag_type: s.flag_type as FlagType,
    is_everyone: s.is_everyone,
    is_superadmin: s.is_superadmin,
    user_ids: parseUserIds(s.userIds) ?? [],
    account_ids: s.accounts.map((a) => a.id),
  };
}

/** Form state of an existing flag (edit); account names from `names` (id → business name). */
export function flagFormFrom(flag: FeatureFlag, names: ReadonlyMap<number, string>): FlagFormState {
  return {
    name: flag.name,
    description: flag.description ?? '',
    flag_type: flag.flag_type,
    is_everyone: flag.is_everyone ?? false,
    is_superadmin: flag.is_superadmin ?? false,
    userIds: flag.user_ids.join(', '),
    accounts: flag.account_ids.map((id) => ({ id, businessName: names.get(id) ?? flag.accounts?.find((a) => a.id === id)?.businessName ?? `#${id}` })),
  };
}

/** An empty create form. */
export const EMPTY_FLAG_FORM: FlagFormState = { name: '', description: '', flag_type: '', is_everyone: false, is_superadmin: false, userIds: '', accounts: [] };
