/**
 * Key material of the local identity provider (DESIGN §3–4), shared by every API node through the
 * database (issue 18 "Two API nodes behave as one"; docs/scaling.md "Identity provider keys"):
 * - RS256 signing keys in `idp_keys` — a key ring: the active key signs ID and access tokens; keys
 *   retired by a rotation stay in the JWKS and keep verifying until `retiredAt` + `keyRetentionMs`
 *   (the token lifetime plus one refresh period), so a rotation signs nobody out;
 * - a 256-bit secret in `idp_secrets` (name `srp_session`) that encrypts SRP `Session` strings,
 *   derives decoy SRP values for unknown users and seals secrets at rest (SSO client secrets, TOTP
 *   secrets, integration tokens: oauth/secrets.ts, totp.ts). It never rotates (sealed values depend on it).
 *
 * First start (`ensureIdpKeys`): race-safe under a transaction-level advisory lock, so two nodes
 * starting at once on one empty database end with ONE key and ONE secret. An install from before
 * issue 18 has its key file `DATA_DIR/keys/idp-keys.json`: its key and secret are imported then, so
 * tokens already issued stay valid and sealed secrets stay readable. Once the database holds them, the
 * file is never read again (a node's DATA_DIR is not a source of keys).
 *
 * Each node holds the ring in memory (`openKeyRing`) and re-reads it when it is older than
 * IDP_KEY_REFRESH_MS (on use: signing, verifying, the JWKS), and at once — at most every
 * `UNKNOWN_KID_REFRESH_MS` — when a token names a `kid` it does not know (a rotation on another node).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, isNull, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../db/client';
import { idpKeys, idpSecrets } from '../db/schema';
import { TOKEN_TTL_SECONDS } from './tokens';

/** `idp_secrets.name` of the 32-byte secret (base64). */
export const SECRET_NAME = 'srp_session';
/** Shortest time between two refreshes caused by tokens with an unknown `kid`, ms. */
export const UNKNOWN_KID_REFRESH_MS = 5000;
/** Where installs from before issue 18 kept their keys, relative to DATA_DIR. */
export const LEGACY_KEY_FILE = path.join('keys', 'idp-keys.json');

/**
 * How long a retired key stays in the JWKS and keeps verifying, ms: the longest lifetime of a token
 * it signed (ID and access tokens, TOKEN_TTL_SECONDS) plus one refresh period, because a node that
 * has not yet re-read the ring keeps signing with the retired key for up to `refreshMs`.
 */
export function keyRetentionMs(refreshMs: number): number {
  return TOKEN_TTL_SECONDS * 1000 + refreshMs;
}

/** One key of the ring. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public JWK as published in the JWKS (`kid`, `alg: RS256`, `use: sig`). */
  publicJwk: JWK;
  createdAt: Date;
  /** When a rotation retired it; null for the signing key. */
  retiredAt: Date | null;
}

/** A node's view of the shared keys. */
export interface IdpKeyRing {
  /** 32 bytes for Session encryption, decoy derivation and sealing secrets at rest. */
  readonly secret: Uint8Array;
  /** The key that signs new tokens (newest unretired key). @throws when the database has none. */
  signingKey(): Promise<SigningKey>;
  /**
   * The public key for a token's `kid` while it is in the JWKS, else null. An unknown kid re-reads the
   * ring first (at most every UNKNOWN_KID_REFRESH_MS).
   */
  verificationKey(kid: string | undefined): Promise<CryptoKey | null>;
  /** The public JWKs in the JWKS now: the signing key first, then retired keys still within retention. */
  jwks(): Promise<JWK[]>;
  /** Re-reads the keys from the database now. */
  refresh(): Promise<void>;
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

/**
 * The key file of an install from before issue 18, or null when there is none.
 * @throws Error when the file exists but is not a key file of that format.
 */
function readLegacyKeyFile(dataDir: string): KeyFile | null {
  const file = path.join(dataDir, LEGACY_KEY_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!isKeyFile(parsed)) throw new Error(`${file} is not an identity-provider key file (move it away to start with new keys)`);
  return parsed;
}

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  return exportJWK(privateKey);
}

