import { describe, expect, it } from 'vitest';
import type { RoleName } from '../../api/types';
import {
  CONTENT_ROLES,
  USERS_ROLES,
  accountsListScope,
  activeRoleIn,
  canChangeAccountOwner,
  canChangeAccountPartner,
  canCreateAccount,
  canEditAccount,
  canEditAccountOptions,
  canEditAccountStatus,
  canSeeStaffAdmin,
  canSeeSuperOnly,
  canSeeSwitcher,
  canSeeUserProfile,
  canSeeUserRowMenu,
  canSeeUsers,
  canSeeWidget,
  canTogglePowerUser,
  hasGoogleIdentity,
  inviteRoleOptions,
  isStaff,
  isStaffOrReseller,
  passesAccountRole,
  profileFormDisabled,
  profileRoleChoices,
  profileRoleField,
  surveyEligible,
  userRowActions,
  type Viewer,
} from './permissions';

const member: Viewer = { id: 1, isSuperuser: false, isCustomerSuccess: false, isReseller: false };
const su: Viewer = { ...member, id: 2, isSuperuser: true };
const cs: Viewer = { ...member, id: 3, isCustomerSuccess: true };
const reseller: Viewer = { ...member, id: 4, isReseller: true };
const suCs: Viewer = { ...member, id: 5, isSuperuser: true, isCustomerSuccess: true };
const ROLES: RoleName[] = ['Owner', 'Admin', 'Editor', 'Viewer', 'Reseller'];

describe('spec 000 §6 guards', () => {
  it('superusers pass every role guard, even without a role', () => {
    expect(passesAccountRole(su, null, USERS_ROLES)).toBe(true);
    expect(passesAccountRole(su, 'Viewer', ['Owner'])).toBe(true);
  });
  it('account-scoped guard: the role must be in the allowed list; no role → refused', () => {
    expect(passesAccountRole(member, 'Admin', USERS_ROLES)).toBe(true);
    expect(passesAccountRole(member, 'Editor', USERS_ROLES)).toBe(false);
    expect(passesAccountRole(member, null, CONTENT_ROLES)).toBe(false);
    expect(passesAccountRole(cs, null, CONTENT_ROLES)).toBe(false);
  });
  it('only Active roles count', () => {
    const roles = [
      { accountId: 1, role: 'Admin' as const, status: 'Invited' as const },
      { accountId: 2, role: 'Editor' as const, status: 'Active' as const },
    ];
    expect(activeRoleIn(roles, 1)).toBeNull();
    expect(activeRoleIn(roles, 2)).toBe('Editor');
  });
  it('staff (the spec\'s power users) = customer success or superuser; isStaffOrReseller adds resellers', () => {
    expect([member, su, cs, reseller].map(isStaff)).toEqual([false, true, true, false]);
    expect([member, su, cs, reseller].map(isStaffOrReseller)).toEqual([false, true, true, true]);
    expect([isStaff(undefined), isStaffOrReseller(undefined)]).toEqual([false, false]);
  });
});

describe('spec 000 §6 area access', () => {
  it('analytics, vidbots, media: every role', () => {
    for (const r of ROLES) expect(passesAccountRole(member, r, CONTENT_ROLES)).toBe(true);
  });
  it('widget needs the content roles plus new_widgets', () => {
    expect(canSeeWidget(member, 'Viewer', ['dashboard:new_widgets'])).toBe(true);
    expect(canSeeWidget(member, 'Owner', [])).toBe(false);
    expect(canSeeWidget(member, null, ['dashboard:new_widgets'])).toBe(false);
  });
  it('users and settings: Super Admin, Reseller, Owner, Admin', () => {
    expect(ROLES.filter((r) => canSeeUsers(member, r))).toEqual(['Owner', 'Admin', 'Reseller']);
    expect(canSeeUsers(su, null)).toBe(true);
  });
  it('user profile: a user with a role in the account, or oneself', () => {
    expect(canSeeUserProfile(member, 'Viewer', { id: 9, hasRoleInAccount: true })).toBe(true);
    expect(canSeeUserProfile(member, 'Owner', { id: 9, hasRoleInAccount: false })).toBe(false);
    expect(canSeeUserProfile(member, null, { id: member.id, hasRoleInAccount: false })).toBe(true);
  });
  it('accounts list: power users all, reseller Joined, others no permission', () => {
    expect([su, cs, reseller, member].map(accountsListScope)).toEqual(['all', 'all', 'joined', 'none']);
  });
  it('create account: staff and resellers', () => {
    expect([su, cs, reseller, member].map(canCreateAccount)).toEqual([true, true, true, false]);
  });
  it('resellers, live status, admin analytics, admin users: superuser and customer success', () => {
    expect([su, cs, reseller, member].map(canSeeStaffAdmin)).toEqual([true, true, false, false]);
  });
  it('billing, feature flags, SSO config: superuser only', () => {
    expect([su, cs, reseller, member].map(canSeeSuperOnly)).toEqual([true, false, false, false]);
  });
});

