/**
 * ID, access and refresh tokens of the local identity provider (DESIGN §3–4, spec 000 §4, §7).
 *
 * - ID token (RS256, 60 min): sub, email, email_verified, cognito:username, aud = client id,
 *   iss = `${publicUrl}/idp/${userPoolId}`, token_use 'id', auth_time, iat, exp, jti, origin_jti.
 * - Access token (RS256, 60 min): sub, client_id, username, token_use 'access',
 *   scope 'aws.cognito.signin.user.admin', iss, auth_time, iat, exp, jti, origin_jti.
 * - Refresh token (30 days): a random opaque string; only its SHA-256 hash is stored in
 *   `idp_refresh_tokens`, revocable one by one (RevokeToken) or all of a user's (GlobalSignOut).
 *   `origin_jti` of the ID/access tokens is the refresh-token row id, so access-token calls
 *   (GetUser, GlobalSignOut) refuse tokens whose sign-in was revoked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { Db } from '../db/client';
import { idpRefreshTokens } from '../db/schema';
import type { IdpKeyRing, SigningKey } from './keys';

/** ID and access token lifetime: 60 minutes, in seconds. */
export const TOKEN_TTL_SECONDS = 60 * 60;
/** Refresh token lifetime: 30 days, in milliseconds. */
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenUser {
  id: number;
  username: string;
  email: string;
}

export interface AuthenticationResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

/** Claims of a verified access token. */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  username: string;
  client_id: string;
  token_use: 'access';
  origin_jti?: string;
  auth_time: number;
}

/** Why a token was refused: 'expired' or 'invalid' (bad signature, issuer, audience, use…). */
export class TokenRejected extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Token has expired.' : 'Invalid token.');
  }
}

/** SHA-256 of a UTF-8 string as 64 lowercase hex chars (how refresh tokens are stored). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface TokenService {
  issuer: string;
  clientId: string;
  /** Signs an ID and an access token for `user` (auth_time and origin in seconds / row id). */
  issue(user: TokenUser, opts: { authTime: number; originJti: string }): Promise<Omit<AuthenticationResult, 'RefreshToken'>>;
  /** Verifies an RS256 token of ours with the given token_use; throws TokenRejected. */
  verify(token: string, use: 'id' | 'access'): Promise<JWTPayload>;
  /** Stores a new refresh token for the user; returns the opaque token and its row id. */
  createRefreshToken(userId: number): Promise<{ token: string; id: number; createdAt: Date }>;
  /** The live (not revoked, not expired, this client) row for a refresh token, else null. */
  findRefreshToken(token: string): Promise<typeof idpRefreshTokens.$inferSelect | null>;
  /** Whether the refresh-token row `originJti` is still live (not revoked/expired). */
  isOriginLive(originJti: string | undefined): Promise<boolean>;
  /** Revokes one refresh token of this client; false when none was live. */
  revokeRefreshToken(token: string): Promise<boolean>;
  /** Revokes every live refresh token of the user except row `exceptId` (the caller's own sign-in); returns how many. */
  revokeAllForUser(userId: number, exceptId?: number): Promise<number>;
}

/**
 * Token issuing and checking for one user pool and app client. Tokens are signed by the ring's
 * signing key (its `kid` in the header); verification takes the key the token's `kid` names while it
 * is in the ring's JWKS (issue 18: keys shared by every node, rotation).
 * @param opts.issuer `${publicUrl}/idp/${userPoolId}`; opts.now clock in epoch ms (tests move it).
 */
