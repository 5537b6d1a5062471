/**
 * Users created or reset by the system rather than by themselves (issue 3; spec 000 §6 staff
 * actions, account create, invitations): they get a temporary password, status
 * FORCE_CHANGE_PASSWORD, and must choose their own password at the first sign-in
 * (NEW_PASSWORD_REQUIRED). A temporary password expires after TEMP_PASSWORD_TTL_MS (7 days);
 * signing in with an expired one answers NotAuthorizedException "Temporary password has expired and
 * must be reset by an administrator."
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpRefreshTokens, users } from '../db/schema';
import type { Env } from '../env';
import { conflict, notFound, unprocessable } from '../lib/errors';
import { passwordPolicyViolation } from './password-policy';
import { createVerifier, poolNameOf } from './srp';

/** Lifetime of a temporary password: 7 days, in ms. */
export const TEMP_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

/** What these functions need: the database, the pool id (SRP credentials) and optionally a clock. */
export interface SystemUserDeps {
  db: Db;
  env: Pick<Env, 'userPoolId'>;
  /** Clock in epoch ms; default Date.now. */
  now?: () => number;
}

export interface CreateSystemUserInput {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** When omitted a random one that meets the policy is generated (and returned). */
  temporaryPassword?: string;
}

/** A random password that meets the spec 000 §5 rule (≥ 72 random bits). */
export function generateTemporaryPassword(): string {
  return `Vb${randomBytes(9).toString('base64url')}${randomInt(10)}`;
}

/**
 * Creates a user with a temporary password: idpStatus FORCE_CHANGE_PASSWORD,
 * tempPasswordExpiresAt = now + 7 days. The e-mail is stored trimmed and lower-cased.
 *
 * @returns the new users row and the temporary password (to e-mail with `temporaryPasswordEmail`).
 * @throws HttpError 422 `{ temporaryPassword }` when the given password breaks the policy;
 *   HttpError 409 when a user with the e-mail exists already.
 */
export async function createSystemUser(deps: SystemUserDeps, input: CreateSystemUserInput): Promise<{ user: UserRow; temporaryPassword: string }> {
  const now = deps.now ?? Date.now;
  const email = input.email.trim().toLowerCase();
  const temporaryPassword = input.temporaryPassword ?? generateTemporaryPassword();
  const violation = passwordPolicyViolation(temporaryPassword);
  if (violation) throw unprocessable('Validation failed.', { temporaryPassword: violation });
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (existing) throw conflict('A user with this e-mail address exists already.', 'user_exists');
  const username = randomUUID();
  const creds = createVerifier(poolNameOf(deps.env.userPoolId), username, temporaryPassword);
  const inserted = await deps.db
    .insert(users)
    .values({
      username,
      email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      srpSalt: creds.salt,
      srpVerifier: creds.verifier,
      idpStatus: 'FORCE_CHANGE_PASSWORD',
      tempPasswordExpiresAt: new Date(now() + TEMP_PASSWORD_TTL_MS),
    })
    .onConflictDoNothing()
    .returning();
  const user = inserted[0];
  if (!user) throw conflict('A user with this e-mail address exists already.', 'user_exists');
  return { user, temporaryPassword };
}

/**
 * Sets a user's password as an administrator would (Cognito AdminSetUserPassword; spec 000 §6
 * "Set password" for superusers). `permanent: true` → CONFIRMED; otherwise the password is
 * temporary: FORCE_CHANGE_PASSWORD for 7 days. Every refresh token of the user is revoked.
 *
 * @throws HttpError 422 `{ password }` for a password that breaks the policy; 404 for no such user.
 */
export async function adminSetUserPassword(deps: SystemUserDeps, input: { userId: number; password: string; permanent: boolean }): Promise<UserRow> {
  const now = deps.now ?? Date.now;
  const violation = passwordPolicyViolation(input.password);
  if (violation) throw unprocessable('Validation failed.', { password: violation });
  const [user] = await deps.db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw notFound('User not found.');
  const creds = createVerifier(poolNameOf(deps.env.userPoolId), user.username, input.password);
  const [updated] = await deps.db
    .update(users)
    .set({
      srpSalt: creds.salt,
      srpVerifier: creds.verifier,
      idpStatus: input.permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
      tempPasswordExpiresAt: input.permanent ? null : new Date(now() + TEMP_PASSWORD_TTL_MS),
      updatedAt: new Date(now()),
    })
    .where(eq(users.id, user.id))
    .returning();
  await deps.db
    .update(idpRefreshTokens)
    .set({ revokedAt: new Date(now()) })
    .where(and(eq(idpRefreshTokens.userId, user.id), isNull(idpRefreshTokens.revokedAt)));
  return updated ?? user;
}
