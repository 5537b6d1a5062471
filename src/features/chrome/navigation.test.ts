import { describe, expect, it } from 'vitest';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../../routeTree.gen';
import type { RouterContext } from '../../router';
import { NAV_KEYS, NAV_ROUTES, PLANNED_NAV_PATHS, allowedNavKeys, navEntries, type NavInput, type NavKey } from './navigation';

const base = { id: 1, isSuperuser: false, isCustomerSuccess: false, isReseller: false, roles: [{ status: 'Active' as const }] };
const keys = (input: NavInput) => navEntries(input).map((e) => e.key);
const allowed = (input: NavInput) => allowedNavKeys(input);
const demo = (role: NavInput['account'] extends infer A ? (A extends { role: infer R } ? R : never) : never) => ({ publicId: 'demo', role });

/** Every viewer kind of spec 000 §1 × every role in the selected account (or none) × the widget flag. */
function everyInput(): NavInput[] {
  const viewers = [
    base,
    { ...base, roles: [{ status: 'Invited' as const }] },
    { ...base, isSuperuser: true, roles: [] },
    { ...base, isCustomerSuccess: true, roles: [] },
    { ...base, isReseller: true, roles: [] },
  ];
  const accounts = [null, ...(['Owner', 'Admin', 'Editor', 'Viewer', null] as const).map((r) => demo(r))];
  return viewers.flatMap((viewer) =>
    accounts.flatMap((account) => [[], ['dashboard:new_widgets']].flatMap((features) => [false, true].map((devMode) => ({ viewer, account, features, devMode })))),
  );
}

describe('side navigation rules (spec 000 §2, §6)', () => {
  it('Viewer and Editor are allowed no Users or Settings', () => {
    expect(allowed({ viewer: base, account: demo('Viewer'), features: [] })).toEqual(['analytics', 'vidbots', 'mediaLibrary']);
    expect(allowed({ viewer: base, account: demo('Editor'), features: [] })).toEqual(['analytics', 'vidbots', 'mediaLibrary']);
  });
  it('Owner and Admin are allowed Users and Settings; Widget only with new_widgets', () => {
    expect(allowed({ viewer: base, account: demo('Owner'), features: [] })).toEqual(['analytics', 'vidbots', 'mediaLibrary', 'users', 'settings']);
    expect(allowed({ viewer: base, account: demo('Admin'), features: ['dashboard:new_widgets'] })).toEqual([
      'analytics',
      'vidbots',
      'widget',
      'mediaLibrary',
      'users',
      'settings',
    ]);
  });
  it('superuser without a role is allowed account areas and every staff entry in spec order', () => {
    expect(allowed({ viewer: { ...base, isSuperuser: true, roles: [] }, account: demo(null), features: [] })).toEqual([
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
      'machines',
    ]);
  });
  it('customer success: no super-only entries; reseller: accounts only', () => {
    expect(allowed({ viewer: { ...base, isCustomerSuccess: true, roles: [] }, account: null, features: [] })).toEqual([
      'accounts',
      'resellers',
      'live_status',
      'admin_analytics',
      'admin_users',
      'machines',
    ]);
    expect(allowed({ viewer: { ...base, isReseller: true, roles: [] }, account: null, features: [] })).toEqual(['accounts']);
  });
  it('Machines (issue 14): staff always; account members, resellers and invitees only in development mode, last', () => {
    const member = { viewer: base, account: demo('Owner'), features: [] };
    expect(allowed(member)).not.toContain('machines');
    expect(allowed({ ...member, devMode: false })).not.toContain('machines');
    expect(allowed({ ...member, devMode: true })).toEqual(['analytics', 'vidbots', 'mediaLibrary', 'users', 'settings', 'machines']);
    const reseller = { viewer: { ...base, isReseller: true, roles: [] }, account: null, features: [] };
    expect(allowed(reseller)).toEqual(['accounts']);
    expect(allowed({ ...reseller, devMode: true })).toEqual(['accounts', 'machines']);
    expect(allowed({ viewer: { ...base, roles: [{ status: 'Invited' as const }] }, account: null, features: [], devMode: true })).toEqual(['pendingInvites', 'machines']);
    for (const staff of [{ ...base, isSuperuser: true, roles: [] }, { ...base, isCustomerSuccess: true, roles: [] }]) {
      expect(allowed({ viewer: staff, account: null, features: [] }).at(-1)).toBe('machines');
      expect(allowed({ viewer: staff, account: null, features: [], devMode: true }).filter((k) => k === 'machines')).toEqual(['machines']);
    }
  });
});

