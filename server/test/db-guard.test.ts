/**
 * The database guard on a real PostgreSQL and a real listening server (issue 18 "Overload is answered,
 * not queued"; lib/db-guard.ts, db/guard.ts): statement timeout → 503 with a detail; a request whose
 * client gives up has its query gone from pg_stat_activity within 1 s; overload → 503 + Retry-After at
 * once; after a burst of 200 slow requests whose clients give up after 1 s, a normal request is answered
 * within 1 s; event ingest is answered during a general burst.
 *
 * Real routes only: the slow requests are `GET /api/public/widget/{publicId}`, made slow by a test
 * connection holding `LOCK TABLE widgets IN ACCESS EXCLUSIVE MODE` (statement_timeout counts lock waits);
 * `GET /api/public/bot/{publicId}` and `POST /api/events` do not read `widgets`.
 * PostgreSQL only: `node scripts/test-postgres.mjs -- npx vitest run server/test/db-guard.test.ts --project server-pg`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, dbVariant } from './harness';
import { freePort, startServerProcess, type ServerProcess } from './tus-resume';

const TIMEOUT_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(dbVariant === 'postgres')('database guard on PostgreSQL (issue 18)', () => {
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>>;
  let running: ServerProcess;
  let locker: pg.Client;
  let observer: pg.Client;
  let dataDir: string;
  let dbName: string;

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    dbName = new URL(pgDb.url).pathname.slice(1);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-dbguard-'));
    // Its own process, as in production: the test's 200 clients do not share the server's event loop.
    running = await startServerProcess({
      dataDir,
      port: await freePort(),
      timeoutMs: 150_000,
      env: {
        SEED_DEMO: '0',
        JOB_CONCURRENCY: '0',
        DATABASE_URL: pgDb.url,
        DB_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
        DB_POOL_MAX: '4',
        DB_MAX_CONCURRENT: '4',
        DB_QUEUE_MAX: '4',
      },
    });
    locker = new pg.Client({ connectionString: pgDb.url });
    observer = new pg.Client({ connectionString: pgDb.url });
    await Promise.all([locker.connect(), observer.connect()]);
  }, 180_000);

  afterEach(async () => {
    await locker.query('ROLLBACK');
  });

  afterAll(async () => {
    await locker?.end();
    await observer?.end();
    await running?.kill('SIGTERM');
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const lockWidgets = async () => {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE widgets IN ACCESS EXCLUSIVE MODE');
  };
  /** The server's request statements waiting on the lock. */
  const blocked = async () =>
    (
      await observer.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'vidbot:%' AND state = 'active' AND wait_event_type = 'Lock'",
        [dbName],
      )
    ).rows[0]!.n;
  const waitFor = async (cond: () => Promise<boolean>, ms: number) => {
    const until = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
      await sleep(20);
    }
  };
  const slowUrl = () => `${running.url}/api/public/widget/no-such-carousel`;

  it('a statement past DB_STATEMENT_TIMEOUT_MS answers 503 with a detail', async () => {
    await lockWidgets();
    const started = Date.now();
    const res = await fetch(slowUrl());
    const took = Date.now() - started;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: `The database took too long to answer (over ${TIMEOUT_MS} ms); try again.`, code: 'statement_timeout' });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(took).toBeLessThan(TIMEOUT_MS + 3000);
  }, 20_000);

  it("a request whose client gives up has its query gone from pg_stat_activity within 1 s", async () => {
    await lockWidgets();
    const client = new AbortController();
    const answer = fetch(slowUrl(), { signal: client.signal }).catch((e: unknown) => e);
    await waitFor(async () => (await blocked()) === 1, 2000);
    client.abort();
    const aborted = Date.now();
    await waitFor(async () => (await blocked()) === 0, 1000);
    expect(Date.now() - aborted).toBeLessThan(1000);
    expect((await answer) as Error).toBeInstanceOf(Error);
    // The server still answers (the lane's connection and slot were given back).
    await locker.query('ROLLBACK');
    expect((await fetch(slowUrl())).status).toBe(404);
  }, 20_000);

  it('overload answers 503 with Retry-After at once, beyond DB_MAX_CONCURRENT + DB_QUEUE_MAX', async () => {
    await lockWidgets();
    const started = Date.now();
    const answers = Array.from({ length: 12 }, () => fetch(slowUrl()).then(async (res) => ({ res, at: Date.now() - started, body: (await res.json()) as { code?: string } })));
    await waitFor(async () => (await blocked()) === 4, 3000);
    await sleep(200);
    const settled = await Promise.race([Promise.all(answers.slice(0)), sleep(10).then(() => null)]);
    expect(settled).toBeNull(); // 8 are still admitted or waiting
    await locker.query('ROLLBACK');
    const all = await Promise.all(answers);
    const refused = all.filter((a) => a.res.status === 503);
    expect(refused).toHaveLength(4);
    for (const a of refused) {
      expect(a.body.code).toBe('overloaded');
      expect(Number(a.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(a.at).toBeLessThan(1500);
    }
    expect(all.filter((a) => a.res.status === 404)).toHaveLength(8);
  }, 20_000);

  it('after a burst of 200 slow requests whose clients give up after 1 s, a normal request answers within 1 s; ingest answers during the burst', async () => {
    await lockWidgets();
    const burst = Array.from({ length: 200 }, () => fetch(slowUrl(), { signal: AbortSignal.timeout(1000) }).then((r) => r.status, () => 'gave up'));
    await waitFor(async () => (await blocked()) === 4, 3000);
    // Event ingest keeps its own lane: answered (404, no such published bot) while the general lane is full.
    const ingestStarted = Date.now();
    const ingest = await fetch(`${running.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ v: 1, publicId: 'no-such-bot', channel: 'direct', sessionId: 'session-0123456789abcdef', events: [{}] }),
    });
    expect(ingest.status).toBe(404);
    expect(Date.now() - ingestStarted).toBeLessThan(1000);
    const outcomes = await Promise.all(burst);
    expect(outcomes.filter((o) => o === 'gave up').length).toBeGreaterThanOrEqual(8);
    // The burst has ended (every client gave up or was refused); the lock is still held.
    // The server learns of the 200 closed sockets from its event loop; on a loaded machine (CI runs both
    // server projects at once) the first request may still find the gate full and be refused at once
    // (503 overloaded). The requirement is an answer within 1 s of the burst's end: ask until answered.
    const ended = Date.now();
    let normal = await fetch(`${running.url}/api/public/bot/no-such-bot`);
    while (normal.status === 503 && Date.now() - ended < 1000) {
      await sleep(50);
      normal = await fetch(`${running.url}/api/public/bot/no-such-bot`);
    }
    expect(normal.status).toBe(404);
    expect(Date.now() - ended).toBeLessThan(1000);
    await waitFor(async () => (await blocked()) === 0, 1000);
  }, 30_000);
});
