import { describe, expect, it } from 'vitest';
import type { Account } from '../../api/types';
import { canToggleStar, copyTargets, vidbotRowActions } from './rowActions';

const person = { id: 5, isSuperuser: false, isCustomerSuccess: false, isReseller: false };
const staff = { ...person, isCustomerSuccess: true };
const bot = (status: 'Draft' | 'Published' | 'Deactivated', privacy: 'Public' | 'Private' = 'Public', authorId = 9) => ({
  status,
  privacy,
  author: { id: authorId, email: 'a@x' },
});
const summary = (list: ReturnType<typeof vidbotRowActions>) => Object.fromEntries(list.map((a) => [a.key, a.disabled ? 'off' : 'on']));

describe('vidbot row menu (spec 001 §2, §6)', () => {
  it('offers an Owner everything but reactivate; deactivate only for Published', () => {
    expect(summary(vidbotRowActions({ bot: bot('Published'), role: 'Owner', viewer: person, hasCopyTarget: true }))).toEqual({
      tags: 'on',
      clone: 'on',
      copy: 'on',
      deactivate: 'on',
      delete: 'on',
    });
    expect(summary(vidbotRowActions({ bot: bot('Draft'), role: 'Owner', viewer: person, hasCopyTarget: false }))).toEqual({
      tags: 'on',
      clone: 'on',
      deactivate: 'off',
      delete: 'on',
    });
  });

  it('disables duplicate, copy and deactivate for Deactivated bots; reactivate is staff only', () => {
    expect(summary(vidbotRowActions({ bot: bot('Deactivated'), role: 'Admin', viewer: person, hasCopyTarget: true }))).toEqual({
      tags: 'on',
      clone: 'off',
      copy: 'off',
      deactivate: 'off',
      delete: 'on',
    });
    expect(summary(vidbotRowActions({ bot: bot('Deactivated'), role: null, viewer: staff, hasCopyTarget: true }))).toMatchObject({
      reactivate: 'on',
      clone: 'off',
      copy: 'off',
    });
    expect(summary(vidbotRowActions({ bot: bot('Published'), role: null, viewer: staff, hasCopyTarget: false }))).toMatchObject({
      reactivate: 'off',
      deactivate: 'on',
    });
    expect(canToggleStar(bot('Deactivated'))).toBe(false);
    expect(canToggleStar(bot('Draft'))).toBe(true);
  });

  it('gives a Viewer only a disabled duplicate, and a non-author Editor of a Private bot no edits', () => {
    expect(summary(vidbotRowActions({ bot: bot('Published'), role: 'Viewer', viewer: person, hasCopyTarget: false }))).toEqual({ clone: 'off' });
    expect(summary(vidbotRowActions({ bot: bot('Published', 'Private'), role: 'Editor', viewer: person, hasCopyTarget: true }))).toEqual({
      clone: 'on',
      copy: 'on',
    });
    expect(summary(vidbotRowActions({ bot: bot('Published', 'Private', 5), role: 'Editor', viewer: person, hasCopyTarget: false }))).toMatchObject({
      deactivate: 'on',
      delete: 'on',
    });
  });

  it('copies only to other accounts where the user may create vidbots', () => {
    const acc = (id: number, role: Account['role'], roleStatus: Account['roleStatus'] = 'Active') => ({ id, role, roleStatus }) as Account;
    const accounts = [acc(1, 'Owner'), acc(2, 'Editor'), acc(3, 'Viewer'), acc(4, 'Admin', 'Invited'), acc(5, null, null), acc(6, 'Reseller')];
    expect(copyTargets(accounts, 1, person).map((a) => a.id)).toEqual([2, 6]);
    expect(copyTargets(accounts, 1, staff).map((a) => a.id)).toEqual([2, 3, 4, 5, 6]);
    expect(copyTargets([acc(1, 'Owner')], 1, person)).toEqual([]);
  });
});
