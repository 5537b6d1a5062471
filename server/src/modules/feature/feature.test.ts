/** `GET /api/feature` (spec 000 §3, §7) on PGlite and PostgreSQL, and the flag rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, demoAccountId, userIdByEmail } from '../../../test/accounts';
import { featureFlags } from '../../db/schema';
import { enabledFeatures, flagEnabled, type FlagRule } from './feature.policy';

const rule = (over: Partial<FlagRule>): FlagRule => ({
  name: 'f', flagType: 'dashboard', isEveryone: null, isSuperadmin: null, userIds: [], accountIds: [], languages: [], ...over,
});
const subject = { userId: 5, isSuperuser: false, language: 'en', accountId: 2 };

describe('feature.policy', () => {
  it('grants by everyone, superadmin, user, account or language', () => {
    expect(flagEnabled(rule({}), subject)).toBe(false);
    expect(flagEnabled(rule({ isEveryone: false }), subject)).toBe(false);
    expect(flagEnabled(rule({ isEveryone: true }), subject)).toBe(true);
    expect(flagEnabled(rule({ isSuperadmin: true }), subject)).toBe(false);
    expect(flagEnabled(rule({ isSuperadmin: true }), { ...subject, isSuperuser: true })).toBe(true);
    expect(flagEnabled(rule({ userIds: [5] }), subject)).toBe(true);
    expect(flagEnabled(rule({ accountIds: [2] }), subject)).toBe(true);
    expect(flagEnabled(rule({ accountIds: [2] }), { ...subject, accountId: null })).toBe(false);
    expect(flagEnabled(rule({ languages: ['fi'] }), subject)).toBe(false);
    expect(flagEnabled(rule({ languages: ['en'] }), subject)).toBe(true);
    expect(enabledFeatures([rule({ name: 'b', isEveryone: true }), rule({ name: 'a', flagType: 'embed', isEveryone: true })], subject)).toEqual([
      'dashboard:b',
      'embed:a',
    ]);
  });
});

let ctx: TestContext;
let demoId: number;
let otherId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  otherId = await createAccount(ctx, 'Other');
  const editorId = await userIdByEmail(ctx, 'editor@example.com');
  await ctx.deps.db.insert(featureFlags).values([
    { name: 'new_widgets', flagType: 'dashboard', isEveryone: true },
    { name: 'generative_ai', flagType: 'dashboard', accountIds: [demoId] },
    { name: 'url_map', flagType: 'dashboard', accountIds: [otherId] },
    { name: 'likes', flagType: 'embed', userIds: [editorId] },
    { name: 'hide_watermark', flagType: 'embed', isSuperadmin: true },
    { name: 'video_generation', flagType: 'dashboard', languages: ['fi'] },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const features = async (email: string, q: string) => {
  const res = await ctx.call('GET', `/api/feature${q}`, { token: await ctx.signIn(email) });
  return { status: res.status, body: (await res.json()) as { features?: string[]; errors?: Record<string, string> } };
};

describe('GET /feature', () => {
  it('evaluates the flags for the caller and the account', async () => {
    expect((await features('editor@example.com', `?account_id=${demoId}`)).body.features).toEqual([
      'dashboard:generative_ai',
      'dashboard:new_widgets',
      'embed:likes',
    ]);
    expect((await features('owner@example.com', '')).body.features).toEqual(['dashboard:new_widgets']);
    expect((await features('superadmin@example.com', `?account_id=${otherId}`)).body.features).toEqual([
      'dashboard:new_widgets',
      'dashboard:url_map',
      'embed:hide_watermark',
    ]);
  });

  it('hides other accounts (404) and rejects bad ids (422)', async () => {
    expect((await features('owner@example.com', `?account_id=${otherId}`)).status).toBe(404);
    const bad = await features('owner@example.com', '?account_id=-1');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('account_id');
  });
});
