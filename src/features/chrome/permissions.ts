/**
 * Who sees what (spec 000 §6, 001 §6 feature gates, 002 §2 Users) as pure functions: the side
 * navigation, route guards and the account, user and staff screens ask these. The server enforces its
 * own rules (403/404); these only shape the interface.
 *
 * Inputs: `viewer` is the signed-in user (GET /user/me), `role` the viewer's **Active** role in the
 * selected account (null for none or only invited), `features` the account's feature list
 * (GET /feature, e.g. 'dashboard:new_widgets').
 */
import type { RoleName, RoleStatus, User } from '../../api/types';
import * as staff from '../../../server/src/lib/staff';

/** The staff flags of a user. */
export type Viewer = Pick<User, 'id' | 'isSuperuser' | 'isCustomerSuccess' | 'isReseller'>;

/** Area role lists of spec 000 §6 ('Super_Admin' = superuser, who passes every guard anyway). */
export type AreaRole = RoleName | 'Super_Admin';

/** Analytics, vidbots, media, widget (spec 000 §6). */
export const CONTENT_ROLES: readonly AreaRole[] = ['Super_Admin', 'Reseller', 'Owner', 'Admin', 'Editor', 'Viewer'];
/** Users list and settings (spec 000 §6; 002 §2 Users). */
export const USERS_ROLES: readonly AreaRole[] = ['Super_Admin', 'Reseller', 'Owner', 'Admin'];
/** The feature that gates the Widget entry (spec 000 §2, §6). */
export const NEW_WIDGETS_FEATURE = 'dashboard:new_widgets';

/**
 * Staff = superuser or customer success — the spec's "power users" (spec 000 §6) and what the server's
 * guards mean by staff; the one definition is server/src/lib/staff.ts, shared with the server.
 */
export function isStaff(viewer: Viewer | undefined): boolean {
  return !!viewer && staff.isStaff(viewer);
}

/** Staff or reseller — the staff list of spec 000 §1 (Super Admin, Customer Success, Reseller); server/src/lib/staff.ts. */
export function isStaffOrReseller(viewer: Viewer | undefined): boolean {
  return !!viewer && staff.isStaffOrReseller(viewer);
}

/**
 * Account-scoped guard (spec 000 §2, §6): superusers pass; otherwise the viewer's role in the selected
 * account must be in `allowed`. No account selected (`role` null and not superuser) → false.
 */
export function passesAccountRole(viewer: Viewer | undefined, role: RoleName | null, allowed: readonly AreaRole[]): boolean {
  if (viewer?.isSuperuser) return true;
  return role !== null && allowed.includes(role);
}

/** The viewer's Active role in an account, or null (spec 000 §4: only Active roles count). */
export function activeRoleIn(roles: ReadonlyArray<{ accountId: number; role: RoleName; status: RoleStatus }>, accountId: number): RoleName | null {
  return roles.find((r) => r.accountId === accountId && r.status === 'Active')?.role ?? null;
}

/** The feature that gates the AI wizards (spec 001 §6: else redirect to /dashboard). */
export const GENERATIVE_AI_FEATURE = 'dashboard:generative_ai';
/** The feature that gates the avatar video generator (spec 001 §6). */
export const VIDEO_GENERATION_FEATURE = 'dashboard:video_generation';
/** Roles that may create vidbots and media (not Viewer; spec 001 §2, §6). */
export const CREATOR_ROLES: readonly AreaRole[] = ['Super_Admin', 'Reseller', 'Owner', 'Admin', 'Editor'];

/** AI wizards (issue 16): the generative_ai feature and a role that may create vidbots. */
export function canUseGenerativeAi(viewer: Viewer | undefined, role: RoleName | null, features: readonly string[]): boolean {
  return passesAccountRole(viewer, role, CREATOR_ROLES) && features.includes(GENERATIVE_AI_FEATURE);
}

/** Avatar video generator (issue 16): the video_generation feature and a role that may add media. */
export function canGenerateAvatarVideo(viewer: Viewer | undefined, role: RoleName | null, features: readonly string[]): boolean {
  return passesAccountRole(viewer, role, CREATOR_ROLES) && features.includes(VIDEO_GENERATION_FEATURE);
}

/** Widget area: the content roles plus the new_widgets flag (spec 000 §6). */
export function canSeeWidget(viewer: Viewer | undefined, role: RoleName | null, features: readonly string[]): boolean {
  return passesAccountRole(viewer, role, CONTENT_ROLES) && features.includes(NEW_WIDGETS_FEATURE);
}

