/**
 * Sealing of small secrets with the identity provider's 32-byte secret (IdpKeyRing.secret, in the
 * database table idp_secrets, shared by every node: ../keys.ts): compact JWE, `dir` + A256GCM (authenticated encryption), with a `cty` naming the
 * purpose so one kind of sealed value can never be opened as another (issue 3).
 *
 * - SSO client secrets at rest (`sso_configs.client_secret_enc`, no expiry).
 * - Other secrets at rest by purpose (`sealSecret`/`openSecret`, e.g. Google Drive OAuth tokens).
 * - The in-flight OAuth state cookie (PKCE verifier, state, nonce; 10 minutes).
 */
import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, EncryptJWT, SignJWT, compactDecrypt, jwtDecrypt, jwtVerify } from 'jose';

const SECRET_CTY = 'vidbot-sso-client-secret';

/** Encrypts an SSO client secret for storage. */
export async function sealClientSecret(key: Uint8Array, plain: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(plain)).setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: SECRET_CTY }).encrypt(key);
}

/** Decrypts a value of sealClientSecret. @throws when forged, of another purpose or another key. */
export async function openClientSecret(key: Uint8Array, sealed: string): Promise<string> {
  const { plaintext, protectedHeader } = await compactDecrypt(sealed, key);
  if (protectedHeader.cty !== SECRET_CTY) throw new Error('not an SSO client secret');
  return new TextDecoder().decode(plaintext);
}

/**
 * Purposes of `sealSecret` values; a value sealed for one can never be opened as another.
 * `crm:<type>`: a CRM connection's secret (issue 15, modules/integration/crm.repo.ts).
 */
export type SecretPurpose = 'google-drive-token' | `crm:${string}`;

/** Encrypts a secret of `purpose` for storage (compact JWE, dir + A256GCM, `cty` vidbot-<purpose>). */
export async function sealSecret(key: Uint8Array, purpose: SecretPurpose, plain: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(plain)).setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: `vidbot-${purpose}` }).encrypt(key);
}

/** Decrypts a `sealSecret` value of `purpose`. @throws when forged, of another purpose or another key. */
export async function openSecret(key: Uint8Array, purpose: SecretPurpose, sealed: string): Promise<string> {
  const { plaintext, protectedHeader } = await compactDecrypt(sealed, key);
  if (protectedHeader.cty !== `vidbot-${purpose}`) throw new Error(`not a sealed ${purpose}`);
  return new TextDecoder().decode(plaintext);
}

/**
 * Seals a JSON state object as an encrypted JWT valid `ttlSeconds` (clock `nowMs`, epoch ms),
 * tagged with `purpose`.
 */
export async function sealState(key: Uint8Array, purpose: string, state: Record<string, unknown>, ttlSeconds: number, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new EncryptJWT({ st: state, pu: purpose })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .encrypt(key);
}

/** Opens a sealState value of `purpose`; null when malformed, forged, expired or of another purpose. */
export async function openState(key: Uint8Array, purpose: string, sealed: string, nowMs: number): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtDecrypt(sealed, key, { currentDate: new Date(nowMs) });
    if (payload.pu !== purpose || !payload.st || typeof payload.st !== 'object') return null;
    return payload.st as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** HS256 key for `purpose`'s signed tokens, derived from the idp secret (HKDF-SHA256), so no other use of the secret can forge one. */
function signingKey(key: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', key, new Uint8Array(0), `vidbot-signed-${purpose}`, 32));
}

/**
 * Signs `claims` as a JWS (HS256, readable by anyone, forgeable by nobody) valid `ttlSeconds` from
 * `nowMs` (epoch ms), tagged `typ: vidbot-<purpose>+jwt`. Used where the holder must be able to read
 * the claims, e.g. a CRM OAuth `state` whose account the SPA's callback route reads (issue 15).
 */
export async function signClaims(key: Uint8Array, purpose: string, claims: Record<string, unknown>, ttlSeconds: number, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: `vidbot-${purpose}+jwt` })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(signingKey(key, purpose));
}

/** Verifies a `signClaims` token of `purpose`; its claims, or null when malformed, forged, expired or of another purpose. */
export async function verifyClaims(key: Uint8Array, purpose: string, token: string, nowMs: number): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(key, purpose), {
      algorithms: ['HS256'],
      typ: `vidbot-${purpose}+jwt`,
      currentDate: new Date(nowMs),
    });
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}
