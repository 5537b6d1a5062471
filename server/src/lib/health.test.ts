/**
 * `/healthz` and `/readyz` (issue 18; lib/health.ts) on PGlite and PostgreSQL: served at the root of the
 * app without a token and before the SPA, `no-store`; readiness fails — naming the check — when the
 * node drains, a migration of the journal is not recorded, the database does not answer in time or is
 * closed, or a worker's queue is stalled (and not when its jobs are merely busy).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPgDatabase, createTestContext, dbVariant, type TestContext } from '../../test/harness';
import { migrationsFolder, openDatabase } from '../db/client';
import { jobs } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import { healthRoutes, type Readiness } from './health';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.deps.db.delete(jobs);
});

const journal = (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }).entries;

const readyz = async (app: { request(url: string): Response | Promise<Response> }) => {
  const res = await app.request('/readyz');
  return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as Readiness };
};

describe('health checks', () => {
  it('/healthz answers 200 { status: ok } at the root, without a token, no-store', async () => {
    const res = await ctx.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
    expect((await ctx.app.request('/healthz', { method: 'HEAD' })).status).toBe(200);
  });

  it('/readyz answers 200 with every check when the database is up and migrated', async () => {
    const { status, cache, body } = await readyz(ctx.app);
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    expect(body.status).toBe('ready');
    expect(body.failed).toBeUndefined();
    expect(body.checks.shutdown.ok).toBe(true);
    expect(body.checks.database).toMatchObject({ ok: true, ms: expect.any(Number) });
    expect(body.checks.migrations).toEqual({ ok: true, applied: journal.length, expected: journal.length });
    // The test app runs no job workers.
    expect(body.checks.jobs).toMatchObject({ ok: true, skipped: true });
  });

  it('answers 503 naming the migration when the journal has one the database has not recorded', async () => {
    const last = journal[journal.length - 1]!;
    const rows = (await ctx.deps.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${last.when} RETURNING hash`)) as unknown as { rows: { hash: string }[] };
    expect(rows.rows).toHaveLength(1);
    try {
      const { status, body } = await readyz(ctx.app);
      expect(status).toBe(503);
      expect(body.status).toBe('unavailable');
      expect(body.failed).toEqual(['migrations']);
      expect(body.checks.migrations).toMatchObject({ ok: false, missing: [last.tag], applied: journal.length - 1, expected: journal.length });
      expect(body.checks.migrations.detail).toContain(last.tag);
    } finally {
      await ctx.deps.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${rows.rows[0]!.hash}, ${last.when})`);
    }
    expect((await readyz(ctx.app)).status).toBe(200);
  });

  it('answers 503 (shutdown) while the node drains, without asking the database', async () => {
    const state = { draining: false };
    const app = healthRoutes(ctx.deps, { state });
    expect((await readyz(app)).status).toBe(200);
    state.draining = true;
    const { status, body } = await readyz(app);
    expect(status).toBe(503);
    expect(body.failed).toEqual(['shutdown']);
    expect(body.checks.database).toMatchObject({ ok: true, skipped: true });
    // Liveness is unaffected: the process is alive while it drains.
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('answers 503 (database) within the time limit when the database does not answer', async () => {
    const app = healthRoutes(ctx.deps, { dbTimeoutMs: 300, workerJobTypes: [['test.held']] });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // A transaction holding the jobs table (on PGlite every other query waits for it).
    const holder = ctx.deps.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE jobs IN ACCESS EXCLUSIVE MODE`);
      locked();
      await held;
    });
    await isLocked;
    try {
      const t0 = performance.now();
      const { status, body } = await readyz(app);
      const ms = performance.now() - t0;
      expect(status).toBe(503);
      expect(body.failed).toEqual(['database']);
      expect(body.checks.database).toEqual({ ok: false, detail: 'The database did not answer within 300 ms.' });
      expect(body.checks.migrations).toMatchObject({ skipped: true });
      expect(ms).toBeLessThan(5000);
    } finally {
      release();
      await holder;
    }
    expect((await readyz(app)).status).toBe(200);
  });

  it('answers 503 (database) when the database is closed', async () => {
    const pg = dbVariant === 'postgres' ? await createPgDatabase() : undefined;
    const database = await openDatabase({ databaseUrl: pg?.url });
    try {
      const app = healthRoutes(database);
      expect((await readyz(app)).status).toBe(200);
      await database.close();
      const { status, body } = await readyz(app);
      expect(status).toBe(503);
      expect(body.failed).toEqual(['database']);
      expect(body.checks.database.ok).toBe(false);
      expect(body.checks.database.detail).toMatch(/^The database is not reachable: /);
    } finally {
      await pg?.drop();
    }
  });

  it('jobs: 503 when a worker has a job due longer than the stall limit and runs nothing; busy or other workers are fine', async () => {
    const app = healthRoutes(ctx.deps, { workerJobTypes: [['test.a', 'test.a2'], ['test.b']], queueStallMs: 60_000 });
    const due = (ago: string) => sql`now() - ${ago}::interval`;
    // Due for 10 s: waiting for a free slot is normal.
    const fresh = await enqueueJob(ctx.deps.db, 'test.a', {});
    await ctx.deps.db.update(jobs).set({ runAt: due('10 seconds') }).where(sql`${jobs.id} = ${fresh.id}`);
    expect((await readyz(app)).status).toBe(200);
    // Due for 2 minutes with nothing of its worker running: stalled.
    const old = await enqueueJob(ctx.deps.db, 'test.a2', {});
    await ctx.deps.db.update(jobs).set({ runAt: due('2 minutes') }).where(sql`${jobs.id} = ${old.id}`);
    const stalled = await readyz(app);
    expect(stalled.status).toBe(503);
    expect(stalled.body.failed).toEqual(['jobs']);
    expect(stalled.body.checks.jobs).toMatchObject({ ok: false, stalled: [{ types: ['test.a', 'test.a2'], waitingMs: expect.any(Number) }] });
    expect((stalled.body.checks.jobs.stalled as { waitingMs: number }[])[0]!.waitingMs).toBeGreaterThanOrEqual(120_000);
    // A job of another worker running under a live lease does not count for this worker.
    const other = await enqueueJob(ctx.deps.db, 'test.b', {});
    await ctx.deps.db.update(jobs).set({ status: 'running', lockedBy: 'w', lockedUntil: sql`now() + interval '1 minute'` }).where(sql`${jobs.id} = ${other.id}`);
    expect((await readyz(app)).status).toBe(503);
    // One of its own jobs running under a live lease: busy, not stalled.
    await ctx.deps.db.update(jobs).set({ status: 'running', lockedBy: 'w', lockedUntil: sql`now() + interval '1 minute'` }).where(sql`${jobs.id} = ${fresh.id}`);
    expect((await readyz(app)).status).toBe(200);
    // …but a lease that expired two minutes ago is a job nobody took over: stalled again.
    await ctx.deps.db.update(jobs).set({ lockedUntil: due('2 minutes'), runAt: sql`now()` }).where(sql`${jobs.id} = ${fresh.id}`);
    await ctx.deps.db.update(jobs).set({ runAt: sql`now()` }).where(sql`${jobs.id} = ${old.id}`);
    expect((await readyz(app)).body.checks.jobs).toMatchObject({ ok: false, stalled: [{ types: ['test.a', 'test.a2'] }] });
    // A node without workers does not judge the queue.
    expect((await readyz(healthRoutes(ctx.deps, { workerJobTypes: [], queueStallMs: 60_000 }))).body.checks.jobs).toMatchObject({ ok: true, skipped: true });
  });
});