/** Users list and account settings (spec 000 §6). */
export function canSeeUsers(viewer: Viewer | undefined, role: RoleName | null): boolean {
  return passesAccountRole(viewer, role, USERS_ROLES);
}

/**
 * User profile page (spec 000 §6): all roles may open it, shown only if the target user has a role
 * in the current account, or is the viewer themself.
 */
export function canSeeUserProfile(viewer: Viewer | undefined, role: RoleName | null, target: { id: number; hasRoleInAccount: boolean }): boolean {
  if (!viewer) return false;
  if (target.id === viewer.id) return true;
  if (!viewer.isSuperuser && role === null && !viewer.isCustomerSuccess) return false;
  return target.hasRoleInAccount;
}

/** Which accounts the accounts list shows (spec 000 §6): all, only Joined (reseller), or none ('No permission!'). */
export function accountsListScope(viewer: Viewer | undefined): 'all' | 'joined' | 'none' {
  if (isStaff(viewer)) return 'all';
  if (viewer?.isReseller) return 'joined';
  return 'none';
}

/** Accounts list page and its nav entry: Super Admin, Reseller, customer success (spec 000 §6). */
export function canSeeAccountsList(viewer: Viewer | undefined): boolean {
  return accountsListScope(viewer) !== 'none';
}

/**
 * Create account: Super Admin and Reseller (spec 000 §6 "Accounts list and create"), and customer
 * success, who administers accounts with them (the server allows staff and resellers).
 */
export function canCreateAccount(viewer: Viewer | undefined): boolean {
  return isStaffOrReseller(viewer);
}

/** Edit an account (row action, edit page) and see its public id: superusers and customer success (spec 000 §6). */
export function canEditAccount(viewer: Viewer | undefined): boolean {
  return isStaff(viewer);
}

/** Edit account: status field — superuser, reseller or customer success (spec 000 §6). */
export function canEditAccountStatus(viewer: Viewer | undefined): boolean {
  return isStaffOrReseller(viewer);
}

/** Edit account: owner change — superuser, customer success, or the account's Owner (spec 000 §6). */
export function canChangeAccountOwner(viewer: Viewer | undefined, role: RoleName | null): boolean {
  return isStaff(viewer) || role === 'Owner';
}

/** Edit account: partner change — only a viewer who is both superuser and customer success (spec 000 §6). */
export function canChangeAccountPartner(viewer: Viewer | undefined): boolean {
  return !!viewer && viewer.isSuperuser && viewer.isCustomerSuccess;
}

/** Edit account: options section (max video duration, analytics flags) — superuser or customer success (spec 000 §6). */
export function canEditAccountOptions(viewer: Viewer | undefined): boolean {
  return isStaff(viewer);
}

/** Resellers, live status, admin analytics, admin users: superuser and customer success (spec 000 §6). */
export function canSeeStaffAdmin(viewer: Viewer | undefined): boolean {
  return isStaff(viewer);
}

/**
 * The Machines page (issue 14 "Diagrams": "staff, and every user in development mode"): superuser
 * and customer success, or anyone signed in when `devMode` (the `npm run dev` server,
 * `import.meta.env.DEV`).
 */
export function canSeeMachines(viewer: Viewer | undefined, devMode: boolean): boolean {
  return !!viewer && (devMode || isStaff(viewer));
}

/** Admin billing, feature flags, SSO config: superuser only (spec 000 §6). */
export function canSeeSuperOnly(viewer: Viewer | undefined): boolean {
  return !!viewer?.isSuperuser;
}

/** A row of the account's users list. */
export interface UserRow {
  id: number;
  role: RoleName;
  status: RoleStatus;
  external: boolean;
}

/** The users list row menu is shown to superusers, to Owner viewers, or for Editor/Viewer rows (spec 000 §6). */
export function canSeeUserRowMenu(viewer: Viewer | undefined, role: RoleName | null, row: Pick<UserRow, 'role'>): boolean {
  return !!viewer?.isSuperuser || role === 'Owner' || row.role === 'Editor' || row.role === 'Viewer';
}

/** Row-menu items (spec 000 §6): edit and remove always; reset link, set password and resend invite by rule. */
export function userRowActions(viewer: Viewer | undefined, row: Pick<UserRow, 'status' | 'external'>) {
  return {
    sendResetLink: !row.external,
    setPassword: !!viewer?.isSuperuser && !row.external,
    resendInvite: row.status !== 'Active',
    edit: true,
    remove: true,
  };
}

/** One choice of the profile's role field. */
export interface RoleChoice {
  role: RoleName;
  disabled: boolean;
}

