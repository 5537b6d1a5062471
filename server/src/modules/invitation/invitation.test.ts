/**
 * Members and invitations (spec 000 §4 Join team, §5, §6 user management, §7) on PGlite and
 * PostgreSQL: list, invite, resend, join with a token, Join by role id, remove, role change, and the
 * refusals (reused or expired token, wrong e-mail, Viewer inviting → 403, another account → 404).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { emailOutbox, invitationTokens, roles, users } from '../../db/schema';
import type { AccountUser, InvitationInfo, JoinResult } from './invitation.schemas';
import type { Role } from '../user/user.schemas';

/** Every invitation e-mail sent (the real sender still runs). */
const sent: { to: string; accountName: string; joinUrl: string }[] = [];
vi.mock('./invitation.mail', async (importOriginal) => {
  const original = await importOriginal<typeof import('./invitation.mail')>();
  return {
    sendInvitationEmail: async (...args: Parameters<typeof original.sendInvitationEmail>) => {
      sent.push(args[1]);
      await original.sendInvitationEmail(...args);
    },
  };
});

type List = { records: AccountUser[]; metadata: { page: number; pageSize: number; pageCount: number; totalCount: number } };
type ErrorBody = { detail: string; code?: string; errors?: Record<string, string> };

let ctx: TestContext;
let demoId: number;
let otherId: number;
const tokens: Record<string, string> = {};
/** ID token of a demo user (@example.com) or of a user made here (@example.org, TEST_PASSWORD). */
const token = async (email: string) => (tokens[email] ??= await ctx.signIn(email, email.endsWith('@example.org') ? TEST_PASSWORD : undefined));

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://vidbot.test' });
  demoId = await demoAccountId(ctx);
  otherId = await createAccount(ctx, 'Other Oy');
  await createUser(ctx, 'other-owner@example.org', { roles: [[otherId, 'Owner']] });
  await createUser(ctx, 'reseller@example.org', { isReseller: true, roles: [[demoId, 'Reseller']] });
  await createUser(ctx, 'cs@example.org', { isCustomerSuccess: true });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  sent.length = 0;
});

const lastLink = () => {
  const mail = sent.at(-1);
  if (!mail) throw new Error('no invitation e-mail was sent');
  return new URL(mail.joinUrl);
};

async function invite(email: string, role = 'Editor', by = 'owner@example.com', accountId = demoId) {
  return ctx.call('POST', `/api/account/${accountId}/user`, { token: await token(by), body: { email, role } });
}

describe('GET /account/{accountId}/user', () => {
  it('lists members with role and status for Owner, Admin, Reseller and staff', async () => {
    for (const who of ['owner@example.com', 'admin@example.com', 'reseller@example.org', 'superadmin@example.com', 'cs@example.org']) {
      const res = await ctx.call('GET', `/api/account/${demoId}/user?page=1&size=1000`, { token: await token(who) });
      expect(res.status, who).toBe(200);
      const list = (await res.json()) as List;
      expect(list.records.find((r) => r.email === 'viewer@example.com')).toMatchObject({ role: 'Viewer', status: 'Active', external: false });
      expect(list.metadata).toMatchObject({ page: 1, pageSize: 1000 });
      expect(list.records[0]).not.toHaveProperty('srpVerifier');
    }
  });

  it('pages (size default 10, max 1000) and refuses bad queries with 422', async () => {
    const res = await ctx.call('GET', `/api/account/${demoId}/user?size=2&page=2`, { token: await token('owner@example.com') });
    const list = (await res.json()) as List;
    expect(list.records).toHaveLength(2);
    expect(list.metadata.totalCount).toBeGreaterThanOrEqual(5);
    expect(list.metadata.pageCount).toBe(Math.ceil(list.metadata.totalCount / 2));
    const bad = await ctx.call('GET', `/api/account/${demoId}/user?size=1001`, { token: await token('owner@example.com') });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).errors).toHaveProperty('size');
  });

  it('refuses Editor and Viewer (403) and other accounts (404)', async () => {
    expect((await ctx.call('GET', `/api/account/${demoId}/user`, { token: await token('editor@example.com') })).status).toBe(403);
    expect((await ctx.call('GET', `/api/account/${demoId}/user`, { token: await token('viewer@example.com') })).status).toBe(403);
    expect((await ctx.call('GET', `/api/account/${otherId}/user`, { token: await token('owner@example.com') })).status).toBe(404);
    expect((await ctx.call('GET', `/api/account/999999/user`, { token: await token('superadmin@example.com') })).status).toBe(404);
    const superadmin = await token('superadmin@example.com');
    expect((await ctx.call('GET', '/api/account/x/user', { token: superadmin })).status).toBe(404);
    const badUser = await ctx.call('DELETE', `/api/account/${demoId}/user/x`, { token: superadmin });
    expect(badUser.status).toBe(404);
    expect(((await badUser.json()) as ErrorBody).detail).toBe('Member not found.');
  });
});

