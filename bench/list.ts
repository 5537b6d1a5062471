/**
 * The vidbot list's SQL for `npm run bench` (issue 11 "List"): `GET /bot` pages over an account of
 * BOTS vidbots with TAGS tags (0–3 per bot) and live statuses, through the service the route calls
 * (`listBots`: one count query + one page query with the tag list and poster subqueries). Figures:
 * median and p95 ms of RUNS calls per case, on in-memory PGlite (the embedded default) — and on
 * PostgreSQL too when TEST_DATABASE_URL is set. Also the view write the player endpoint
 * (`getPublicBot`) adds to each answer: `last_viewed_at`, at most once a minute.
 *
 * Run alone with `npx tsx bench/list.ts` (prints the markdown section); `npm run bench` includes it.
 */
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { openDatabase, type Database } from '../server/src/db/client';
import { accounts, bots, botTags, tags } from '../server/src/db/schema';
import type { AuthUser } from '../server/src/lib/context';
import { BotListQuery } from '../server/src/modules/bot/bot.schemas';
import { listBots } from '../server/src/modules/bot/bot.service';
import { touchLastViewed } from '../server/src/modules/bot/bot.repo';
import { createPgDatabase } from '../server/test/harness';

const BOTS = 2000;
const TAGS = 50;
const RUNS = 30;

const staff: AuthUser = { id: 0, username: 'bench', email: 'bench@x', firstName: null, lastName: null, isSuperuser: true, isCustomerSuccess: false, isReseller: false, roles: [] };

async function fill(database: Database): Promise<{ accountId: number; tagIds: number[]; publicId: string }> {
  const { db } = database;
  const [account] = await db.insert(accounts).values({ publicId: 'bench', businessName: 'Bench' }).returning();
  const accountId = account!.id;
  const tagRows = await db
    .insert(tags)
    .values(Array.from({ length: TAGS }, (_, i) => ({ accountId, name: `Tag ${i}` })))
    .returning();
  const now = Date.now();
  const statuses = ['Draft', 'Published', 'Deactivated'] as const;
  const rows = await db
    .insert(bots)
    .values(
      Array.from({ length: BOTS }, (_, i) => ({
        publicId: `bench${i}`,
        accountId,
        name: `Bot ${i}`,
        status: statuses[i % 3]!,
        lastViewedAt: i % 5 === 0 ? null : new Date(now - (i % 48) * 3600_000),
      })),
    )
    .returning({ id: bots.id });
  const links = rows.flatMap((b, i) => Array.from({ length: i % 4 }, (_, k) => ({ botId: b.id, tagId: tagRows[(i + k * 7) % TAGS]!.id })));
  for (let i = 0; i < links.length; i += 1000) await db.insert(botTags).values(links.slice(i, i + 1000));
  await db.execute(sql`analyze`);
  return { accountId, tagIds: tagRows.map((t) => t.id), publicId: 'bench1' };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn(); // warm
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function measure(database: Database, label: string, log: (s: string) => void): Promise<void> {
  const { accountId, tagIds, publicId } = await fill(database);
  const q = (extra: Record<string, string>) => v.parse(BotListQuery, { account_id: String(accountId), ...extra });
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['page 1, created_at desc (size 10)', () => listBots(database.db, staff, q({}))],
    ['page 1, order_by=status (status + live status)', () => listBots(database.db, staff, q({ order_by: 'status' }))],
    ['last page, order_by=status', () => listBots(database.db, staff, q({ order_by: 'status', page: String(BOTS / 10) }))],
    ['tag_ids with 2 tags', () => listBots(database.db, staff, q({ tag_ids: `${tagIds[0]},${tagIds[1]}` }))],
    ['tag_ids + bot_name + order_by=name', () => listBots(database.db, staff, q({ tag_ids: `${tagIds[2]},${tagIds[3]}`, bot_name: '1', order_by: 'name' }))],
    ['size 250, order_by=status', () => listBots(database.db, staff, q({ order_by: 'status', size: '250' }))],
  ];
  log(`\n### ${label}\n\n| case | median ms | p95 ms |\n|---|---:|---:|`);
  for (const [name, fn] of cases) {
    const xs = await time(fn);
    log(`| ${name} | ${median(xs).toFixed(1)} | ${p95(xs).toFixed(1)} |`);
  }
  // the write `GET /public/bot/{publicId}` adds to every answer
  const [row] = await database.db.select({ id: bots.id }).from(bots).where(sql`${bots.publicId} = ${publicId}`);
  let t = Date.now();
  const writes = await time(() => touchLastViewed(database.db, row!.id, new Date((t += 61_000))));
  const throttled = await time(() => touchLastViewed(database.db, row!.id, new Date(t)));
  log(`| player view write (last_viewed_at, due) | ${median(writes).toFixed(2)} | ${p95(writes).toFixed(2)} |`);
  log(`| player view write (within the minute, no write) | ${median(throttled).toFixed(2)} | ${p95(throttled).toFixed(2)} |`);
}

/** Appends the "Vidbot list" section through `log`. */
export async function benchList(log: (s: string) => void): Promise<void> {
  log(`## Vidbot list SQL (issue 11)\n\n${BOTS} vidbots, ${TAGS} tags (0–3 per bot), a third each Draft / Published / Deactivated, 80 % seen within 48 h; ${RUNS} calls of \`listBots\` per case after 3 warm-up calls.`);
  const lite = await openDatabase({});
  try {
    await measure(lite, 'PGlite (in memory)', log);
  } finally {
    await lite.close();
  }
  if (process.env.TEST_DATABASE_URL) {
    const pg = await createPgDatabase();
    const database = await openDatabase({ databaseUrl: pg.url });
    try {
      await measure(database, 'PostgreSQL', log);
    } finally {
      await database.close();
      await pg.drop();
    }
  }
  log('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchList((s) => console.log(s));
}
