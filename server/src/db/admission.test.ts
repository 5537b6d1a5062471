/**
 * The admission queue (db/admission.ts `Gate`) and the PGlite guard (db/guard.ts `guardPglite`), issue 18
 * "Overload is answered, not queued". Pure logic for the gate; the PGlite guard on a real in-memory
 * PGlite. Runs in both server projects (the gate is driver-independent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ClientGoneError, DbOverloadError, Gate, StatementTimeoutError, findCause } from './admission';
import { openDatabase, type Database } from './client';
import { runInDbScope } from './scope';
import { loadScaleEnv } from '../env';

// drizzle's query builders run when awaited: the test awaits them inside the scope, as a handler does.
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Gate (admission queue)', () => {
  it('admits up to capacity, queues up to queueMax, and refuses beyond at once with Retry-After', async () => {
    const gate = new Gate('test', 2, 1);
    const a = await gate.acquire();
    await gate.acquire();
    expect(gate.inUse).toBe(2);
    let third = false;
    const waiting = gate.acquire().then((r) => ((third = true), r));
    await tick();
    expect(third).toBe(false);
    expect(gate.waiting).toBe(1);
    const refused = await gate.acquire().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DbOverloadError);
    expect((refused as DbOverloadError).retryAfterS).toBeGreaterThanOrEqual(1);
    a();
    a(); // idempotent: a second call frees nothing more
    const r3 = await waiting;
    expect(third).toBe(true);
    expect(gate.inUse).toBe(2);
    r3();
    expect(gate.inUse).toBe(1);
  });

  it('serves waiters first-in first-out, a lower priority class first', async () => {
    const gate = new Gate('test', 1, 10);
    const first = await gate.acquire();
    const order: string[] = [];
    const p = [
      gate.acquire(undefined, 1).then((r) => (order.push('general-1'), r())),
      gate.acquire(undefined, 1).then((r) => (order.push('general-2'), r())),
      gate.acquire(undefined, 0).then((r) => (order.push('ingest'), r())),
    ];
    first();
    await Promise.all(p);
    expect(order).toEqual(['ingest', 'general-1', 'general-2']);
  });

  it('a waiter whose client has gone leaves the queue and never gets a slot', async () => {
    const gate = new Gate('test', 1, 1);
    const first = await gate.acquire();
    const gone = new AbortController();
    const waiting = gate.acquire(gone.signal).catch((e: unknown) => e);
    expect(gate.waiting).toBe(1);
    gone.abort();
    expect(await waiting).toBeInstanceOf(ClientGoneError);
    expect(gate.waiting).toBe(0);
    // Its place is free again: another request may wait.
    const next = gate.acquire();
    first();
    (await next)();
    expect(gate.inUse).toBe(0);
    // Already gone when it arrives: refused at once.
    expect(await gate.acquire(gone.signal).catch((e: unknown) => e)).toBeInstanceOf(ClientGoneError);
  });

  it('findCause finds the guard error through a wrapper (drizzle DrizzleQueryError)', () => {
    const inner = new StatementTimeoutError(5000);
    const wrapped = new Error('Failed query', { cause: inner });
    expect(findCause(wrapped, StatementTimeoutError)).toBe(inner);
    expect(findCause(wrapped, ClientGoneError)).toBeUndefined();
    expect(inner.message).toBe('The database took too long to answer (over 5000 ms); try again.');
  });
});

describe('PGlite guard (one queue in front of the wasm instance)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ scale: loadScaleEnv({ DB_STATEMENT_TIMEOUT_MS: '300' }) });
    await database.db.execute(sql`CREATE TABLE guard_probe (n int)`);
  }, 180_000);
  afterAll(() => database?.close());

  /** Background work holding the instance (a transaction awaiting `hold`) without blocking the thread. */
  function occupy(hold: Promise<void>): Promise<unknown> {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await hold;
    });
  }
  const count = async (n: number) => ((await database.db.execute(sql`SELECT count(*)::int AS c FROM guard_probe WHERE n = ${n}`)) as unknown as { rows: { c: number }[] }).rows[0]!.c;

  it('drops queued work of a client that has gone before it starts', async () => {
    const { db } = database;
    let free!: () => void;
    const busy = occupy(new Promise<void>((r) => (free = r)));
    const gone = new AbortController();
    const queued = runInDbScope({ signal: gone.signal, lane: 'general' }, async () => await db.execute(sql`INSERT INTO guard_probe VALUES (1)`)).catch((e: unknown) => e);
    const kept = runInDbScope({ signal: new AbortController().signal, lane: 'general' }, async () => await db.execute(sql`INSERT INTO guard_probe VALUES (2)`));
    await new Promise((r) => setTimeout(r, 50));
    gone.abort();
    expect(findCause(await queued, ClientGoneError)).toBeInstanceOf(ClientGoneError);
    free();
    await busy;
    await kept;
    expect([await count(1), await count(2)]).toEqual([0, 1]);
  });

  it("answers a request's statement still queued at the deadline with StatementTimeoutError, and never runs it", async () => {
    const { db } = database;
    let free!: () => void;
    const busy = occupy(new Promise<void>((r) => (free = r)));
    const started = Date.now();
    const err = await runInDbScope({ signal: new AbortController().signal, lane: 'general' }, async () => await db.execute(sql`INSERT INTO guard_probe VALUES (5)`)).catch(
      (e: unknown) => e,
    );
    const waited = Date.now() - started;
    free();
    await busy;
    expect(findCause(err, StatementTimeoutError)?.timeoutMs).toBe(300);
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(2000);
    expect(await count(5)).toBe(0);
    // Background work has no deadline: it waits as long as it takes.
    let free2!: () => void;
    const busy2 = occupy(new Promise<void>((r) => (free2 = r)));
    const bg = db.execute(sql`INSERT INTO guard_probe VALUES (6)`).then(() => 'done');
    setTimeout(() => free2(), 500);
    expect(await bg).toBe('done');
    await busy2;
    expect(await count(6)).toBe(1);
  });

  it("refuses a request transaction's statement past the deadline, so the transaction rolls back", async () => {
    const { db } = database;
    const err = await runInDbScope({ signal: new AbortController().signal, lane: 'general' }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO guard_probe VALUES (3)`);
        await tx.execute(sql`SELECT pg_sleep(0.4)`);
        await tx.execute(sql`INSERT INTO guard_probe VALUES (4)`);
      }),
    ).catch((e: unknown) => e);
    expect(findCause(err, StatementTimeoutError)).toBeInstanceOf(StatementTimeoutError);
    expect([await count(3), await count(4)]).toEqual([0, 0]);
  });
});