/** Transaction-level advisory lock serialising first starts and rotations on one database. */
const KEYS_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('vidbot.idp_keys'))`;

/**
 * Makes sure the database holds a signing key and the secret, creating them once: under an advisory
 * transaction lock, so concurrent first starts (several nodes, one empty database) end with one key
 * and one secret. On an empty `idp_keys` the legacy key file under `dataDir` (if any) is imported;
 * a missing secret is taken from that file too, else generated (32 random bytes).
 * @param opts.dataDir DATA_DIR of this node (only read while the database lacks keys; a file that
 *   disagrees with the database afterwards is reported with a warning and ignored).
 * @throws Error when the legacy key file is needed but malformed; database errors.
 */
export async function ensureIdpKeys(db: Db, opts: { dataDir?: string } = {}): Promise<void> {
  const [active] = await db.select({ kid: idpKeys.kid }).from(idpKeys).where(isNull(idpKeys.retiredAt)).limit(1);
  const [secret] = await db.select({ name: idpSecrets.name }).from(idpSecrets).where(eq(idpSecrets.name, SECRET_NAME)).limit(1);
  if (active && secret) {
    if (opts.dataDir) await warnIgnoredKeyFile(db, opts.dataDir);
    return;
  }
  const file = opts.dataDir ? readLegacyKeyFile(opts.dataDir) : null;
  await db.transaction(async (tx) => {
    await tx.execute(KEYS_LOCK);
    const [anyKey] = await tx.select({ kid: idpKeys.kid }).from(idpKeys).limit(1);
    const [activeNow] = await tx.select({ kid: idpKeys.kid }).from(idpKeys).where(isNull(idpKeys.retiredAt)).limit(1);
    if (!activeNow) {
      // A fresh database takes the legacy file's key (tokens issued before stay valid); otherwise a new key.
      if (!anyKey && file) {
        await tx.insert(idpKeys).values({
          kid: file.kid,
          privateJwk: file.privateJwk as Record<string, unknown>,
        });
        console.log(
          `[idp] imported the signing key ${file.kid} from ${path.join(opts.dataDir ?? '', LEGACY_KEY_FILE)} into the database; the file is no longer read`,
        );
      } else {
        await tx.insert(idpKeys).values({
          kid: randomUUID(),
          privateJwk: (await newPrivateJwk()) as Record<string, unknown>,
        });
      }
    }
    await tx
      .insert(idpSecrets)
      .values({
        name: SECRET_NAME,
        value: file ? file.secret : randomBytes(32).toString('base64'),
      })
      .onConflictDoNothing({ target: idpSecrets.name });
  });
}

/** Warns when this node's legacy key file holds a key the database does not (it is not used). */
async function warnIgnoredKeyFile(db: Db, dataDir: string): Promise<void> {
  if (!existsSync(path.join(dataDir, LEGACY_KEY_FILE))) return;
  let file: KeyFile | null;
  try {
    file = readLegacyKeyFile(dataDir);
  } catch {
    file = null;
  }
  const [known] = file ? await db.select({ kid: idpKeys.kid }).from(idpKeys).where(eq(idpKeys.kid, file.kid)).limit(1) : [];
  if (!known) {
    console.warn(
      `[idp] ${path.join(dataDir, LEGACY_KEY_FILE)} is ignored: the identity provider's keys live in the database (docs/scaling.md "Identity provider keys")`,
    );
  }
}

/**
 * The shared secret (32 bytes).
 * @throws Error when the database has none (call `ensureIdpKeys` first).
 */
export async function loadIdpSecret(db: Db): Promise<Uint8Array> {
  const [row] = await db.select().from(idpSecrets).where(eq(idpSecrets.name, SECRET_NAME)).limit(1);
  if (!row) throw new Error(`idp_secrets has no ${SECRET_NAME}`);
  const secret = Buffer.from(row.value, 'base64');
  if (secret.length !== 32) throw new Error(`idp_secrets.${SECRET_NAME} is not 32 bytes of base64`);
  return new Uint8Array(secret);
}

async function toSigningKey(row: typeof idpKeys.$inferSelect): Promise<SigningKey> {
  const jwk = row.privateJwk as JWK;
  const privateKey = (await importJWK({ ...jwk, alg: 'RS256' }, 'RS256')) as CryptoKey;
  const publicJwk: JWK = {
    kty: 'RSA',
    n: jwk.n,
    e: jwk.e,
    kid: row.kid,
    alg: 'RS256',
    use: 'sig',
  };
  const publicKey = (await importJWK(publicJwk, 'RS256')) as CryptoKey;
  return {
    kid: row.kid,
    privateKey,
    publicKey,
    publicJwk,
    createdAt: row.createdAt,
    retiredAt: row.retiredAt,
  };
}

/**
 * This node's key ring: makes sure the keys exist (`ensureIdpKeys`), reads the secret and the keys.
 * @param opts.refreshMs IDP_KEY_REFRESH_MS: the ring is re-read on use once older than this.
 * @param opts.now clock in epoch ms (tests move it): refresh ages and retention are measured with it.
 * @throws as `ensureIdpKeys`.
 */
