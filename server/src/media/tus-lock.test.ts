/**
 * The tus lock shared by nodes (issue 18, media/tus-lock.ts) on a real PostgreSQL: two
 * `PgAdvisoryLocker`s stand for two API nodes on one database. PostgreSQL only; on PGlite the server
 * keeps @tus/server's MemoryLocker (checked here too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MemoryLocker } from '@tus/server';
import pg from 'pg';
import { createPgDatabase, dbVariant } from '../../test/harness';
import { createTusLocker, PgAdvisoryLocker, TUS_LOCK_NAMESPACE } from './tus-lock';

const never = () => new AbortController().signal;

describe('createTusLocker', () => {
  it('keeps MemoryLocker on PGlite (one process)', () => {
    expect(createTusLocker({ kind: 'pglite' })).toBeInstanceOf(MemoryLocker);
  });
});

describe.runIf(dbVariant === 'postgres')('PgAdvisoryLocker (two nodes on one PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> };
  let nodeA: PgAdvisoryLocker;
  let nodeB: PgAdvisoryLocker;

  beforeAll(async () => {
    database = await createPgDatabase();
    nodeA = new PgAdvisoryLocker({ connectionString: database.url, pollMs: 20, renotifyMs: 200, acquireLockTimeoutMs: 5000 });
    nodeB = new PgAdvisoryLocker({ connectionString: database.url, pollMs: 20, renotifyMs: 200, acquireLockTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  it('is a PgAdvisoryLocker on PostgreSQL', async () => {
    const locker = createTusLocker({ kind: 'postgres', databaseUrl: database.url });
    expect(locker).toBeInstanceOf(PgAdvisoryLocker);
    await (locker as PgAdvisoryLocker).close();
  });

  it('asks the holder on the other node to release (NOTIFY), then takes the lock', async () => {
    const held = nodeA.newLock('upload-1');
    let asked = 0;
    const releasedByA = new Promise<void>((resolve) => {
      void held.lock(never(), async () => {
        asked++;
        await held.unlock();
        resolve();
      });
    });
    // A holds it (wait until the lock is taken).
    await expect.poll(() => nodeA.held.has('upload-1')).toBe(true);
    const started = Date.now();
    const taker = nodeB.newLock('upload-1');
    await taker.lock(never(), () => undefined);
    await releasedByA;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(nodeB.held.has('upload-1')).toBe(true);
    expect(nodeA.held.has('upload-1')).toBe(false);
    expect(Date.now() - started).toBeLessThan(4000);
    await taker.unlock();
    expect(nodeB.held.size).toBe(0);
  });

  it('serializes across nodes: a holder that does not let go makes the other wait until unlock, or time out', async () => {
    const slowB = new PgAdvisoryLocker({ connectionString: database.url, pollMs: 20, acquireLockTimeoutMs: 400 });
    try {
      const held = nodeA.newLock('upload-2');
      await held.lock(never(), () => undefined);
      await expect(slowB.newLock('upload-2').lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
      // Another upload is not held up.
      const other = slowB.newLock('upload-3');
      await other.lock(never(), () => undefined);
      await other.unlock();
      // Waiting on B ends as soon as A unlocks.
      const waiting = nodeB.newLock('upload-2').lock(never(), () => undefined);
      setTimeout(() => void held.unlock(), 300);
      await waiting;
      expect(nodeB.held.has('upload-2')).toBe(true);
      await nodeB.newLock('upload-2').unlock();
    } finally {
      await slowB.close();
    }
  });

  it('stops waiting when the request is cancelled (stop signal)', async () => {
    const held = nodeA.newLock('upload-4');
    await held.lock(never(), () => undefined);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const started = Date.now();
    await expect(nodeB.newLock('upload-4').lock(stop.signal, () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeLessThan(2000);
    await held.unlock();
  });

  it('serializes two requests of the same node, and asks the local holder directly', async () => {
    const first = nodeA.newLock('upload-5');
    let asked = false;
    await first.lock(never(), async () => {
      asked = true;
      await first.unlock();
    });
    const second = nodeA.newLock('upload-5');
    await second.lock(never(), () => undefined);
    expect(asked).toBe(true);
    await second.unlock();
  });

  it('lets go of the locks of a node whose database session ends (a killed node)', async () => {
    const dying = new PgAdvisoryLocker({ connectionString: database.url, pollMs: 20 });
    const held = dying.newLock('upload-6');
    await held.lock(never(), () => undefined);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = hashtext($2)::oid AND granted`,
        [TUS_LOCK_NAMESPACE, 'upload-6'],
      );
      expect(rows).toHaveLength(1);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    } finally {
      await admin.end();
    }
    const taker = nodeB.newLock('upload-6');
    await taker.lock(never(), () => undefined);
    await taker.unlock();
    await dying.close();
  });

  it('throws when unlocking a lock it does not hold', async () => {
    await expect(nodeA.newLock('upload-7').unlock()).rejects.toThrow(/unlocked/);
  });
});
