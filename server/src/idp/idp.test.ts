import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

describe('smoke', () => {
  let ctx: TestContext;
  beforeAll(async () => { ctx = await createTestContext(); });
  afterAll(async () => { await ctx?.close(); });
  it('signs in', async () => {
    const t0 = Date.now();
    const tok = await ctx.signIn('owner@example.com');
    console.log('signin ms', Date.now() - t0);
    const claims = await ctx.deps.idp.verifyIdToken(tok);
    expect(claims.email).toBe('owner@example.com');
  });
});
