/**
 * Feature-flag administration (spec 000 §3, §5 "Create feature flag", §7 "Features") on PGlite and
 * PostgreSQL: superuser-only list/create/update, name list, filters, and the effect on GET /feature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { auditEvents } from '../../db/schema';
import type { FeatureFlag } from './feature.schemas';

let ctx: TestContext;
let demoId: number;
let otherId: number;
const tok: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  otherId = await createAccount(ctx, 'Other Oy');
  await createUser(ctx, 'cs@example.org', { isCustomerSuccess: true });
  tok.super = await ctx.signIn('superadmin@example.com');
  tok.owner = await ctx.signIn('owner@example.com');
  tok.cs = await ctx.signIn('cs@example.org', TEST_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const json = async <T>(res: Response, status: number): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};

describe('/feature/flags', () => {
  it('creates flags from the name list (409 twice, 422 unknown name / ids) with audit rows', async () => {
    const f = await json<FeatureFlag>(
      await ctx.call('POST', '/api/feature/flags', { token: tok.super, body: { name: 'new_widgets', description: 'Widgets v2', flag_type: 'dashboard', account_ids: [demoId, demoId], languages: ['fi'] } }),
      201,
    );
    expect(f).toMatchObject({ name: 'new_widgets', flag_type: 'dashboard', is_everyone: null, account_ids: [demoId], accounts: [{ id: demoId, businessName: 'Demo' }], languages: ['fi'], user_ids: [] });
    expect((await ctx.call('POST', '/api/feature/flags', { token: tok.super, body: { name: 'new_widgets', flag_type: 'embed' } })).status).toBe(409);
    const bad = await json<{ errors: Record<string, string> }>(await ctx.call('POST', '/api/feature/flags', { token: tok.super, body: { name: 'teleport', flag_type: 'x' } }), 422);
    expect(Object.keys(bad.errors).sort()).toEqual(['flag_type', 'name']);
    const missingType = await json<{ errors: Record<string, string> }>(await ctx.call('POST', '/api/feature/flags', { token: tok.super, body: { name: 'likes' } }), 422);
    expect(missingType.errors.flag_type).toBe('flag_type is required.');
    const ids = await json<{ errors: Record<string, string> }>(await ctx.call('POST', '/api/feature/flags', { token: tok.super, body: { name: 'likes', flag_type: 'embed', user_ids: [99999], account_ids: [88888] } }), 422);
    expect(Object.keys(ids.errors).sort()).toEqual(['account_ids', 'user_ids']);
    const ev = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.type, 'flag.create'));
    expect(ev.map((e) => e.targetName)).toEqual(['new_widgets']);
  });

  it('updates by name and the caller feature list follows', async () => {
    const ownerId = await userIdByEmail(ctx, 'owner@example.com');
    await json(await ctx.call('POST', '/api/feature/flags', { token: tok.super, body: { name: 'likes', flag_type: 'embed' } }), 201);
    const features = async () => ((await (await ctx.call('GET', `/api/feature?account_id=${demoId}`, { token: tok.owner })).json()) as { features: string[] }).features;
    expect(await features()).toEqual(['dashboard:new_widgets']);
    const u = await json<FeatureFlag>(await ctx.call('PUT', '/api/feature/flags', { token: tok.super, body: { name: 'likes', user_ids: [ownerId], is_superadmin: true } }), 200);
    expect(u).toMatchObject({ name: 'likes', user_ids: [ownerId], is_superadmin: true, flag_type: 'embed' });
    expect(await features()).toEqual(['dashboard:new_widgets', 'embed:likes']);
    expect((await ctx.call('PUT', '/api/feature/flags', { token: tok.super, body: { name: 'url_map', is_everyone: true } })).status).toBe(404);
    expect((await ctx.call('PUT', '/api/feature/flags', { token: tok.super, body: { is_everyone: true } })).status).toBe(422);
    expect((await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.type, 'flag.update'))).map((e) => e.details)).toEqual([{ fields: ['is_superadmin', 'user_ids'] }]);
  });

  it('filters by account_ids, flag_name, flag_type', async () => {
    const names = async (q: string) => (await json<{ records: FeatureFlag[] }>(await ctx.call('GET', `/api/feature/flags?${q}`, { token: tok.super }), 200)).records.map((f) => f.name);
    expect(await names('')).toEqual(['likes', 'new_widgets']);
    expect(await names(`account_ids=${otherId},${demoId}`)).toEqual(['new_widgets']);
    expect(await names(`account_ids=${otherId}`)).toEqual([]);
    expect(await names('flag_name=LIK')).toEqual(['likes']);
    expect(await names('flag_type=dashboard')).toEqual(['new_widgets']);
    expect((await ctx.call('GET', '/api/feature/flags?account_ids=a,b', { token: tok.super })).status).toBe(422);
  });

  it('is superuser only', async () => {
    for (const t of [tok.cs, tok.owner]) {
      expect((await ctx.call('GET', '/api/feature/flags', { token: t })).status).toBe(403);
      expect((await ctx.call('POST', '/api/feature/flags', { token: t, body: { name: 'url_map', flag_type: 'embed' } })).status).toBe(403);
      expect((await ctx.call('PUT', '/api/feature/flags', { token: t, body: { name: 'likes', is_everyone: true } })).status).toBe(403);
    }
    expect((await ctx.call('POST', '/api/feature/flags', { token: tok.cs, body: { name: 'nope' } })).status).toBe(403);
    expect((await ctx.call('GET', '/api/feature/flags')).status).toBe(401);
  });
});
