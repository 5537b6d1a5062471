/**
 * Health checks for load balancers and orchestrators (issue 18 "Overload is answered, not queued";
 * docs/scaling.md "Health checks and graceful shutdown"), served at the root, before the SPA and
 * outside `/api` (no token, no admission by the database guard, `cache-control: no-store`):
 *
 * - `GET /healthz` — the process is alive and its event loop answers: always 200 `{ status: 'ok' }`,
 *   without touching the database (a liveness probe must not restart a node because PostgreSQL is slow).
 * - `GET /readyz` — this node should get traffic: 200 `{ status: 'ready', checks }`, or 503
 *   `{ status: 'unavailable', failed: [names], checks }` when a check fails:
 *   - `shutdown`: the node is draining (SIGTERM received, server.ts `close()`): 503 at once, so the
 *     load balancer stops sending new requests while requests in flight finish;
 *   - `database`: the database answers within `dbTimeoutMs` (default 2,000 ms; on PostgreSQL also a
 *     `statement_timeout` of the same length, so a hung check never holds a connection);
 *   - `migrations`: every migration of the journal (server/src/db/migrations/meta/_journal.json) is
 *     recorded in drizzle's `drizzle.__drizzle_migrations` (matched by the journal's `when`, which
 *     drizzle stores as `created_at`); `missing` names the tags that are not;
 *   - `jobs` (only when this node runs job workers): no worker's queue is stalled, i.e. no job of its
 *     types has been due (queued with `run_at` passed, or running with an expired lease) for longer than
 *     `queueStallMs` (default 5 minutes) while no job of those types is running under a live lease. A
 *     long job that holds every slot is busy, not stalled.
 * `HEAD` answers the same statuses without a body (Hono runs the GET handler).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { migrationsFolder } from '../db/client';

/** Shared with server.ts: set `draining` when shutdown starts, `/readyz` answers 503 from then on. */
export interface HealthState {
  draining: boolean;
}

export interface HealthOptions {
  /** Default: a fresh state that never drains. */
  state?: HealthState;
  /**
   * Job types of each job worker this node runs (one array per worker, server.ts); empty or absent →
   * this node runs no workers and the `jobs` check is skipped.
   */
  workerJobTypes?: string[][];
  /** How long a due job may wait unclaimed, with nothing of its worker running, before the queue counts as stalled (ms, default 300,000). */
  queueStallMs?: number;
  /** Time limit of the database checks together (ms, default 2,000). */
  dbTimeoutMs?: number;
}

export const DEFAULT_QUEUE_STALL_MS = 5 * 60_000;
export const DEFAULT_READY_DB_TIMEOUT_MS = 2000;

/** One check's outcome in the `/readyz` body. */
export interface CheckResult {
  ok: boolean;
  /** Why it is not ok, in English; or why it was skipped. */
  detail?: string;
  skipped?: boolean;
  [extra: string]: unknown;
}

/** The `/readyz` body. */
export interface Readiness {
  status: 'ready' | 'unavailable';
  failed?: string[];
  checks: { shutdown: CheckResult; database: CheckResult; migrations: CheckResult; jobs: CheckResult };
}

interface JournalEntry {
  tag: string;
  when: number;
}

let journalCache: JournalEntry[] | undefined;

/** The migrations the code expects, from drizzle-kit's journal (read once). */
function readJournal(): JournalEntry[] {
  if (!journalCache) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
    journalCache = journal.entries.map((e) => ({ tag: e.tag, when: Number(e.when) }));
  }
  return journalCache;
}

/** Raw rows of `execute` on either driver (node-postgres QueryResult and PGlite Results both carry `rows`). */
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

const skipped = (detail: string): CheckResult => ({ ok: true, skipped: true, detail });

class CheckTimeout extends Error {}

/**
 * Runs the readiness checks against `db` (see the module comment).
 * @returns the `/readyz` body; never throws (a failing database is a failed check).
 */