/**
 * Role choices of the profile page (spec 000 §6): Reseller (disabled; shown to superuser or Owner),
 * Admin (superuser, Owner, Admin), Owner (shown when the viewer is Admin), Editor and Viewer
 * (superuser, Owner, Admin).
 */
export function profileRoleChoices(viewer: Viewer | undefined, role: RoleName | null): RoleChoice[] {
  const su = !!viewer?.isSuperuser;
  const manager = su || role === 'Owner' || role === 'Admin';
  const out: RoleChoice[] = [];
  if (su || role === 'Owner') out.push({ role: 'Reseller', disabled: true });
  if (manager) out.push({ role: 'Admin', disabled: false });
  if (role === 'Admin') out.push({ role: 'Owner', disabled: false });
  if (manager) out.push({ role: 'Editor', disabled: false }, { role: 'Viewer', disabled: false });
  return out;
}

/** The profile's role field: hidden on one's own profile, disabled for a non-superuser when the target is an Owner (spec 000 §6). */
export function profileRoleField(viewer: Viewer | undefined, target: { id: number; role: RoleName | null }): 'hidden' | 'disabled' | 'enabled' {
  if (viewer && viewer.id === target.id) return 'hidden';
  if (!viewer?.isSuperuser && target.role === 'Owner') return 'disabled';
  return 'enabled';
}

/** The profile form is disabled when an Admin or Owner views another user (spec 000 §5). */
export function profileFormDisabled(viewer: Viewer | undefined, role: RoleName | null, targetId: number): boolean {
  if (!viewer || viewer.id === targetId || viewer.isSuperuser) return false;
  return role === 'Admin' || role === 'Owner';
}

/** Invite dialog role options Admin, Editor, Viewer: superusers and Owner, Admin, Reseller viewers (spec 000 §6). */
export function inviteRoleOptions(viewer: Viewer | undefined, role: RoleName | null): Array<'Admin' | 'Editor' | 'Viewer'> {
  if (viewer?.isSuperuser || role === 'Owner' || role === 'Admin' || role === 'Reseller') return ['Admin', 'Editor', 'Viewer'];
  return [];
}

/** The account switcher shows with more than 1 account, or for staff or resellers (spec 000 §1, §2). */
export function canSeeSwitcher(viewer: Viewer | undefined, accountCount: number): boolean {
  return accountCount > 1 || isStaffOrReseller(viewer);
}

/** The Power user toggle: power users on desktop (spec 000 §2, §4). */
export function canTogglePowerUser(viewer: Viewer | undefined, desktop: boolean): boolean {
  return desktop && isStaff(viewer);
}

/** A user with a Google identity (an identity integration of type google) gets no MFA setup (spec 000 §2). */
export function hasGoogleIdentity(user: Pick<User, 'userIntegrations'>): boolean {
  return user.userIntegrations.some((i) => i.integrationType === 'google');
}

/** Feedback survey: accounts at least 30 days old (spec 000 §2, §9). `now` in ms since the epoch. */
export const SURVEY_MIN_ACCOUNT_AGE_DAYS = 30;
export function surveyEligible(accountCreatedAt: string, now: number): boolean {
  const created = Date.parse(accountCreatedAt);
  if (Number.isNaN(created)) return false;
  return now - created >= SURVEY_MIN_ACCOUNT_AGE_DAYS * 24 * 60 * 60 * 1000;
}

/** Account settings tabs (spec 002 §2 Account settings), in the order shown; profile is the default. */
export const SETTINGS_TABS = ['profile', 'account', 'integrations', 'tags', 'audit-log'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Who sees each settings tab (spec 002 §6 "Settings section …"). */
export const SETTINGS_TAB_ROLES: Record<SettingsTab, readonly AreaRole[]> = {
  profile: ['Super_Admin', 'Reseller', 'Owner', 'Admin'],
  account: ['Super_Admin', 'Reseller', 'Owner'],
  integrations: ['Super_Admin', 'Reseller', 'Owner', 'Admin'],
  tags: ['Super_Admin', 'Owner', 'Admin'],
  'audit-log': ['Super_Admin', 'Owner', 'Admin'],
};

/** The settings tabs the viewer sees in an account (spec 002 §6); customer success counts as Super_Admin here. */
export function settingsTabsFor(viewer: Viewer | undefined, role: RoleName | null): SettingsTab[] {
  if (isStaff(viewer)) return [...SETTINGS_TABS];
  return SETTINGS_TABS.filter((tab) => passesAccountRole(viewer, role, SETTINGS_TAB_ROLES[tab]));
}