export function createTokenService(opts: { db: Db; keys: IdpKeyRing; issuer: string; clientId: string; now?: () => number }): TokenService {
  const { db, keys, issuer, clientId } = opts;
  const now = opts.now ?? Date.now;

  const sign = (key: SigningKey, payload: JWTPayload, sub: string, iat: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setSubject(sub)
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(key.privateKey);

  return {
    issuer,
    clientId,
    async issue(user, { authTime, originJti }) {
      const iat = Math.floor(now() / 1000);
      const eventId = randomUUID();
      // One key for both tokens of a sign-in, even if a refresh of the ring lands in between.
      const key = await keys.signingKey();
      const IdToken = await sign(
        key,
        {
          email: user.email,
          email_verified: true,
          'cognito:username': user.username,
          aud: clientId,
          token_use: 'id',
          auth_time: authTime,
          event_id: eventId,
          origin_jti: originJti,
        },
        user.username,
        iat,
      );
      const AccessToken = await sign(
        key,
        {
          client_id: clientId,
          username: user.username,
          token_use: 'access',
          scope: 'aws.cognito.signin.user.admin',
          auth_time: authTime,
          event_id: eventId,
          origin_jti: originJti,
        },
        user.username,
        iat,
      );
      return { IdToken, AccessToken, ExpiresIn: TOKEN_TTL_SECONDS, TokenType: 'Bearer' };
    },
    async verify(token, use) {
      try {
        // The key the token's kid names, while it is in the JWKS (an unknown kid re-reads the ring once).
        const keyFor = async (header: { kid?: string }) => {
          const key = await keys.verificationKey(header.kid);
          if (!key) throw new TokenRejected('invalid');
          return key;
        };
        const { payload } = await jwtVerify(token, keyFor, {
          issuer,
          algorithms: ['RS256'],
          currentDate: new Date(now()),
          ...(use === 'id' ? { audience: clientId } : {}),
        });
        if (payload.token_use !== use) throw new TokenRejected('invalid');
        if (use === 'access' && payload.client_id !== clientId) throw new TokenRejected('invalid');
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
          throw new TokenRejected('invalid');
        }
        return payload;
      } catch (err) {
        if (err instanceof TokenRejected) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new TokenRejected('expired');
        throw new TokenRejected('invalid');
      }
    },
    async createRefreshToken(userId) {
      const token = randomBytes(48).toString('base64url');
      const [row] = await db
        .insert(idpRefreshTokens)
        .values({ tokenHash: sha256Hex(token), userId, clientId, expiresAt: new Date(now() + REFRESH_TTL_MS) })
        .returning({ id: idpRefreshTokens.id, createdAt: idpRefreshTokens.createdAt });
      if (!row) throw new Error('refresh token insert returned nothing');
      return { token, id: row.id, createdAt: row.createdAt };
    },
    async findRefreshToken(token) {
      const [row] = await db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.tokenHash, sha256Hex(token))).limit(1);
      if (!row || row.clientId !== clientId || row.revokedAt || row.expiresAt.getTime() <= now()) return null;
      return row;
    },
    async isOriginLive(originJti) {
      if (!originJti || !/^\d{1,15}$/.test(originJti)) return false;
      const [row] = await db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.id, Number(originJti))).limit(1);
      return !!row && !row.revokedAt && row.expiresAt.getTime() > now();
    },
    async revokeRefreshToken(token) {
      const rows = await db
        .update(idpRefreshTokens)
        .set({ revokedAt: new Date(now()) })
        .where(and(eq(idpRefreshTokens.tokenHash, sha256Hex(token)), eq(idpRefreshTokens.clientId, clientId), isNull(idpRefreshTokens.revokedAt)))
        .returning({ id: idpRefreshTokens.id });
      return rows.length > 0;
    },
    async revokeAllForUser(userId, exceptId) {
      const rows = await db
        .update(idpRefreshTokens)
        .set({ revokedAt: new Date(now()) })
        .where(
          and(
            eq(idpRefreshTokens.userId, userId),
            isNull(idpRefreshTokens.revokedAt),
            exceptId === undefined ? undefined : ne(idpRefreshTokens.id, exceptId),
          ),
        )
        .returning({ id: idpRefreshTokens.id });
      return rows.length;
    },
  };
}
