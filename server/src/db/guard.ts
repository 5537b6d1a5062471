/**
 * The database guard (issue 18 "Overload is answered, not queued"; docs/scaling.md "Overload:
 * statement timeout, cancellation, admission lanes"): how database work inside a request scope
 * (db/scope.ts) reaches the database, for each driver.
 *
 * PostgreSQL — `LanePool`, a pool-shaped router handed to drizzle:
 * - one `pg.Pool` per lane: `general` (env.scale.dbPoolMax connections), `ingest` (dbReservedIngest),
 *   `upload` (dbReservedUpload) — a lane with 0 reserved shares `general` — and `background`
 *   (⌈dbPoolMax / 2⌉, at least 2) for work outside any request scope (jobs, start-up, seeding), plus one
 *   `control` connection that sends cancels. A burst of list reads can only take `general` connections;
 * - request lanes' connections have `statement_timeout` = dbStatementTimeoutMs (0 = none); background
 *   connections have none (rollups and migrations may run long). SQLSTATE 57014 from the timeout is
 *   rethrown as `StatementTimeoutError` (lib/errors.ts answers 503);
 * - a request lane's connection checkout goes through the lane's `Gate` (capacity = the lane's pool
 *   size; `general` waits without bound, as its requests were already admitted by lib/db-guard.ts;
 *   `ingest`/`upload` at most dbQueueMax waiting, then `DbOverloadError` → 503 Retry-After). A waiter
 *   whose client has gone leaves the queue;
 * - when the request's client goes (scope.signal aborts) while it holds a connection, the running
 *   statement is cancelled with `pg_cancel_backend(pid)` over the control connection, later statements
 *   of that request are refused (`ClientGoneError`), and the connection is closed rather than reused.
 * - connections are named `application_name = vidbot:<lane>` in pg_stat_activity.
 *
 * PGlite — `guardPglite` (one wasm instance runs one statement at a time and cannot be interrupted):
 * - every `query`/`exec`/`transaction` waits in one queue in front of the instance (ingest and upload
 *   first, then general and background FIFO); a request whose client has gone leaves the queue, and work
 *   reaching the head for a gone client is dropped before it starts (`ClientGoneError`);
 * - a request's deadline is dbStatementTimeoutMs from when its `query`/`exec`/`transaction` was called:
 *   work still waiting in the queue at the deadline leaves it with `StatementTimeoutError` (503) and
 *   never runs; inside a request's transaction, a statement that would start past the deadline or after
 *   the client has gone is refused, so the transaction rolls back. A statement that has started cannot be
 *   interrupted — PGlite runs it synchronously on the JavaScript thread, so no timer, socket event or
 *   answer happens until it ends — and its result is delivered.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { ScaleEnv } from '../env';
import { ClientGoneError, Gate, StatementTimeoutError, type Release } from './admission';
import { currentDbScope, type DbLane, type DbScope } from './scope';

type PoolName = DbLane | 'background';
type QueryConfig = string | { text: string };

/** The subset of pg.PoolClient drizzle's node-postgres session uses. */
interface GuardedClient {
  query(config: QueryConfig, values?: unknown[]): Promise<pg.QueryResult>;
  release(err?: Error | boolean): void;
}

const isRollback = (config: QueryConfig) => /^\s*rollback\b/i.test(typeof config === 'string' ? config : config.text);

/**
 * A pool-shaped router (`connect()`, `query()`, `end()`) over per-lane PostgreSQL pools; see the module
 * docstring. Its class name contains "Pool", which is how drizzle recognises a pool for transactions.
 */
export class LanePool {
  private readonly pools: Record<PoolName, pg.Pool>;
  private readonly gates: Record<DbLane, Gate>;
  private readonly control: pg.Pool;
  private readonly timeoutMs: number;

