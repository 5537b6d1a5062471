/**
 * The request scope of database work (issue 18 "Overload is answered, not queued"; docs/scaling.md
 * "Overload: statement timeout, cancellation, admission lanes").
 *
 * The db-guard middleware (lib/db-guard.ts) runs every request (but `/healthz`, `/readyz` and static
 * assets) inside `runInDbScope({ signal, lane })`; the database client (db/client.ts) reads the scope
 * at each query, through AsyncLocalStorage, to pick the lane's connections, apply the statement
 * timeout and cancel (PostgreSQL) or drop (PGlite) the work of a client that has gone. Work outside
 * any scope (jobs, start-up, seeding, tests calling repositories directly) is `background`: neither
 * admitted, timed out nor cancelled.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Request lanes: event ingest and uploads keep reserved capacity that general reads cannot take. */
export type DbLane = 'general' | 'ingest' | 'upload';

export interface DbScope {
  /** Aborts when the request's client has gone (socket closed before the answer was written). */
  signal: AbortSignal;
  lane: DbLane;
}

const storage = new AsyncLocalStorage<DbScope>();

/** Runs `fn` (and every async continuation it starts) inside `scope`. */
export function runInDbScope<T>(scope: DbScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the current request, or `undefined` for background work. */
export function currentDbScope(): DbScope | undefined {
  return storage.getStore();
}

/** Runs `fn` outside any request scope: its database work is background work (e.g. a job enqueued by a request but run later). */
export function runAsBackground<T>(fn: () => T): T {
  return storage.exit(fn);
}
