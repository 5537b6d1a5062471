/**
 * The identity provider's keys shared by every API node through the database (issue 18 "Two API nodes
 * behave as one"; ./keys.ts), on PGlite and PostgreSQL. Two providers on one database stand for two
 * nodes (on PostgreSQL each with its own connection pool and DATA_DIR): a token of one verifies on the
 * other and on its /api, the lockout is shared, the first start is race-safe, an older install's key
 * file is imported once, and a rotation keeps old tokens valid until they expire and reaches the other node.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, isNull } from 'drizzle-orm';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JSONWebKeySet } from 'jose';
import { createPgDatabase, createTestContext, dbVariant, type TestContext } from '../../test/harness';
import { createApp } from '../app';
import { openDatabase, type Database, type Db } from '../db/client';
import { DEMO_PASSWORD } from '../db/seed';
import { idpKeys, idpSecrets } from '../db/schema';
import { loadEnv, type Env } from '../env';
import { createIdp, type IdpService } from './index';
import { LEGACY_KEY_FILE, UNKNOWN_KID_REFRESH_MS, keyRetentionMs, openKeyRing } from './keys';
import { sealSecret } from './oauth/secrets';
import { TOKEN_TTL_SECONDS } from './tokens';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

interface Answer {
  status: number;
  json: Record<string, unknown>;
}
interface AuthResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-idp-keys-'));
  dirs.push(dir);
  return dir;
}

/** One Cognito call against a provider's /idp routes. */
async function cognito(service: IdpService, op: string, body: unknown): Promise<Answer> {
  const res = await service.routes.request('/', {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The JWKS a provider publishes. */
async function jwksOf(service: IdpService, env: Env): Promise<string[]> {
  const res = await service.routes.request(`/${env.userPoolId}/.well-known/jwks.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as JSONWebKeySet).keys.map((k) => k.kid ?? '');
}

/**
 * Another handle on a test database: on PostgreSQL a second connection pool (another node), on
 * PGlite the same in-process database (PGlite is single-process).
 */
async function secondHandle(db: Db, databaseUrl: string | undefined): Promise<{ db: Db; close(): Promise<void> }> {
  if (!databaseUrl) return { db, close: async () => {} };
  const other = await openDatabase({ databaseUrl });
  return { db: other.db, close: () => other.close() };
}

/** An empty, migrated database with `n` handles (PostgreSQL: n pools; PGlite: one in-memory database). */
async function emptyDatabase(n: number): Promise<{ dbs: Db[]; databaseUrl?: string; close(): Promise<void> }> {
  if (dbVariant === 'postgres') {
    const place = await createPgDatabase();
    const opened: Database[] = [];
    // Sequentially: migrations are not meant to run concurrently.
    for (let i = 0; i < n; i++) opened.push(await openDatabase({ databaseUrl: place.url }));
    return {
      dbs: opened.map((d) => d.db),
      databaseUrl: place.url,
      async close() {
        for (const d of opened) await d.close();
        await place.drop();
      },
    };
  }
  const database = await openDatabase({});
  return { dbs: Array.from({ length: n }, () => database.db), close: () => database.close() };
}

let ctx: TestContext;
let clock = Date.now();
const now = () => clock;
/** Node A and node B on the test database, each with its own DATA_DIR (and pool on PostgreSQL), on `clock`. */
let envA: Env;
let envB: Env;
let nodeA: IdpService;
let nodeB: IdpService;
let dbB: { db: Db; close(): Promise<void> };

const passwordAuth = (service: IdpService, USERNAME: string, PASSWORD = DEMO_PASSWORD) =>
  cognito(service, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME, PASSWORD } });

async function signedIn(service: IdpService, username: string): Promise<AuthResult> {
  const r = await passwordAuth(service, username);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.AuthenticationResult as AuthResult;
}

beforeAll(async () => {
  ctx = await createTestContext();
  envA = { ...ctx.env, dataDir: tempDir() };
  envB = { ...ctx.env, dataDir: tempDir() };
  dbB = await secondHandle(ctx.deps.db, ctx.env.databaseUrl);
  nodeA = await createIdp({ db: ctx.deps.db, env: envA, now });
  nodeB = await createIdp({ db: dbB.db, env: envB, now });
});
afterAll(async () => {
  await dbB?.close();
  await ctx?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two nodes on one database', () => {
  it("accepts node A's tokens on node B and on B's /api, and B's on A; both read one secret", async () => {
    const fromA = await signedIn(nodeA, 'owner@example.com');
    expect((await nodeB.verifyIdToken(fromA.IdToken)).email).toBe('owner@example.com');
    const appB = createApp({ ...ctx.deps, db: dbB.db, idp: nodeB });
    const me = await appB.request('/api/user/me', { headers: { authorization: `Bearer ${fromA.IdToken}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('owner@example.com');
    // Control: B's /api refuses a token that is not ours, so the 200 above is B accepting A's key.
    const forged = await new SignJWT(decodeJwt(fromA.IdToken))
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(fromA.IdToken).kid! })
      .sign((await generateKeyPair('RS256')).privateKey);
    expect((await appB.request('/api/user/me', { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);

    // The other way round, and a refresh token of A redeemed on B.
    const fromB = await signedIn(nodeB, 'admin@example.com');
    expect((await nodeA.verifyIdToken(fromB.IdToken)).email).toBe('admin@example.com');
    const refreshed = await cognito(nodeB, 'GetTokensFromRefreshToken', { ClientId: ctx.env.userPoolClientId, RefreshToken: fromA.RefreshToken });
    expect(refreshed.status).toBe(200);
    expect(await jwksOf(nodeA, envA)).toEqual(await jwksOf(nodeB, envB));

    // The secret: what A seals (integration tokens, signed claims) B opens.
    expect(await nodeB.openSecret('crm:hubspot', await nodeA.sealSecret('crm:hubspot', 'token-1'))).toBe('token-1');
    expect(await nodeB.verifyClaims('state', await nodeA.signClaims('state', { n: 1 }, 60))).toMatchObject({ n: 1 });
    const [secrets] = await ctx.deps.db.select({ n: count() }).from(idpSecrets);
    expect(secrets?.n).toBe(1);
  });

  it('counts sign-in failures across nodes: 5 wrong passwords split over A and B lock the user on both', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await passwordAuth(i % 2 ? nodeB : nodeA, 'editor@example.com', 'Wrong-password-1');
      expect(wrong.json).toMatchObject({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
    for (const node of [nodeA, nodeB]) {
      const locked = await passwordAuth(node, 'editor@example.com');
      expect(locked.status).toBe(400);
      expect(locked.json).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    }
  });

  it('finishes on B a sign-in started on A, and a redeemed Session cannot be replayed on either node', async () => {
    const created = await nodeA.createSystemUser({ email: 'two-nodes@example.com', firstName: 'Two', lastName: 'Nodes', temporaryPassword: 'Temp-pass-11' });
    const start = await passwordAuth(nodeA, 'two-nodes@example.com', 'Temp-pass-11');
    expect(start.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const respond = (node: IdpService) =>
      cognito(node, 'RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: ctx.env.userPoolClientId,
        Session: start.json.Session,
        ChallengeResponses: { USERNAME: created.user.username, NEW_PASSWORD: 'Own-pass-13' },
      });
    const done = await respond(nodeB);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const tokens = done.json.AuthenticationResult as AuthResult;
    expect((await nodeA.verifyIdToken(tokens.IdToken)).email).toBe('two-nodes@example.com');
    for (const node of [nodeA, nodeB]) {
      const replay = await respond(node);
      expect(replay.json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
    }
  });
});

describe('first start', () => {
  it('ends with ONE key and ONE secret when several nodes start at once on an empty database', async () => {
    const empty = await emptyDatabase(3);
    try {
      const env = { ...ctx.env, databaseUrl: empty.databaseUrl };
      const nodes = await Promise.all(empty.dbs.map((db) => createIdp({ db, env: { ...env, dataDir: tempDir() } })));
      const [keys] = await empty.dbs[0]!.select({ n: count() }).from(idpKeys);
      const [secrets] = await empty.dbs[0]!.select({ n: count() }).from(idpSecrets);
      expect({ keys: keys?.n, secrets: secrets?.n }).toEqual({ keys: 1, secrets: 1 });
      const jwks = await Promise.all(nodes.map((n) => jwksOf(n, env)));
      expect(jwks[0]).toHaveLength(1);
      expect(jwks[1]).toEqual(jwks[0]);
      expect(jwks[2]).toEqual(jwks[0]);
      const sealed = await nodes[1]!.sealSecret('google-drive-token', 'x');
      expect(await nodes[0]!.openSecret('google-drive-token', sealed)).toBe('x');
      expect(await nodes[2]!.openSecret('google-drive-token', sealed)).toBe('x');
    } finally {
      await empty.close();
    }
  });

  it("imports an older install's DATA_DIR/keys/idp-keys.json once: its tokens stay valid and its sealed secrets readable", async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'keys'));
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const legacy = { version: 1, kid: randomUUID(), privateJwk: await exportJWK(privateKey), secret: randomBytes(32).toString('base64') };
    writeFileSync(path.join(dataDir, LEGACY_KEY_FILE), JSON.stringify(legacy), { mode: 0o600 });
    // What the older install issued and sealed before the upgrade.
    const issuer = `${ctx.env.publicUrl}/idp/${ctx.env.userPoolId}`;
    const iat = Math.floor(Date.now() / 1000);
    const oldToken = await new SignJWT({ email: 'someone@example.com', 'cognito:username': 'u-1', token_use: 'id', aud: ctx.env.userPoolClientId })
      .setProtectedHeader({ alg: 'RS256', kid: legacy.kid })
      .setSubject('u-1')
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_TTL_SECONDS)
      .sign(privateKey);
    const oldSealed = await sealSecret(Buffer.from(legacy.secret, 'base64'), 'crm:pipedrive', 'api-token');

    const empty = await emptyDatabase(2);
    try {
      const env = { ...ctx.env, databaseUrl: empty.databaseUrl, dataDir };
      const upgraded = await createIdp({ db: empty.dbs[0]!, env });
      expect((await upgraded.verifyIdToken(oldToken)).email).toBe('someone@example.com');
      expect(await upgraded.openSecret('crm:pipedrive', oldSealed)).toBe('api-token');
      expect(await jwksOf(upgraded, env)).toEqual([legacy.kid]);

      // A second node with its own, different key file: the database's keys win, the file is ignored (with a warning).
      const otherDir = tempDir();
      mkdirSync(path.join(otherDir, 'keys'));
      const other = { ...legacy, kid: randomUUID(), privateJwk: await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey), secret: randomBytes(32).toString('base64') };
      writeFileSync(path.join(otherDir, LEGACY_KEY_FILE), JSON.stringify(other));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const second = await createIdp({ db: empty.dbs[1]!, env: { ...env, dataDir: otherDir } });
        expect(warn).toHaveBeenCalledWith(expect.stringContaining('is ignored'));
        expect(await jwksOf(second, env)).toEqual([legacy.kid]);
        expect((await second.verifyIdToken(oldToken)).sub).toBe('u-1');
        expect(await second.openSecret('crm:pipedrive', oldSealed)).toBe('api-token');
      } finally {
        warn.mockRestore();
      }
      // Removing the file changes nothing any more: the keys live in the database.
      rmSync(path.join(dataDir, 'keys'), { recursive: true });
      const restarted = await createIdp({ db: empty.dbs[0]!, env });
      expect((await restarted.verifyIdToken(oldToken)).email).toBe('someone@example.com');
      const [keys] = await empty.dbs[0]!.select({ n: count() }).from(idpKeys);
      expect(keys?.n).toBe(1);
    } finally {
      await empty.close();
    }
  });

  it('refuses to start on an empty database with a malformed key file (never silently replaces keys)', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'keys'));
    writeFileSync(path.join(dataDir, LEGACY_KEY_FILE), '{"version":1}');
    const empty = await emptyDatabase(1);
    try {
      await expect(createIdp({ db: empty.dbs[0]!, env: { ...ctx.env, databaseUrl: empty.databaseUrl, dataDir } })).rejects.toThrow(/idp-keys\.json is not an identity-provider key file/);
      const [keys] = await empty.dbs[0]!.select({ n: count() }).from(idpKeys);
      expect(keys?.n).toBe(0);
    } finally {
      await empty.close();
    }
  });
});