export async function openKeyRing(opts: { db: Db; dataDir?: string; refreshMs: number; now?: () => number }): Promise<IdpKeyRing> {
  const { db, refreshMs } = opts;
  const now = opts.now ?? Date.now;
  const retention = keyRetentionMs(refreshMs);
  await ensureIdpKeys(db, { dataDir: opts.dataDir });
  const secret = await loadIdpSecret(db);

  let keys = new Map<string, SigningKey>();
  let loadedAt = -Infinity;
  let unknownKidAt = -Infinity;
  let inflight: Promise<void> | null = null;

  const load = async () => {
    const rows = await db.select().from(idpKeys).orderBy(asc(idpKeys.createdAt));
    const next = new Map<string, SigningKey>();
    for (const row of rows) {
      const known = keys.get(row.kid);
      // Private JWKs never change; only retiredAt does. Reuse imported keys.
      next.set(row.kid, known ? { ...known, createdAt: row.createdAt, retiredAt: row.retiredAt } : await toSigningKey(row));
    }
    keys = next;
  };
  const refresh = (): Promise<void> => {
    inflight ??= load()
      .then(() => {
        loadedAt = now();
      })
      .catch((err: unknown) => {
        // Keep the ring we have; try again after UNKNOWN_KID_REFRESH_MS rather than on every request.
        loadedAt = now() - refreshMs + UNKNOWN_KID_REFRESH_MS;
        throw err;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
  /** Re-reads a stale ring; a failed read is logged and the current ring used. */
  const fresh = async () => {
    if (now() - loadedAt < refreshMs) return;
    await refresh().catch((err: unknown) => console.error('[idp] could not re-read the signing keys:', err));
  };
  const inJwks = (k: SigningKey) => !k.retiredAt || k.retiredAt.getTime() + retention > now();
  const signer = () => {
    let best: SigningKey | undefined;
    for (const k of keys.values()) if (!k.retiredAt && (!best || k.createdAt >= best.createdAt)) best = k;
    return best;
  };

  await refresh();
  return {
    secret,
    async signingKey() {
      await fresh();
      let key = signer();
      if (!key) {
        await refresh();
        key = signer();
      }
      if (!key) throw new Error('idp_keys has no signing key');
      return key;
    },
    async verificationKey(kid) {
      if (!kid) return null;
      await fresh();
      let key = keys.get(kid);
      if (!key && now() - unknownKidAt >= UNKNOWN_KID_REFRESH_MS) {
        unknownKidAt = now();
        await refresh().catch((err: unknown) => console.error('[idp] could not re-read the signing keys:', err));
        key = keys.get(kid);
      }
      return key && inJwks(key) ? key.publicKey : null;
    },
    async jwks() {
      await fresh();
      const active = signer();
      const listed = [...keys.values()].filter(inJwks).sort((a, b) => (a === active ? -1 : b === active ? 1 : b.createdAt.getTime() - a.createdAt.getTime()));
      return listed.map((k) => k.publicJwk);
    },
    refresh,
  };
}

/** What a rotation did (kids). */
export interface RotationResult {
  /** The new signing key. */
  kid: string;
  /** Keys retired now (they stay in the JWKS for `keyRetentionMs`). */
  retired: string[];
  /** Retired keys past their retention, deleted now. */
  deleted: string[];
}

/**
 * Key rotation (`npm run idp -- rotate-keys`): adds a new signing key and retires the current one(s)
 * in one transaction under the keys' advisory lock; retired keys past `keyRetentionMs(refreshMs)` are
 * deleted. Every node signs with the new key within IDP_KEY_REFRESH_MS and verifies its tokens at once
 * (unknown kid → refresh).
 * @param opts.refreshMs IDP_KEY_REFRESH_MS of the nodes (for the retention of older retired keys).
 * @param opts.now clock in epoch ms (tests move it); default Date.now.
 */
export async function rotateIdpKeys(db: Db, opts: { refreshMs: number; now?: () => number }): Promise<RotationResult> {
  const now = opts.now ?? Date.now;
  const privateJwk = await newPrivateJwk();
  const kid = randomUUID();
  return db.transaction(async (tx) => {
    await tx.execute(KEYS_LOCK);
    const at = new Date(now());
    const retired = await tx.update(idpKeys).set({ retiredAt: at }).where(isNull(idpKeys.retiredAt)).returning({ kid: idpKeys.kid });
    await tx.insert(idpKeys).values({
      kid,
      privateJwk: privateJwk as Record<string, unknown>,
      createdAt: at,
    });
    const deleted = await tx
      .delete(idpKeys)
      .where(lt(idpKeys.retiredAt, new Date(now() - keyRetentionMs(opts.refreshMs))))
      .returning({ kid: idpKeys.kid });
    return {
      kid,
      retired: retired.map((r) => r.kid),
      deleted: deleted.map((r) => r.kid),
    };
  });
}

/** One row of `listIdpKeys`. */
export interface KeyListing {
  kid: string;
  createdAt: Date;
  retiredAt: Date | null;
  /** 'signing', 'retired' (still in the JWKS until `jwksUntil`) or 'expired' (deleted at the next rotation). */
  state: 'signing' | 'retired' | 'expired';
  jwksUntil: Date | null;
}

/** The keys in the database, oldest first, with their state at `now` (`npm run idp -- list-keys`). */
export async function listIdpKeys(db: Db, opts: { refreshMs: number; now?: () => number }): Promise<KeyListing[]> {
  const now = (opts.now ?? Date.now)();
  const rows = await db.select().from(idpKeys).orderBy(asc(idpKeys.createdAt));
  return rows.map((r) => {
    const until = r.retiredAt ? new Date(r.retiredAt.getTime() + keyRetentionMs(opts.refreshMs)) : null;
    return {
      kid: r.kid,
      createdAt: r.createdAt,
      retiredAt: r.retiredAt,
      state: !r.retiredAt ? 'signing' : until && until.getTime() > now ? 'retired' : 'expired',
      jwksUntil: until,
    };
  });
}
