/**
 * Bounded admission for database work (issue 18 "Overload is answered, not queued"; docs/scaling.md
 * "Overload: statement timeout, cancellation, admission lanes"): a counting gate with a bounded FIFO
 * wait queue, and the errors the database guard throws. Pure logic, no I/O: used by the request
 * admission middleware (lib/db-guard.ts), the per-lane connection checkout on PostgreSQL and the single
 * PGlite queue (db/client.ts).
 */

/** Admission refused: the gate is full and its queue too. Answered 503 with `Retry-After` (lib/errors.ts). */
export class DbOverloadError extends Error {
  constructor(
    /** Seconds after which a retry is likely to be admitted (≥ 1). */
    readonly retryAfterS: number,
    readonly gate: string,
  ) {
    super(`The server is busy (${gate}); try again in ${retryAfterS} s.`);
    this.name = 'DbOverloadError';
  }
}

/** A request's database statement ran past the statement timeout (PostgreSQL SQLSTATE 57014 from `statement_timeout`, or the PGlite deadline). Answered 503. */
export class StatementTimeoutError extends Error {
  constructor(
    /** The statement timeout in ms (env.scale.dbStatementTimeoutMs). */
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`The database took too long to answer (over ${timeoutMs} ms); try again.`, options);
    this.name = 'StatementTimeoutError';
  }
}

/** The request's client has gone: its queued database work was dropped, or its running query cancelled. */
export class ClientGoneError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The client went away; its database work was dropped.', options);
    this.name = 'ClientGoneError';
  }
}

/** Releases a slot taken by `Gate.acquire`; idempotent. */
export type Release = () => void;

interface Waiter {
  resolve(release: Release): void;
  reject(err: Error): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * A counting semaphore with `capacity` slots and at most `queueMax` waiters, in priority classes
 * (0 first) served FIFO within a class. `acquire` resolves at once when a slot is free, waits when
 * the queue has room, and otherwise throws `DbOverloadError` at once. A waiter whose `signal` aborts
 * leaves the queue (rejected with `ClientGoneError`); a slot is never handed to an aborted waiter.
 */
export class Gate {
  private active = 0;
  private readonly queues: Waiter[][] = [];
  /** Exponentially weighted mean time a slot is held, ms (for `Retry-After`). */
  private holdMs = 100;

  constructor(
    readonly name: string,
    readonly capacity: number,
    readonly queueMax: number,
  ) {
    if (!(capacity >= 1)) throw new Error(`Gate ${name}: capacity must be ≥ 1 (got ${capacity}).`);
  }

  /** Slots in use. */
  get inUse(): number {
    return this.active;
  }

  /** Requests waiting. */
  get waiting(): number {
    return this.queues.reduce((n, q) => n + q.length, 0);
  }

  /**
   * Takes a slot.
   * @param signal aborting it while waiting rejects with `ClientGoneError` and frees the place in the queue.
   * @param priority class, 0 served first (default 0).
   * @throws DbOverloadError when every slot is taken and `queueMax` are waiting; ClientGoneError when `signal` is (or becomes) aborted.
   */
  acquire(signal?: AbortSignal, priority = 0): Promise<Release> {
    if (signal?.aborted) return Promise.reject(new ClientGoneError({ cause: signal.reason }));
    if (this.active < this.capacity && this.waiting === 0) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting >= this.queueMax) return Promise.reject(new DbOverloadError(this.retryAfterS(), this.name));
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      const queue = (this.queues[priority] ??= []);
      if (signal) {
        waiter.onAbort = () => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          reject(new ClientGoneError({ cause: signal.reason }));
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      queue.push(waiter);
    });
  }

  /** Seconds a refused caller should wait: the queue ahead drained at the observed hold time, 1…30. */
  retryAfterS(): number {
    const s = Math.ceil(((this.waiting + 1) * this.holdMs) / this.capacity / 1000);
    return Math.min(30, Math.max(1, s));
  }

  private releaser(): Release {
    const started = Date.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.holdMs = this.holdMs * 0.8 + (Date.now() - started) * 0.2;
      this.active--;
      this.dispatch();
    };
  }

  private dispatch(): void {
    while (this.active < this.capacity) {
      const waiter = this.next();
      if (!waiter) return;
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
      if (waiter.signal?.aborted) {
        waiter.reject(new ClientGoneError({ cause: waiter.signal.reason }));
        continue;
      }
      this.active++;
      waiter.resolve(this.releaser());
    }
  }

  private next(): Waiter | undefined {
    for (const q of this.queues) if (q?.length) return q.shift();
    return undefined;
  }
}

/** The first error in `err`'s `cause` chain (drizzle wraps driver errors in DrizzleQueryError) that is an instance of `type`. */
export function findCause<T extends Error>(err: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof type) return e;
  return undefined;
}
