/**
 * User profiles and administration (spec 000 §5 "Profile", §6 "User management", §7 "Global and
 * users") on PGlite and PostgreSQL: read/patch rules, /me/account, staff lists, set-password,
 * resellers, and their audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { auditEvents, emailOutbox, idpRefreshTokens, roles, users } from '../../db/schema';
import type { User } from './user.schemas';

let ctx: TestContext;
let demoId: number;
let otherId: number;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  otherId = await createAccount(ctx, 'Other Oy');
  id.stranger = await createUser(ctx, 'stranger@example.org', { roles: [[otherId, 'Owner'], [demoId, 'Viewer', 'Invited']] });
  id.cs = await createUser(ctx, 'cs@example.org', { isCustomerSuccess: true });
  for (const e of ['superadmin', 'owner', 'admin', 'editor', 'viewer']) {
    tok[e] = await ctx.signIn(`${e}@example.com`);
    id[e] = await userIdByEmail(ctx, `${e}@example.com`);
  }
  tok.stranger = await ctx.signIn('stranger@example.org', TEST_PASSWORD);
  tok.cs = await ctx.signIn('cs@example.org', TEST_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const json = async <T>(res: Response, status: number): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
type List<T> = { records: T[]; metadata: { totalCount: number; page: number; pageSize: number } };

describe('GET /user/{userId}', () => {
  it('shows oneself, shared-account members (roles narrowed) and everyone to staff', async () => {
    expect((await json<User>(await ctx.call('GET', `/api/user/${id.viewer}`, { token: tok.viewer }), 200)).email).toBe('viewer@example.com');
    const seen = await json<User>(await ctx.call('GET', `/api/user/${id.stranger}`, { token: tok.editor }), 200);
    expect(seen.roles.map((r) => r.accountId)).toEqual([demoId]);
    const staff = await json<User>(await ctx.call('GET', `/api/user/${id.stranger}`, { token: tok.cs }), 200);
    expect(staff.roles.map((r) => r.accountId).sort()).toEqual([demoId, otherId].sort());
    expect(staff).not.toHaveProperty('srpVerifier');
  });

  it('answers 404 to a user sharing no Active account, and for unknown ids', async () => {
    // stranger's demo role is Invited: they do not see demo members
    expect((await ctx.call('GET', `/api/user/${id.owner}`, { token: tok.stranger })).status).toBe(404);
    expect((await ctx.call('GET', '/api/user/999999', { token: tok.superadmin })).status).toBe(404);
    const bad = await ctx.call('GET', '/api/user/abc', { token: tok.superadmin });
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ detail: 'User not found.' });
  });
});

describe('PATCH /user/me and /user/{userId}', () => {
  it('updates one\'s own profile with an audit row', async () => {
    const me = await json<User>(await ctx.call('PATCH', '/api/user/me', { token: tok.editor, body: { firstName: ' Ed ', lastName: 'Itor', language: 'fi', phoneNumber: '+358 1', email: 'EDITOR@example.com' } }), 200);
    expect(me).toMatchObject({ firstName: 'Ed', lastName: 'Itor', language: 'fi', phoneNumber: '+358 1', email: 'editor@example.com' });
    const [a] = await ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'user.update'), eq(auditEvents.targetId, id.editor!)));
    expect(a).toMatchObject({ actorUserId: id.editor, accountId: null });
    expect((a!.details.fields as string[]).sort()).toEqual(['firstName', 'language', 'lastName', 'phoneNumber']);
    await json<User>(await ctx.call('PATCH', '/api/user/me', { token: tok.editor, body: {} }), 200);
    expect(await ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'user.update'), eq(auditEvents.targetId, id.editor!)))).toHaveLength(1);
    const cleared = await json<User>(await ctx.call('PATCH', `/api/user/${id.editor}`, { token: tok.editor, body: { phoneNumber: '' } }), 200);
    expect(cleared.phoneNumber).toBeNull();
  });

  it('refuses bad bodies, others\' profiles for non-staff (403/404), e-mail changes for non-superusers', async () => {
    const bad = await json<{ errors: Record<string, string> }>(await ctx.call('PATCH', '/api/user/me', { token: tok.viewer, body: { firstName: '', language: 'sv', isSuperuser: true } }), 422);
    expect(Object.keys(bad.errors).sort()).toEqual(['firstName', 'isSuperuser', 'language']);
    expect((await ctx.call('PATCH', `/api/user/${id.editor}`, { token: tok.owner, body: { firstName: 'X' } })).status).toBe(403);
    expect((await ctx.call('PATCH', `/api/user/${id.editor}`, { token: tok.stranger, body: { firstName: 'X' } })).status).toBe(404);
    expect((await ctx.call('PATCH', '/api/user/me', { token: tok.viewer, body: { email: 'v2@example.com' } })).status).toBe(403);
    expect((await ctx.call('PATCH', `/api/user/${id.viewer}`, { token: tok.cs, body: { email: 'v2@example.com' } })).status).toBe(403);
    expect((await json<User>(await ctx.call('PATCH', `/api/user/${id.viewer}`, { token: tok.cs, body: { lastName: 'Seen' } }), 200)).lastName).toBe('Seen');
    expect((await ctx.call('PATCH', `/api/user/${id.viewer}`, { token: tok.superadmin, body: { email: 'owner@example.com' } })).status).toBe(409);
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, id.editor!));
    expect(u!.firstName).toBe('Ed');
  });
});

describe('GET /user/me/account', () => {
  it('lists accounts with Active and Invited roles', async () => {
    const l = await json<List<{ id: number; role: string; roleStatus: string }>>(await ctx.call('GET', '/api/user/me/account', { token: tok.stranger }), 200);
    expect(l.records.map((r) => [r.id, r.role, r.roleStatus])).toEqual([[demoId, 'Viewer', 'Invited'], [otherId, 'Owner', 'Active']]);
    expect((await json<List<unknown>>(await ctx.call('GET', '/api/user/me/account', { token: tok.superadmin }), 200)).records).toEqual([]);
  });
});

describe('GET /user/all-users', () => {
  it('lists users for staff with email search and paging; 403 for others', async () => {
    const l = await json<List<User>>(await ctx.call('GET', '/api/user/all-users?email=EXAMPLE.COM&size=2&page=2', { token: tok.superadmin }), 200);
    expect(l.metadata).toMatchObject({ totalCount: 5, page: 2, pageSize: 2 });
    expect(l.records.map((u) => u.email)).toEqual(['admin@example.com', 'editor@example.com']);
    expect((await ctx.call('GET', '/api/user/all-users', { token: tok.cs })).status).toBe(200);
    expect((await ctx.call('GET', '/api/user/all-users', { token: tok.owner })).status).toBe(403);
    expect((await ctx.call('GET', '/api/user/all-users?size=0', { token: tok.superadmin })).status).toBe(422);
  });
});

describe('PATCH /user/{userId}/set-password', () => {
  it('lets a superuser set a policy-conforming password and revokes refresh tokens', async () => {
    const uid = await createUser(ctx, 'pw@example.org');
    await ctx.signIn('pw@example.org', TEST_PASSWORD);
    expect((await ctx.call('PATCH', `/api/user/${uid}/set-password`, { token: tok.cs, body: { password: 'Newpass-123' } })).status).toBe(403);
    const weak = await json<{ errors: Record<string, string> }>(await ctx.call('PATCH', `/api/user/${uid}/set-password`, { token: tok.superadmin, body: { password: 'weakpass' } }), 422);
    expect(weak.errors.password).toMatch(/policy/);
    expect((await ctx.call('PATCH', `/api/user/${uid}/set-password`, { token: tok.superadmin, body: { password: 'Newpass-123', userId: uid + 1 } })).status).toBe(422);
    await json(await ctx.call('PATCH', `/api/user/${uid}/set-password`, { token: tok.superadmin, body: { password: 'Newpass-123', userId: uid } }), 200);
    await expect(ctx.signIn('pw@example.org', TEST_PASSWORD)).rejects.toThrow();
    expect(await ctx.signIn('pw@example.org', 'Newpass-123')).toEqual(expect.any(String));
    const live = await ctx.deps.db.select().from(idpRefreshTokens).where(and(eq(idpRefreshTokens.userId, uid), isNull(idpRefreshTokens.revokedAt)));
    expect(live).toHaveLength(1); // only the sign-in after the change
    const audit = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.type, 'user.set_password'));
    expect(audit.map((a) => a.targetId)).toEqual([uid]);
    expect(JSON.stringify(audit[0]!.details)).not.toContain('Newpass');
    await ctx.deps.db.update(users).set({ external: true }).where(eq(users.id, uid));
    expect((await ctx.call('PATCH', `/api/user/${uid}/set-password`, { token: tok.superadmin, body: { password: 'Newpass-456' } })).status).toBe(422);
    expect((await ctx.call('PATCH', '/api/user/999999/set-password', { token: tok.superadmin, body: { password: 'Newpass-456' } })).status).toBe(404);
  });
});

describe('resellers', () => {
  it('adds a new user as reseller with a temporary password e-mail, an existing one with a notice', async () => {
    const created = await json<User>(await ctx.call('POST', '/api/user/resellers', { token: tok.superadmin, body: { email: 'New.Reseller@example.org' } }), 201);
    expect(created).toMatchObject({ email: 'new.reseller@example.org', isReseller: true });
    const [mail] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'new.reseller@example.org'));
    expect(mail!.kind).toBe('temporary-password');
    const pw = /Temporary password: (\S+)/.exec(mail!.text)?.[1];
    expect(pw).toBeDefined();
    const existing = await json<User>(await ctx.call('POST', '/api/user/resellers', { token: tok.superadmin, body: { email: 'admin@example.com' } }), 200);
    expect(existing.isReseller).toBe(true);
    expect((await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'admin@example.com'))).map((m) => m.kind)).toEqual(['reseller']);
    expect((await ctx.call('POST', '/api/user/resellers', { token: tok.superadmin, body: { email: 'admin@example.com' } })).status).toBe(409);
    expect((await ctx.call('POST', '/api/user/resellers', { token: tok.cs, body: { email: 'x@example.org' } })).status).toBe(403);
    expect((await ctx.call('POST', '/api/user/resellers', { token: tok.superadmin, body: { email: 'nope' } })).status).toBe(422);
  });

  it('lists resellers for staff; deletes a reseller and their Reseller roles (superuser)', async () => {
    const rid = await createUser(ctx, 'res2@example.org', { isReseller: true, roles: [[otherId, 'Reseller'], [demoId, 'Editor']] });
    const l = await json<List<User>>(await ctx.call('GET', '/api/user/resellers?email=res2', { token: tok.cs }), 200);
    expect(l.records.map((u) => u.id)).toEqual([rid]);
    expect((await ctx.call('GET', '/api/user/resellers', { token: tok.admin })).status).toBe(403);
    expect((await ctx.call('POST', `/api/user/resellers/${rid}`, { token: tok.cs })).status).toBe(403);
    const after = await json<User>(await ctx.call('POST', `/api/user/resellers/${rid}`, { token: tok.superadmin }), 200);
    expect(after.isReseller).toBe(false);
    expect(after.roles.map((r) => r.role)).toEqual(['Editor']);
    expect((await ctx.call('POST', `/api/user/resellers/${rid}`, { token: tok.superadmin })).status).toBe(404);
    const ev = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.type, 'reseller.remove'));
    expect(ev[0]).toMatchObject({ targetId: rid, details: { removedFromAccounts: [otherId] } });
    expect((await ctx.deps.db.select().from(roles).where(eq(roles.userId, rid))).length).toBe(1);
  });
});