describe('spec 000 §6 edit account', () => {
  it('edit and public id: superusers and customer success', () => {
    expect([su, cs, reseller, member].map(canEditAccount)).toEqual([true, true, false, false]);
  });
  it('status: superuser, reseller or customer success', () => {
    expect([su, cs, reseller, member].map(canEditAccountStatus)).toEqual([true, true, true, false]);
  });
  it('owner change: superuser, customer success, or the account owner', () => {
    expect(canChangeAccountOwner(su, null)).toBe(true);
    expect(canChangeAccountOwner(cs, null)).toBe(true);
    expect(canChangeAccountOwner(member, 'Owner')).toBe(true);
    expect(canChangeAccountOwner(member, 'Admin')).toBe(false);
    expect(canChangeAccountOwner(reseller, 'Reseller')).toBe(false);
  });
  it('partner change: only a user both superuser and customer success', () => {
    expect([suCs, su, cs, reseller].map(canChangeAccountPartner)).toEqual([true, false, false, false]);
  });
  it('options: superuser or customer success', () => {
    expect([su, cs, reseller, member].map(canEditAccountOptions)).toEqual([true, true, false, false]);
  });
});

describe('spec 000 §6 user management', () => {
  it('row menu: superusers, Owner viewers, or Editor/Viewer rows', () => {
    expect(canSeeUserRowMenu(su, null, { role: 'Owner' })).toBe(true);
    expect(canSeeUserRowMenu(member, 'Owner', { role: 'Admin' })).toBe(true);
    expect(canSeeUserRowMenu(member, 'Admin', { role: 'Admin' })).toBe(false);
    expect(canSeeUserRowMenu(member, 'Admin', { role: 'Owner' })).toBe(false);
    expect(canSeeUserRowMenu(member, 'Admin', { role: 'Editor' })).toBe(true);
    expect(canSeeUserRowMenu(member, 'Admin', { role: 'Viewer' })).toBe(true);
  });
  it('row actions: reset link for non-external, set password for superusers on non-external, resend for non-Active; edit and remove always', () => {
    expect(userRowActions(member, { status: 'Active', external: false })).toEqual({ sendResetLink: true, setPassword: false, resendInvite: false, edit: true, remove: true });
    expect(userRowActions(su, { status: 'Invited', external: false })).toEqual({ sendResetLink: true, setPassword: true, resendInvite: true, edit: true, remove: true });
    expect(userRowActions(su, { status: 'Active', external: true })).toEqual({ sendResetLink: false, setPassword: false, resendInvite: false, edit: true, remove: true });
  });
  it('profile role choices follow the viewer', () => {
    const names = (v: Viewer, r: RoleName | null) => profileRoleChoices(v, r).map((c) => `${c.role}${c.disabled ? '(disabled)' : ''}`);
    expect(names(su, null)).toEqual(['Reseller(disabled)', 'Admin', 'Editor', 'Viewer']);
    expect(names(member, 'Owner')).toEqual(['Reseller(disabled)', 'Admin', 'Editor', 'Viewer']);
    expect(names(member, 'Admin')).toEqual(['Admin', 'Owner', 'Editor', 'Viewer']);
    expect(names(member, 'Editor')).toEqual([]);
    expect(names(reseller, 'Reseller')).toEqual([]);
  });
  it('role field: hidden on one own profile, disabled for non-superusers on an Owner', () => {
    expect(profileRoleField(member, { id: member.id, role: 'Admin' })).toBe('hidden');
    expect(profileRoleField(member, { id: 9, role: 'Owner' })).toBe('disabled');
    expect(profileRoleField(su, { id: 9, role: 'Owner' })).toBe('enabled');
    expect(profileRoleField(member, { id: 9, role: 'Editor' })).toBe('enabled');
  });
  it('profile form disabled when an Admin or Owner views another user', () => {
    expect(profileFormDisabled(member, 'Admin', 9)).toBe(true);
    expect(profileFormDisabled(member, 'Owner', 9)).toBe(true);
    expect(profileFormDisabled(member, 'Owner', member.id)).toBe(false);
    expect(profileFormDisabled(member, 'Editor', 9)).toBe(false);
    expect(profileFormDisabled(su, null, 9)).toBe(false);
  });
  it('invite role options: superusers and Owner, Admin, Reseller', () => {
    expect(inviteRoleOptions(su, null)).toEqual(['Admin', 'Editor', 'Viewer']);
    for (const r of ['Owner', 'Admin', 'Reseller'] as const) expect(inviteRoleOptions(member, r)).toEqual(['Admin', 'Editor', 'Viewer']);
    expect(inviteRoleOptions(member, 'Editor')).toEqual([]);
    expect(inviteRoleOptions(member, 'Viewer')).toEqual([]);
  });
});

