/**
 * Audit log (spec 002 §2 audit-log tab, §3 Audit event, §6 "Tags and audit log: Super_Admin, Owner,
 * Admin") on PGlite and PostgreSQL: mutations write rows in their own transaction (a refused change
 * writes none), and GET /audit-log access rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { eq } from 'drizzle-orm';
import { media } from '../../db/schema';
import type { AuditEvent } from './audit';

let ctx: TestContext;
let demoId: number;
let otherId: number;
const tok: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  otherId = await createAccount(ctx, 'Other Oy');
  await createUser(ctx, 'other@example.org', { roles: [[otherId, 'Owner']] });
  await createUser(ctx, 'cs@example.org', { isCustomerSuccess: true });
  await createUser(ctx, 'reseller@example.org', { isReseller: true, roles: [[demoId, 'Reseller']] });
  for (const e of ['superadmin', 'owner', 'admin', 'editor', 'viewer']) tok[e] = await ctx.signIn(`${e}@example.com`);
  for (const e of ['other', 'cs', 'reseller']) tok[e] = await ctx.signIn(`${e}@example.org`, TEST_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

type Page = { records: AuditEvent[]; metadata: { totalCount: number } };
const log = async (token: string | undefined, q: string, status = 200): Promise<Page> => {
  const res = await ctx.call('GET', `/api/audit-log?${q}`, { token });
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as Page;
};

describe('audit rows of bot mutations', () => {
  it('records create, save and publish with actor and target; a refused publish leaves nothing', async () => {
    const created = await ctx.call('POST', '/api/bot', { token: tok.editor, body: { accountId: demoId, name: 'Audited bot' } });
    const bot = (await created.json()) as { id: number };
    // a save + publish without an INTRO slide fails as a whole (422): neither row is written
    const failed = await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: tok.editor, body: { content: { slides: [] }, status: 'Published' } });
    expect(failed.status).toBe(422);
    await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: tok.editor, body: { name: 'Audited bot 2' } });
    const page = await log(tok.owner, `account_id=${demoId}`);
    expect(page.records.map((r) => r.type)).toEqual(['bot.update', 'bot.create']);
    expect(page.records[1]).toMatchObject({
      accountId: demoId,
      userId: await userIdByEmail(ctx, 'editor@example.com'),
      userName: 'Eddie Editor',
      userEmail: 'editor@example.com',
      target: 'bot',
      targetId: bot.id,
      targetName: 'Audited bot',
    });
    expect(page.records[0]).toMatchObject({ targetName: 'Audited bot 2', details: { fields: ['name'], previousName: 'Audited bot' } });
    expect(typeof page.records[0]!.createdAt).toBe('string');
  });
});

describe('audit rows of SSO and media-replacement mutations', () => {
  it('records sso.create / sso.update / sso.provision (no secrets) and media.replace_start', async () => {
    const created = await ctx.call('POST', '/api/sso/config', { token: tok.superadmin, body: { name: 'Audit SSO', domain: 'audit-sso.example', provider: 'AuditIdp' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await ctx.call('PATCH', `/api/sso/config/${id}`, { token: tok.superadmin, body: { status: 'disabled', clientSecret: 'top-secret-value' } })).status).toBe(200);
    expect((await ctx.call('POST', `/api/sso/config/${id}/provision`, { token: tok.superadmin, body: { accountId: demoId, defaultRole: 'Editor' } })).status).toBe(201);
    const all = await log(tok.superadmin, 'size=100');
    const sso = all.records.filter((r) => r.type.startsWith('sso.'));
    expect(sso.map((r) => [r.type, r.targetId, r.accountId])).toEqual([
      ['sso.provision', id, demoId],
      ['sso.update', id, null],
      ['sso.create', id, null],
    ]);
    expect(JSON.stringify(sso)).not.toContain('top-secret-value');
    expect(sso[1]!.details).toEqual({ fields: ['status', 'clientSecretEnc'] });

    const m = (await (await ctx.call('POST', '/api/media', { token: tok.editor, body: { type: 'SlideImage', name: 'To replace', accountId: demoId } })).json()) as { id: number };
    await ctx.deps.db.update(media).set({ status: 'Ready' }).where(eq(media.id, m.id));
    const started = await ctx.call('POST', `/api/media/${m.id}/replace`, { token: tok.editor });
    expect(started.status).toBe(201);
    const replacement = (await started.json()) as { id: number };
    const mine = await log(tok.owner, `account_id=${demoId}&size=100`);
    expect(mine.records.find((r) => r.type === 'media.replace_start')).toMatchObject({ targetId: m.id, targetName: 'To replace', details: { replacementId: replacement.id } });
    expect(mine.records.find((r) => r.type === 'media.create' && r.targetId === m.id)).toBeDefined();
  });
});

describe('audit rows of tags, and the type filter (issue 15)', () => {
  it('records tag.create and tag.update with the actor and both names; filters by type and resource prefix', async () => {
    const created = await ctx.call('POST', '/api/tag', { token: tok.admin, body: { name: 'Audited tag', account_id: demoId } });
    expect(created.status).toBe(201);
    const tag = (await created.json()) as { id: number };
    expect((await ctx.call('PATCH', `/api/tag/${tag.id}`, { token: tok.admin, body: { name: 'Renamed tag' } })).status).toBe(200);
    // a refused rename (duplicate name) writes nothing
    await ctx.call('POST', '/api/tag', { token: tok.admin, body: { name: 'Other tag', account_id: demoId } });
    expect((await ctx.call('PATCH', `/api/tag/${tag.id}`, { token: tok.admin, body: { name: 'other TAG' } })).status).toBe(400);

    const adminId = await userIdByEmail(ctx, 'admin@example.com');
    const tags = await log(tok.owner, `account_id=${demoId}&type=tag.&size=100`);
    expect(tags.records.map((r) => [r.type, r.targetName])).toEqual([
      ['tag.create', 'Other tag'],
      ['tag.update', 'Renamed tag'],
      ['tag.create', 'Audited tag'],
    ]);
    expect(tags.records[1]).toMatchObject({ userId: adminId, target: 'tag', targetId: tag.id, details: { previousName: 'Audited tag' } });
    expect(tags.metadata.totalCount).toBe(3);

    const updates = await log(tok.owner, `account_id=${demoId}&type=tag.update`);
    expect(updates.records.map((r) => r.targetName)).toEqual(['Renamed tag']);
    // a prefix matches whole resources only: `bot.` does not match `tag.*`, and the bot rows are all bot.*
    const bots = await log(tok.owner, `account_id=${demoId}&type=bot.&size=100`);
    expect(bots.records.length).toBeGreaterThan(0);
    expect(bots.records.every((r) => r.type.startsWith('bot.'))).toBe(true);
    // a type with no rows yet is an empty page, not an error
    expect((await log(tok.owner, `account_id=${demoId}&type=widget.`)).records).toEqual([]);
  });

  it('records the membership changes of an account (invite, resend, role change, remove) under user. and role.', async () => {
    const email = 'audited-member@example.org';
    const teamId = await createAccount(ctx, 'Members Oy');
    await createUser(ctx, 'members-owner@example.org', { roles: [[teamId, 'Owner']] });
    const owner = await ctx.signIn('members-owner@example.org', TEST_PASSWORD);
    const invited = await ctx.call('POST', `/api/account/${teamId}/user`, { token: owner, body: { email, role: 'Viewer' } });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const member = (await invited.json()) as { id: number };
    const resent = await ctx.call('POST', `/api/account/${teamId}/user/resend-invitation`, { token: owner, body: { accountId: teamId, role: 'Viewer', userEmail: email } });
    expect(resent.status, await resent.clone().text()).toBeLessThan(300);
    expect((await ctx.call('PUT', `/api/account/${teamId}/user/${member.id}/role`, { token: owner, body: { role: 'Editor' } })).status).toBe(200);
    expect((await ctx.call('DELETE', `/api/account/${teamId}/user/${member.id}`, { token: owner })).status).toBeLessThan(300);

    const users = await log(owner, `account_id=${teamId}&type=user.&size=100`);
    expect(users.records.map((r) => [r.type, r.targetName])).toEqual([
      ['user.remove', email],
      ['user.resendInvitation', email],
      ['user.invite', email],
    ]);
    const roles = await log(owner, `account_id=${teamId}&type=role.update`);
    expect(roles.records).toHaveLength(1);
    expect(roles.records[0]).toMatchObject({ target: 'user', targetId: member.id, targetName: email, details: { from: 'Viewer', to: 'Editor' }, userId: await userIdByEmail(ctx, 'members-owner@example.org') });
  });

  it('answers 422 errors.type for a type outside the catalogue', async () => {
    for (const bad of ['tag', 'tag.%', 'nope.create', 'tag.create.', '_ag.']) {
      const res = await ctx.call('GET', `/api/audit-log?account_id=${demoId}&type=${encodeURIComponent(bad)}`, { token: tok.owner });
      expect(res.status, bad).toBe(422);
      expect(Object.keys(((await res.json()) as { errors: Record<string, string> }).errors)).toEqual(['type']);
    }
    // the filter does not widen the rights
    await log(tok.editor, `account_id=${demoId}&type=tag.`, 403);
  });
});

describe('GET /audit-log', () => {
  it('lets Owner, Admin and staff read an account; others 403, non-members 404', async () => {
    expect((await log(tok.admin, `account_id=${demoId}`)).metadata.totalCount).toBeGreaterThan(0);
    expect((await log(tok.cs, `account_id=${demoId}`)).metadata.totalCount).toBeGreaterThan(0);
    await log(tok.editor, `account_id=${demoId}`, 403);
    await log(tok.viewer, `account_id=${demoId}`, 403);
    await log(tok.reseller, `account_id=${demoId}`, 403);
    await log(tok.other, `account_id=${demoId}`, 404);
    expect((await log(tok.other, `account_id=${otherId}`)).records).toEqual([]);
  });

  it('shows staff every event without account_id (staff-wide ones too); others 403', async () => {
    await ctx.call('POST', '/api/feature/flags', { token: tok.superadmin, body: { name: 'likes', flag_type: 'embed' } });
    const all = await log(tok.superadmin, 'size=100');
    expect(all.records.map((r) => r.type)).toContain('flag.create');
    expect(all.records.find((r) => r.type === 'flag.create')).toMatchObject({ accountId: null, target: 'flag', targetName: 'likes' });
    await log(tok.owner, '', 403);
  });

  it('pages newest first and validates the query', async () => {
    for (const n of ['A', 'B', 'C']) await ctx.call('POST', '/api/bot', { token: tok.other, body: { accountId: otherId, name: n } });
    const p1 = await log(tok.other, `account_id=${otherId}&size=2`);
    expect(p1.records.map((r) => r.targetName)).toEqual(['C', 'B']);
    expect(p1.metadata.totalCount).toBe(3);
    const p2 = await log(tok.other, `account_id=${otherId}&size=2&page=2`);
    expect(p2.records.map((r) => r.targetName)).toEqual(['A']);
    const bad = await ctx.call('GET', '/api/audit-log?account_id=x&size=500', { token: tok.superadmin });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string> }).errors).sort()).toEqual(['account_id', 'size']);
    expect((await ctx.call('GET', '/api/audit-log')).status).toBe(401);
  });
});