describe('key rotation', () => {
  it('signs with the new key, keeps verifying and publishing the old one until its tokens have expired, then drops it', async () => {
    clock += 60 * 60 * 1000;
    const refreshMs = ctx.env.scale.idpKeyRefreshMs;
    // The current signing key, to forge tokens with fresh expiry later (shows the key itself leaves the ring).
    const oldKey = await (await openKeyRing({ db: ctx.deps.db, refreshMs, now })).signingKey();
    const before = await signedIn(nodeA, 'owner@example.com');
    expect(decodeProtectedHeader(before.IdToken).kid).toBe(oldKey.kid);
    // Node C started before the rotation and never sees an unknown kid: its periodic refresh picks it up.
    const nodeC = await createIdp({ db: ctx.deps.db, env: { ...ctx.env, dataDir: tempDir() }, now });
    // Node B's ring is read now (its periodic refresh is due only IDP_KEY_REFRESH_MS later).
    expect(await jwksOf(nodeB, envB)).toEqual([oldKey.kid]);

    const rotated = await nodeA.rotateKeys();
    expect(rotated.retired).toEqual([oldKey.kid]);
    expect(rotated.kid).not.toBe(oldKey.kid);
    expect(await jwksOf(nodeA, envA)).toEqual([rotated.kid, oldKey.kid]);
    const after = await signedIn(nodeA, 'owner@example.com');
    expect(decodeProtectedHeader(after.IdToken).kid).toBe(rotated.kid);
    expect((await nodeA.verifyIdToken(before.IdToken)).email).toBe('owner@example.com');
    expect((await nodeA.verifyIdToken(after.IdToken)).email).toBe('owner@example.com');
    const [active] = await ctx.deps.db.select({ n: count() }).from(idpKeys).where(isNull(idpKeys.retiredAt));
    expect(active?.n).toBe(1);

    // Node B has not re-read the ring yet; a token with the new kid makes it do so at once.
    expect(await jwksOf(nodeB, envB)).toEqual([oldKey.kid]);
    expect((await nodeB.verifyIdToken(after.IdToken)).email).toBe('owner@example.com');
    expect(await jwksOf(nodeB, envB)).toEqual([rotated.kid, oldKey.kid]);
    expect(decodeProtectedHeader((await signedIn(nodeB, 'owner@example.com')).IdToken).kid).toBe(rotated.kid);
    expect((await nodeB.verifyIdToken(before.IdToken)).email).toBe('owner@example.com');

    // Node C: until IDP_KEY_REFRESH_MS has passed it signs with the retired key (still valid everywhere)…
    expect(decodeProtectedHeader((await signedIn(nodeC, 'owner@example.com')).IdToken).kid).toBe(oldKey.kid);
    clock += refreshMs;
    // …then with the new one.
    expect(decodeProtectedHeader((await signedIn(nodeC, 'owner@example.com')).IdToken).kid).toBe(rotated.kid);

    // A token of the old key with a fresh expiry verifies while the key is within retention…
    const forgeWithOld = async () => {
      const iat = Math.floor(clock / 1000);
      return new SignJWT({ ...decodeJwt(before.IdToken), iat, exp: iat + 600 }).setProtectedHeader({ alg: 'RS256', kid: oldKey.kid }).sign(oldKey.privateKey);
    };
    const retiredAt = clock - refreshMs;
    clock = retiredAt + keyRetentionMs(refreshMs) - 1000;
    expect((await nodeA.verifyIdToken(await forgeWithOld())).email).toBe('owner@example.com');
    expect(await jwksOf(nodeA, envA)).toContain(oldKey.kid);
    // …and after it (token lifetime + refresh period) the old key is gone from the JWKS and refused.
    clock = retiredAt + keyRetentionMs(refreshMs) + 1000;
    expect(await jwksOf(nodeA, envA)).toEqual([rotated.kid]);
    expect(await jwksOf(nodeB, envB)).toEqual([rotated.kid]);
    await expect(nodeA.verifyIdToken(await forgeWithOld())).rejects.toMatchObject({ status: 401 });
    await expect(nodeB.verifyIdToken(await forgeWithOld())).rejects.toMatchObject({ status: 401 });

    // The next rotation deletes the expired key.
    const next = await nodeB.rotateKeys();
    expect(next.retired).toEqual([rotated.kid]);
    expect(next.deleted).toEqual([oldKey.kid]);
    const [rows] = await ctx.deps.db.select({ n: count() }).from(idpKeys);
    expect(rows?.n).toBe(2);
  });

  it(`re-reads the ring for unknown kids at most every ${UNKNOWN_KID_REFRESH_MS} ms`, async () => {
    clock += 60 * 60 * 1000;
    const fromA = await signedIn(nodeA, 'admin@example.com');
    // Node B sees a token naming a kid nobody has: one refresh, refused.
    const bogus = await new SignJWT(decodeJwt(fromA.IdToken)).setProtectedHeader({ alg: 'RS256', kid: randomUUID() }).sign((await generateKeyPair('RS256')).privateKey);
    await expect(nodeB.verifyIdToken(bogus)).rejects.toMatchObject({ status: 401 });
    // A rotation on A right after: within the cooldown B does not re-read for the new kid yet…
    const rotated = await nodeA.rotateKeys();
    const fresh = await signedIn(nodeA, 'admin@example.com');
    expect(decodeProtectedHeader(fresh.IdToken).kid).toBe(rotated.kid);
    await expect(nodeB.verifyIdToken(fresh.IdToken)).rejects.toMatchObject({ status: 401 });
    // …once the cooldown has passed it does.
    clock += UNKNOWN_KID_REFRESH_MS;
    expect((await nodeB.verifyIdToken(fresh.IdToken)).email).toBe('admin@example.com');
  });
});

