/**
 * The in-process job worker (DESIGN §1b): `concurrency` loops that claim and run jobs from the
 * Postgres queue (server/src/jobs/queue.ts), polling every `pollMs` and waking at once when a job is
 * enqueued in this process. Started by server/src/server.ts with `env.jobConcurrency` (0 = no worker;
 * tests run jobs with `runNextJob`).
 */
import type { AppDeps } from '../lib/context';
import { jobEvents, newWorkerId, releaseClaimedJobs, runNextJob, type JobHandlers } from './queue';

export interface JobWorker {
  /**
   * Stops claiming; running jobs are aborted and handed back to the queue (status `queued`, lease
   * cleared, the attempt not counted). Resolves when all loops ended — or, with `timeoutMs`, once that
   * many ms have passed: jobs whose handlers still run are then handed back directly in the database
   * (issue 18 graceful shutdown: a handler that ignores its signal must not hold the node up).
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
}

/**
 * @param opts.concurrency number of jobs run at the same time (0 → a worker that does nothing).
 * @param opts.pollMs idle wait between polls, in milliseconds (default 1000).
 * @param opts.leaseMs lease of a claimed job, ms (default `JOB_LEASE_MS`, env.scale.jobLeaseMs; issue 18:
 *   a job of a node that died is claimed again by another node once its lease has expired).
 */
export function startJobWorker(
  deps: AppDeps,
  handlers: JobHandlers,
  opts: { concurrency: number; pollMs?: number; leaseMs?: number },
): JobWorker {
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? deps.env.scale?.jobLeaseMs;
  const stopping = new AbortController();
  const wakers = new Set<() => void>();
  const onEnqueued = (type: string) => {
    if (type in handlers) for (const wake of wakers) wake();
  };
  jobEvents.on('enqueued', onEnqueued);

  const sleep = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      wakers.add(done);
      stopping.signal.addEventListener('abort', done, { once: true });
    });

  const base = newWorkerId();
  const workerIds = Array.from({ length: Math.max(0, opts.concurrency) }, (_, slot) => `${base}#${slot}`);
  const loop = async (slot: number) => {
    const workerId = workerIds[slot]!;
    while (!stopping.signal.aborted) {
      let ran = false;
      try {
        ran = (await runNextJob(deps, handlers, { workerId, leaseMs, signal: stopping.signal })) !== null;
      } catch (err) {
        if (!stopping.signal.aborted) console.error('[jobs] worker error', err);
      }
      if (!ran && !stopping.signal.aborted) await sleep();
    }
  };

  const loops = Array.from({ length: Math.max(0, opts.concurrency) }, (_, i) => loop(i));
  return {
    async stop({ timeoutMs }: { timeoutMs?: number } = {}) {
      stopping.abort();
      jobEvents.off('enqueued', onEnqueued);
      const ended = Promise.allSettled(loops).then(() => true);
      if (timeoutMs === undefined) {
        await ended;
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs))));
      const inTime = await Promise.race([ended, late]);
      clearTimeout(timer);
      if (!inTime) {
        const ids = await releaseClaimedJobs(deps.db, workerIds);
        if (ids.length) console.warn(`[jobs] handed back job(s) ${ids.join(', ')} whose handlers did not stop within ${timeoutMs} ms`);
      }
    },
  };
}
