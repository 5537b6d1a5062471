/** The widgets list row menu and create rights (spec 002 §2 row menu, §4, §6). */
import { describe, expect, it } from 'vitest';
import type { Account } from '../../api/types';
import { canCreateWidget, canEditWidget, copyNeedsWarning, widgetCopyTargets, widgetRowActions } from './widgetRowActions';

const user = { id: 5, isSuperuser: false, isCustomerSuccess: false, isReseller: false };
const staff = { ...user, isCustomerSuccess: true };
const own = { status: 'Published' as const, privacy: 'Private' as const, author: { id: 5, email: 'me@example.org' } };
const other = { status: 'Published' as const, privacy: 'Private' as const, author: { id: 9, email: 'x@example.org' } };
const keys = (a: ReturnType<typeof widgetRowActions>) => a.map((x) => x.key);

describe('widget rights (spec 002 §6)', () => {
  it('Viewer cannot create; Editor and staff without a role can', () => {
    expect(canCreateWidget('Viewer', user)).toBe(false);
    expect(canCreateWidget(null, user)).toBe(false);
    expect(canCreateWidget('Editor', user)).toBe(true);
    expect(canCreateWidget(null, staff)).toBe(true);
  });
  it('editing: Owner, Admin, staff, the author, or Public for non-Viewers', () => {
    expect(canEditWidget('Editor', user, other)).toBe(false);
    expect(canEditWidget('Editor', user, own)).toBe(true);
    expect(canEditWidget('Editor', user, { ...other, privacy: 'Public' })).toBe(true);
    expect(canEditWidget('Viewer', user, { ...other, privacy: 'Public' })).toBe(false);
    expect(canEditWidget('Admin', user, other)).toBe(true);
    expect(canEditWidget(null, staff, other)).toBe(true);
  });
});

describe('row menu (spec 002 §2)', () => {
  it('duplicate, edit and remove on every row; remove disabled without edit rights; duplicate disabled for Viewer', () => {
    const a = widgetRowActions({ widget: other, role: 'Viewer', viewer: user, hasCopyTarget: false });
    expect(keys(a)).toEqual(['clone', 'edit', 'delete']);
    expect(a.find((x) => x.key === 'clone')?.disabled).toBe(true);
    expect(a.find((x) => x.key === 'delete')?.disabled).toBe(true);
    expect(widgetRowActions({ widget: own, role: 'Editor', viewer: user, hasCopyTarget: false }).every((x) => !x.disabled)).toBe(true);
  });
  it('copy to account only with another account and not for a Deactivated widget', () => {
    expect(keys(widgetRowActions({ widget: own, role: 'Editor', viewer: user, hasCopyTarget: true }))).toContain('copy');
    expect(keys(widgetRowActions({ widget: own, role: 'Editor', viewer: user, hasCopyTarget: false }))).not.toContain('copy');
    expect(keys(widgetRowActions({ widget: { ...own, status: 'Deactivated' }, role: 'Editor', viewer: user, hasCopyTarget: true }))).not.toContain('copy');
  });
  it('deactivate / reactivate for power users only, by status', () => {
    expect(keys(widgetRowActions({ widget: own, role: 'Owner', viewer: user, hasCopyTarget: false }))).not.toContain('deactivate');
    expect(keys(widgetRowActions({ widget: own, role: null, viewer: staff, hasCopyTarget: false }))).toContain('deactivate');
    const deactivated = keys(widgetRowActions({ widget: { ...own, status: 'Deactivated' }, role: null, viewer: staff, hasCopyTarget: false }));
    expect(deactivated).toContain('reactivate');
    expect(deactivated).not.toContain('deactivate');
  });
  it('the copy warning is for All and ByTags content (spec 002 §5)', () => {
    expect(copyNeedsWarning({ contentType: 'All' })).toBe(true);
    expect(copyNeedsWarning({ contentType: 'ByTags' })).toBe(true);
    expect(copyNeedsWarning({ contentType: 'Selected' })).toBe(false);
  });
});

describe('copy targets (spec 002 §2 "another account")', () => {
  const acc = (id: number, role: Account['role'], roleStatus: Account['roleStatus'] = 'Active') => ({ id, role, roleStatus }) as Account;
  it('other accounts where the user may create; staff anywhere', () => {
    const accounts = [acc(1, 'Owner'), acc(2, 'Editor'), acc(3, 'Viewer'), acc(4, 'Admin', 'Invited'), acc(5, null)];
    expect(widgetCopyTargets(accounts, 1, user).map((a) => a.id)).toEqual([2]);
    expect(widgetCopyTargets(accounts, 1, staff).map((a) => a.id)).toEqual([2, 3, 4, 5]);
  });
});