  /**
   * @param connectionString PostgreSQL URL.
   * @param scale env.scale: dbPoolMax, dbReservedIngest, dbReservedUpload, dbQueueMax, dbStatementTimeoutMs.
   */
  constructor(connectionString: string, scale: ScaleEnv) {
    this.timeoutMs = scale.dbStatementTimeoutMs;
    const make = (name: string, max: number, statementTimeoutMs: number) => {
      const pool = new pg.Pool({
        connectionString,
        max,
        application_name: `vidbot:${name}`,
        idleTimeoutMillis: 10_000,
        ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
      });
      // An idle connection that fails (the server restarted, a DBA terminated it) is dropped by pg;
      // without a listener the 'error' event would end the process.
      pool.on('error', (err) => console.error(`[db] idle ${name} connection failed:`, err.message));
      return pool;
    };
    const general = make('general', scale.dbPoolMax, this.timeoutMs);
    const generalGate = new Gate('general connections', scale.dbPoolMax, Infinity);
    const reserved = (lane: 'ingest' | 'upload', size: number) =>
      size > 0 ? { pool: make(lane, size, this.timeoutMs), gate: new Gate(`${lane} lane`, size, scale.dbQueueMax) } : { pool: general, gate: generalGate };
    const ingest = reserved('ingest', scale.dbReservedIngest);
    const upload = reserved('upload', scale.dbReservedUpload);
    this.pools = { general, ingest: ingest.pool, upload: upload.pool, background: make('background', Math.max(2, Math.ceil(scale.dbPoolMax / 2)), 0) };
    this.gates = { general: generalGate, ingest: ingest.gate, upload: upload.gate };
    this.control = make('control', 1, 0);
  }

  /** A connection for the current scope's lane (background pool outside a scope); `release()` it. */
  async connect(): Promise<GuardedClient | pg.PoolClient> {
    const scope = currentDbScope();
    if (!scope) return this.pools.background.connect();
    return this.checkout(scope);
  }

  /** One statement on a connection of the current scope's lane (pg's `pool.query(config, values)`). */
  async query(config: QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const scope = currentDbScope();
    if (!scope) return this.pools.background.query(config as string, values);
    const client = await this.checkout(scope);
    try {
      const result = await client.query(config, values);
      client.release();
      return result;
    } catch (err) {
      // A statement error (SQLSTATE) leaves the connection usable; anything else (a broken socket) does not.
      client.release(hasSqlState(err) ? undefined : (err as Error));
      throw err;
    }
  }

  /** Closes every connection. */
  async end(): Promise<void> {
    await Promise.all([...new Set(Object.values(this.pools)), this.control].map((p) => p.end()));
  }

  private async checkout(scope: DbScope): Promise<GuardedClient> {
    const pool = this.pools[scope.lane];
    const releaseSlot = await this.gates[scope.lane].acquire(scope.signal);
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      releaseSlot();
      throw err;
    }
    return this.guard(client, scope, releaseSlot);
  }

  private guard(client: pg.PoolClient, scope: DbScope, releaseSlot: Release): GuardedClient {
    let cancelled = false;
    let released = false;
    const pid = (client as unknown as { processID: number }).processID;
    const onAbort = () => {
      cancelled = true;
      // Over the control connection: the request lanes' pools may be full.
      this.control.query('SELECT pg_cancel_backend($1)', [pid]).catch((err: Error) => console.error('[db] cancel failed:', err.message));
    };
    if (scope.signal.aborted) cancelled = true;
    else scope.signal.addEventListener('abort', onAbort, { once: true });
    const translate = (err: unknown): unknown => {
      if ((err as { code?: string }).code !== '57014') return err;
      if (cancelled) return new ClientGoneError({ cause: err });
      // 57014 is also an operator's pg_cancel_backend ("due to user request"): only the timeout is a StatementTimeoutError.
      return /statement timeout/i.test((err as Error).message) ? new StatementTimeoutError(this.timeoutMs, { cause: err }) : err;
    };
    return {
      query: async (config, values) => {
        // Dropped before it starts: the client has gone (a rollback still runs, to end the transaction).
        if (cancelled && !isRollback(config)) throw new ClientGoneError({ cause: scope.signal.reason });
        try {
          return await client.query(config as string, values);
        } catch (err) {
          throw translate(err);
        }
      },
      release: (err) => {
        if (released) return;
        released = true;
        scope.signal.removeEventListener('abort', onAbort);
        releaseSlot();
        // A connection whose statement may have been cancelled is closed, so a late cancel can never hit another request.
        client.release(cancelled ? true : err);
      },
    };
  }
}

