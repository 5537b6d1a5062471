/**
 * TOTP for SOFTWARE_TOKEN_MFA (issue 3; spec 000 §2 "MFA setup", §4 software-token code step):
 * RFC 6238 with SHA-1, 6 digits, a 30-second period and a ±1 step window (otpauth 9), the way
 * Cognito's authenticator-app MFA works.
 *
 * Secrets are 160-bit, handed to the user as base32 (`SecretCode`), and stored encrypted at rest
 * with AES-256-GCM under a key derived (HKDF-SHA256, info "vidbot totp secret") from the identity
 * provider's secret (keys.ts, in the database). Stored form: `v1.<base64url iv>.<base64url ciphertext+tag>`.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** TOTP period in seconds. */
export const TOTP_PERIOD = 30;
/** Accepted steps either side of the current one. */
export const TOTP_WINDOW = 1;

/** Encrypts and decrypts TOTP secrets with a key derived from the idp secret. */
export interface SecretBox {
  seal(base32: string): string;
  /** The base32 secret, or null when the stored value is not one of ours (wrong key, tampered). */
  open(sealed: string): string | null;
}

/** A SecretBox keyed by HKDF(idpSecret). */
export function createSecretBox(idpSecret: Uint8Array): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', idpSecret, Buffer.alloc(0), 'vidbot totp secret', 32));
  return {
    seal(base32) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== 'v1' || !ivText || !bodyText) return null;
      try {
        const body = Buffer.from(bodyText, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
        decipher.setAuthTag(body.subarray(body.length - 16));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** A new random 160-bit TOTP secret as base32 (32 characters, no padding). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(base32: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD });
}

/** The code for a secret at a time (epoch ms) — tests and the authenticator side. */
export function totpCode(base32: string, timestampMs: number): string {
  return totpFor(base32).generate({ timestamp: timestampMs });
}

/** The time step (unix seconds / 30, floored) of an epoch-ms time. */
export function timeStep(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD);
}

/**
 * The time step a 6-digit `code` belongs to (current step ±1), or null when it matches none.
 * The caller refuses a step ≤ the last one it accepted (replay inside the window).
 */
export function matchTotpStep(base32: string, code: string, timestampMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(base32).validate({ token: code, timestamp: timestampMs, window: TOTP_WINDOW });
  return delta === null ? null : timeStep(timestampMs) + delta;
}
