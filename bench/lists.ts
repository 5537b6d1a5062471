/**
 * Lists at 100,000 rows for `npm run bench -- lists` (issue 18 "Lists at scale", "Figures and tests"),
 * on PostgreSQL (a throwaway server, bench/scale.ts `startPostgres`) and on PGlite (on disk, the
 * embedded default); `BENCH_LISTS_DB=postgres|pglite` runs one of them.
 *
 * Per database:
 * 1. The real server as a child process (`node --import tsx server/src/index.ts`, server/test/tus-resume.ts
 *    `startServerProcess`; SEED_DEMO=1 migrates and seeds the demo users, JOB_CONCURRENCY=0), stopped
 *    (SIGTERM), then seeded directly in SQL with server/test/scale-seed.ts (PGlite is one process's
 *    database, so seeding happens while no server holds it; PostgreSQL the same way for equal runs):
 *    - account `scale`: 100,000 bots (one revision each, 50 tags, 1 % named with SCALE_SEARCH_1PCT)
 *      and 100,000 media;
 *    - account `scale1k`, the "1,000-row account": 1,000 each of bots, media, tags, widgets, members
 *      (users with an Active Viewer role), audit events, form submissions (of one bot), e-mail outbox
 *      messages, and 30 days of analytics rollups for its bots;
 *    owner@example.com is Owner of both; then `VACUUM ANALYZE` (the steady state autovacuum reaches
 *    minutes after a bulk load). Then the server starts again on the seeded database.
 * 2. Sign-in (`/idp` USER_PASSWORD_AUTH, ID token) as owner@example.com and as the superuser.
 * 3. autocannon (bench/load.ts: CONNECTIONS connections, DURATION_S seconds each, 10 s request
 *    timeout; env BENCH_CONNECTIONS / BENCH_DURATION_S), one run per call, in this order:
 *    `GET /api/user/me` (the floor: sign-in check + two small queries), bot list first page, bot list
 *    name search matching 1 %, media list first page, every list endpoint of docs/api.md on the
 *    1,000-row account (staff lists with the superuser's token; they span the whole database),
 *    and last the bot list page 5000 of size 10 (it may leave a backlog behind). After every run a
 *    probe `GET /api/user/me` shows whether the server answers promptly again ("next request").
 * 4. The burst: 200 requests for page 5000 whose clients give up after 1 s (AbortSignal.timeout),
 *    then normal requests (`GET /api/user/me`, bot list first page) one after another for 10 s, each
 *    timed (goal: every one < 1 s — a backlog may slow the first or, on PGlite's one query queue,
 *    the later ones); on PostgreSQL also how long the abandoned queries stayed active
 *    (pg_stat_activity), and when the server answers promptly again.
 *
 * Figures: 2xx/s, ratio to the floor of the same run, p50/p95/p99 ms, failures (non-2xx by status,
 * timeouts), the goal of issue 18 and whether it is met.
 *
 * `BENCH_LISTS_ONLY=<regular expression>` measures only the calls whose label matches (and the floor).
 * `BENCH_LISTS_HOLD=1` keeps the seeded server up (its URL and both tokens printed) until Ctrl-C,
 * for profiling one list by hand.
 *
 * Alone: `npm run bench -- lists` writes the subsection "### Lists bench — <label>" of bench/RESULTS.md
 * (BENCH_LABEL, default `code at <commit>`), so a "before" and an "after" run stand side by side.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../server/src/db/client';
import { createPgDatabase } from '../server/test/harness';
import { createScaleAccount, SCALE_SEARCH_1PCT, seedScaleAccount } from '../server/test/scale-seed';
import { freePort, signIn, startServerProcess, type ServerProcess } from '../server/test/tus-resume';
import { CONNECTIONS, DURATION_S, describeFailures, fmtMs, load, type LoadFigures } from './load';
import { SECTION_INTRO, stopProcess } from './nodes';
import { machineLine, probe, startPostgres, timedGet, writeSubsection } from './scale';

type Log = (s: string) => void;

const BIG = 100_000;
const SMALL = 1_000;
const DEEP_PAGE = 5000;
const BURST = 200;
/** Seconds of normal requests timed after the burst. */
const BURST_WATCH_S = 10;

