/**
 * Test helpers for account-scoped tests: insert an extra account and users straight into the test
 * database (with real SRP credentials from the identity provider, so `ctx.signIn(email, password)`
 * works for them), and look up the demo account.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accounts, roles, users, type RoleName, type RoleStatus } from '../src/db/schema';
import type { TestContext } from './harness';

export const TEST_PASSWORD = 'Other-pass-1';

/** Id of the demo account (publicId `demo`). */
export async function demoAccountId(ctx: TestContext): Promise<number> {
  const [row] = await ctx.deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.publicId, 'demo'));
  if (!row) throw new Error('demo account missing');
  return row.id;
}

/** Id of a user by e-mail. */
export async function userIdByEmail(ctx: TestContext, email: string): Promise<number> {
  const [row] = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`user ${email} missing`);
  return row.id;
}

/** Inserts an account; returns its id. */
export async function createAccount(ctx: TestContext, businessName: string, publicId = randomUUID().slice(0, 8)): Promise<number> {
  const [row] = await ctx.deps.db.insert(accounts).values({ publicId, businessName }).returning({ id: accounts.id });
  if (!row) throw new Error('insert account failed');
  return row.id;
}

/**
 * Inserts a user (password TEST_PASSWORD) with optional roles; returns the user id.
 * @param opts.roles `[accountId, role, status?]` entries (status default Active).
 */
export async function createUser(
  ctx: TestContext,
  email: string,
  opts: {
    roles?: [number, RoleName, RoleStatus?][];
    isSuperuser?: boolean;
    isCustomerSuccess?: boolean;
    isReseller?: boolean;
    language?: 'en' | 'fi';
  } = {},
): Promise<number> {
  const username = randomUUID();
  const creds = ctx.deps.idp.createCredentials(username, TEST_PASSWORD);
  const [row] = await ctx.deps.db
    .insert(users)
    .values({
      username,
      email,
      firstName: 'Test',
      lastName: 'User',
      isSuperuser: opts.isSuperuser ?? false,
      isCustomerSuccess: opts.isCustomerSuccess ?? false,
      isReseller: opts.isReseller ?? false,
      language: opts.language ?? 'en',
      srpSalt: creds.srpSalt,
      srpVerifier: creds.srpVerifier,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert user failed');
  for (const [accountId, role, status] of opts.roles ?? []) {
    await ctx.deps.db.insert(roles).values({ userId: row.id, accountId, role, status: status ?? 'Active' });
  }
  return row.id;
}
