/**
 * Account administration (spec 000 §5 "Account form", §6 "Edit account page", §7 "Accounts"; spec 002
 * §3 Profile) on PGlite and PostgreSQL: create (slug, owner invitation, reseller role), read, detail,
 * field-level update rules, profile, delete, and their audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { accounts, auditEvents, emailOutbox, invitationTokens, media, roles, users } from '../../db/schema';
import { slugify } from './account.admin';
import type { AccountDetail, AccountProfile } from './account.schemas';

let ctx: TestContext;
let demoId: number;
const tok: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  await createUser(ctx, 'reseller@example.org', { isReseller: true, roles: [[demoId, 'Reseller']] });
  await createUser(ctx, 'cs@example.org', { isCustomerSuccess: true });
  await createUser(ctx, 'supercs@example.org', { isCustomerSuccess: true, isSuperuser: true });
  for (const e of ['superadmin', 'owner', 'admin', 'editor', 'viewer']) tok[e] = await ctx.signIn(`${e}@example.com`);
  for (const e of ['reseller', 'cs', 'supercs']) tok[e] = await ctx.signIn(`${e}@example.org`, TEST_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const json = async <T>(res: Response, status: number): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
const audits = async (type: string) => ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.type, type));

describe('slugify', () => {
  it('makes url-safe slugs', () => {
    expect(slugify('Äiti & Co. Oy')).toBe('aiti-co-oy');
    expect(slugify('  !!! ')).toBe('account');
    expect(slugify('x'.repeat(60))).toHaveLength(40);
  });
});

describe('POST /account', () => {
  it('creates the account, a unique slug, an invited Owner with a join token e-mail, and an audit row', async () => {
    const a = await json<AccountDetail>(
      await ctx.call('POST', '/api/account', { token: tok.superadmin, body: { businessName: 'Näyte Oy', ownerEmail: 'New.Owner@Example.org', country: 'FI', options: { maxVideoDuration: 120 } } }),
      201,
    );
    expect(a).toMatchObject({ publicId: 'nayte-oy', businessName: 'Näyte Oy', country: 'FI', status: 'Active', options: { maxVideoDuration: 120 } });
    expect(a.owner).toMatchObject({ email: 'new.owner@example.org', status: 'Invited' });
    const again = await json<AccountDetail>(await ctx.call('POST', '/api/account', { token: tok.cs, body: { businessName: 'Näyte Oy', ownerEmail: 'owner@example.com' } }), 201);
    expect(again.publicId).toBe('nayte-oy-2');
    // an existing user with a password: Owner (Invited), link without token
    const ownerId = await userIdByEmail(ctx, 'owner@example.com');
    const [r] = await ctx.deps.db.select().from(roles).where(and(eq(roles.accountId, again.id), eq(roles.userId, ownerId)));
    expect(r).toMatchObject({ role: 'Owner', status: 'Invited' });
    const newOwner = await userIdByEmail(ctx, 'new.owner@example.org');
    expect(await ctx.deps.db.select().from(invitationTokens).where(eq(invitationTokens.userId, newOwner))).toHaveLength(1);
    const mails = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'new.owner@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('token=');
    const ownerMails = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'owner@example.com'));
    expect(ownerMails.at(-1)!.text).not.toContain('token=');
    expect((await audits('account.create')).map((e) => e.targetId)).toEqual(expect.arrayContaining([a.id, again.id]));
  });

  it('gives concurrent creates of one name distinct slugs', async () => {
    const [a, b] = await Promise.all(
      ['one', 'two'].map((x) => ctx.call('POST', '/api/account', { token: tok.superadmin, body: { businessName: 'Race Oy', ownerEmail: `race-${x}@example.org` } })),
    );
    const ids = [await json<AccountDetail>(a!, 201), await json<AccountDetail>(b!, 201)].map((d) => d.publicId).sort();
    expect(ids).toEqual(['race-oy', 'race-oy-2']);
  });

  it('makes a creator who names themselves the Active Owner, without an e-mail', async () => {
    const before = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'reseller@example.org'));
    const a = await json<AccountDetail>(await ctx.call('POST', '/api/account', { token: tok.reseller, body: { businessName: 'Own Oy', ownerEmail: 'Reseller@Example.org' } }), 201);
    expect(a).toMatchObject({ role: 'Owner', roleStatus: 'Active', owner: { email: 'reseller@example.org', status: 'Active' } });
    expect(await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'reseller@example.org'))).toHaveLength(before.length);
  });

  it('gives a reseller a Reseller role; refuses options from a reseller and everyone else', async () => {
    const a = await json<AccountDetail>(await ctx.call('POST', '/api/account', { token: tok.reseller, body: { businessName: 'Resold', ownerEmail: 'r-owner@example.org' } }), 201);
    expect(a).toMatchObject({ role: 'Reseller', roleStatus: 'Active' });
    expect((await ctx.call('POST', '/api/account', { token: tok.reseller, body: { businessName: 'X', ownerEmail: 'x@example.org', options: { disableAnalytics: true } } })).status).toBe(403);
    for (const t of ['owner', 'admin', 'editor', 'viewer']) {
      expect((await ctx.call('POST', '/api/account', { token: tok[t], body: { businessName: 'X', ownerEmail: 'x@example.org' } })).status).toBe(403);
    }
    const nameCount = await ctx.deps.db.select().from(accounts).where(eq(accounts.businessName, 'X'));
    expect(nameCount).toHaveLength(0);
  });

  it('answers 422 with field messages', async () => {
    const res = await ctx.call('POST', '/api/account', { token: tok.superadmin, body: { businessName: ' ', ownerEmail: 'nope', billingEmail: 'bad', extra: 1 } });
    const body = await json<{ errors: Record<string, string> }>(res, 422);
    expect(Object.keys(body.errors).sort()).toEqual(['billingEmail', 'businessName', 'extra', 'ownerEmail']);
    expect(body.errors.businessName).toBe('businessName is required.');
    expect(body.errors.ownerEmail).toBe('Enter a valid email address.');
    expect((await ctx.call('POST', '/api/account', { token: tok.superadmin, body: {} })).status).toBe(422);
  });
});

describe('GET /account/{id}, /detail, /account/detail', () => {
  it('answers the account with the caller role; 404 for non-members', async () => {
    const a = await json<AccountDetail>(await ctx.call('GET', `/api/account/${demoId}`, { token: tok.viewer }), 200);
    expect(a).toMatchObject({ id: demoId, publicId: 'demo', role: 'Viewer', roleStatus: 'Active' });
    const other = await createAccount(ctx, 'Hidden Oy');
    expect((await ctx.call('GET', `/api/account/${other}`, { token: tok.owner })).status).toBe(404);
    expect((await ctx.call('GET', `/api/account/${other}`, { token: tok.cs })).status).toBe(200);
    expect((await ctx.call('GET', '/api/account/999999', { token: tok.superadmin })).status).toBe(404);
    // A non-number id names no account (issue 10 §4: one way to validate ids).
    for (const path of ['/api/account/abc', '/api/account/0/detail', '/api/account/1e3/profile']) {
      const res = await ctx.call('GET', path, { token: tok.superadmin });
      expect(await json<{ detail: string }>(res, 404), path).toMatchObject({ detail: 'Account not found.' });
    }
  });

  it('shows details to Owner, Admin, Reseller and staff only', async () => {
    const d = await json<AccountDetail>(await ctx.call('GET', `/api/account/${demoId}/detail`, { token: tok.admin }), 200);
    expect(d.owner).toMatchObject({ email: 'owner@example.com', status: 'Active' });
    expect((await ctx.call('GET', `/api/account/${demoId}/detail`, { token: tok.reseller })).status).toBe(200);
    expect((await ctx.call('GET', `/api/account/${demoId}/detail`, { token: tok.editor })).status).toBe(403);
    expect((await ctx.call('GET', `/api/account/${demoId}/detail`, { token: tok.viewer })).status).toBe(403);
  });

  it('lists details for staff (all) and resellers (joined); 403 for others', async () => {
    const all = await json<{ records: AccountDetail[]; metadata: { totalCount: number } }>(await ctx.call('GET', '/api/account/detail?business_name=demo', { token: tok.cs }), 200);
    expect(all.records.map((r) => r.publicId)).toEqual(['demo']);
    expect(all.records[0]!.owner?.email).toBe('owner@example.com');
    const mine = await json<{ records: AccountDetail[] }>(await ctx.call('GET', '/api/account/detail?filter=Joined', { token: tok.reseller }), 200);
    expect(mine.records.map((r) => r.businessName)).toEqual(['Demo', 'Own Oy', 'Resold']);
    expect((await ctx.call('GET', '/api/account/detail', { token: tok.owner })).status).toBe(403);
  });
});

describe('PUT /account/{id}', () => {
  it('lets the Owner edit billing fields and hand over ownership; previous Owner becomes Admin', async () => {
    const acc = await createAccount(ctx, 'Handover Oy');
    const o = await createUser(ctx, 'ho-owner@example.org', { roles: [[acc, 'Owner']] });
    const e = await createUser(ctx, 'ho-editor@example.org', { roles: [[acc, 'Editor']] });
    const t = await ctx.signIn('ho-owner@example.org', TEST_PASSWORD);
    const d = await json<AccountDetail>(await ctx.call('PUT', `/api/account/${acc}`, { token: t, body: { billingEmail: 'bill@example.org', zipCode: '00100', newOwnerId: e } }), 200);
    expect(d).toMatchObject({ billingEmail: 'bill@example.org', zipCode: '00100', role: 'Admin', owner: { id: e } });
    const rs = await ctx.deps.db.select().from(roles).where(eq(roles.accountId, acc));
    expect(rs.map((r) => [r.userId, r.role]).sort()).toEqual([[o, 'Admin'], [e, 'Owner']].sort());
    expect((await audits('account.owner_change')).some((a) => a.accountId === acc && a.targetId === e)).toBe(true);
    const upd = (await audits('account.update')).find((a) => a.accountId === acc);
    expect(upd?.details).toEqual({ fields: ['billingEmail', 'zipCode', 'newOwnerId'] });
    // the new owner must be a member
    const stranger = await userIdByEmail(ctx, 'viewer@example.com');
    const bad = await json<{ errors: Record<string, string> }>(await ctx.call('PUT', `/api/account/${acc}`, { token: tok.superadmin, body: { newOwnerId: stranger } }), 422);
    expect(bad.errors.newOwnerId).toMatch(/member/);
  });

  it('applies the field rules: status, owner, partner, options', async () => {
    const put = (t: string, body: unknown) => ctx.call('PUT', `/api/account/${demoId}`, { token: tok[t], body });
    expect((await put('admin', { businessName: 'Demo' })).status).toBe(403);
    expect((await put('viewer', {})).status).toBe(403);
    expect((await put('owner', {})).status).toBe(200);
    // restricted fields sent back unchanged are not refused
    expect((await put('owner', { businessName: 'Demo', status: 'Active', options: {}, newOwnerId: await userIdByEmail(ctx, 'owner@example.com') })).status).toBe(200);
    expect((await put('editor', { phoneNumber: '1' })).status).toBe(403);
    expect((await put('owner', { status: 'Suspended' })).status).toBe(403);
    expect((await put('owner', { options: { disableAnalytics: true } })).status).toBe(403);
    expect((await put('reseller', { options: { disableAnalytics: true } })).status).toBe(403);
    expect((await put('reseller', { newOwnerId: 1 })).status).toBe(403);
    const resellerId = await userIdByEmail(ctx, 'reseller@example.org');
    expect((await put('superadmin', { newPartnerId: resellerId })).status).toBe(403);
    expect((await put('cs', { newPartnerId: resellerId })).status).toBe(403);
    expect((await put('cs', { newPartnerId: null })).status).toBe(200); // unchanged (no partner yet)
    expect((await json<AccountDetail>(await put('supercs', { newPartnerId: resellerId }), 200)).partner).toMatchObject({ id: resellerId });
    const notReseller = await json<{ errors: Record<string, string> }>(await put('supercs', { newPartnerId: await userIdByEmail(ctx, 'editor@example.com') }), 422);
    expect(notReseller.errors.newPartnerId).toBeDefined();
    expect((await json<AccountDetail>(await put('reseller', { status: 'Suspended' }), 200)).status).toBe('Suspended');
    const st = (await audits('account.update')).find((a) => a.accountId === demoId && 'status' in a.details);
    expect(st?.details.status).toEqual({ from: 'Active', to: 'Suspended' });
    const opts = await json<AccountDetail>(await put('cs', { status: 'Active', options: { maxVideoDuration: 60 } }), 200);
    expect(opts).toMatchObject({ status: 'Active', options: { maxVideoDuration: 60 } });
    const merged = await json<AccountDetail>(await put('superadmin', { options: { disableAnalytics: true } }), 200);
    expect(merged.options).toEqual({ maxVideoDuration: 60, disableAnalytics: true });
    expect((await put('superadmin', { status: 'Gone' })).status).toBe(422);
  });
});

describe('profile', () => {
  it('stores appearance and profile, resolves media, refuses foreign media and Editors', async () => {
    const [m] = await ctx.deps.db.insert(media).values({ accountId: demoId, name: 'logo', type: 'LogoImage', status: 'Ready', playbackKey: `${demoId}/k/logo.png`, posterKey: `${demoId}/k/logo.png` }).returning();
    const other = await createAccount(ctx, 'Foreign media');
    const [f] = await ctx.deps.db.insert(media).values({ accountId: other, name: 'x', type: 'LogoImage' }).returning();
    const body = {
      appearance: { logoId: m!.id, buttonTextColor: '#fff', stylesRaw: '.a{}' },
      profile: { companyName: 'Demo', socialLinks: [{ url: 'https://x.com/demo', icon: 'X', target: 'new_tab' }], actions: [{ type: 'external_link', name: 'Call', url: 'tel:+358', externalLinkType: 'tel' }] },
    };
    const p = await json<AccountProfile>(await ctx.call('PUT', `/api/account/${demoId}/profile`, { token: tok.admin, body }), 200);
    expect(p.appearance).toMatchObject({ logoId: m!.id, logo: { id: m!.id, url: `/files/${demoId}/k/logo.png` }, buttonTextColor: '#fff' });
    expect(p.profile).toMatchObject({ companyName: 'Demo', cover: null });
    const read = await json<AccountProfile>(await ctx.call('GET', `/api/account/${demoId}/profile`, { token: tok.viewer }), 200);
    expect(read).toEqual(p);
    const bad = await json<{ errors: Record<string, string> }>(await ctx.call('PUT', `/api/account/${demoId}/profile`, { token: tok.owner, body: { appearance: { logoId: f!.id } } }), 422);
    expect(bad.errors['appearance.logoId']).toMatch(/does not exist/);
    const badIcon = await json<{ errors: Record<string, string> }>(await ctx.call('PUT', `/api/account/${demoId}/profile`, { token: tok.owner, body: { profile: { socialLinks: [{ url: 'u', icon: 'Myspace' }] } } }), 422);
    expect(Object.keys(badIcon.errors)).toEqual(['profile.socialLinks.0.icon']);
    expect((await ctx.call('PUT', `/api/account/${demoId}/profile`, { token: tok.editor, body: {} })).status).toBe(403);
    expect((await audits('account.profile_update')).filter((a) => a.accountId === demoId)).toHaveLength(1);
  });
});

describe('DELETE /account/{id}', () => {
  it('deletes for superusers only, with an audit row that outlives the account', async () => {
    const acc = await createAccount(ctx, 'Doomed Oy');
    expect((await ctx.call('DELETE', `/api/account/${acc}`, { token: tok.cs })).status).toBe(403);
    expect((await ctx.call('DELETE', `/api/account/${demoId}`, { token: tok.owner })).status).toBe(403);
    expect((await ctx.call('DELETE', `/api/account/${acc}`, { token: tok.owner })).status).toBe(404);
    expect((await ctx.call('DELETE', `/api/account/${acc}`, { token: tok.superadmin })).status).toBe(204);
    expect(await ctx.deps.db.select().from(accounts).where(eq(accounts.id, acc))).toHaveLength(0);
    expect((await audits('account.delete')).map((a) => [a.accountId, a.targetName])).toContainEqual([acc, 'Doomed Oy']);
    expect((await ctx.call('DELETE', `/api/account/${acc}`, { token: tok.superadmin })).status).toBe(404);
    expect(await ctx.deps.db.select().from(users).where(eq(users.email, 'owner@example.com'))).toHaveLength(1);
  });
});
