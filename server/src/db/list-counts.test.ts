/**
 * The `list_counts` counters never drift from `count(*)` (issue 18 "Lists at scale": "counters
 * maintained in the same transaction as the rows (and a test that they never drift)"; migration
 * 0015_scale_lists.sql; docs/scaling.md "Counting"). On PGlite and PostgreSQL.
 *
 * fast-check draws sequences of multi-row inserts, updates (moving rows between accounts, changing
 * a media's kind, status, playback file and replacement link) and deletes on bots, media, tags and
 * widgets of three accounts, some inside transactions that roll back, plus TRUNCATE and account
 * deletion; after every sequence each counter equals the count of the rows its key names, computed
 * here independently. On PostgreSQL, concurrent transactions on one account add up exactly too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from './client';
import { createPgDatabase, dbVariant } from '../../test/harness';
import { countedTotal } from '../lib/list-count';
import { listBotPage } from '../modules/bot/bot.repo';
import { listMedia } from '../modules/media/media.repo';
import { listTagPage } from '../modules/tag/tag.repo';
import { listWidgetPage } from '../modules/widget/widget.repo';

const KINDS = ['SlideVideo', 'LogoVideo', 'SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'] as const;
const IMAGES = ['SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'];
const STATUSES = ['Draft', 'Ready', 'Error'] as const;

let pgDb: { url: string; drop(): Promise<void> } | undefined;
let database: Database;
let db: Db;
let accounts: number[] = [];
let serial = 0;

const rowsOf = <T>(r: unknown) => ((r as { rows: T[] }).rows ?? []) as T[];

async function newAccount(): Promise<number> {
  serial++;
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`insert into accounts (public_id, business_name) values (${`lc-${serial}-${Date.now()}`}, 'Counted') returning id`));
  return row!.id;
}

/** What the counters must say: the same keys as migration 0015, counted from the rows themselves. */
async function expectedCounts(): Promise<Map<string, number>> {
  const rows = rowsOf<{ account_id: number; list: string; n: number }>(
    await db.execute(sql`
      select account_id, 'bots' as list, count(*)::int as n from bots group by account_id
      union all select account_id, 'tags', count(*)::int from tags group by account_id
      union all select account_id, 'widgets', count(*)::int from widgets group by account_id
      union all select account_id, 'media', count(*)::int from media where replaces_id is null group by account_id
      union all select account_id, 'media:' || type, count(*)::int from media where replaces_id is null group by account_id, type
      union all select account_id, 'media:ReadyImage', count(*)::int from media
        where replaces_id is null and status = 'Ready' and playback_key is not null
          and type in ('SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage') group by account_id`),
  );
  return new Map(rows.map((r) => [`${r.account_id}/${r.list}`, Number(r.n)]));
}

async function actualCounts(): Promise<Map<string, number>> {
  const rows = rowsOf<{ account_id: number; list: string; n: number | string }>(await db.execute(sql`select account_id, list, n from list_counts where n <> 0`));
  return new Map(rows.map((r) => [`${r.account_id}/${r.list}`, Number(r.n)]));
}

