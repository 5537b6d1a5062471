/**
 * The lock @tus/server takes around every request on one upload (HEAD, PATCH, DELETE), shared by
 * every API node on one PostgreSQL (issue 18 "Two API nodes behave as one": a tus upload started
 * through node A and finished through node B; docs/scaling.md "What is shared where").
 *
 * - PGlite (one process): @tus/server's own `MemoryLocker`.
 * - PostgreSQL: `PgAdvisoryLocker`, a session-level advisory lock per upload id —
 *   `pg_try_advisory_lock(TUS_LOCK_NAMESPACE, hashtext(id))` — taken on a dedicated connection of a
 *   small pool of its own and held for as long as the request holds the lock; `unlock()` runs
 *   `pg_advisory_unlock` and gives the connection back. A node that dies (or loses its connection)
 *   lets go of its locks with its session, so no lock outlives its holder.
 * - Release requests, as `MemoryLocker` does them: a request that finds the lock held asks the holder
 *   to let go (tus's `requestRelease`: the holder cancels its request, e.g. an abandoned PATCH whose
 *   client resumed elsewhere) — directly when the holder is in this process, otherwise through
 *   `pg_notify(TUS_RELEASE_CHANNEL, id)`; a node LISTENs on that channel while it holds at least one
 *   lock. The asking request polls `pg_try_advisory_lock` every `pollMs` (and repeats its request every
 *   `renotifyMs`) until it gets the lock, its signal aborts, or `acquireLockTimeoutMs` passes
 *   (`ERRORS.ERR_LOCK_TIMEOUT`, as MemoryLocker).
 *
 * Each held lock holds one connection: at most `maxConnections` (default 10) uploads of one node can
 * hold their lock at the same time; more wait (up to the timeout) for a connection.
 */
import pg from 'pg';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';

/** First key of the two-key advisory lock space used for tus uploads ("tu" = 0x7475). */
export const TUS_LOCK_NAMESPACE = 0x7475;
/** NOTIFY channel on which a node asks the holder of an upload's lock to release it (payload: upload id). */
export const TUS_RELEASE_CHANNEL = 'vidbot_tus_release';

export interface PgAdvisoryLockerOptions {
  /** PostgreSQL URL (the server's DATABASE_URL). */
  connectionString: string;
  /** Most connections (= locks held at once by this node); default 10. */
  maxConnections?: number;
  /** Give up acquiring after this many ms (default 30,000, MemoryLocker's default). */
  acquireLockTimeoutMs?: number;
  /** Interval between `pg_try_advisory_lock` attempts while waiting, ms (default 100). */
  pollMs?: number;
  /** Interval between release requests (NOTIFY) while waiting, ms (default 1,000). */
  renotifyMs?: number;
}

interface Held {
  client: pg.PoolClient;
  requestRelease: RequestRelease;
  /** The connection's 'error' listener while held (a broken session has let go of its lock). */
  onError: () => void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * A tus `Locker` on PostgreSQL advisory locks, shared by every process on the same database (see the
 * module comment). `close()` ends its pool and listener (held locks are released with their sessions).
 */
export class PgAdvisoryLocker implements Locker {
  readonly pool: pg.Pool;
  readonly timeoutMs: number;
  readonly pollMs: number;
  readonly renotifyMs: number;
  /** Locks this process holds, by upload id. */
  readonly held = new Map<string, Held>();
  private listener: Promise<pg.Client> | null = null;
  private readonly connectionString: string;

