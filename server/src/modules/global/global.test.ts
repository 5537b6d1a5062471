/** `GET /api/global` (spec 000 §7) on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import type { Global } from './global.schemas';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /global', () => {
  it('needs a token', async () => {
    expect((await ctx.call('GET', '/api/global')).status).toBe(401);
  });

  it('answers the enumerations and the package version', async () => {
    const res = await ctx.call('GET', '/api/global', { token: await ctx.signIn('viewer@example.com') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Global;
    expect(body.languages).toEqual(['en', 'fi']);
    expect(body.roles).toEqual(['Owner', 'Admin', 'Editor', 'Viewer', 'Reseller']);
    expect(body.mediaKinds).toContain('SlideVideo');
    expect(body.flagNames).toContain('vidbot_as_ads');
    expect(body.flagNames).not.toContain('{product}_as_ads');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