async function expectNoDrift(): Promise<void> {
  expect(Object.fromEntries(await actualCounts())).toEqual(Object.fromEntries(await expectedCounts()));
  const negative = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from list_counts where n < 0`));
  expect(negative[0]!.n).toBe(0);
}

type Op =
  | { t: 'insertBots'; a: number; n: number }
  | { t: 'deleteBots'; mod: number }
  | { t: 'moveBots'; mod: number; a: number }
  | { t: 'renameBots' }
  | { t: 'insertMedia'; a: number; n: number; kind: number; status: number; replacement: boolean; playback: boolean }
  | { t: 'updateMedia'; mod: number; kind: number; status: number; playback: boolean }
  | { t: 'toggleReplacement'; mod: number }
  | { t: 'moveMedia'; mod: number; a: number }
  | { t: 'deleteMedia'; mod: number }
  | { t: 'insertTags'; a: number; n: number }
  | { t: 'deleteTags'; mod: number }
  | { t: 'insertWidgets'; a: number; n: number }
  | { t: 'deleteWidgets'; mod: number }
  | { t: 'truncateTags' };

const acct = fc.integer({ min: 0, max: 2 });
const small = fc.integer({ min: 1, max: 6 });
const mod = fc.integer({ min: 2, max: 4 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('insertBots' as const), a: acct, n: small }),
  fc.record({ t: fc.constant('deleteBots' as const), mod }),
  fc.record({ t: fc.constant('moveBots' as const), mod, a: acct }),
  fc.record({ t: fc.constant('renameBots' as const) }),
  fc.record({
    t: fc.constant('insertMedia' as const),
    a: acct,
    n: small,
    kind: fc.integer({ min: 0, max: 5 }),
    status: fc.integer({ min: 0, max: 2 }),
    replacement: fc.boolean(),
    playback: fc.boolean(),
  }),
  fc.record({ t: fc.constant('updateMedia' as const), mod, kind: fc.integer({ min: 0, max: 5 }), status: fc.integer({ min: 0, max: 2 }), playback: fc.boolean() }),
  fc.record({ t: fc.constant('toggleReplacement' as const), mod }),
  fc.record({ t: fc.constant('moveMedia' as const), mod, a: acct }),
  fc.record({ t: fc.constant('deleteMedia' as const), mod }),
  fc.record({ t: fc.constant('insertTags' as const), a: acct, n: small }),
  fc.record({ t: fc.constant('deleteTags' as const), mod }),
  fc.record({ t: fc.constant('insertWidgets' as const), a: acct, n: small }),
  fc.record({ t: fc.constant('deleteWidgets' as const), mod }),
  fc.record({ t: fc.constant('truncateTags' as const) }),
);

/** Runs one operation as one statement (multi-row where it says n). */
async function run(d: Db, op: Op): Promise<void> {
  const tag = `${++serial}`;
  switch (op.t) {
    case 'insertBots':
      await d.execute(sql`insert into bots (public_id, account_id, name) select ${`b${tag}-`} || i, ${accounts[op.a]!}, 'Bot ' || i from generate_series(1, ${op.n}) i`);
      return;
    case 'deleteBots':
      await d.execute(sql`delete from bots where id % ${op.mod} = ${serial % op.mod}`);
      return;
    case 'moveBots':
      await d.execute(sql`update bots set account_id = ${accounts[op.a]!} where id % ${op.mod} = 0`);
      return;
    case 'renameBots':
      await d.execute(sql`update bots set name = name || '.'`);
      return;
    case 'insertMedia': {
      const replaces = op.replacement ? sql`(select min(id) from media where account_id = ${accounts[op.a]!})` : sql`null`;
      await d.execute(sql`insert into media (account_id, name, type, status, playback_key, replaces_id)
        select ${accounts[op.a]!}, 'M ' || i, ${KINDS[op.kind]!}, ${STATUSES[op.status]!}, ${op.playback ? 'k' : null}, ${replaces}::int from generate_series(1, ${op.n}) i`);
      return;
    }
    case 'updateMedia':
      await d.execute(sql`update media set type = ${KINDS[op.kind]!}, status = ${STATUSES[op.status]!}, playback_key = ${op.playback ? 'k' : null} where id % ${op.mod} = 1`);
      return;
    case 'toggleReplacement':
      await d.execute(sql`update media m set replaces_id = case when m.replaces_id is null then (select min(x.id) from media x where x.account_id = m.account_id and x.id <> m.id) end where m.id % ${op.mod} = 0`);
      return;
    case 'moveMedia':
      // Replacement links stay within an account: moving clears them.
      await d.execute(sql`update media set account_id = ${accounts[op.a]!}, replaces_id = null where id % ${op.mod} = 1`);
      return;
    case 'deleteMedia':
      await d.execute(sql`delete from media where id % ${op.mod} = ${serial % op.mod}`);
      return;
    case 'insertTags':
      await d.execute(sql`insert into tags (account_id, name) select ${accounts[op.a]!}, ${`t${tag}-`} || i from generate_series(1, ${op.n}) i`);
      return;
    case 'deleteTags':
      await d.execute(sql`delete from tags where id % ${op.mod} = ${serial % op.mod}`);
      return;
    case 'insertWidgets':
      await d.execute(sql`insert into widgets (public_id, account_id, name) select ${`w${tag}-`} || i, ${accounts[op.a]!}, 'W ' || i from generate_series(1, ${op.n}) i`);
      return;
    case 'deleteWidgets':
      await d.execute(sql`delete from widgets where id % ${op.mod} = ${serial % op.mod}`);
      return;
    case 'truncateTags':
      await d.execute(sql`truncate tags cascade`);
      return;
  }
}

class Rollback extends Error {}

describe('list_counts stay equal to count(*)', () => {
  beforeAll(async () => {
    pgDb = dbVariant === 'postgres' ? await createPgDatabase() : undefined;
    database = await openDatabase({ databaseUrl: pgDb?.url });
    db = database.db;
    accounts = [await newAccount(), await newAccount(), await newAccount()];
  });
  afterAll(async () => {
    await database?.close();
    await pgDb?.drop();
  });

  it('after random inserts, updates, deletes and truncates, committed or rolled back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(opArb, fc.constantFrom('plain', 'tx', 'rollback')), { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const [op, mode] of steps) {
          if (mode === 'plain') await run(db, op);
          else {
            await db
              .transaction(async (tx) => {
                await run(tx as unknown as Db, op);
                await run(tx as unknown as Db, { t: 'insertBots', a: 0, n: 2 });
                if (mode === 'rollback') throw new Rollback();
              })
              .catch((e: unknown) => {
                if (!(e instanceof Rollback)) throw e;
              });
          }
        }
        await expectNoDrift();
      }),
      { numRuns: dbVariant === 'postgres' ? 40 : 25 },
    );
    // The run really exercised the counters (not an empty database).
    expect((await actualCounts()).size).toBeGreaterThan(3);
  });

  it('counters read by countedTotal match the list filters; an account deleted takes its counters with it', async () => {
    const a = await newAccount();
    await run(db, { t: 'insertMedia', a: 0, n: 1, kind: 0, status: 0, replacement: false, playback: false }); // other account
    accounts.push(a);
    const i = accounts.length - 1;
    await run(db, { t: 'insertBots', a: i, n: 5 });
    await run(db, { t: 'insertMedia', a: i, n: 4, kind: 2, status: 1, replacement: false, playback: true });
    await run(db, { t: 'insertMedia', a: i, n: 3, kind: 0, status: 1, replacement: false, playback: true });
    await run(db, { t: 'insertMedia', a: i, n: 2, kind: 0, status: 1, replacement: true, playback: true });
    expect(await countedTotal(db, a, ['bots'])).toBe(5);
    expect(await countedTotal(db, a, ['media'])).toBe(7);
    expect(await countedTotal(db, a, ['media:SlideVideo', 'media:LogoVideo'])).toBe(3);
    expect(await countedTotal(db, a, ['media:ReadyImage'])).toBe(4);
    expect(await countedTotal(db, a, ['widgets'])).toBe(0);
    await db.execute(sql`delete from accounts where id = ${a}`);
    accounts.pop();
    expect(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from list_counts where account_id = ${a}`))[0]!.n).toBe(0);
    await expectNoDrift();
  });

  it('the lists read the counter in their page-ids statement: the same total on a full page, a short page and a page past the end', async () => {
    const a = await newAccount();
    accounts.push(a);
    const i = accounts.length - 1;
    await run(db, { t: 'insertBots', a: i, n: 7 });
    await run(db, { t: 'insertMedia', a: i, n: 5, kind: 0, status: 1, replacement: false, playback: true });
    await run(db, { t: 'insertMedia', a: i, n: 2, kind: 0, status: 1, replacement: true, playback: true });
    await db.execute(sql`insert into tags (account_id, name) select ${a}, 'Tag ' || g from generate_series(1, 4) g`);
    for (const [page, size, n] of [
      [1, 3, 3],
      [3, 3, 1],
      [9, 3, 0],
    ] as const) {
      const bots = await listBotPage(db, { accountId: a, page, size, orderBy: 'created_at', direction: 'desc', now: new Date() });
      expect([bots.rows.length, bots.totalCount]).toEqual([n, 7]);
      const m = await listMedia(db, { accountId: a, page, size, orderBy: 'created_at', direction: 'desc' });
      expect([m.rows.length, m.total]).toEqual([Math.max(0, Math.min(size, 5 - (page - 1) * size)), 5]);
      const t = await listTagPage(db, a, page, size);
      expect([t.rows.length, t.totalCount]).toEqual([Math.max(0, Math.min(size, 4 - (page - 1) * size)), 4]);
      const w = await listWidgetPage(db, { accountId: a, page, size });
      expect([w.rows.length, w.totalCount]).toEqual([0, 0]);
    }
    await expectNoDrift();
  });

  it.runIf(dbVariant === 'postgres')('concurrent transactions on one account add up exactly (PostgreSQL)', async () => {
    const pool = new pg.Pool({ connectionString: pgDb!.url, max: 8 });
    try {
      const a = accounts[1]!;
      const before = await countedTotal(db, a, ['bots']);
      await Promise.all(
        Array.from({ length: 24 }, async (_, k) => {
          const c = await pool.connect();
          try {
            await c.query('BEGIN');
            await c.query(`INSERT INTO bots (public_id, account_id, name) SELECT 'cc${k}-' || i || '-' || $2::text, $1, 'C' FROM generate_series(1, 3) i`, [a, Date.now()]);
            await c.query(`INSERT INTO media (account_id, name, type, status, playback_key) VALUES ($1, 'C', 'SlideImage', 'Ready', 'k')`, [a]);
            if (k % 3 === 0) await c.query(`DELETE FROM bots WHERE id = (SELECT min(id) FROM bots WHERE account_id = $1 AND name = 'C')`, [a]);
            await c.query(k % 4 === 1 ? 'ROLLBACK' : 'COMMIT');
          } finally {
            c.release();
          }
        }),
      );
      expect(await countedTotal(db, a, ['bots'])).not.toBe(before);
      await expectNoDrift();
    } finally {
      await pool.end();
    }
  });
});
