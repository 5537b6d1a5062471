/**
 * Side navigation entries (spec 000 §2 shared chrome, §6 area access; 001 §6 feature gates): which of
 * analytics, vidbots, widget, mediaLibrary, users, settings, pendingInvites, accounts, resellers,
 * live_status, admin_analytics, admin_billing, feature_flags, admin_users, sso_config, and machines
 * (issue 14: staff, or everyone in development mode) a viewer sees, in that order, each with its path.
 *
 * An entry is shown only once its page exists (issue 10 §2 "no navigation entry leads to Page not
 * found"): `NAV_ROUTES` names the route of every built entry, typed against the generated route tree
 * (a path that is not a route is a type error); the entries of `PLANNED_NAV_PATHS` — pages later
 * issues build — stay out of the navigation until their route is added to `NAV_ROUTES`
 * (navigation.test.ts fails when a planned path becomes a route, as a reminder).
 */
import type { RoleName, RoleStatus } from '../../api/types';
import type { FileRouteTypes } from '../../routeTree.gen';
import { CONTENT_ROLES, canSeeAccountsList, canSeeMachines, canSeeStaffAdmin, canSeeSuperOnly, canSeeUsers, canSeeWidget, passesAccountRole, type Viewer } from './permissions';

/** Entry keys, in display order (spec 000 §2). */
export const NAV_KEYS = [
  'analytics',
  'vidbots',
  'widget',
  'mediaLibrary',
  'users',
  'settings',
  'pendingInvites',
  'accounts',
  'resellers',
  'live_status',
  'admin_analytics',
  'admin_billing',
  'feature_flags',
  'admin_users',
  'sso_config',
  'machines',
] as const;
export type NavKey = (typeof NAV_KEYS)[number];

/** A path of the generated route tree (`$accountSlug` for the selected account). */
export type RoutePath = FileRouteTypes['to'];

/** The route each built entry leads to (spec 000 §2 routes). */
export const NAV_ROUTES = {
  analytics: '/dashboard/$accountSlug/analytics',
  vidbots: '/dashboard/$accountSlug/vidbots',
  widget: '/dashboard/$accountSlug/widget',
  mediaLibrary: '/dashboard/$accountSlug/media',
  users: '/dashboard/$accountSlug/users',
  settings: '/dashboard/$accountSlug/settings',
  pendingInvites: '/team-select',
  accounts: '/dashboard/accounts',
  resellers: '/dashboard/resellers',
  live_status: '/dashboard/admin/live-status',
  admin_analytics: '/dashboard/admin/analytics',
  admin_billing: '/dashboard/admin/billing',
  feature_flags: '/dashboard/admin/feature-flags',
  admin_users: '/dashboard/admin/users',
  sso_config: '/dashboard/admin/sso-config',
  machines: '/dashboard/machines',
} as const satisfies { readonly [K in NavKey]?: RoutePath };

/** Spec paths (spec 000 §2) of the entries whose pages are not built yet: hidden until they are. */
export const PLANNED_NAV_PATHS = {} as const satisfies { readonly [K in Exclude<NavKey, keyof typeof NAV_ROUTES>]: string };

/** A visible entry: key and the path it leads to. */
export interface NavEntry {
  key: NavKey;
  path: string;
}

/** What decides the entries. */
export interface NavInput {
  viewer: Viewer & { roles: ReadonlyArray<{ status: RoleStatus }> };
  /** The selected account (null outside /dashboard/{accountSlug}) and the viewer's Active role there. */
  account: { publicId: string; role: RoleName | null } | null;
  /** The selected account's features (GET /feature). */
  features: readonly string[];
  /** Development mode (`import.meta.env.DEV`, the `npm run dev` server): the Machines page is for everyone. Default false. */
  devMode?: boolean;
}

/** Every entry the viewer may see by spec 000 §2 / §6, in spec order, whether its page is built or not. */
export function allowedNavKeys({ viewer, account, features, devMode = false }: NavInput): NavKey[] {
  const out: NavKey[] = [];
  if (account) {
    const content = passesAccountRole(viewer, account.role, CONTENT_ROLES);
    if (content) out.push('analytics', 'vidbots');
    if (canSeeWidget(viewer, account.role, features)) out.push('widget');
    if (content) out.push('mediaLibrary');
    if (canSeeUsers(viewer, account.role)) out.push('users', 'settings');
  }
  if (viewer.roles.some((r) => r.status === 'Invited')) out.push('pendingInvites');
  if (canSeeAccountsList(viewer)) out.push('accounts');
  if (canSeeStaffAdmin(viewer)) out.push('resellers', 'live_status', 'admin_analytics');
  if (canSeeSuperOnly(viewer)) out.push('admin_billing', 'feature_flags');
  if (canSeeStaffAdmin(viewer)) out.push('admin_users');
  if (canSeeSuperOnly(viewer)) out.push('sso_config');
  if (canSeeMachines(viewer, devMode)) out.push('machines');
  return out;
}

/** The entries the viewer sees, in spec order: the allowed ones whose page exists, with their paths. */
export function navEntries(input: NavInput): NavEntry[] {
  const out: NavEntry[] = [];
  for (const key of allowedNavKeys(input)) {
    const route: RoutePath | undefined = (NAV_ROUTES as { readonly [K in NavKey]?: RoutePath })[key];
    if (!route) continue;
    // Account entries are only allowed with an account selected (allowedNavKeys).
    out.push({ key, path: route.replace('$accountSlug', input.account?.publicId ?? '') });
  }
  return out;
}