function hasSqlState(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return true;
  }
  return false;
}

type AnyFn = (...args: never[]) => Promise<unknown>;

/**
 * Puts the single PGlite instance behind one queue (see the module docstring). Patches the
 * instance's `query`, `exec` and `transaction` — the entry points drizzle's pglite session and
 * migrator use — in place, so `client` stays a PGlite for drizzle.
 * @param client the PGlite instance (before drizzle or the migrator use it).
 * @param scale env.scale: dbStatementTimeoutMs (0 = no deadline).
 */
export function guardPglite(client: PGlite, scale: ScaleEnv): void {
  const gate = new Gate('pglite', 1, Infinity);
  const timeoutMs = scale.dbStatementTimeoutMs;
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', AnyFn>;
  const query = target.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const exec = target.exec.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const transaction = target.transaction.bind(client) as (fn: (tx: Record<string, AnyFn>) => Promise<unknown>) => Promise<unknown>;

  /**
   * Waits for the instance, then starts `work`. A request's wait ends at its deadline (`ends`, ms
   * epoch): past it, `StatementTimeoutError` and the work never starts; when its client goes,
   * `ClientGoneError`. A started statement runs to its end: wasm holds the thread meanwhile.
   */
  const run = async (scope: DbScope | undefined, ends: number, work: () => Promise<unknown>): Promise<unknown> => {
    let signal = scope?.signal;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    if (scope && Number.isFinite(ends)) {
      const deadline = new AbortController();
      timer = setTimeout(() => ((timedOut = true), deadline.abort()), Math.max(0, ends - Date.now()));
      signal = AbortSignal.any([scope.signal, deadline.signal]);
    }
    let releaseSlot: Release;
    try {
      // Ingest and upload ahead of general reads and background work.
      releaseSlot = await gate.acquire(signal, scope && scope.lane !== 'general' ? 0 : 1);
    } catch (err) {
      throw timedOut && !scope?.signal.aborted ? new StatementTimeoutError(timeoutMs) : err;
    } finally {
      clearTimeout(timer);
    }
    let p: Promise<unknown>;
    try {
      p = work();
    } catch (err) {
      releaseSlot();
      throw err;
    }
    p.then(releaseSlot, releaseSlot);
    return p;
  };
  const deadlineOf = (scope: DbScope | undefined) => (scope && timeoutMs > 0 ? Date.now() + timeoutMs : Infinity);

  target.query = ((...args: unknown[]) => {
    const scope = currentDbScope();
    return run(scope, deadlineOf(scope), () => query(...args));
  }) as AnyFn;
  target.exec = ((...args: unknown[]) => {
    const scope = currentDbScope();
    return run(scope, deadlineOf(scope), () => exec(...args));
  }) as AnyFn;
  target.transaction = ((fn: (tx: unknown) => Promise<unknown>) => {
    const scope = currentDbScope();
    if (!scope) return run(undefined, Infinity, () => transaction(fn as never));
    const ends = deadlineOf(scope);
    return run(scope, ends, () =>
      transaction((tx) => {
        // A statement that would start after the client has gone or past the deadline is refused: the transaction rolls back.
        const check = () => {
          if (scope.signal.aborted) throw new ClientGoneError({ cause: scope.signal.reason });
          if (Date.now() > ends) throw new StatementTimeoutError(timeoutMs);
        };
        const guarded = Object.create(tx) as Record<string, AnyFn>;
        for (const name of ['query', 'exec', 'sql'] as const) {
          const inner = tx[name]!;
          guarded[name] = ((...args: never[]) => {
            check();
            return inner(...args);
          }) as AnyFn;
        }
        return fn(guarded);
      }),
    );
  }) as AnyFn;
}
