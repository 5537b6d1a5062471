/**
 * Side navigation entries (spec 000 §2 shared chrome, §6 area access; 001 §6 feature gates): which of
 * analytics, vidbots, widget, mediaLibrary, users, settings, pendingInvites, accounts, resellers,
 * live_status, admin_analytics, admin_billing, feature_flags, admin_users, sso_config a viewer sees,
 * in that order, each with its path.
 */
import type { RoleName, RoleStatus } from '../../api/types';
import {
  CONTENT_ROLES,
  canSeeAccountsList,
  canSeeStaffAdmin,
  canSeeSuperOnly,
  canSeeUsers,
  canSeeWidget,
  passesAccountRole,
  type Viewer,
} from './permissions';

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
] as const;
export type NavKey = (typeof NAV_KEYS)[number];

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
}

/** The entries the viewer sees, in spec order. */
export function navEntries({ viewer, account, features }: NavInput): NavEntry[] {
  const out: NavEntry[] = [];
  if (account) {
    const base = `/dashboard/${account.publicId}`;
    const content = passesAccountRole(viewer, account.role, CONTENT_ROLES);
    if (content) out.push({ key: 'analytics', path: `${base}/analytics` }, { key: 'vidbots', path: `${base}/vidbots` });
    if (canSeeWidget(viewer, account.role, features)) out.push({ key: 'widget', path: `${base}/widget` });
    if (content) out.push({ key: 'mediaLibrary', path: `${base}/media` });
    if (canSeeUsers(viewer, account.role)) out.push({ key: 'users', path: `${base}/users` }, { key: 'settings', path: `${base}/settings` });
  }
  if (viewer.roles.some((r) => r.status === 'Invited')) out.push({ key: 'pendingInvites', path: '/team-select' });
  if (canSeeAccountsList(viewer)) out.push({ key: 'accounts', path: '/dashboard/accounts' });
  if (canSeeStaffAdmin(viewer)) {
    out.push({ key: 'resellers', path: '/dashboard/resellers' }, { key: 'live_status', path: '/dashboard/admin/live-status' }, { key: 'admin_analytics', path: '/dashboard/admin/analytics' });
  }
  if (canSeeSuperOnly(viewer)) out.push({ key: 'admin_billing', path: '/dashboard/admin/billing' }, { key: 'feature_flags', path: '/dashboard/admin/feature-flags' });
  if (canSeeStaffAdmin(viewer)) out.push({ key: 'admin_users', path: '/dashboard/admin/users' });
  if (canSeeSuperOnly(viewer)) out.push({ key: 'sso_config', path: '/dashboard/admin/sso-config' });
  return out;
}
