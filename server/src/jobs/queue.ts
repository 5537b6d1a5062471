/**
 * The Postgres job queue (DESIGN §1b "Every long task is a job"): rows of the `jobs` table, claimed
 * with `FOR UPDATE SKIP LOCKED` so any number of workers (in this process or on other machines) can
 * share it, on PGlite and PostgreSQL alike.
 *
 * Life of a job: `queued` → claimed (`running`, `attempts`+1, `locked_until = now() + lease`, renewed
 * by a heartbeat while the handler runs) → `done` with `result`, or on error back to `queued` with
 * `run_at = now() + backoff` until `maxAttempts` is reached → `failed` (the handler's `onFailed`
 * runs then). A row left `running` with an expired lease (crash, restart) is claimed again.
 * All times come from the database clock (`now()`).
 */
import { EventEmitter } from 'node:events';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { jobs } from '../db/schema';
import type { Db, DbOrTx } from '../db/client';
import type { AppDeps } from '../lib/context';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler gets while running one job. */
export interface JobRunContext {
  deps: AppDeps;
  job: JobRow;
  /** Records progress 0..1 in `jobs.progress` (throttled to one write a second). */
  setProgress(progress: number): Promise<void>;
  /** Aborted when the worker stops or the lease was lost; handlers should stop their work. */
  signal: AbortSignal;
}

export interface JobHandler {
  /** Does the work; the resolved object is stored in `jobs.result`. Throw to fail this attempt. */
  run(ctx: JobRunContext): Promise<Record<string, unknown> | void>;
  /** Called once when the job fails for good (permanent error or attempts exhausted). */
  onFailed?(ctx: { deps: AppDeps; job: JobRow; error: string }): Promise<void>;
}

/** Handlers by job type (e.g. `'media.process'`). A worker claims only the types it has handlers for. */
export type JobHandlers = Record<string, JobHandler>;

/** Throw from a handler for an error that retrying cannot fix (bad input): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Lease of a claimed job, renewed every third of it while the handler runs. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** Emits `'enqueued'` (job type) so an in-process worker wakes without waiting for its next poll. */
export const jobEvents = new EventEmitter();

/**
 * Delay before retry number `attempts` (1-based count of attempts made so far): 10 s, 40 s, 160 s, …
 * capped at 15 minutes. In milliseconds.
 */
export function backoffMs(attempts: number): number {
  return Math.min(15 * 60_000, 10_000 * 4 ** Math.max(0, attempts - 1));
}

/**
 * Adds a job to the queue.
 * @param opts.maxAttempts default 3; opts.delayMs runs it no sooner than that many ms from now.
 */
export async function enqueueJob(
  db: DbOrTx,
  type: string,
  payload: Record<string, unknown>,
  opts: { maxAttempts?: number; delayMs?: number } = {},
): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({
      type,
      payload,
      maxAttempts: opts.maxAttempts ?? 3,
      runAt: opts.delayMs ? sql`now() + ${`${Math.round(opts.delayMs)} milliseconds`}::interval` : sql`now()`,
    })
    .returning();
  if (!row) throw new Error('enqueueJob: insert returned no row');
  jobEvents.emit('enqueued', type);
  return row;
}

/**
 * Claims the next due job of one of `types` for `workerId`: a queued job whose `run_at` has come, or
 * a running job whose lease expired. Marks it running, increments `attempts`, sets the lease.
 * @returns the claimed row, or null when nothing is due.
 */