describe('spec 000 §2 chrome rules', () => {
  it('switcher: more than 1 account, or staff', () => {
    expect(canSeeSwitcher(member, 1)).toBe(false);
    expect(canSeeSwitcher(member, 2)).toBe(true);
    expect(canSeeSwitcher(reseller, 0)).toBe(true);
    expect(canSeeSwitcher(su, 1)).toBe(true);
  });
  it('power user toggle: power users on desktop only', () => {
    expect(canTogglePowerUser(cs, true)).toBe(true);
    expect(canTogglePowerUser(cs, false)).toBe(false);
    expect(canTogglePowerUser(reseller, true)).toBe(false);
  });
  it('MFA setup hidden for a Google identity', () => {
    expect(hasGoogleIdentity({ userIntegrations: [{ id: 1, integrationType: 'google', identifier: 'x' }] })).toBe(true);
    expect(hasGoogleIdentity({ userIntegrations: [] })).toBe(false);
  });
  it('survey: accounts at least 30 days old', () => {
    const now = Date.parse('2026-03-31T00:00:00Z');
    expect(surveyEligible('2026-03-01T00:00:00Z', now)).toBe(true);
    expect(surveyEligible('2026-03-01T00:00:01Z', now)).toBe(false);
    expect(surveyEligible('not a date', now)).toBe(false);
  });
});

describe('settings tabs by role (spec 002 §6)', () => {
  const viewer = { id: 1, isSuperuser: false, isCustomerSuccess: false, isReseller: false };
  it('Owner all five; Admin without account; Reseller profile, account, integrations; staff all', async () => {
    const { settingsTabsFor } = await import('./permissions');
    expect(settingsTabsFor(viewer, 'Owner')).toEqual(['profile', 'account', 'integrations', 'tags', 'audit-log']);
    expect(settingsTabsFor(viewer, 'Admin')).toEqual(['profile', 'integrations', 'tags', 'audit-log']);
    expect(settingsTabsFor(viewer, 'Reseller')).toEqual(['profile', 'account', 'integrations']);
    expect(settingsTabsFor(viewer, 'Editor')).toEqual([]);
    expect(settingsTabsFor({ ...viewer, isCustomerSuccess: true }, null)).toEqual(['profile', 'account', 'integrations', 'tags', 'audit-log']);
  });
});
