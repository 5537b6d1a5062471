/**
 * Server test harness: a fresh database per call — in-memory PGlite, or (when the test project sets
 * VIDBOT_TEST_DB=postgres) a new database on the real PostgreSQL server at TEST_DATABASE_URL — with
 * migrations, the identity provider (keys under a temp DATA_DIR) and the demo data.
 *
 * `signIn(email)` signs in through the Cognito protocol (USER_PASSWORD_AUTH) and returns the ID token.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed';
import { createApp } from '../src/app';
import { loadEnv, type Env } from '../src/env';
import { createIdp } from '../src/idp';
import type { AppDeps } from '../src/lib/context';
import { createStorage } from '../src/media/storage.s3';
import { checkResponse, declaredRoutes } from './contract-check';

export const dbVariant = process.env.VIDBOT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestContext {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  env: Env;
  /** ID token for a demo user (password Vidbot-demo-1 unless given). */
  signIn(email: string, password?: string): Promise<string>;
  /**
   * `app.request` with JSON body and bearer token helpers. The answer is checked against its route's
   * declared contract (contract-check.ts): a body that drifts from its schema fails the test.
   */
  call(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server at TEST_DATABASE_URL (`drop()` removes it). */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('VIDBOT_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `vidbot_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pg's pool.end() resolves before its clients' sockets have closed; a FORCE drop would terminate
      // those backends and their clients would report FATAL 57P01 outside any test. Let them go first (≤ 5 s).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (!rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-test-'));
  const pgDb = dbVariant === 'postgres' ? await createPgDatabase() : undefined;
  const env = loadEnv({ DATA_DIR: dataDir, PORT: '0', JOB_CONCURRENCY: '0', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), ...overrides });
  const database = await openDatabase({ databaseUrl: pgDb?.url, scale: env.scale });
  const idp = await createIdp({ db: database.db, env });
  const deps: AppDeps = { env, db: database.db, database, idp, storage: createStorage(env) };
  await seedDemo(database.db, idp);
  const app = createApp(deps);
  const routes = declaredRoutes(app);

  const call: TestContext['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await app.request(url, { method, headers, body });
    await checkResponse(routes, method.toUpperCase(), url, res);
    return res;
  };

  return {
    deps,
    app,
    env,
    call,
    async signIn(email, password = DEMO_PASSWORD) {
      const res = await call('POST', '/idp', {
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: env.userPoolClientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        },
      });
      const json = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
      if (!json.AuthenticationResult) throw new Error(`sign-in failed for ${email}: ${res.status} ${JSON.stringify(json)}`);
      return json.AuthenticationResult.IdToken;
    },
    async close() {
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