  constructor(options: PgAdvisoryLockerOptions) {
    this.connectionString = options.connectionString;
    this.timeoutMs = options.acquireLockTimeoutMs ?? 30_000;
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      // Waiting for a free connection counts against the acquire timeout too.
      connectionTimeoutMillis: this.timeoutMs,
      // Connections go away soon after the last upload; they do not keep the process alive.
      idleTimeoutMillis: 1000,
      allowExitOnIdle: true,
    });
    // An idle connection that breaks (database restart) is dropped by the pool; nothing to do.
    this.pool.on('error', () => undefined);
    this.pollMs = options.pollMs ?? 100;
    this.renotifyMs = options.renotifyMs ?? 1000;
  }

  newLock(id: string): Lock {
    return new PgAdvisoryLock(id, this);
  }

  /** Asks the holder of `id` to release it: the local holder directly, any other node by NOTIFY. */
  async requestRelease(id: string, client: pg.PoolClient): Promise<void> {
    const local = this.held.get(id);
    if (local) {
      await local.requestRelease();
      return;
    }
    await client.query('SELECT pg_notify($1, $2)', [TUS_RELEASE_CHANNEL, id]);
  }

  /** LISTENs for release requests while this process holds locks (started by the first lock). */
  ensureListening(): void {
    if (this.listener) return;
    const connect = async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('error', () => {
        // The listening connection broke: start over on the next lock.
        if (this.listener === attempt) this.listener = null;
      });
      client.on('notification', (msg) => {
        const holder = msg.payload ? this.held.get(msg.payload) : undefined;
        if (holder) void Promise.resolve(holder.requestRelease()).catch(() => undefined);
      });
      await client.connect();
      await client.query(`LISTEN ${TUS_RELEASE_CHANNEL}`);
      return client;
    };
    const attempt = connect();
    this.listener = attempt;
    attempt.catch(() => {
      if (this.listener === attempt) this.listener = null;
    });
  }

  /** Stops listening once no lock is held here. */
  async stopListeningIfIdle(): Promise<void> {
    if (this.held.size > 0 || !this.listener) return;
    const attempt = this.listener;
    this.listener = null;
    const client = await attempt.catch(() => null);
    await client?.end().catch(() => undefined);
  }

  /** Ends the pool and the listener; locks still held end with their connections. */
  async close(): Promise<void> {
    for (const held of this.held.values()) held.client.release(true);
    this.held.clear();
    const attempt = this.listener;
    this.listener = null;
    const client = await attempt?.catch(() => null);
    await client?.end().catch(() => undefined);
    await this.pool.end();
  }
}

class PgAdvisoryLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: PgAdvisoryLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker, id } = this;
    const timeout = AbortSignal.timeout(locker.timeoutMs);
    const signal = AbortSignal.any([stopSignal, timeout]);
    let client: pg.PoolClient;
    try {
      client = await locker.pool.connect();
    } catch {
      throw ERRORS.ERR_LOCK_TIMEOUT;
    }
    const onError = () => undefined;
    client.on('error', onError);
    let lastNotify = 0;
    try {
      while (!signal.aborted) {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [TUS_LOCK_NAMESPACE, id]);
        if (rows[0]?.ok) {
          // Session locks on separate connections conflict, so no other request holds `id` now.
          locker.held.set(id, { client, requestRelease, onError });
          locker.ensureListening();
          return;
        }
        if (Date.now() - lastNotify >= locker.renotifyMs) {
          lastNotify = Date.now();
          await locker.requestRelease(id, client).catch(() => undefined);
        }
        await sleep(locker.pollMs, signal);
      }
    } catch (err) {
      client.off('error', onError);
      client.release(err instanceof Error ? err : true);
      throw ERRORS.ERR_LOCK_TIMEOUT;
    }
    client.off('error', onError);
    client.release();
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async unlock(): Promise<void> {
    const { locker, id } = this;
    const held = locker.held.get(id);
    if (!held) throw new Error('Releasing an unlocked lock!');
    locker.held.delete(id);
    held.client.off('error', held.onError);
    try {
      await held.client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [TUS_LOCK_NAMESPACE, id]);
      held.client.release();
    } catch (err) {
      // A broken session has released its locks already; drop the connection.
      held.client.release(err instanceof Error ? err : true);
    } finally {
      void locker.stopListeningIfIdle();
    }
  }
}

/**
 * The locker for this server's tus endpoint: `PgAdvisoryLocker` on PostgreSQL (`databaseUrl` set),
 * `MemoryLocker` on PGlite (one process).
 */
export function createTusLocker(opts: { databaseUrl?: string; kind: 'pglite' | 'postgres' }): Locker {
  if (opts.kind === 'postgres' && opts.databaseUrl) return new PgAdvisoryLocker({ connectionString: opts.databaseUrl });
  return new MemoryLocker();
}
