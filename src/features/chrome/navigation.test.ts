import { describe, expect, it } from 'vitest';
import { navEntries, type NavInput } from './navigation';

const base = { id: 1, isSuperuser: false, isCustomerSuccess: false, isReseller: false, roles: [{ status: 'Active' as const }] };
const keys = (input: NavInput) => navEntries(input).map((e) => e.key);
const demo = (role: NavInput['account'] extends infer A ? (A extends { role: infer R } ? R : never) : never) => ({ publicId: 'demo', role });

describe('side navigation (spec 000 §2, §6)', () => {
  it('Viewer and Editor see no Users or Settings', () => {
    expect(keys({ viewer: base, account: demo('Viewer'), features: [] })).toEqual(['analytics', 'vidbots', 'mediaLibrary']);
    expect(keys({ viewer: base, account: demo('Editor'), features: [] })).toEqual(['analytics', 'vidbots', 'mediaLibrary']);
  });
  it('Owner and Admin see Users and Settings; Widget only with new_widgets', () => {
    expect(keys({ viewer: base, account: demo('Owner'), features: [] })).toEqual(['analytics', 'vidbots', 'mediaLibrary', 'users', 'settings']);
    expect(keys({ viewer: base, account: demo('Admin'), features: ['dashboard:new_widgets'] })).toEqual(['analytics', 'vidbots', 'widget', 'mediaLibrary', 'users', 'settings']);
  });
  it('paths are under the account', () => {
    const e = navEntries({ viewer: base, account: demo('Owner'), features: [] });
    expect(e.find((x) => x.key === 'users')?.path).toBe('/dashboard/demo/users');
    expect(e.find((x) => x.key === 'mediaLibrary')?.path).toBe('/dashboard/demo/media');
  });
  it('pending invites appear with an Invited role', () => {
    expect(keys({ viewer: { ...base, roles: [{ status: 'Invited' }] }, account: null, features: [] })).toEqual(['pendingInvites']);
  });
  it('superuser without a role sees account areas and every staff entry in spec order', () => {
    expect(keys({ viewer: { ...base, isSuperuser: true, roles: [] }, account: demo(null), features: [] })).toEqual([
      'analytics',
      'vidbots',
      'mediaLibrary',
      'users',
      'settings',
      'accounts',
      'resellers',
      'live_status',
      'admin_analytics',
      'admin_billing',
      'feature_flags',
      'admin_users',
      'sso_config',
    ]);
  });
  it('customer success: no super-only entries; reseller: accounts only', () => {
    expect(keys({ viewer: { ...base, isCustomerSuccess: true, roles: [] }, account: null, features: [] })).toEqual(['accounts', 'resellers', 'live_status', 'admin_analytics', 'admin_users']);
    expect(keys({ viewer: { ...base, isReseller: true, roles: [] }, account: null, features: [] })).toEqual(['accounts']);
  });
});
