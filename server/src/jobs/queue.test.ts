/**
 * The Postgres job queue (DESIGN §1b) on PGlite and PostgreSQL: claim order, retries with backoff,
 * failure after maxAttempts, re-claim of a job whose lease expired (restart), and the worker handing
 * an aborted job back to the queue.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { jobs } from '../db/schema';
import { backoffMs, claimNextJob, enqueueJob, PermanentJobError, runNextJob, type JobHandlers, type JobRow } from './queue';
import { startJobWorker } from './worker';

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

const jobRow = async (id: number): Promise<JobRow> => {
  const [row] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error('job gone');
  return row;
};
const makeDue = (id: number) => ctx.deps.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));

describe('job queue', () => {
  it('runs a due job once and stores its result', async () => {
    const seen: unknown[] = [];
    const handlers: JobHandlers = {
      'test.echo': {
        async run({ job, setProgress }) {
          seen.push(job.payload);
          await setProgress(0.5);
          return { echoed: job.payload.n };
        },
      },
    };
    const job = await enqueueJob(ctx.deps.db, 'test.echo', { n: 7 });
    const ended = await runNextJob(ctx.deps, handlers);
    expect(ended).toMatchObject({ id: job.id, status: 'done', attempts: 1, progress: 1, result: { echoed: 7 } });
    expect(seen).toEqual([{ n: 7 }]);
    expect(await runNextJob(ctx.deps, handlers)).toBeNull();
  });

  it('claims only the types it has handlers for, oldest first', async () => {
    await enqueueJob(ctx.deps.db, 'other.kind', {});
    const a = await enqueueJob(ctx.deps.db, 'test.a', {});
    const b = await enqueueJob(ctx.deps.db, 'test.a', {});
    const first = await claimNextJob(ctx.deps.db, 'w1', ['test.a']);
    const second = await claimNextJob(ctx.deps.db, 'w2', ['test.a']);
    expect([first?.id, second?.id]).toEqual([a.id, b.id]);
    expect(first).toMatchObject({ status: 'running', lockedBy: 'w1', attempts: 1 });
    expect(await claimNextJob(ctx.deps.db, 'w3', ['test.a'])).toBeNull();
  });

  it('retries with backoff, then fails after maxAttempts and calls onFailed', async () => {
    const failures: string[] = [];
    const handlers: JobHandlers = {
      'test.flaky': {
        async run() {
          throw new Error('disk on fire');
        },
        async onFailed({ error }) {
          failures.push(error);
        },
      },
    };
    const job = await enqueueJob(ctx.deps.db, 'test.flaky', {}, { maxAttempts: 2 });
    const first = await runNextJob(ctx.deps, handlers);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'disk on fire' });
    // Not due yet: the backoff put run_at in the future.
    expect(first!.runAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) / 2);
    expect(await runNextJob(ctx.deps, handlers)).toBeNull();
    await makeDue(job.id);
    const second = await runNextJob(ctx.deps, handlers);
    expect(second).toMatchObject({ status: 'failed', attempts: 2, lastError: 'disk on fire' });
    expect(failures).toEqual(['disk on fire']);
  });

  it('fails at once on a PermanentJobError', async () => {
    const handlers: JobHandlers = {
      'test.bad': {
        async run() {
          throw new PermanentJobError('cannot ever work');
        },
      },
    };
    await enqueueJob(ctx.deps.db, 'test.bad', {});
    expect(await runNextJob(ctx.deps, handlers)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'cannot ever work' });
  });

  it('claims again a running job whose lease expired (interrupted by a restart)', async () => {
    const job = await enqueueJob(ctx.deps.db, 'test.resume', {});
    const claimed = await claimNextJob(ctx.deps.db, 'crashed-worker', ['test.resume']);
    expect(claimed?.status).toBe('running');
    // While the lease holds nobody else takes it.
    expect(await claimNextJob(ctx.deps.db, 'w2', ['test.resume'])).toBeNull();
    // The worker died; its lease runs out.
    await ctx.deps.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));
    let runs = 0;
    const ended = await runNextJob(ctx.deps, { 'test.resume': { run: async () => void runs++ } }, { workerId: 'new-worker' });
    expect(ended).toMatchObject({ id: job.id, status: 'done', attempts: 2, lockedBy: 'new-worker' });
    expect(runs).toBe(1);
  });

  it('does not run again a job interrupted on its last attempt', async () => {
    const job = await enqueueJob(ctx.deps.db, 'test.resume', {}, { maxAttempts: 1 });
    await claimNextJob(ctx.deps.db, 'crashed-worker', ['test.resume']);
    await ctx.deps.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));
    let runs = 0;
    const failed: string[] = [];
    const ended = await runNextJob(ctx.deps, {
      'test.resume': { run: async () => void runs++, onFailed: async ({ error }) => void failed.push(error) },
    });
    expect(ended?.status).toBe('failed');
    expect(runs).toBe(0);
    expect(failed).toHaveLength(1);
  });

  it('worker runs queued jobs and, when stopped, hands a running job back without counting the attempt', async () => {
    let started!: () => void;
    const startedP = new Promise<void>((r) => (started = r));
    const done: number[] = [];
    const handlers: JobHandlers = {
      'test.slow': {
        run: ({ job, signal }) =>
          new Promise((resolve, reject) => {
            if (job.payload.quick) {
              done.push(job.id);
              resolve();
              return;
            }
            started();
            signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          }),
      },
    };
    const quick = await enqueueJob(ctx.deps.db, 'test.slow', { quick: true });
    const slow = await enqueueJob(ctx.deps.db, 'test.slow', {});
    const worker = startJobWorker(ctx.deps, handlers, { concurrency: 1, pollMs: 50 });
    await startedP;
    expect(done).toEqual([quick.id]);
    await worker.stop();
    expect(await jobRow(slow.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    expect(await jobRow(quick.id)).toMatchObject({ status: 'done' });
  });

  it('worker stop with a time limit hands back a job whose handler ignores its signal; the late handler cannot finish it', async () => {
    let started!: () => void;
    const startedP = new Promise<void>((r) => (started = r));
    let finish!: () => void;
    const handlers: JobHandlers = {
      'test.stubborn': {
        run: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
            started();
          }),
      },
    };
    const job = await enqueueJob(ctx.deps.db, 'test.stubborn', {});
    const worker = startJobWorker(ctx.deps, handlers, { concurrency: 1, pollMs: 50, leaseMs: 60_000 });
    await startedP;
    expect(await jobRow(job.id)).toMatchObject({ status: 'running', attempts: 1 });
    const t0 = performance.now();
    await worker.stop({ timeoutMs: 300 });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });
    // The handler ends after all: it no longer owns the row, which stays queued for the next worker.
    finish();
    await new Promise((r) => setTimeout(r, 200));
    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', attempts: 0 });
    const rerun = await runNextJob(ctx.deps, { 'test.stubborn': { run: async () => ({ ok: true }) } });
    expect(rerun).toMatchObject({ id: job.id, status: 'done', attempts: 1 });
  });
});
