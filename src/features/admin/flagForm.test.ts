import { describe, expect, it } from 'vitest';
import { EMPTY_FLAG_FORM, flagBody, flagFormProblems, flagFormValid, parseUserIds } from './flagForm';

const NAMES = ['new_widgets', 'likes'];

describe('feature flag form (spec 000 §5)', () => {
  it('type required, name from the list: save disabled until valid', () => {
    expect(flagFormValid(EMPTY_FLAG_FORM, NAMES)).toBe(false);
    expect(flagFormProblems(EMPTY_FLAG_FORM, NAMES)).toEqual({ flag_type: 'required', name: 'required' });
    expect(flagFormProblems({ ...EMPTY_FLAG_FORM, flag_type: 'dashboard', name: 'made_up' }, NAMES)).toEqual({ name: 'unknown' });
    expect(flagFormValid({ ...EMPTY_FLAG_FORM, flag_type: 'dashboard', name: 'new_widgets' }, NAMES)).toBe(true);
  });
  it('user ids are a comma list of positive integers', () => {
    expect(parseUserIds('')).toEqual([]);
    expect(parseUserIds(' 3, 7,3 ')).toEqual([3, 7]);
    expect(parseUserIds('3, x')).toBeNull();
    expect(parseUserIds('0')).toBeNull();
    expect(flagFormValid({ ...EMPTY_FLAG_FORM, flag_type: 'embed', name: 'likes', userIds: '1,,b' }, NAMES)).toBe(false);
  });
  it('body carries the chosen accounts and users', () => {
    expect(
      flagBody({ ...EMPTY_FLAG_FORM, flag_type: 'dashboard', name: 'new_widgets', userIds: '4', accounts: [{ id: 1, businessName: 'Demo' }], is_everyone: false, is_superadmin: true }),
    ).toEqual({ name: 'new_widgets', flag_type: 'dashboard', is_everyone: false, is_superadmin: true, user_ids: [4], account_ids: [1] });
  });
});
