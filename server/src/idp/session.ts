/**
 * Sealed sign-in state carried from InitiateAuth to RespondToAuthChallenge — in SRP's SECRET_BLOCK
 * (base64 of the sealed string, as Cognito's own SECRET_BLOCK is its opaque state) and in the
 * `Session` of the NEW_PASSWORD_REQUIRED challenge
 * (DESIGN §1 stateless API processes, §4 SRP): an encrypted JWT (JWE, dir + A256GCM) under the
 * identity provider's persisted secret, valid 3 minutes like Cognito's. Any process sharing
 * DATA_DIR's keys can finish a sign-in another one started, and a restart does not break one.
 *
 * A session can be redeemed once per process (a used-`jti` set pruned at expiry), which stops a
 * captured RespondToAuthChallenge from being replayed against the same process.
 */
import { randomUUID } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

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
 * Seals and opens sign-in state with the 32-byte `secret` (IdpKeys.secret).
 * @param now clock in epoch ms; sessions expire SESSION_TTL_SECONDS after sealing.
 */
export function createSessionCodec(secret: Uint8Array, now: () => number = Date.now): SessionCodec {
  const used = new Map<string, number>();
  const prune = () => {
    const t = now();
    for (const [jti, exp] of used) if (exp * 1000 < t) used.delete(jti);
  };
  const decode = async (session: string, kind: SessionState['kind'], consume: boolean): Promise<SessionState | null> => {
    try {
      const { payload } = await jwtDecrypt(session, secret, { currentDate: new Date(now()) });
      const st = payload.st as SessionState | undefined;
      if (!st || st.kind !== kind || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
      prune();
      if (used.has(payload.jti)) return null;
      if (consume) used.set(payload.jti, payload.exp);
      return st;
    } catch {
      return null;
    }
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
