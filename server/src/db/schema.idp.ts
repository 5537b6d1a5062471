/**
 * Tables of the local identity provider beyond users and refresh tokens (issue 3; spec 000 §4
 * "Forgot password", §5 password rules): password-reset codes and sign-in failure counters.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * ForgotPassword codes: 6 digits e-mailed to the user; only an HMAC-SHA256 of the code under the
 * idp secret is stored. Valid 1 hour, single use (`usedAt`); a new code retires the earlier ones,
 * and too many wrong tries (`failedAttempts`) retire the code too.
 */
export const idpPasswordResetCodes = pgTable(
  'idp_password_reset_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('idp_password_reset_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Failed sign-in counters for the lockout (Cognito-like): keyed `u:<users.id>` for a known user and
 * `h:<hmac of the login>` for a login that matches nobody, so both behave alike (no enumeration).
 * `lockedUntil` is when the next attempt is allowed again.
 */
export const idpSignInFailures = pgTable(
  'idp_sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('idp_sign_in_failures_last_idx').on(t.lastFailureAt)],
);

/**
 * Signing keys of the local identity provider (issue 18 "Two API nodes behave as one"): shared by every
 * API node through the database. The newest row without `retiredAt` signs; retired rows stay in the
 * JWKS until `retiredAt` + the longest token lifetime, then may be deleted. `privateJwk` is the RS256
 * private key as a JWK.
 */
export const idpKeys = pgTable('idp_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Named secrets of the local identity provider shared by every API node (issue 18), created once
 * (under an advisory lock, `insert … on conflict do nothing`; idp/keys.ts): `srp_session` — 32 bytes,
 * base64, that encrypt SRP `Session` strings, derive decoy SRP values and seal secrets at rest (SSO client
 * secrets, TOTP secrets, integration tokens). Never rotated: sealed values depend on it.
 */
export const idpSecrets = pgTable('idp_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Redeemed sign-in sessions (issue 18 "Two API nodes behave as one"): the `jti` of a sealed SRP or
 * challenge `Session` (idp/session.ts) once RespondToAuthChallenge used it, so a captured request cannot
 * be replayed on another node within the session's 3 minutes. `expiresAt` is the session's own expiry;
 * expired rows are deleted as new ones are written.
 */
export const idpUsedSessions = pgTable(
  'idp_used_sessions',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('idp_used_sessions_expires_idx').on(t.expiresAt)],
);