export async function claimNextJob(db: Db, workerId: string, types: string[], leaseMs = DEFAULT_LEASE_MS): Promise<JobRow | null> {
  if (types.length === 0) return null;
  const lease = `${Math.round(leaseMs)} milliseconds`;
  const next = sql`(SELECT j.id FROM ${jobs} AS j
      WHERE j.type IN (${sql.join(types.map((t) => sql`${t}`), sql`, `)})
        AND ((j.status = 'queued' AND j.run_at <= now()) OR (j.status = 'running' AND j.locked_until < now()))
      ORDER BY j.run_at, j.id
      FOR UPDATE SKIP LOCKED
      LIMIT 1)`;
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + ${lease}::interval`,
      lockedBy: workerId,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, next))
    .returning();
  return row ?? null;
}

/** A worker identity: host, pid and a random suffix. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

const ownedBy = (id: number, workerId: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

/** Why a run was aborted: the worker is stopping (job goes back to the queue) or the lease was lost. */
class RunAborted extends Error {}

/**
 * Claims and runs one due job with its handler (the worker loop calls this; tests call it directly
 * with JOB_CONCURRENCY=0).
 * @param opts.signal aborting it (worker stop) hands the running job back to the queue without
 *   counting the attempt.
 * @returns the job row as it ended (done, failed, or queued for a retry), or null when none was due.
 */
export async function runNextJob(
  deps: AppDeps,
  handlers: JobHandlers,
  opts: { workerId?: string; leaseMs?: number; signal?: AbortSignal } = {},
): Promise<JobRow | null> {
  const db = deps.db;
  const workerId = opts.workerId ?? newWorkerId();
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const job = await claimNextJob(db, workerId, Object.keys(handlers), leaseMs);
  if (!job) return null;
  const handler = handlers[job.type];
  if (!handler) throw new Error(`no handler for job type ${job.type}`);

  const failForGood = async (error: string): Promise<JobRow | null> => {
    const [row] = await db
      .update(jobs)
      .set({ status: 'failed', lastError: error, lockedUntil: null, updatedAt: sql`now()` })
      .where(ownedBy(job.id, workerId))
      .returning();
    if (row && handler.onFailed) await handler.onFailed({ deps, job: row, error });
    return row ?? null;
  };

  if (job.attempts > job.maxAttempts) {
    // Interrupted (lease expired) on its last attempt: do not run it again.
    return failForGood(job.lastError ?? 'The job was interrupted too many times.');
  }

  const controller = new AbortController();
  const onStop = () => controller.abort(new RunAborted('worker stopping'));
  opts.signal?.addEventListener('abort', onStop, { once: true });
  if (opts.signal?.aborted) onStop();
  const heartbeat = setInterval(() => {
    void db
      .update(jobs)
      .set({ lockedUntil: sql`now() + ${`${Math.round(leaseMs)} milliseconds`}::interval` })
      .where(ownedBy(job.id, workerId))
      .returning({ id: jobs.id })
      .then((rows) => {
        if (rows.length === 0) controller.abort(new RunAborted('lease lost'));
      })
      .catch(() => undefined);
  }, Math.max(1000, leaseMs / 3));

  let lastProgressAt = 0;
  const setProgress = async (progress: number) => {
    const now = Date.now();
    if (now - lastProgressAt < 1000 && progress < 1) return;
    lastProgressAt = now;
    await db
      .update(jobs)
      .set({ progress: Math.max(0, Math.min(1, progress)) })
      .where(ownedBy(job.id, workerId));
  };

  try {
    const result = await handler.run({ deps, job, setProgress, signal: controller.signal });
    const [row] = await db
      .update(jobs)
      .set({ status: 'done', progress: 1, result: result ?? null, lastError: null, lockedUntil: null, updatedAt: sql`now()` })
      .where(ownedBy(job.id, workerId))
      .returning();
    return row ?? null;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (controller.signal.aborted && opts.signal?.aborted) {
      // Stopping: hand it back untouched (the attempt does not count).
      const [row] = await db
        .update(jobs)
        .set({ status: 'queued', attempts: sql`${jobs.attempts} - 1`, lockedUntil: null, lockedBy: null, runAt: sql`now()` })
        .where(ownedBy(job.id, workerId))
        .returning();
      if (row) console.log(`[jobs] stopping: job ${job.id} (${job.type}) handed back to the queue`);
      return row ?? null;
    }
    if (err instanceof PermanentJobError || job.attempts >= job.maxAttempts) return failForGood(message);
    const [row] = await db
      .update(jobs)
      .set({
        status: 'queued',
        lastError: message,
        lockedUntil: null,
        lockedBy: null,
        runAt: sql`now() + ${`${backoffMs(job.attempts)} milliseconds`}::interval`,
        updatedAt: sql`now()`,
      })
      .where(ownedBy(job.id, workerId))
      .returning();
    return row ?? null;
  } finally {
    clearInterval(heartbeat);
    opts.signal?.removeEventListener('abort', onStop);
  }
}

/**
 * Hands every job still claimed by one of `workerIds` back to the queue: `queued`, due now, lease
 * cleared, the attempt not counted (issue 18: a node shutting down whose handler did not stop in time).
 * The handler, if it still runs, can no longer record a result (it does not own the row any more).
 * @returns the ids of the jobs handed back.
 */
export async function releaseClaimedJobs(db: Db, workerIds: string[]): Promise<number[]> {
  if (workerIds.length === 0) return [];
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedUntil: null, lockedBy: null, runAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.status, 'running'), inArray(jobs.lockedBy, workerIds)))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/** Latest job of `type` whose payload has `key` = `value` (e.g. the processing job of a media id). */
export async function findJobByPayload(db: Db, type: string, key: string, value: string | number): Promise<JobRow | null> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, type), sql`${jobs.payload} ->> ${key} = ${String(value)}`))
    .orderBy(sql`${jobs.id} DESC`)
    .limit(1);
  return rows[0] ?? null;
}

