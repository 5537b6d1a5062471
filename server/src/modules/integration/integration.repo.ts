/**
 * SQL of the Google Drive integration (issue 5; tables in db/schema.integration.ts): one-time OAuth
 * `state` tokens (stored as SHA-256 hex) and the per-user Google connection. Services hold the rules.
 * The connection's refresh and access tokens are stored sealed (A256GCM under the identity
 * provider's secret, purpose 'google-drive-token'): the functions here take plain tokens and the
 * `TokenSealer`, and answer plain tokens.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { IdpService } from '../../idp/types';
import { googleDriveConnections, googleOauthStates } from '../../db/schema';

export type GoogleConnectionRow = typeof googleDriveConnections.$inferSelect;

/** Seals and opens the stored tokens (`deps.idp`). */
export type TokenSealer = Pick<IdpService, 'sealSecret' | 'openSecret'>;

const seal = (box: TokenSealer, token: string | null) => (token === null ? null : box.sealSecret('google-drive-token', token));
const open = (box: TokenSealer, sealed: string | null) => (sealed === null ? null : box.openSecret('google-drive-token', sealed));

/** The row with its tokens opened. @throws when a stored token was sealed under another key or tampered with. */
async function opened(box: TokenSealer, row: GoogleConnectionRow): Promise<GoogleConnectionRow> {
  return { ...row, refreshToken: await open(box, row.refreshToken), accessToken: await open(box, row.accessToken) };
}

/** Stores a state hash for `userId`, valid `ttlMs` from the database clock; drops the user's spent or expired states. */
export async function insertOauthState(db: Db, userId: number, stateHash: string, ttlMs: number): Promise<void> {
  await db
    .delete(googleOauthStates)
    .where(and(eq(googleOauthStates.userId, userId), or(lt(googleOauthStates.expiresAt, sql`now()`), sql`${googleOauthStates.usedAt} IS NOT NULL`)));
  await db.insert(googleOauthStates).values({ userId, stateHash, expiresAt: sql`now() + ${`${Math.round(ttlMs)} milliseconds`}::interval` });
}

/**
 * Spends a state atomically: marks it used when it belongs to `userId`, is unused and unexpired.
 * @returns true when it was spent now, false otherwise (unknown, another user's, used or expired).
 */
export async function consumeOauthState(db: Db, userId: number, stateHash: string): Promise<boolean> {
  const rows = await db
    .update(googleOauthStates)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(googleOauthStates.stateHash, stateHash),
        eq(googleOauthStates.userId, userId),
        isNull(googleOauthStates.usedAt),
        gt(googleOauthStates.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: googleOauthStates.id });
  return rows.length > 0;
}

/**
 * The user's connection with plain tokens, or null — also when its tokens cannot be opened (sealed
 * under a key that was replaced): such a connection is unusable, so the person connects again.
 */
export async function getConnection(db: Db, box: TokenSealer, userId: number): Promise<GoogleConnectionRow | null> {
  const [row] = await db.select().from(googleDriveConnections).where(eq(googleDriveConnections.userId, userId)).limit(1);
  return row ? opened(box, row).catch(() => null) : null;
}

/** Whether the user has a Google Drive connection (User.hasGoogleDriveIntegration). */
export async function hasConnection(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: googleDriveConnections.userId }).from(googleDriveConnections).where(eq(googleDriveConnections.userId, userId)).limit(1);
  return row !== undefined;
}

/** Creates or replaces the user's connection with fresh tokens. */
export async function upsertConnection(
  db: Db,
  box: TokenSealer,
  userId: number,
  plain: { refreshToken: string | null; accessToken: string | null; accessTokenExpiresAt: Date | null; scope: string | null },
): Promise<void> {
  const t = { ...plain, refreshToken: await seal(box, plain.refreshToken), accessToken: await seal(box, plain.accessToken) };
  await db
    .insert(googleDriveConnections)
    .values({ userId, ...t })
    .onConflictDoUpdate({
      target: googleDriveConnections.userId,
      // Google answers a refresh token only on consent; keep the old one when a new one is missing.
      set: {
        refreshToken: t.refreshToken ?? sql`${googleDriveConnections.refreshToken}`,
        accessToken: t.accessToken,
        accessTokenExpiresAt: t.accessTokenExpiresAt,
        scope: t.scope,
        updatedAt: sql`now()`,
      },
    });
}

/** Stores tokens refreshed while calling Google (does nothing when the connection was removed meanwhile). */
export async function updateConnectionTokens(
  db: Db,
  box: TokenSealer,
  userId: number,
  plain: { accessToken: string | null; accessTokenExpiresAt: Date | null; refreshToken?: string | null },
): Promise<void> {
  const t = {
    accessToken: await seal(box, plain.accessToken),
    accessTokenExpiresAt: plain.accessTokenExpiresAt,
    refreshToken: plain.refreshToken ? await seal(box, plain.refreshToken) : null,
  };
  await db
    .update(googleDriveConnections)
    .set({
      accessToken: t.accessToken,
      accessTokenExpiresAt: t.accessTokenExpiresAt,
      ...(t.refreshToken ? { refreshToken: t.refreshToken } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(googleDriveConnections.userId, userId));
}

/** Deletes the user's connection; answers it with plain tokens (to revoke them at Google), or null. */
export async function deleteConnection(db: Db, box: TokenSealer, userId: number): Promise<GoogleConnectionRow | null> {
  const [row] = await db.delete(googleDriveConnections).where(eq(googleDriveConnections.userId, userId)).returning();
  return row ? opened(box, row).catch(() => ({ ...row, refreshToken: null, accessToken: null })) : null;
}