describe('side navigation entries shown (issue 10 §2: only pages that exist)', () => {
  it('shows the built entries in spec order, with paths under the account', () => {
    expect(keys({ viewer: base, account: demo('Viewer'), features: ['dashboard:new_widgets'] })).toEqual(['analytics', 'vidbots', 'widget', 'mediaLibrary']);
    expect(keys({ viewer: base, account: demo('Viewer'), features: [] })).toEqual(['analytics', 'vidbots', 'mediaLibrary']);
    expect(navEntries({ viewer: base, account: demo('Editor'), features: ['dashboard:new_widgets'] }).find((x) => x.key === 'widget')?.path).toBe('/dashboard/demo/widget');
    expect(keys({ viewer: base, account: demo('Owner'), features: [] })).toEqual(['analytics', 'vidbots', 'mediaLibrary', 'users', 'settings']);
    expect(navEntries({ viewer: base, account: demo('Admin'), features: [] }).find((x) => x.key === 'settings')?.path).toBe('/dashboard/demo/settings');
    const e = navEntries({ viewer: base, account: demo('Owner'), features: [] });
    expect(e.find((x) => x.key === 'users')?.path).toBe('/dashboard/demo/users');
    expect(e.find((x) => x.key === 'mediaLibrary')?.path).toBe('/dashboard/demo/media');
    expect(e.find((x) => x.key === 'vidbots')?.path).toBe('/dashboard/demo/vidbots');
    expect(e.find((x) => x.key === 'analytics')?.path).toBe('/dashboard/demo/analytics');
  });
  it('pending invites appear with an Invited role', () => {
    expect(keys({ viewer: { ...base, roles: [{ status: 'Invited' }] }, account: null, features: [] })).toEqual(['pendingInvites']);
  });
  it('superuser sees the built staff entries only', () => {
    expect(keys({ viewer: { ...base, isSuperuser: true, roles: [] }, account: null, features: [] })).toEqual([
      'accounts',
      'resellers',
      'live_status',
      'admin_analytics',
      'admin_billing',
      'feature_flags',
      'admin_users',
      'sso_config',
      'machines',
    ]);
  });
  it('customer success sees live status and admin analytics but not billing (issue 13 Staff; spec 002 §6)', () => {
    const e = navEntries({ viewer: { ...base, isCustomerSuccess: true, roles: [] }, account: null, features: [] });
    expect(e.map((x) => x.key)).toEqual(['accounts', 'resellers', 'live_status', 'admin_analytics', 'admin_users', 'machines']);
    expect(e.find((x) => x.key === 'live_status')?.path).toBe('/dashboard/admin/live-status');
    expect(e.find((x) => x.key === 'machines')?.path).toBe('/dashboard/machines');
    expect(e.find((x) => x.key === 'admin_analytics')?.path).toBe('/dashboard/admin/analytics');
  });
  it('every viewer kind, role and flag: the entries are the allowed ones that have a route, in order', () => {
    for (const input of everyInput()) {
      const shown = keys(input);
      expect(shown).toEqual(allowed(input).filter((k) => k in NAV_ROUTES));
      for (const k of shown) expect(k in PLANNED_NAV_PATHS).toBe(false);
    }
  });
});

describe('navigation against the generated route tree (issue 10 §2)', () => {
  // Only matching is used here: the context (query client, session) is never read.
  const router = createRouter({ routeTree, context: {} as RouterContext });
  const fullPaths = new Set(Object.values(router.routesById).map((r) => (r.fullPath === '/' ? '/' : r.fullPath.replace(/\/$/, ''))));

  it('every key is either built (with a route) or planned, never both', () => {
    for (const key of NAV_KEYS) expect([key in NAV_ROUTES, key in PLANNED_NAV_PATHS], key).toEqual(key in NAV_ROUTES ? [true, false] : [false, true]);
  });
  it('every built entry leads to a route of the tree', () => {
    for (const [key, path] of Object.entries(NAV_ROUTES)) expect(fullPaths.has(path), `${key} → ${path}`).toBe(true);
  });
  /** True when the router matches `path` to a page (a leaf route), not to the not-found page. */
  const isPage = (path: string) => {
    const matches = router.matchRoutes(path);
    const leaf = matches[matches.length - 1];
    return !!leaf && !matches.some((m) => m._notFound) && leaf.routeId !== '__root__' && !router.routesById[leaf.routeId]?.children;
  };

  it('every path an entry is given for any viewer matches a page (not the not-found page)', () => {
    for (const input of everyInput()) for (const e of navEntries(input)) expect(isPage(e.path), `${e.key} → ${e.path}`).toBe(true);
  });
  it('planned pages are not routes yet (when one is built, move it to NAV_ROUTES)', () => {
    for (const [key, path] of Object.entries(PLANNED_NAV_PATHS) as Array<[NavKey, string]>) {
      expect(fullPaths.has(path), `${key} → ${path}`).toBe(false);
      // '/dashboard/admin/…' also matches an account page ('/dashboard/$accountSlug/…' for an account
      // with the slug 'admin'); only the planned page itself counts.
      const concrete = path.replace('$accountSlug', 'demo');
      const leaf = router.matchRoutes(concrete).at(-1);
      const leafPath = leaf ? router.routesById[leaf.routeId]?.fullPath.replace(/\/$/, '') : undefined;
      expect(isPage(concrete) && leafPath === path, `${key} → ${path}`).toBe(false);
    }
  });
});
