/** `GET /api/user/me` (spec 000 §3, §7) on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD } from '../../../test/accounts';
import { users } from '../../db/schema';
import type { User } from './user.schemas';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /user/me', () => {
  it('answers the caller with roles', async () => {
    const res = await ctx.call('GET', '/api/user/me', { token: await ctx.signIn('editor@example.com') });
    expect(res.status).toBe(200);
    const me = (await res.json()) as User;
    expect(me).toMatchObject({
      email: 'editor@example.com',
      firstName: 'Eddie',
      lastName: 'Editor',
      language: 'en',
      profilePicture: null,
      isSuperuser: false,
      isCustomerSuccess: false,
      userIntegrations: [],
      hasGoogleDriveIntegration: false,
      roles: [{ accountId: await demoAccountId(ctx), role: 'Editor', status: 'Active' }],
    });
    expect(typeof me.createdAt).toBe('string');
    expect(me).not.toHaveProperty('srpVerifier');
    expect(me).not.toHaveProperty('username');
  });

  it('includes Invited roles and staff flags', async () => {
    const acc = await createAccount(ctx, 'Invite Oy');
    await createUser(ctx, 'cs@example.org', { isCustomerSuccess: true, language: 'fi', roles: [[acc, 'Admin', 'Invited']] });
    const me = (await (await ctx.call('GET', '/api/user/me', { token: await ctx.signIn('cs@example.org', TEST_PASSWORD) })).json()) as User;
    expect(me).toMatchObject({ isCustomerSuccess: true, language: 'fi', roles: [{ accountId: acc, role: 'Admin', status: 'Invited' }] });
  });

  it('answers 401 User not found. when the user is gone, 401 without a token', async () => {
    await createUser(ctx, 'gone@example.org');
    const token = await ctx.signIn('gone@example.org', TEST_PASSWORD);
    await ctx.deps.db.delete(users).where(eq(users.email, 'gone@example.org'));
    const res = await ctx.call('GET', '/api/user/me', { token });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: string }).detail).toBe('User not found.');
    expect((await ctx.call('GET', '/api/user/me')).status).toBe(401);
  });
});
