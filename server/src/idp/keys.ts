/**
 * Key material of the local identity provider (DESIGN §3–4), generated once and persisted under
 * `${dataDir}/keys/idp-keys.json` (mode 0600) so a restart signs nobody out:
 * - an RS256 key pair that signs ID and access tokens (its public half is the JWKS);
 * - a 256-bit secret that encrypts SRP `Session` strings and derives decoy SRP values for unknown users.
 *
 * Concurrent first starts are safe: the file is created with an exclusive open and a loser reads
 * the winner's file.
 */
import { mkdirSync, readFileSync, writeFileSync, renameSync, linkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export interface IdpKeys {
  /** Key id (`kid`) of the signing key. */
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public JWK as published in the JWKS (`kid`, `alg: RS256`, `use: sig`). */
  publicJwk: JWK;
  /** 32 bytes for Session encryption and decoy derivation. */
  secret: Uint8Array;
}

interface KeyFile {
  version: 1;
  kid: string;
  privateJwk: JWK;
  secret: string;
}

function isKeyFile(value: unknown): value is KeyFile {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return v.version === 1 && typeof v.kid === 'string' && typeof v.secret === 'string' && !!v.privateJwk && typeof v.privateJwk === 'object';
}

async function fromFile(file: KeyFile): Promise<IdpKeys> {
  const privateKey = (await importJWK({ ...file.privateJwk, alg: 'RS256' }, 'RS256')) as CryptoKey;
  const { n, e } = file.privateJwk;
  const publicJwk: JWK = { kty: 'RSA', n, e, kid: file.kid, alg: 'RS256', use: 'sig' };
  const publicKey = (await importJWK(publicJwk, 'RS256')) as CryptoKey;
  return { kid: file.kid, privateKey, publicKey, publicJwk, secret: Buffer.from(file.secret, 'base64') };
}

/**
 * Loads the keys from `${dataDir}/keys/idp-keys.json`, creating them on first use.
 * Throws when the file exists but is not a key file of this format (never silently replaces keys).
 */
export async function loadOrCreateKeys(dataDir: string): Promise<IdpKeys> {
  const dir = path.join(dataDir, 'keys');
  const target = path.join(dir, 'idp-keys.json');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const read = (): KeyFile => {
    const parsed: unknown = JSON.parse(readFileSync(target, 'utf8'));
    if (!isKeyFile(parsed)) throw new Error(`${target} is not an identity-provider key file`);
    return parsed;
  };
  try {
    return await fromFile(read());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const file: KeyFile = {
    version: 1,
    kid: randomUUID(),
    privateJwk: await exportJWK(privateKey),
    secret: randomBytes(32).toString('base64'),
  };
  const tmp = path.join(dir, `.idp-keys.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  writeFileSync(tmp, JSON.stringify(file), { mode: 0o600 });
  try {
    // link() fails with EEXIST when another process created the file first: then use theirs.
    linkSync(tmp, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      // Filesystems without hard links: fall back to rename (last writer wins, still a full file).
      renameSync(tmp, target);
      return fromFile(read());
    }
  }
  try {
    unlinkSync(tmp);
  } catch {
    /* already renamed */
  }
  return fromFile(read());
}