/** A goal of issue 18: `check` says whether the figures (and the floor's) meet it. */
interface Goal {
  text: string;
  check(f: LoadFigures, floor: LoadFigures): boolean;
}
const ratioGoal = (min: number): Goal => ({ text: `≥ ${min}×`, check: (f, floor) => f.rps / floor.rps >= min });
const DEEP_GOAL: Goal = {
  text: 'every request answered 2xx (no timeouts), p95 ≤ 1 s',
  check: (f) => f.timeouts === 0 && f.errors <= 0 && Object.keys(f.statuses).length === 0 && f.p95 <= 1000,
};

interface Call {
  label: string;
  path: string;
  staff?: boolean;
  /** Goal on [PostgreSQL, PGlite]; undefined = none stated by the issue. */
  goals?: [Goal | undefined, Goal | undefined];
}

interface Seeded {
  big: number;
  small: number;
  smallBot: number;
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** The 1,000-row account's extras beyond scale-seed (members, audit events, submissions, outbox, rollups). */
async function seedSmallExtras(db: Db, accountId: number, ownerId: number): Promise<number> {
  await db.execute(sql`
    insert into users (username, email, first_name, last_name)
    select 'scale1k-user-' || i, 'scale1k.user.' || lpad(i::text, 4, '0') || '@example.com', 'Member', 'No ' || i
    from generate_series(1, ${SMALL}) as g(i)`);
  await db.execute(sql`
    insert into roles (user_id, account_id, role, status)
    select id, ${accountId}, 'Viewer', 'Active' from users where username like 'scale1k-user-%'`);
  await db.execute(sql`
    insert into audit_events (account_id, actor_user_id, type, target_type, target_id, target_name, details, created_at)
    select ${accountId}, ${ownerId}, 'bot.create', 'bot', i, 'Scale bot ' || i, '{}'::jsonb, now() - make_interval(mins => i)
    from generate_series(1, ${SMALL}) as g(i)`);
  const [bot] = rowsOf<{ id: number; rev: number }>(
    await db.execute(sql`select id, latest_revision_id as rev from bots where account_id = ${accountId} order by id limit 1`),
  );
  await db.execute(sql`
    insert into form_submissions (submission_id, bot_id, revision_id, action_id, form_name, values, created_at)
    select 'scale1k-' || i, ${bot!.id}, ${bot!.rev}, 1, 'Contact',
           jsonb_build_object('Name', 'Visitor ' || i, 'E-mail', 'visitor' || i || '@example.com', 'Subscribe', i % 2 = 0),
           now() - make_interval(mins => i)
    from generate_series(1, ${SMALL}) as g(i)`);
  await db.execute(sql`
    insert into email_outbox ("to", subject, text, kind, created_at)
    select 'scale1k.user.' || i || '@example.com', 'You are invited', 'Hello', 'invitation', now() - make_interval(mins => i)
    from generate_series(1, ${SMALL}) as g(i)`);
  await db.execute(sql`
    insert into analytics_daily (day, account_id, bot_id, channel, slider_id, session, viewed, opened, engaged, played, watched_seconds)
    select (current_date - d), ${accountId}, b.id, 'direct', 0, 10 + b.id % 50, 8, 5 + b.id % 5, 2, 7, 42.5
    from bots b cross join generate_series(1, 30) as g(d)
    where b.account_id = ${accountId}`);
  await db.execute(sql`analyze users, roles, audit_events, form_submissions, email_outbox, analytics_daily`);
  return bot!.id;
}

/** Seeds both accounts on a database with migrations and the demo data. */
async function seed(db: Db): Promise<Seeded> {
  const [owner] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email = 'owner@example.com'`));
  if (!owner) throw new Error('the demo owner is missing (SEED_DEMO)');
  const big = await createScaleAccount(db, 'scale', 'Scale agency');
  const small = await createScaleAccount(db, 'scale1k', 'Scale 1k');
  for (const accountId of [big, small]) {
    await db.execute(sql`insert into roles (user_id, account_id, role, status) values (${owner.id}, ${accountId}, 'Owner', 'Active')`);
  }
  await seedScaleAccount(db, { accountId: big, bots: BIG, media: BIG, tags: 50, authorId: owner.id });
  await seedScaleAccount(db, { accountId: small, bots: SMALL, media: SMALL, tags: SMALL, widgets: SMALL, authorId: owner.id });
  const smallBot = await seedSmallExtras(db, small, owner.id);
  // The widgets area and the avatar generator are per-account features (issues 15, 16), on for both.
  await db.execute(
    sql`update feature_flags set account_ids = account_ids || array[${big}, ${small}]::int[] where name in ('new_widgets', 'video_generation', 'generative_ai')`,
  );
  // The steady state of a database this size: autovacuum would have vacuumed the bulk-loaded tables
  // (visibility map, hint bits, dead rows of the seed's updates) minutes after such a load. Without
  // this the first minutes of the run measure autovacuum working beside the server (2 cores).
  await db.execute(sql`vacuum analyze`);
  return { big, small, smallBot };
}

function calls(s: Seeded): { big: Call[]; small: Call[]; deep: Call } {
  const big: Call[] = [
    { label: 'bot list, first page', path: `/api/bot?account_id=${s.big}`, goals: [ratioGoal(0.5), ratioGoal(0.3)] },
    { label: `bot list, name search matching 1 % (\`bot_name=${SCALE_SEARCH_1PCT}\`)`, path: `/api/bot?account_id=${s.big}&bot_name=${SCALE_SEARCH_1PCT}`, goals: [ratioGoal(0.3), undefined] },
    { label: 'media list, first page', path: `/api/media?account_id=${s.big}`, goals: [ratioGoal(0.5), ratioGoal(0.3)] },
  ];
  const g: [Goal, undefined] = [ratioGoal(0.8), undefined];
  const a = s.small;
  const small: Call[] = [
    { label: 'bots `GET /bot`', path: `/api/bot?account_id=${a}`, goals: g },
    { label: 'bots by status `GET /bot?order_by=status`', path: `/api/bot?account_id=${a}&order_by=status`, goals: g },
    { label: 'media `GET /media`', path: `/api/media?account_id=${a}`, goals: g },
    { label: 'tags `GET /tag`', path: `/api/tag?account_id=${a}`, goals: g },
    { label: 'widgets `GET /widget`', path: `/api/widget?account_id=${a}`, goals: g },
    { label: 'members `GET /account/{id}/user`', path: `/api/account/${a}/user`, goals: g },
    { label: 'audit log `GET /audit-log?account_id`', path: `/api/audit-log?account_id=${a}`, goals: g },
    { label: 'form submissions `GET /bot/{id}/form-submission`', path: `/api/bot/${s.smallBot}/form-submission`, goals: g },
    { label: 'analytics table `GET /analytics`', path: `/api/analytics?account_id=${a}`, goals: g },
    { label: 'accounts `GET /account`', path: '/api/account', goals: g },
    { label: 'avatar groups `GET /generate/avatar-groups`', path: `/api/generate/avatar-groups?account_id=${a}`, goals: g },
    { label: 'staff: users `GET /user/all-users`', path: '/api/user/all-users', staff: true, goals: g },
    { label: 'staff: accounts `GET /account/detail`', path: '/api/account/detail', staff: true, goals: g },
    { label: 'staff: live status `GET /bot/status`', path: '/api/bot/status', staff: true, goals: g },
    { label: 'staff: audit log `GET /audit-log`', path: '/api/audit-log', staff: true, goals: g },
    { label: 'staff: outbox `GET /admin/outbox`', path: '/api/admin/outbox', staff: true, goals: g },
    { label: 'staff: feature flags `GET /feature/flags`', path: '/api/feature/flags', staff: true, goals: g },
    { label: 'staff: analytics `GET /analytics/admin`', path: '/api/analytics/admin', staff: true, goals: g },
  ];
  const deep: Call = { label: `bot list, page ${DEEP_PAGE} of size 10`, path: `/api/bot?account_id=${s.big}&page=${DEEP_PAGE}&size=10`, goals: [DEEP_GOAL, DEEP_GOAL] };
  return { big, small, deep };
}