describe('POST /account/{accountId}/user (invite) and the join with a token', () => {
  it('creates the user without a password, adds an Invited role and e-mails a join link with a token', async () => {
    const res = await invite('New.Person@Example.org', 'Editor');
    expect(res.status).toBe(201);
    const member = (await res.json()) as AccountUser;
    expect(member).toMatchObject({ email: 'new.person@example.org', role: 'Editor', status: 'Invited' });
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(user?.srpVerifier).toBeNull();

    const link = lastLink();
    expect(sent.at(-1)).toMatchObject({ to: 'new.person@example.org', accountName: 'Demo' });
    expect(link.origin + link.pathname).toBe('https://vidbot.test/join-team');
    // The real e-mail is in the outbox with the link.
    const outbox = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'new.person@example.org'));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: 'invitation' });
    expect(outbox[0]?.text).toContain(sent.at(-1)!.joinUrl);
    expect(link.searchParams.get('email')).toBe('new.person@example.org');
    expect(link.searchParams.get('accountid')).toBe(String(demoId));
    expect(link.searchParams.get('roleid')).toBe(String(member.roleId));
    expect(link.searchParams.get('userid')).toBe(String(member.id));
    expect(link.searchParams.get('account_name')).toBe('Demo');
    const t = link.searchParams.get('token') ?? '';
    expect(t.length).toBeGreaterThanOrEqual(40);
    // Only a hash is stored.
    const rows = await ctx.deps.db.select().from(invitationTokens).where(eq(invitationTokens.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(t);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeGreaterThan(13 * 24 * 3600 * 1000);

    // The invited role is not yet usable.
    expect((await ctx.call('GET', `/api/account/${demoId}/user`, { token: await token('owner@example.com') })).status).toBe(200);

    // Token info for the join page (no sign-in).
    const info = await ctx.call('GET', `/api/auth/invitation?token=${encodeURIComponent(t)}`);
    expect(info.status).toBe(200);
    expect((await info.json()) as InvitationInfo).toMatchObject({
      email: 'new.person@example.org',
      userId: member.id,
      accountId: demoId,
      accountName: 'Demo',
      accountPublicId: 'demo',
      roleId: member.roleId,
      role: 'Editor',
      hasPassword: false,
    });

    const body = { firstName: 'New', lastName: 'Person', email: 'new.person@example.org', password: 'Joined-pass-1', token: t, accountId: demoId };
    // Password policy → 422 with a field message; the token survives.
    const weak = await ctx.call('POST', '/api/auth/join', { body: { ...body, password: 'short' } });
    expect(weak.status).toBe(422);
    expect(((await weak.json()) as ErrorBody).errors?.password).toMatch(/not long enough/);
    const noUpper = await ctx.call('POST', '/api/auth/join', { body: { ...body, password: 'lowercase-1' } });
    expect(((await noUpper.json()) as ErrorBody).errors?.password).toMatch(/uppercase/);
    // Wrong e-mail and wrong account → 422.
    const wrongEmail = await ctx.call('POST', '/api/auth/join', { body: { ...body, email: 'someone@example.org' } });
    expect(wrongEmail.status).toBe(422);
    expect(((await wrongEmail.json()) as ErrorBody).errors).toHaveProperty('email');
    const wrongAccount = await ctx.call('POST', '/api/auth/join', { body: { ...body, accountId: otherId } });
    expect(wrongAccount.status).toBe(422);
    expect(((await wrongAccount.json()) as ErrorBody).errors).toHaveProperty('accountId');
    // Missing fields and unknown keys → 422.
    const missing = await ctx.call('POST', '/api/auth/join', { body: { token: t } });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as ErrorBody).errors).toMatchObject({ firstName: 'firstName is required.', password: 'password is required.' });
    expect((await ctx.call('POST', '/api/auth/join', { body: { ...body, isSuperuser: true } })).status).toBe(422);

    const joined = await ctx.call('POST', '/api/auth/join', { body: { ...body, email: 'NEW.person@example.org ' } });
    expect(joined.status).toBe(200);
    expect((await joined.json()) as JoinResult).toMatchObject({ userId: member.id, accountId: demoId, accountPublicId: 'demo', role: 'Editor', status: 'Active' });

    // The new password signs in; the role is Active; the user can use the account.
    const idToken = await ctx.signIn('new.person@example.org', 'Joined-pass-1');
    const me = (await (await ctx.call('GET', '/api/user/me', { token: idToken })).json()) as { firstName: string; lastName: string; roles: { status: string }[] };
    expect(me).toMatchObject({ firstName: 'New', lastName: 'Person', roles: [{ status: 'Active' }] });
    expect((await ctx.call('GET', `/api/bot?account_id=${demoId}`, { token: idToken })).status).toBe(200);

    // Single use: the token is gone for the info call and for a second join.
    expect((await ctx.call('GET', `/api/auth/invitation?token=${encodeURIComponent(t)}`)).status).toBe(404);
    const again = await ctx.call('POST', '/api/auth/join', { body: { ...body, password: 'Another-pass-2' } });
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).code).toBe('invitationInvalid');
    await expect(ctx.signIn('new.person@example.org', 'Another-pass-2')).rejects.toThrow();
  });

  it('consumes a token once when two joins race', async () => {
    await invite('race@example.org', 'Viewer');
    const t = lastLink().searchParams.get('token') ?? '';
    const body = (password: string) => ({ firstName: 'R', lastName: 'Ace', email: 'race@example.org', password, token: t, accountId: demoId });
    const results = await Promise.all([
      ctx.call('POST', '/api/auth/join', { body: body('Racer-one-1') }),
      ctx.call('POST', '/api/auth/join', { body: body('Racer-two-2') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = results[0]!.status === 200 ? 'Racer-one-1' : 'Racer-two-2';
    const loser = winner === 'Racer-one-1' ? 'Racer-two-2' : 'Racer-one-1';
    expect(await ctx.signIn('race@example.org', winner)).toBeTruthy();
    await expect(ctx.signIn('race@example.org', loser)).rejects.toThrow();
  });

  it('answers 404 for an unknown or expired token and 422 without one', async () => {
    expect((await ctx.call('GET', '/api/auth/invitation?token=nope')).status).toBe(404);
    expect((await ctx.call('GET', '/api/auth/invitation')).status).toBe(422);
    await invite('expired@example.org', 'Viewer');
    const t = lastLink().searchParams.get('token') ?? '';
    const userId = await userIdByEmail(ctx, 'expired@example.org');
    await ctx.deps.db.update(invitationTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitationTokens.userId, userId));
    expect((await ctx.call('GET', `/api/auth/invitation?token=${encodeURIComponent(t)}`)).status).toBe(404);
    const res = await ctx.call('POST', '/api/auth/join', {
      body: { firstName: 'E', lastName: 'X', email: 'expired@example.org', password: 'Expired-pass-1', token: t, accountId: demoId },
    });
    expect(res.status).toBe(404);
  });

  it('invites an existing user who can sign in with a link without a token; they Join by role id', async () => {
    await createUser(ctx, 'existing@example.org', { roles: [[otherId, 'Editor']] });
    const res = await invite('existing@example.org', 'Viewer');
    expect(res.status).toBe(201);
    const member = (await res.json()) as AccountUser;
    expect(member).toMatchObject({ role: 'Viewer', status: 'Invited' });
    const link = lastLink();
    expect(link.searchParams.has('token')).toBe(false);
    expect(link.searchParams.get('roleid')).toBe(String(member.roleId));

    const own = await ctx.signIn('existing@example.org', TEST_PASSWORD);
    // While Invited, the account is not usable.
    expect((await ctx.call('GET', `/api/bot?account_id=${demoId}`, { token: own })).status).toBe(404);
    // Another user may not join for them (403); staff may; a role of another user → 404.
    const byOther = await ctx.call('PUT', `/api/user/${member.id}/role/${member.roleId}`, { token: await token('editor@example.com'), body: { status: 'Active' } });
    expect(byOther.status).toBe(403);
    const wrongRole = await ctx.call('PUT', `/api/user/${member.id}/role/1`, { token: own, body: { status: 'Active' } });
    expect(wrongRole.status).toBe(404);
    expect((await ctx.call('PUT', `/api/user/${member.id}/role/${member.roleId}`, { token: own, body: { status: 'Invited' } })).status).toBe(422);

    const joined = await ctx.call('PUT', `/api/user/${member.id}/role/${member.roleId}`, { token: own, body: { status: 'Active' } });
    expect(joined.status).toBe(200);
    expect((await joined.json()) as Role).toEqual({ id: member.roleId, userId: member.id, accountId: demoId, role: 'Viewer', status: 'Active' });
    expect((await ctx.call('GET', `/api/bot?account_id=${demoId}`, { token: own })).status).toBe(200);
  });

  it('lets staff activate a role for a user', async () => {
    await invite('staffjoin@example.org', 'Viewer');
    const member = (await (await ctx.call('GET', `/api/account/${demoId}/user?size=1000`, { token: await token('owner@example.com') })).json()) as List;
    const row = member.records.find((r) => r.email === 'staffjoin@example.org')!;
    const res = await ctx.call('PUT', `/api/user/${row.id}/role/${row.roleId}`, { token: await token('cs@example.org'), body: { status: 'Active' } });
    expect(res.status).toBe(200);
    // Joining another way retires the token.
    const t = lastLink().searchParams.get('token') ?? '';
    expect((await ctx.call('GET', `/api/auth/invitation?token=${encodeURIComponent(t)}`)).status).toBe(404);
  });

  it('refuses a user who already has a password on the sign-up (409) — they sign in and Join', async () => {
    await invite('haspw@example.org', 'Viewer');
    const t = lastLink().searchParams.get('token') ?? '';
    const userId = await userIdByEmail(ctx, 'haspw@example.org');
    const creds = ctx.deps.idp.createCredentials((await ctx.deps.db.select().from(users).where(eq(users.id, userId)))[0]!.username, 'Set-else-1');
    await ctx.deps.db.update(users).set(creds).where(eq(users.id, userId));
    const info = (await (await ctx.call('GET', `/api/auth/invitation?token=${encodeURIComponent(t)}`)).json()) as InvitationInfo;
    expect(info.hasPassword).toBe(true);
    const res = await ctx.call('POST', '/api/auth/join', {
      body: { firstName: 'H', lastName: 'P', email: 'haspw@example.org', password: 'Takeover-1', token: t, accountId: demoId },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).code).toBe('userHasPassword');
    await expect(ctx.signIn('haspw@example.org', 'Takeover-1')).rejects.toThrow();
  });

  it('answers 409, not 500, when the same new e-mail is invited twice at once', async () => {
    const results = await Promise.all([invite('twice@example.org', 'Editor'), invite('twice@example.org', 'Viewer')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const id = await userIdByEmail(ctx, 'twice@example.org');
    expect(await ctx.deps.db.select().from(roles).where(and(eq(roles.userId, id), eq(roles.accountId, demoId)))).toHaveLength(1);
  });

  it('enforces who may invite and which roles', async () => {
    expect((await invite('v1@example.org', 'Editor', 'viewer@example.com')).status).toBe(403);
    expect((await invite('v1@example.org', 'Editor', 'editor@example.com')).status).toBe(403);
    expect((await invite('v1@example.org', 'Editor', 'owner@example.com', otherId)).status).toBe(404);
    expect((await invite('v1@example.org', 'Reseller', 'owner@example.com')).status).toBe(403);
    expect((await invite('v1@example.org', 'Owner', 'owner@example.com')).status).toBe(422);
    const bad = await invite('not-an-email', 'Editor');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).errors).toHaveProperty('email');
    expect(sent).toHaveLength(0);
    // Admin, Reseller and staff may; a superuser may invite a Reseller.
    expect((await invite('a1@example.org', 'Admin', 'admin@example.com')).status).toBe(201);
    expect((await invite('r1@example.org', 'Viewer', 'reseller@example.org')).status).toBe(201);
    expect((await invite('s1@example.org', 'Reseller', 'superadmin@example.com')).status).toBe(201);
    expect((await invite('c1@example.org', 'Editor', 'cs@example.org', otherId)).status).toBe(201);
    // A member already in the account → 409.
    const dup = await invite('editor@example.com', 'Viewer');
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as ErrorBody).code).toBe('alreadyMember');
  });
});

