/**
 * Authorization codes of the identity provider's OAuth endpoints (issue 3; RFC 6749 §4.1, RFC 7636):
 * 43 random url-safe characters, valid 5 minutes, single use, bound to the client, the redirect_uri
 * and the PKCE S256 challenge. Only the SHA-256 of a code is stored (`idp_oauth_codes`).
 *
 * Redemption marks the row used in one UPDATE … WHERE used_at IS NULL, so two concurrent token
 * requests with one code cannot both succeed, on any number of processes.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpOauthCodes } from '../../db/schema';
import { sha256Hex } from '../tokens';

/** Code lifetime: 5 minutes, in ms. */
export const CODE_TTL_MS = 5 * 60 * 1000;

export interface CodeGrant {
  userId: number;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  provider: string;
}

/** Stores a new code for `grant`; returns the code to hand to the client. */
export async function issueCode(db: Db, grant: CodeGrant, nowMs: number): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.insert(idpOauthCodes).values({ ...grant, codeHash: sha256Hex(code), expiresAt: new Date(nowMs + CODE_TTL_MS) });
  return code;
}

/** RFC 7636 code_verifier: 43–128 characters of [A-Za-z0-9-._~]. */
export const CODE_VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Whether base64url(SHA-256(verifier)) equals the challenge (constant time). */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER_RE.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/**
 * Redeems a code: the grant when the code exists, is unused and unexpired, and client, redirect_uri
 * and code_verifier all match; else a reason. The code is spent even when a check fails (a stolen
 * code cannot be retried with other guesses).
 */
export async function redeemCode(
  db: Db,
  code: string,
  req: { clientId: string; redirectUri: string; codeVerifier: string },
  nowMs: number,
): Promise<{ ok: true; grant: CodeGrant } | { ok: false; reason: string }> {
  const [row] = await db
    .update(idpOauthCodes)
    .set({ usedAt: new Date(nowMs) })
    .where(and(eq(idpOauthCodes.codeHash, sha256Hex(code)), isNull(idpOauthCodes.usedAt)))
    .returning();
  if (!row) return { ok: false, reason: 'The authorization code is unknown or was already used.' };
  if (row.expiresAt.getTime() <= nowMs) return { ok: false, reason: 'The authorization code has expired.' };
  if (row.clientId !== req.clientId) return { ok: false, reason: 'The authorization code was issued to another client.' };
  if (row.redirectUri !== req.redirectUri) return { ok: false, reason: 'redirect_uri does not match the authorization request.' };
  if (!pkceMatches(req.codeVerifier, row.codeChallenge)) return { ok: false, reason: 'code_verifier does not match the code_challenge.' };
  return {
    ok: true,
    grant: { userId: row.userId, clientId: row.clientId, redirectUri: row.redirectUri, codeChallenge: row.codeChallenge, scope: row.scope, provider: row.provider },
  };
}
