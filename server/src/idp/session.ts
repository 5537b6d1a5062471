/**
 * Sealed sign-in state carried from InitiateAuth to RespondToAuthChallenge — in SRP's SECRET_BLOCK
 * (base64 of the sealed string, as Cognito's own SECRET_BLOCK is its opaque state) and in the
 * `Session` of the NEW_PASSWORD_REQUIRED challenge
 * (DESIGN §1 stateless API processes, §4 SRP): an encrypted JWT (JWE, dir + A256GCM) under the
 * identity provider's secret (shared by every node through the database, ./keys.ts), valid 3 minutes
 * like Cognito's. Any node can finish a sign-in another one started, and a restart does not break one.
 *
 * A session can be redeemed once across all nodes (its `jti` goes into `idp_used_sessions` until it
 * expires; issue 18), which stops a captured RespondToAuthChallenge from being replayed on any node.
 */
import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Db } from '../db/client';
import { idpUsedSessions } from '../db/schema';

/** Session lifetime: 3 minutes, in seconds. */
export const SESSION_TTL_SECONDS = 180;

/** State after the SRP_A step: the server's private ephemeral `b`, the client's `A`, our `B` (hex). */
export interface SrpSessionState {
  kind: 'srp';
  /** USER_ID_FOR_SRP handed to the client (the user's username, or a decoy for unknown users). */
  userId: string;
  A: string;
  B: string;
  b: string;
}

/** State after a verified password of a user whose status is FORCE_CHANGE_PASSWORD. */
export interface NewPasswordSessionState {
  kind: 'new_password';
  userId: string;
  authTime: number;
}

/** State after the first factor of a user with SOFTWARE_TOKEN_MFA enabled: the TOTP code is due. */
export interface MfaSessionState {
  kind: 'mfa';
  userId: string;
  authTime: number;
}

/**
 * State of the MFA_SETUP challenge (IDP_MFA=required, user without TOTP): AssociateSoftwareToken
 * and VerifySoftwareToken take it as `Session`; `verified` once VerifySoftwareToken accepted a code,
 * which RespondToAuthChallenge MFA_SETUP requires.
 */
export interface MfaSetupSessionState {
  kind: 'mfa_setup';
  userId: string;
  authTime: number;
  verified: boolean;
}

export type SessionState = SrpSessionState | NewPasswordSessionState | MfaSessionState | MfaSetupSessionState;

export interface SessionCodec {
  seal(state: SessionState): Promise<string>;
  /** The state, or null when the session is malformed, forged, expired or already used. Marks it used. */
  open(session: string, kind: SessionState['kind']): Promise<SessionState | null>;
  /**
   * Like `open` but does not mark the session used (a wrong MFA code leaves the session usable for
   * another try, as Cognito does; the sign-in lockout bounds the tries). Null when already used.
   */
  peek(session: string, kind: SessionState['kind']): Promise<SessionState | null>;
}

/**
 * Seals and opens sign-in state with the 32-byte `secret` (IdpKeyRing.secret); redeemed sessions are
 * recorded in `db` (`idp_used_sessions`).
 * @param now clock in epoch ms; sessions expire SESSION_TTL_SECONDS after sealing.
 */
export function createSessionCodec(secret: Uint8Array, db: Db, now: () => number = Date.now): SessionCodec {
  const decrypt = async (session: string, kind: SessionState['kind']) => {
    try {
      const { payload } = await jwtDecrypt(session, secret, { currentDate: new Date(now()) });
      const st = payload.st as SessionState | undefined;
      if (!st || st.kind !== kind || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
      return { st, jti: payload.jti, exp: payload.exp };
    } catch {
      return null;
    }
  };
  const decode = async (session: string, kind: SessionState['kind'], consume: boolean): Promise<SessionState | null> => {
    const opened = await decrypt(session, kind);
    if (!opened) return null;
    if (!consume) {
      const [row] = await db.select({ jti: idpUsedSessions.jti }).from(idpUsedSessions).where(eq(idpUsedSessions.jti, opened.jti)).limit(1);
      return row ? null : opened.st;
    }
    // Forget redeemed sessions that have expired anyway, then claim this one: the insert is the check.
    await db.delete(idpUsedSessions).where(lt(idpUsedSessions.expiresAt, new Date(now())));
    const claimed = await db
      .insert(idpUsedSessions)
      .values({ jti: opened.jti, expiresAt: new Date(opened.exp * 1000) })
      .onConflictDoNothing({ target: idpUsedSessions.jti })
      .returning({ jti: idpUsedSessions.jti });
    return claimed.length ? opened.st : null;
  };
  return {
    async seal(state) {
      const iat = Math.floor(now() / 1000);
      return new EncryptJWT({ st: state })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + SESSION_TTL_SECONDS)
        .setJti(randomUUID())
        .encrypt(secret);
    },
    async open(session, kind) {
      return decode(session, kind, true);
    },
    async peek(session, kind) {
      return decode(session, kind, false);
    },
  };
}
