import { describe, expect, it } from 'vitest';
import type { Account } from '../../api/types';
import { ALL_ACCOUNTS_ID, moveActive, switcherOptions } from './switcher';

const acc = (id: number, businessName: string, roleStatus: Account['roleStatus']): Account => ({
  id,
  publicId: `a${id}`,
  businessName,
  role: roleStatus ? 'Editor' : null,
  roleId: null,
  roleStatus,
  status: 'Active',
  color: null,
  options: {},
  createdAt: '2026-01-01T00:00:00Z',
});
const accounts = [acc(1, 'Demo', 'Active'), acc(2, 'Acme Oy', 'Invited'), acc(3, 'Other', null)];
const member = { id: 1, isSuperuser: false, isCustomerSuccess: false, isReseller: false };

describe('account switcher list (spec 000 §2, §3, §6)', () => {
  it("'All accounts' (id -1) first; members see only Active accounts", () => {
    const o = switcherOptions(accounts, '', member);
    expect(o[0]).toEqual({ id: ALL_ACCOUNTS_ID, kind: 'all' });
    expect(o.slice(1).map((x) => x.id)).toEqual([1]);
  });
  it('staff see every account; search by business name is case-insensitive', () => {
    const staff = { ...member, isSuperuser: true };
    expect(switcherOptions(accounts, '', staff).map((x) => x.id)).toEqual([-1, 1, 2, 3]);
    expect(switcherOptions(accounts, '  acme ', staff).map((x) => x.id)).toEqual([-1, 2]);
    expect(switcherOptions(accounts, 'zzz', staff).map((x) => x.id)).toEqual([-1]);
    expect(switcherOptions(accounts, '', { ...member, isCustomerSuccess: true }).map((x) => x.id)).toEqual([-1, 1, 2, 3]);
  });
  it('resellers, like members, see only Active accounts (the server lists them no others)', () => {
    expect(switcherOptions(accounts, '', { ...member, isReseller: true }).map((x) => x.id)).toEqual([-1, 1]);
  });
  it('arrow keys wrap, Home/End jump, other keys do nothing', () => {
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(1, 3, 'Home')).toBe(0);
    expect(moveActive(0, 3, 'End')).toBe(2);
    expect(moveActive(0, 3, 'a')).toBeNull();
  });
});