export async function checkReadiness(db: Db, opts: HealthOptions = {}): Promise<Readiness> {
  const state = opts.state ?? { draining: false };
  const timeoutMs = opts.dbTimeoutMs ?? DEFAULT_READY_DB_TIMEOUT_MS;
  const stallMs = opts.queueStallMs ?? DEFAULT_QUEUE_STALL_MS;
  const groups = (opts.workerJobTypes ?? []).filter((g) => g.length > 0);
  const checks: Readiness['checks'] = {
    shutdown: { ok: true },
    database: { ok: true },
    migrations: { ok: true },
    jobs: groups.length ? { ok: true } : skipped('This node runs no job workers.'),
  };
  if (state.draining) {
    checks.shutdown = { ok: false, detail: 'The node is shutting down.' };
    checks.database = skipped('The node is shutting down.');
    checks.migrations = skipped('The node is shutting down.');
    checks.jobs = skipped('The node is shutting down.');
    return done(checks);
  }

  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), timeoutMs);
  });
  const work = db.transaction(async (tx) => {
    // Bounds the checks on the server too (PGlite ignores it: its queries are not preemptible).
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`));
    await tx.execute(sql`SELECT 1`);
    const applied = rowsOf<{ created_at: string | number }>(await tx.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations`));
    const types = groups.flat();
    const queue = types.length
      ? rowsOf<{ type: string; waiting_ms: string | number | null; running: string | number }>(await tx.execute(sql`
          SELECT type,
                 (extract(epoch FROM now() - min(CASE WHEN status = 'queued' THEN run_at ELSE locked_until END)
                    FILTER (WHERE (status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until <= now()))) * 1000)::float8 AS waiting_ms,
                 count(*) FILTER (WHERE status = 'running' AND locked_until > now()) AS running
          FROM jobs
          WHERE type IN (${sql.join(types.map((t) => sql`${t}`), sql`, `)})
            AND ((status = 'queued' AND run_at <= now()) OR status = 'running')
          GROUP BY type`))
      : [];
    return { applied: applied.map((r) => Number(r.created_at)), queue };
  });
  work.catch(() => undefined); // a late failure after the deadline is already reported
  let result: Awaited<typeof work>;
  try {
    result = await Promise.race([work, deadline]);
  } catch (err) {
    const detail =
      err instanceof CheckTimeout
        ? `The database did not answer within ${timeoutMs} ms.`
        : `The database is not reachable: ${err instanceof Error ? err.message : String(err)}`;
    checks.database = { ok: false, detail };
    checks.migrations = skipped('The database is not reachable.');
    if (groups.length) checks.jobs = skipped('The database is not reachable.');
    return done(checks);
  } finally {
    clearTimeout(timer);
  }
  checks.database = { ok: true, ms: Math.round(performance.now() - started) };

  const journal = readJournal();
  const applied = new Set(result.applied);
  const missing = journal.filter((e) => !applied.has(e.when)).map((e) => e.tag);
  checks.migrations = missing.length
    ? { ok: false, detail: `Migrations not applied: ${missing.join(', ')}.`, applied: journal.length - missing.length, expected: journal.length, missing }
    : { ok: true, applied: journal.length, expected: journal.length };

  if (groups.length) {
    const byType = new Map(result.queue.map((r) => [r.type, { waitingMs: r.waiting_ms === null ? null : Number(r.waiting_ms), running: Number(r.running) }]));
    const stalled: { types: string[]; waitingMs: number }[] = [];
    for (const types of groups) {
      const rows = types.map((t) => byType.get(t)).filter((r) => r !== undefined);
      const running = rows.reduce((n, r) => n + r.running, 0);
      const waitingMs = Math.max(0, ...rows.map((r) => r.waitingMs ?? 0));
      if (running === 0 && waitingMs > stallMs) stalled.push({ types, waitingMs: Math.round(waitingMs) });
    }
    checks.jobs = stalled.length
      ? {
          ok: false,
          detail: `Jobs have waited over ${stallMs} ms with no worker running them: ${stalled.map((s) => s.types.join('/')).join(', ')}.`,
          stalled,
        }
      : { ok: true };
  }
  return done(checks);
}

function done(checks: Readiness['checks']): Readiness {
  const failed = Object.entries(checks)
    .filter(([, c]) => !c.ok)
    .map(([name]) => name);
  return failed.length ? { status: 'unavailable', failed, checks } : { status: 'ready', checks };
}

/**
 * The `/healthz` and `/readyz` routes (mounted first in app.ts, before any middleware that touches the
 * database). `deps` needs only the database.
 */
export function healthRoutes(deps: { db: Db }, opts: HealthOptions = {}): Hono {
  const app = new Hono();
  const noStore = (c: Context) => {
    c.header('cache-control', 'no-store');
  };
  app.get('/healthz', (c) => {
    noStore(c);
    return c.json({ status: 'ok' as const });
  });
  app.get('/readyz', async (c) => {
    noStore(c);
    const readiness = await checkReadiness(deps.db, opts);
    return c.json(readiness, readiness.status === 'ready' ? 200 : 503);
  });
  return app;
}