describe('npm run idp', () => {
  it('rotate-keys adds a signing key and retires the old one; refuses on a PGlite DATA_DIR while a server answers', async () => {
    const place = dbVariant === 'postgres' ? await createPgDatabase() : undefined;
    const dataDir = tempDir();
    const busy = createServer((_req, res) => res.end('busy'));
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const busyPort = (busy.address() as AddressInfo).port;
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const freePort = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const cli = (args: string[], env: Record<string, string>) =>
      run(process.execPath, ['--import', 'tsx', 'server/src/idp/cli.ts', ...args], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: os.tmpdir(), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      });
    try {
      if (!place) {
        const refused = await cli(['rotate-keys'], { PORT: String(busyPort) }).then(
          () => null,
          (e: { code: number; stderr: string }) => e,
        );
        expect(refused?.code).toBe(1);
        expect(refused?.stderr).toMatch(/stop Vidbot first/);
      }
      const env = { PORT: String(freePort), ...(place ? { DATABASE_URL: place.url } : {}) };
      const { stdout } = await cli(['rotate-keys'], env);
      expect(stdout).toMatch(/New signing key [0-9a-f-]{36}\./);
      expect(stdout).toMatch(/Retired [0-9a-f-]{36}: still in the JWKS/);

      const database = await openDatabase(place ? { databaseUrl: place.url } : { pgliteDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await database.db.select().from(idpKeys);
        expect(rows).toHaveLength(2);
        const signing = rows.filter((r) => !r.retiredAt);
        expect(signing.map((r) => r.kid)).toEqual([/New signing key ([0-9a-f-]{36})/.exec(stdout)?.[1]]);
        const env2 = loadEnv({ DATA_DIR: tempDir(), ...(place ? { DATABASE_URL: place.url } : {}) });
        const node = await createIdp({ db: database.db, env: env2 });
        expect(await jwksOf(node, env2)).toEqual([signing[0]!.kid, rows.find((r) => r.retiredAt)!.kid]);
      } finally {
        await database.close();
      }
      const listed = await cli(['list-keys'], env);
      expect(listed.stdout.trim().split('\n')).toHaveLength(2);
      expect(listed.stdout).toMatch(/retired, in the JWKS until \d{4}-/);
      const usage = await cli([], env).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(usage?.code).toBe(2);
      expect(usage?.stderr).toMatch(/rotate-keys/);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
      await place?.drop();
    }
  });
});
