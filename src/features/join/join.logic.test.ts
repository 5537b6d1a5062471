/** The join page's screen choice (spec 000 §4 Join team, §2 e-mail mismatch) and the stored invitation e-mail. */
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { decideJoinView, joinSearchSchema, passwordRuleBroken, type InvitationInfo, type JoinSearch } from './join.logic';
import { clearInvitationEmail, INVITATION_EMAIL_KEY, isInvitationEmailMismatch, readInvitationEmail, storeInvitationEmail } from './invitationEmail';

const info = (over: Partial<InvitationInfo> = {}): InvitationInfo => ({
  email: 'new@example.org',
  userId: 7,
  accountId: 3,
  accountName: 'Demo',
  accountPublicId: 'demo',
  roleId: 11,
  role: 'Editor',
  hasPassword: false,
  expiresAt: '2030-01-01T00:00:00Z',
  ...over,
});
const search = (over: Partial<JoinSearch> = {}): JoinSearch => ({ ...over });
const guest = { kind: 'guest' } as const;
const user = (id: number, email: string) => ({ kind: 'user', id, email }) as const;

describe('decideJoinView', () => {
  it('waits while the token or the signed-in user loads', () => {
    expect(decideJoinView({ search: search({ token: 't' }), lookup: { kind: 'loading' }, viewer: guest, storedEmail: null }).kind).toBe('loading');
    expect(decideJoinView({ search: search(), lookup: { kind: 'none' }, viewer: { kind: 'loading' }, storedEmail: null }).kind).toBe('loading');
  });

  it('shows the sign-up to a guest with a token of a user without a password', () => {
    const i = info();
    expect(decideJoinView({ search: search({ token: 't' }), lookup: { kind: 'found', info: i }, viewer: guest, storedEmail: null })).toEqual({ kind: 'signUp', info: i });
  });

  it('signs out anyone signed in on a sign-up link (wrong user)', () => {
    expect(decideJoinView({ search: search({ token: 't' }), lookup: { kind: 'found', info: info() }, viewer: user(9, 'x@example.org'), storedEmail: null }).kind).toBe('wrongUser');
  });

  it('asks a guest to sign in without a token, or with a token of a user who has a password', () => {
    expect(decideJoinView({ search: search({ roleid: 11 }), lookup: { kind: 'none' }, viewer: guest, storedEmail: null }).kind).toBe('login');
    expect(decideJoinView({ search: search({ token: 't' }), lookup: { kind: 'found', info: info({ hasPassword: true }) }, viewer: guest, storedEmail: null }).kind).toBe('login');
  });

  it('confirms the Join for the invited user', () => {
    expect(
      decideJoinView({
        search: search({ userid: 7, roleid: 11, accountid: 3, account_name: 'Demo' }),
        lookup: { kind: 'none' },
        viewer: user(7, 'new@example.org'),
        storedEmail: 'new@example.org',
      }),
    ).toEqual({ kind: 'confirm', accountId: 3, roleId: 11, accountName: 'Demo', accountPublicId: null });
    expect(
      decideJoinView({ search: search({ token: 't' }), lookup: { kind: 'found', info: info({ hasPassword: true }) }, viewer: user(7, 'NEW@example.org'), storedEmail: null }),
    ).toEqual({ kind: 'confirm', accountId: 3, roleId: 11, accountName: 'Demo', accountPublicId: 'demo' });
  });

  it('sends another signed-in user away (link user id or token user id)', () => {
    expect(decideJoinView({ search: search({ userid: 7 }), lookup: { kind: 'none' }, viewer: user(8, 'new@example.org'), storedEmail: null }).kind).toBe('wrongUser');
    expect(
      decideJoinView({ search: search({ token: 't' }), lookup: { kind: 'found', info: info({ hasPassword: true }) }, viewer: user(8, 'new@example.org'), storedEmail: null }).kind,
    ).toBe('wrongUser');
  });

  it('shows the e-mails mismatch when only the stored invitation e-mail can be compared', () => {
    expect(decideJoinView({ search: search({ roleid: 11 }), lookup: { kind: 'none' }, viewer: user(8, 'other@example.org'), storedEmail: 'new@example.org' })).toEqual({
      kind: 'emailsMismatch',
      invitationEmail: 'new@example.org',
    });
  });

  it('reports an invalid link and other lookup errors', () => {
    expect(decideJoinView({ search: search({ token: 't' }), lookup: { kind: 'invalid' }, viewer: guest, storedEmail: null }).kind).toBe('invalidLink');
    expect(decideJoinView({ search: search({ token: 't' }), lookup: { kind: 'error', message: 'boom' }, viewer: guest, storedEmail: null })).toEqual({ kind: 'error', message: 'boom' });
  });
});

describe('joinSearchSchema', () => {
  it('parses the link query and drops malformed ids', () => {
    expect(v.parse(joinSearchSchema, { token: 'abc', email: 'a@b.fi', roleid: '11', accountid: 3, userid: 'x', account_name: 'Demo' })).toEqual({
      token: 'abc',
      email: 'a@b.fi',
      roleid: 11,
      accountid: 3,
      userid: undefined,
      account_name: 'Demo',
    });
    expect(v.parse(joinSearchSchema, { roleid: '-1' }).roleid).toBeUndefined();
  });
});

describe('passwordRuleBroken (spec 000 §5)', () => {
  it('needs 8 characters, a number and an uppercase letter', () => {
    expect(passwordRuleBroken('Ab1')).toBe('length');
    expect(passwordRuleBroken('Abcdefgh')).toBe('number');
    expect(passwordRuleBroken('abcdefg1')).toBe('uppercase');
    expect(passwordRuleBroken('Abcdefg1')).toBeNull();
  });
});

describe('stored invitation e-mail', () => {
  afterEach(() => sessionStorage.clear());
  it('is kept in sessionStorage (lower case) and cleared', () => {
    storeInvitationEmail(' New@Example.org ');
    expect(sessionStorage.getItem(INVITATION_EMAIL_KEY)).toBe('new@example.org');
    expect(readInvitationEmail()).toBe('new@example.org');
    storeInvitationEmail('');
    expect(readInvitationEmail()).toBe('new@example.org');
    clearInvitationEmail();
    expect(readInvitationEmail()).toBeNull();
  });
  it('mismatches only when stored and different', () => {
    expect(isInvitationEmailMismatch(null, 'a@b.fi')).toBe(false);
    expect(isInvitationEmailMismatch('a@b.fi', 'A@B.fi')).toBe(false);
    expect(isInvitationEmailMismatch('a@b.fi', 'c@b.fi')).toBe(true);
  });
});