interface Db0 {
  label: string;
  /** Server env (DATABASE_URL for PostgreSQL). */
  env: Record<string, string>;
  open(dataDir: string): Promise<{ db: Db; close(): Promise<void> }>;
  /** PostgreSQL: ms until no query of the app is active any more (up to `maxMs`); undefined on PGlite. */
  activeQueriesGone?(maxMs: number): Promise<number>;
  describe: string;
  drop(): Promise<void>;
}

async function runDatabase(target: Db0, log: Log): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-lists-'));
  let server: ServerProcess | undefined;
  const port = await freePort();
  const env = { JOB_CONCURRENCY: '0', SEED_DEMO: '1', ...target.env };
  try {
    console.log(`[lists] ${target.label}: first start (migrations, demo data)…`);
    server = await startServerProcess({ dataDir, port, env });
    await stopProcess(server);
    server = undefined;
    console.log(`[lists] ${target.label}: seeding ${BIG.toLocaleString('en')} bots + media, and the 1,000-row account…`);
    const opened = await target.open(dataDir);
    const t0 = performance.now();
    let seeded: Seeded;
    try {
      seeded = await seed(opened.db);
    } finally {
      await opened.close();
    }
    const seedS = (performance.now() - t0) / 1000;
    console.log(`[lists] ${target.label}: seeded in ${seedS.toFixed(1)} s; starting the server…`);
    server = await startServerProcess({ dataDir, port, env });
    const owner = { authorization: `Bearer ${await signIn(server.url)}` };
    const staff = { authorization: `Bearer ${await signIn(server.url, 'superadmin@example.com')}` };
    const url = server.url;
    const all = calls(seeded);
    if (process.env.BENCH_LISTS_HOLD) {
      // Profiling a list by hand: the seeded server stays up until this process is stopped.
      console.log(`[lists] ${target.label}: holding ${url} (pid ${server.pid}); accounts ${JSON.stringify(seeded)}`);
      console.log(`OWNER_AUTH='${owner.authorization}'\nSTAFF_AUTH='${staff.authorization}'`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      return;
    }
    const goalIndex = target.label === 'PGlite' ? 1 : 0;

    const rows: string[] = [];
    const measure = async (call: Call, floor: LoadFigures | undefined): Promise<LoadFigures> => {
      const headers = call.staff ? staff : owner;
      const check = await fetch(`${url}${call.path}`, { headers, signal: AbortSignal.timeout(60_000) }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        (e: Error) => e.name,
      );
      console.log(`[lists] ${target.label}: ${call.label} (check: ${check})…`);
      const f = await load([{ url, paths: [call.path], headers }]);
      const after = await probe(url, '/api/user/me', owner);
      const goal = call.goals?.[goalIndex];
      const base = floor ?? f;
      const met = goal ? (goal.check(f, base) ? 'met' : '**not met**') : '—';
      const next = `${fmtMs(after.first)}${after.status !== 200 ? ` (${after.status})` : ''}${after.quietAfter > after.first + 1 ? `; prompt after ${(after.quietAfter / 1000).toFixed(1)} s` : ''}`;
      rows.push(
        `| ${call.label} | **${f.rps.toFixed(f.rps < 10 ? 1 : 0)}** | ${floor ? `**${(f.rps / floor.rps).toFixed(2)}×**` : '1×'} | ${fmtMs(f.p50)} | ${fmtMs(f.p95)} | ${fmtMs(f.p99)} | ${describeFailures(f)}${check !== 200 ? ` (check: ${check})` : ''} | ${next} | ${goal?.text ?? '—'} | ${met} |`,
      );
      return f;
    };
    const floorCall: Call = { label: '`GET /api/user/me` (the floor)', path: '/api/user/me' };
    const head = '| call | 2xx/s | × floor | p50 ms | p95 ms | p99 ms | failures | next `/user/me` after, ms | goal | |\n|---|---:|---:|---:|---:|---:|---|---|---|---|';
    // Warm-up (JIT, caches, pool connections): not reported.
    await load([{ url, paths: ['/api/user/me', all.big[0]!.path, all.big[2]!.path], headers: owner }], { durationS: Math.min(5, DURATION_S) });
    await probe(url, '/api/user/me', owner);
    const floor = await measure(floorCall, undefined);
    // BENCH_LISTS_ONLY=<regular expression>: only the calls whose label matches (the floor always runs).
    const only = process.env.BENCH_LISTS_ONLY ? new RegExp(process.env.BENCH_LISTS_ONLY, 'i') : undefined;
    const chosen = (c: Call) => !only || only.test(c.label);
    for (const c of all.big.filter(chosen)) await measure(c, floor);
    const bigRows = rows.splice(0);
    for (const c of all.small.filter(chosen)) await measure(c, floor);
    const smallRows = rows.splice(0);
    // The floor again (drift over the run shows the shared machine's noise), then the deep page last.
    await measure({ label: '`GET /api/user/me` again (not used for the ratios)', path: '/api/user/me' }, floor);
    smallRows.push(...rows.splice(0));
    await measure(all.deep, floor);
    bigRows.push(...rows.splice(0));

    // The burst: BURST impatient clients on the deep page, then a normal request.
    console.log(`[lists] ${target.label}: burst of ${BURST} deep-page requests giving up after 1 s…`);
    await probe(url, '/api/user/me', owner);
    let answered = 0;
    const b0 = performance.now();
    await Promise.all(
      Array.from({ length: BURST }, () =>
        fetch(`${url}${all.deep.path}`, { headers: owner, signal: AbortSignal.timeout(1000) }).then(
          async (r) => {
            await r.arrayBuffer();
            if (r.ok) answered++;
          },
          () => {},
        ),
      ),
    );
    const burstEnd = performance.now();
    const burstMs = burstEnd - b0;
    // Normal requests, one after another on fresh connections, for BURST_WATCH_S after the burst: a
    // backlog of abandoned work may slow the first one, or (PGlite: one query queue) the ones after it.
    const watch: { ms: number; status: number | string }[] = [];
    // How long until the server answers promptly (< 500 ms) again, counted from the burst's end.
    let quietAfter = NaN;
    while (performance.now() - burstEnd < BURST_WATCH_S * 1000) {
      const w = await timedGet(url, watch.length % 2 ? all.big[0]!.path : '/api/user/me', owner, 300_000);
      watch.push(w);
      if (Number.isNaN(quietAfter) && w.ms < 500) quietAfter = performance.now() - burstEnd;
      await new Promise((r) => setTimeout(r, 100));
    }
    const gone = target.activeQueriesGone ? await target.activeQueriesGone(300_000) : undefined;
    if (Number.isNaN(quietAfter)) {
      await probe(url, '/api/user/me', owner);
      quietAfter = performance.now() - burstEnd;
    }
    const me = watch[0]!;
    const worst = watch.reduce((a, b) => (b.ms > a.ms ? b : a));
    const failed = watch.filter((w) => w.status !== 200).length;

    log(`\n#### ${target.label}\n`);
    log(
      `${target.describe}. Seeded in ${seedS.toFixed(1)} s (server/test/scale-seed.ts: account \`scale\` ${BIG.toLocaleString('en')} bots with revisions and 50 tags + ${BIG.toLocaleString('en')} media; ` +
        'account `scale1k` 1,000 each of bots, media, tags, widgets, members, audit events, form submissions, outbox messages, 30 days of rollups).\n',
    );
    log(head);
    for (const r of bigRows) log(r);
    log(`\nThe 1,000-row account (\`scale1k\`; staff lists, with the superuser's token, span the whole database — the ${BIG.toLocaleString('en')}-row account included):\n`);
    log(head);
    for (const r of smallRows) log(r);
    const burstMet = worst.ms < 1000 && failed === 0;
    log(
      `\n**Burst:** ${BURST} requests for page ${DEEP_PAGE} whose clients give up after 1 s (${answered} answered in time; all settled after ${fmtMs(burstMs)} ms). ` +
        `Then ${watch.length} normal request${watch.length === 1 ? '' : 's'} one after another (\`GET /api/user/me\` and the bot list first page in turn, new connections) for ${BURST_WATCH_S} s: ` +
        `the first **${fmtMs(me.ms)} ms** (${me.status}), the slowest **${fmtMs(worst.ms)} ms** (${worst.status})${failed ? `, ${failed} not 200` : ''}` +
        (gone !== undefined ? `; abandoned queries still active in the database ${fmtMs(gone)} ms after those (pg_stat_activity)` : '') +
        `; answers prompt (< 500 ms) again ${(quietAfter / 1000).toFixed(1)} s after the burst` +
        ` — goal every normal request < 1 s: ${burstMet ? 'met' : '**not met**'}.`,
    );
  } catch (err) {
    log(`\n#### ${target.label}\n\nFailed: ${String(err).split('\n').slice(0, 3).join(' ').slice(0, 400)}\n`);
  } finally {
    if (server) await stopProcess(server);
    await target.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** The subsection heading of this run. */
export function listsHeading(): string {
  return `### Lists bench — ${process.env.BENCH_LABEL ?? `code at ${commit()}`}`;
}

/** Writes the subsection through `log`. */
export async function benchLists(log: Log): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const which = process.env.BENCH_LISTS_DB ?? 'both';
  log(`${listsHeading()}\n`);
  log(
    `\`npm run bench -- lists\`: the server as a child process, autocannon in the bench process (bench/load.ts; closed loop, keep-alive, **${CONNECTIONS} connections for ${DURATION_S} s per call**, a request unanswered after 10 s counts as a timeout). ` +
      '2xx/s counts only 2xx answers; "× floor" = 2xx/s ÷ that of `GET /api/user/me` in the same run; latencies of all answered requests. ' +
      '"next `/user/me` after" = one request right after the run (a backlog left behind shows there). Goals from issue 18 (PostgreSQL; PGlite: first pages ≥ 0.3× of its own floor).',
  );
  if (which !== 'pglite') {
    const pgServer = await startPostgres();
    if ('problem' in pgServer) log(`\n#### PostgreSQL\n\nNot run: ${pgServer.problem}.\n`);
    else {
      try {
        const created = await createPgDatabase();
        const dbName = new URL(created.url).pathname.slice(1);
        await runDatabase(
          {
            label: 'PostgreSQL',
            describe: `One database on a ${pgServer.describe}; server pool DB_POOL_MAX ${process.env.DB_POOL_MAX ?? 'default'}`,
            env: { DATABASE_URL: created.url },
            async open() {
              const d = await openDatabase({ databaseUrl: created.url });
              return { db: d.db, close: () => d.close() };
            },
            async activeQueriesGone(maxMs) {
              const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
              await client.connect();
              const t0 = performance.now();
              try {
                for (;;) {
                  const { rows } = await client.query<{ n: number }>(
                    "select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()",
                    [dbName],
                  );
                  if (!rows[0]?.n || performance.now() - t0 > maxMs) return performance.now() - t0;
                  await new Promise((r) => setTimeout(r, 50));
                }
              } finally {
                await client.end();
              }
            },
            drop: () => created.drop(),
          },
          log,
        );
      } finally {
        await pgServer.stop();
      }
    }
  }
  if (which !== 'postgres') {
    await runDatabase(
      {
        label: 'PGlite',
        describe: 'PGlite on disk under DATA_DIR (the embedded default, one single-threaded WebAssembly PostgreSQL in the server process)',
        env: { DATABASE_URL: '' },
        async open(dataDir) {
          const d = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
          return { db: d.db, close: () => d.close() };
        },
        drop: async () => {},
      },
      log,
    );
  }
  log(`\n${machineLine(loadBefore, 'lists')}\n`);
}

/** Alone (`npm run bench -- lists`): prints the subsection and puts it into bench/RESULTS.md. */
export async function runListsAlone(): Promise<void> {
  const lines: string[] = [];
  await benchLists((s) => {
    console.log(s);
    lines.push(s);
  });
  if (process.env.BENCH_LISTS_HOLD) return; // a profiling session measured nothing
  writeSubsection(lines.join('\n'), SECTION_INTRO);
}