describe('POST /account/{accountId}/user/resend-invitation', () => {
  it('retires the old token, sends a new link and may change the invited role', async () => {
    await invite('resend@example.org', 'Editor');
    const first = lastLink().searchParams.get('token') ?? '';
    const res = await ctx.call('POST', `/api/account/${demoId}/user/resend-invitation`, {
      token: await token('admin@example.com'),
      body: { accountId: demoId, role: 'Viewer', userEmail: 'resend@example.org' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()) as AccountUser).toMatchObject({ email: 'resend@example.org', role: 'Viewer', status: 'Invited' });
    const second = lastLink().searchParams.get('token') ?? '';
    expect(second).not.toBe(first);
    expect((await ctx.call('GET', `/api/auth/invitation?token=${encodeURIComponent(first)}`)).status).toBe(404);
    const info = (await (await ctx.call('GET', `/api/auth/invitation?token=${encodeURIComponent(second)}`)).json()) as InvitationInfo;
    expect(info.role).toBe('Viewer');
  });

  it('refuses: Active member 409, unknown member 404, accountId mismatch 422, Editor 403, other account 404', async () => {
    const call = async (body: unknown, who = 'owner@example.com', accountId = demoId) =>
      ctx.call('POST', `/api/account/${accountId}/user/resend-invitation`, { token: await token(who), body });
    const active = await call({ accountId: demoId, role: 'Viewer', userEmail: 'viewer@example.com' });
    expect(active.status).toBe(409);
    expect((await call({ accountId: demoId, role: 'Viewer', userEmail: 'nobody@example.org' })).status).toBe(404);
    expect((await call({ accountId: otherId, role: 'Viewer', userEmail: 'resend@example.org' })).status).toBe(422);
    expect((await call({ accountId: demoId, role: 'Viewer', userEmail: 'resend@example.org' }, 'editor@example.com')).status).toBe(403);
    expect((await call({ accountId: otherId, role: 'Viewer', userEmail: 'resend@example.org' }, 'owner@example.com', otherId)).status).toBe(404);
    expect(sent).toHaveLength(0);
  });

  it("resends an invited Owner's invitation as Owner, and neither makes nor unmakes an Owner", async () => {
    const acc = await createAccount(ctx, 'Owner Resend Oy');
    await createUser(ctx, 'invited-owner@example.org', { roles: [[acc, 'Owner', 'Invited']] });
    await createUser(ctx, 'invited-viewer@example.org', { roles: [[acc, 'Viewer', 'Invited']] });
    const call = async (role: string, userEmail: string) =>
      ctx.call('POST', `/api/account/${acc}/user/resend-invitation`, { token: await token('superadmin@example.com'), body: { accountId: acc, role, userEmail } });
    const ok = await call('Owner', 'invited-owner@example.org');
    expect(ok.status).toBe(200);
    expect((await ok.json()) as AccountUser).toMatchObject({ email: 'invited-owner@example.org', role: 'Owner', status: 'Invited' });
    expect(sent.map((m) => m.to)).toEqual(['invited-owner@example.org']);
    expect((await call('Viewer', 'invited-owner@example.org')).status).toBe(403);
    expect((await call('Owner', 'invited-viewer@example.org')).status).toBe(403);
  });
});

describe('PUT /account/{accountId}/user/{userId}/role and DELETE /account/{accountId}/user/{userId}', () => {
  it('changes roles within the rules of spec 000 §6', async () => {
    const target = await createUser(ctx, 'target@example.org', { roles: [[demoId, 'Viewer']] });
    const put = async (role: string, who: string, userId = target, accountId = demoId) =>
      ctx.call('PUT', `/api/account/${accountId}/user/${userId}/role`, { token: await token(who), body: { role } });
    const ok = await put('Editor', 'admin@example.com');
    expect(ok.status).toBe(200);
    expect((await ok.json()) as AccountUser).toMatchObject({ id: target, role: 'Editor', status: 'Active' });
    expect((await put('Admin', 'editor@example.com')).status).toBe(403);
    expect((await put('Admin', 'reseller@example.org')).status).toBe(403);
    expect((await put('Reseller', 'owner@example.com')).status).toBe(403);
    expect((await put('Admin', 'owner@example.com', target, otherId)).status).toBe(404);
    expect((await put('Viewer', 'admin@example.com', await userIdByEmail(ctx, 'admin@example.com'))).status).toBe(403);
    // An Owner's role: superusers only; never leaving the account without an Owner.
    const ownerId = await userIdByEmail(ctx, 'owner@example.com');
    expect((await put('Admin', 'admin@example.com', ownerId)).status).toBe(403);
    const last = await put('Admin', 'superadmin@example.com', ownerId);
    expect(last.status).toBe(409);
    expect((await put('Boss', 'owner@example.com')).status).toBe(422);
    expect((await put('Viewer', 'owner@example.com', 999999)).status).toBe(404);
  });

  it('removes members within the rules, keeping the last Owner', async () => {
    const viewer = await createUser(ctx, 'gone-viewer@example.org', { roles: [[demoId, 'Viewer']] });
    const admin2 = await createUser(ctx, 'admin2@example.org', { roles: [[demoId, 'Admin']] });
    const del = async (userId: number, who: string, accountId = demoId) =>
      ctx.call('DELETE', `/api/account/${accountId}/user/${userId}`, { token: await token(who) });
    expect((await del(viewer, 'editor@example.com')).status).toBe(403);
    expect((await del(viewer, 'owner@example.com', otherId)).status).toBe(404);
    expect((await del(admin2, 'admin@example.com')).status).toBe(403);
    expect((await del(viewer, 'admin@example.com')).status).toBe(204);
    expect((await del(viewer, 'admin@example.com')).status).toBe(404);
    expect(await ctx.deps.db.select().from(roles).where(and(eq(roles.userId, viewer), eq(roles.accountId, demoId)))).toHaveLength(0);
    // The user row stays.
    expect(await ctx.deps.db.select().from(users).where(eq(users.id, viewer))).toHaveLength(1);
    expect((await del(admin2, 'owner@example.com')).status).toBe(204);
    const last = await del(await userIdByEmail(ctx, 'owner@example.com'), 'superadmin@example.com');
    expect(last.status).toBe(409);
    expect(((await last.json()) as ErrorBody).code).toBe('lastOwner');
  });

  it('removing an invited member invalidates their join link', async () => {
    await invite('revoked@example.org', 'Editor');
    const t = lastLink().searchParams.get('token') ?? '';
    const id = await userIdByEmail(ctx, 'revoked@example.org');
    expect((await ctx.call('DELETE', `/api/account/${demoId}/user/${id}`, { token: await token('owner@example.com') })).status).toBe(204);
    expect((await ctx.call('GET', `/api/auth/invitation?token=${encodeURIComponent(t)}`)).status).toBe(404);
  });
});
