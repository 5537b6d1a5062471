/**
 * The widget list's SQL for `npm run bench` (issue 15 "Widgets"): `GET /widget` pages over an account
 * of WIDGETS carousels and BOTS vidbots with TAGS tags, through the repository the service calls
 * (`listWidgetPage`: one count query + the page's ids + one detail query whose `botCount` subquery
 * counts the Published vidbots each row's content shows — All, Selected or ByTags), and the detail's
 * `countShownBots`. Figures: median and p95 ms of RUNS calls per case, on in-memory PGlite — and on
 * PostgreSQL too when TEST_DATABASE_URL is set.
 *
 * Run alone with `npx tsx bench/widget-list.ts` (prints the markdown section); `npm run bench` includes it.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/src/db/client';
import { accounts, bots, botTags, tags, widgetRevisions, widgets } from '../server/src/db/schema';
import { countShownBots, listWidgetPage } from '../server/src/modules/widget/widget.repo';
import { defaultWidgetContent, WIDGET_CONTENT_TYPES } from '../server/src/modules/widget/widget.schemas';
import { createPgDatabase } from '../server/test/harness';

const BOTS = 2000;
const TAGS = 50;
const WIDGETS = 500;
const RUNS = 30;

async function fill(database: Database): Promise<{ accountId: number; byTags: Record<string, unknown> }> {
  const { db } = database;
  const [account] = await db.insert(accounts).values({ publicId: 'wbench', businessName: 'Widget bench' }).returning();
  const accountId = account!.id;
  const tagRows = await db.insert(tags).values(Array.from({ length: TAGS }, (_, i) => ({ accountId, name: `Tag ${i}` }))).returning();
  const statuses = ['Draft', 'Published', 'Deactivated'] as const;
  const botRows = await db
    .insert(bots)
    .values(Array.from({ length: BOTS }, (_, i) => ({ publicId: `wbench${i}`, accountId, name: `Bot ${i}`, status: statuses[i % 3]! })))
    .returning({ id: bots.id });
  const links = botRows.flatMap((b, i) => Array.from({ length: i % 4 }, (_, k) => ({ botId: b.id, tagId: tagRows[(i + k * 7) % TAGS]!.id })));
  for (let i = 0; i < links.length; i += 1000) await db.insert(botTags).values(links.slice(i, i + 1000));
  const contentOf = (i: number) => {
    const contentType = WIDGET_CONTENT_TYPES[i % 3]!;
    return {
      ...defaultWidgetContent(),
      contentType,
      selectedBotIds: contentType === 'Selected' ? botRows.slice(i % 100, (i % 100) + 20).map((b) => b.id) : [],
      selectedTagIds: contentType === 'ByTags' ? tagRows.slice(i % 40, (i % 40) + 3).map((t) => t.id) : [],
    };
  };
  for (let i = 0; i < WIDGETS; i++) {
    const [w] = await db.insert(widgets).values({ publicId: `wb${i}`, accountId, name: `Carousel ${i}`, status: i % 2 ? 'Published' : 'Draft' }).returning();
    const [r] = await db.insert(widgetRevisions).values({ widgetId: w!.id, revNumber: 1, content: contentOf(i), status: i % 2 ? 'Published' : 'Draft' }).returning();
    await db.update(widgets).set({ latestRevisionId: r!.id, publishedRevisionId: i % 2 ? r!.id : null }).where(sql`${widgets.id} = ${w!.id}`);
  }
  await db.execute(sql`analyze`);
  return { accountId, byTags: contentOf(2) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function measure(database: Database, label: string, log: (s: string) => void): Promise<void> {
  const { accountId, byTags } = await fill(database);
  const { db } = database;
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['page 1 (size 10)', () => listWidgetPage(db, { accountId, page: 1, size: 10 })],
    ['last page (size 10)', () => listWidgetPage(db, { accountId, page: WIDGETS / 10, size: 10 })],
    ['name search "9"', () => listWidgetPage(db, { accountId, page: 1, size: 10, name: '9' })],
    ['size 100', () => listWidgetPage(db, { accountId, page: 1, size: 100 })],
    ['detail botCount (ByTags, 3 tags)', () => countShownBots(db, accountId, byTags)],
  ];
  log(`\n### ${label}\n\n| case | median ms | p95 ms |\n|---|---:|---:|`);
  for (const [name, fn] of cases) {
    const xs = await time(fn);
    log(`| ${name} | ${median(xs).toFixed(1)} | ${p95(xs).toFixed(1)} |`);
  }
}

/** Appends the "Widget list" section through `log`. */
export async function benchWidgetList(log: (s: string) => void): Promise<void> {
  log(
    `## Widget list SQL (issue 15)\n\n${WIDGETS} carousels (a third each All / Selected with 20 vidbots / ByTags with 3 tags; half published) over ${BOTS} vidbots (a third Published) and ${TAGS} tags; ${RUNS} calls of \`listWidgetPage\` per case after 3 warm-up calls.`,
  );
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
  await benchWidgetList((s) => console.log(s));
}
