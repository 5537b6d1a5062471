/**
 * The analytics rollups (issue 13 "Rollups and reads"; spec 002 §3 Analytics row; DESIGN §1b "rollups
 * are derived by jobs; the dashboard reads rollups"): the `analytics.rollup` job of the Postgres queue
 * recomputes the per-day rollup tables (server/src/db/schema.analytics.ts) from the raw
 * `analytics_events`, and `scheduleRollup` asks for such a run soon after events arrive.
 *
 * How a day is rolled up (`rollupDay`): in ONE transaction, under a transaction-level advisory lock of
 * that day (two nodes never interleave on one day), every rollup row of the day is deleted and the
 * aggregates are inserted again with `INSERT … SELECT … GROUP BY` over that day's partition rows. So a
 * rollup is idempotent (running it twice gives the same rows), a late event only means its day is
 * recomputed, and a retried (duplicate) event cannot count twice: the ingest's primary key (day, id)
 * already keeps one row per event id and the rollup counts rows or distinct sessions.
 *
 * Column semantics (embed/shared/analytics.ts has the event table):
 * - `session`, `viewed`, `opened`, `introViewed`: count(DISTINCT session_id) of those events.
 * - `engaged`: distinct sessions with a `click` or `form_submitted`.
 * - `cta`, `played`, `formSubmitted`, `contacted`, `liked`, `watermarkClicked`, `impressions`
 *   (`ad_impression`), `adClicks` (`ad_click`): count of events; `watchedSeconds`: sum of
 *   `slide_played.seconds`.
 * - `introActions`: `click` events on the session's INTRO slide. The click carries only `slideId`; the
 *   intro slide of a session is the `slideId` of that session's `intro_viewed` event (sent once per
 *   session when the INTRO slide starts), looked up among the same day's events. A click on a slide
 *   that is not the intro of its session, or in a session whose `intro_viewed` fell on another UTC day
 *   (a tab open across midnight), is not an intro action.
 * - Per slide (`analytics_daily_slide`): played, watched seconds, liked by `slideId` (sliders summed).
 * - Per action (`analytics_daily_action`): `click` events by (slideId, optionId).
 * - Per source (`analytics_daily_source`): distinct sessions with `session` / `opened` by source
 *   ('' when the batch had none).
 * - Transitions (`analytics_daily_transition`): `slide_nav` events by (fromSlideId → slideId); a
 *   null fromSlideId (the start) is 0.
 * - Paths (`analytics_daily_path`): per session, the `slideId`s of its `slide_nav` events of that UTC
 *   day in order (occurred_at, then id) joined by '>', at most `PATH_MAX_SLIDES` slides (longer paths
 *   are cut there and end with '>…'); the number of sessions per path. A session's path belongs to the
 *   day of its events — the day of its first event for all sessions that do not cross midnight UTC; a
 *   tab open across midnight contributes one path per day (kept simple: each day is recomputed from its
 *   own partition only, which keeps the per-day recompute independent and idempotent).
 *
 * The job (`ANALYTICS_ROLLUP`): reads the watermark in `analytics_rollup_state` (key 'events'), finds
 * the days having events received after (watermark − `SAFETY_MARGIN_MS`) through the received_at index,
 * rolls each up (oldest first), then sets the watermark to the run's start − `WATERMARK_LAG_MS`. The
 * margin covers ingest transactions that commit after their `received_at` (now() at statement start).
 * Catch-up after downtime needs nothing else: the first run after a stop finds every day that got
 * events since the watermark. A failed run leaves the watermark, so its retry (queue backoff) redoes it.
 *
 * Scheduling: `scheduleRollup(deps)` (called by the ingest after storing events) queues a run
 * `ROLLUP_DELAY_MS` later unless one is already queued to run by then (an in-process flag avoids even
 * the jobs-table query while a run is known to be pending); `startRollupSchedule(deps)` (server.ts)
 * queues a catch-up run at start and calls `scheduleRollup` every `SAFETY_NET_MS` as a safety net.
 */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { analyticsEvents, analyticsRollupState, jobs } from '../../db/schema';
import { enqueueJob, type JobHandlers } from '../../jobs/queue';
import type { AppDeps } from '../../lib/context';

/** Job type of the rollup run. */
export const ANALYTICS_ROLLUP = 'analytics.rollup';
/** `analytics_rollup_state.key` of the events watermark. */
export const ROLLUP_STATE_KEY = 'events';
/** A run looks at events received up to this long before the watermark again (ms). */
export const SAFETY_MARGIN_MS = 60_000;
/** The watermark is set to the run's start minus this (ms). */
export const WATERMARK_LAG_MS = 5_000;
/** A scheduled run starts this long after the first event that asked for it (ms). */
export const ROLLUP_DELAY_MS = 12_000;
/** Every node asks for a run this often, whatever the traffic (ms). */
export const SAFETY_NET_MS = 5 * 60_000;
/** Longest path kept in `analytics_daily_path` (slides). */
export const PATH_MAX_SLIDES = 30;
/** Finished rollup jobs older than this are deleted by the next run (ms): one run per ~15 s adds up. */
export const DONE_JOB_RETENTION_MS = 24 * 3600_000;

const ROLLUP_TABLES = [
  'analytics_daily',
  'analytics_daily_slide',
  'analytics_daily_action',
  'analytics_daily_source',
  'analytics_daily_transition',
  'analytics_daily_path',
] as const;

/** 'YYYY-MM-DD' of a UTC day. */
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Recomputes every rollup table for one UTC day from that day's `analytics_events`, in one transaction
 * (delete the day's rollup rows, insert the aggregates). Idempotent.
 * @param day 'YYYY-MM-DD' (UTC). Throws on another shape.
 * @returns the number of `analytics_daily` rows written for the day.
 */
export async function rollupDay(db: Db, day: string): Promise<number> {
  if (!DAY_RE.test(day)) throw new Error(`rollupDay: day must be YYYY-MM-DD, got ${JSON.stringify(day)}`);
  return db.transaction(async (tx) => {
    // One roller per day at a time (another node's run of the same day waits here).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('analytics.rollup'), (${day}::date - DATE '2000-01-01'))`);
    for (const table of ROLLUP_TABLES) await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE day = ${day}::date`);
    // The day's rows are read once (MATERIALIZED: with today's statistics still stale, two scans of the
    // partition joined by the planner's guess took 30× longer in the bench); then one row per session
    // (flags and counts), then the sums per bot × channel × slider — cheaper than count(DISTINCT …)
    // per column (each of those sorts the group's rows again).
    const daily = await tx.execute(sql`
      INSERT INTO analytics_daily (day, account_id, bot_id, channel, slider_id, session, viewed, opened, intro_viewed,
        engaged, cta, intro_actions, played, watched_seconds, form_submitted, contacted, liked, watermark_clicked,
        impressions, ad_clicks)
      WITH e AS MATERIALIZED (SELECT * FROM analytics_events WHERE day = ${day}::date),
      intro AS (SELECT DISTINCT bot_id, session_id, slide_id FROM e WHERE name = 'intro_viewed' AND slide_id IS NOT NULL),
      s AS (
        SELECT max(e.account_id) AS account_id, e.bot_id, e.channel, e.slider_id,
          bool_or(e.name = 'session') AS session,
          bool_or(e.name = 'viewed') AS viewed,
          bool_or(e.name = 'opened') AS opened,
          bool_or(e.name = 'intro_viewed') AS intro_viewed,
          bool_or(e.name IN ('click', 'form_submitted')) AS engaged,
          count(*) FILTER (WHERE e.name = 'cta') AS cta,
          count(*) FILTER (WHERE e.name = 'click' AND intro.slide_id IS NOT NULL) AS intro_actions,
          count(*) FILTER (WHERE e.name = 'slide_played') AS played,
          coalesce(sum(e.seconds) FILTER (WHERE e.name = 'slide_played'), 0) AS watched_seconds,
          count(*) FILTER (WHERE e.name = 'form_submitted') AS form_submitted,
          count(*) FILTER (WHERE e.name = 'contacted') AS contacted,
          count(*) FILTER (WHERE e.name = 'liked') AS liked,
          count(*) FILTER (WHERE e.name = 'watermark_clicked') AS watermark_clicked,
          count(*) FILTER (WHERE e.name = 'ad_impression') AS impressions,
          count(*) FILTER (WHERE e.name = 'ad_click') AS ad_clicks
        FROM e
        LEFT JOIN intro ON e.name = 'click' AND intro.bot_id = e.bot_id AND intro.session_id = e.session_id AND intro.slide_id = e.slide_id
        GROUP BY e.bot_id, e.channel, e.slider_id, e.session_id)
      SELECT ${day}::date, max(account_id), bot_id, channel, slider_id,
        count(*) FILTER (WHERE session), count(*) FILTER (WHERE viewed), count(*) FILTER (WHERE opened),
        count(*) FILTER (WHERE intro_viewed), count(*) FILTER (WHERE engaged),
        sum(cta), sum(intro_actions), sum(played), sum(watched_seconds), sum(form_submitted), sum(contacted),
        sum(liked), sum(watermark_clicked), sum(impressions), sum(ad_clicks)
      FROM s
      GROUP BY bot_id, channel, slider_id`);
    await tx.execute(sql`
      INSERT INTO analytics_daily_slide (day, account_id, bot_id, channel, slide_id, played, watched_seconds, liked)
      SELECT ${day}::date, max(account_id), bot_id, channel, slide_id,
        count(*) FILTER (WHERE name = 'slide_played'),
        coalesce(sum(seconds) FILTER (WHERE name = 'slide_played'), 0),
        count(*) FILTER (WHERE name = 'liked')
      FROM analytics_events
      WHERE day = ${day}::date AND name IN ('slide_played', 'liked') AND slide_id IS NOT NULL
      GROUP BY bot_id, channel, slide_id`);
    await tx.execute(sql`
      INSERT INTO analytics_daily_action (day, account_id, bot_id, channel, slide_id, option_id, clicked)
      SELECT ${day}::date, max(account_id), bot_id, channel, slide_id, option_id, count(*)
      FROM analytics_events
      WHERE day = ${day}::date AND name = 'click' AND slide_id IS NOT NULL AND option_id IS NOT NULL
      GROUP BY bot_id, channel, slide_id, option_id`);
    await tx.execute(sql`
      INSERT INTO analytics_daily_source (day, account_id, bot_id, channel, source, session, opened)
      WITH s AS (
        SELECT max(account_id) AS account_id, bot_id, channel, coalesce(source, '') AS source,
          bool_or(name = 'session') AS session, bool_or(name = 'opened') AS opened
        FROM analytics_events
        WHERE day = ${day}::date AND name IN ('session', 'opened')
        GROUP BY bot_id, channel, coalesce(source, ''), session_id)
      SELECT ${day}::date, max(account_id), bot_id, channel, source, count(*) FILTER (WHERE session), count(*) FILTER (WHERE opened)
      FROM s
      GROUP BY bot_id, channel, source`);
    await tx.execute(sql`
      INSERT INTO analytics_daily_transition (day, account_id, bot_id, channel, from_slide_id, to_slide_id, count)
      SELECT ${day}::date, max(account_id), bot_id, channel, coalesce(from_slide_id, 0), slide_id, count(*)
      FROM analytics_events
      WHERE day = ${day}::date AND name = 'slide_nav' AND slide_id IS NOT NULL
      GROUP BY bot_id, channel, coalesce(from_slide_id, 0), slide_id`);
    await tx.execute(sql`
      INSERT INTO analytics_daily_path (day, account_id, bot_id, channel, path, sessions)
      WITH s AS (
        SELECT max(account_id) AS account_id, bot_id, channel,
          array_agg(slide_id ORDER BY occurred_at, id) AS slides
        FROM analytics_events
        WHERE day = ${day}::date AND name = 'slide_nav' AND slide_id IS NOT NULL
        GROUP BY bot_id, channel, session_id),
      p AS (
        SELECT account_id, bot_id, channel,
          array_to_string(slides[1:${sql.raw(String(PATH_MAX_SLIDES))}], '>')
            || CASE WHEN cardinality(slides) > ${sql.raw(String(PATH_MAX_SLIDES))} THEN '>…' ELSE '' END AS path
        FROM s)
      SELECT ${day}::date, max(account_id), bot_id, channel, path, count(*)
      FROM p
      GROUP BY bot_id, channel, path`);
    return rowCount(daily);
  });
}

/** Rows affected by an `execute` on either driver (node-postgres `rowCount`, PGlite `affectedRows`). */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** The database clock now (the jobs, `received_at` and the watermark all use it). */
async function dbNow(db: DbOrTx): Promise<Date> {
  const result = await db.execute(sql`SELECT clock_timestamp() AS now`);
  const row = (result as unknown as { rows: { now: Date | string }[] }).rows[0];
  return new Date(row!.now);
}

/** The watermark: events received before it are rolled up (null = never ran). */
export async function readWatermark(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.select().from(analyticsRollupState).where(eq(analyticsRollupState.key, ROLLUP_STATE_KEY));
  return row?.watermark ?? null;
}

/** The UTC days ('YYYY-MM-DD', ascending) that have events received after `since` (all days when null). */
export async function daysReceivedSince(db: DbOrTx, since: Date | null): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: analyticsEvents.day })
    .from(analyticsEvents)
    .where(since ? gt(analyticsEvents.receivedAt, since) : undefined);
  return rows.map((r) => r.day).sort();
}

/** What one rollup run did. */
export interface RollupRunResult {
  /** Days recomputed ('YYYY-MM-DD', ascending). */
  days: string[];
  /** The new watermark (ISO). */
  watermark: string;
}

/**
 * One rollup run: the days with events received since (watermark − margin) are recomputed, then the
 * watermark moves to the run's start − `WATERMARK_LAG_MS`.
 * @param signal stops between two days (the watermark then stays, so the next run redoes the rest).
 */
export async function runRollup(db: Db, signal?: AbortSignal): Promise<RollupRunResult> {
  const started = await dbNow(db);
  const watermark = await readWatermark(db);
  const since = watermark ? new Date(watermark.getTime() - SAFETY_MARGIN_MS) : null;
  const days = await daysReceivedSince(db, since);
  for (const day of days) {
    signal?.throwIfAborted();
    await rollupDay(db, day);
  }
  const next = new Date(started.getTime() - WATERMARK_LAG_MS);
  // Never move it back (two runs finishing out of order).
  await db
    .insert(analyticsRollupState)
    .values({ key: ROLLUP_STATE_KEY, watermark: next })
    .onConflictDoUpdate({
      target: analyticsRollupState.key,
      set: { watermark: sql`greatest(${analyticsRollupState.watermark}, excluded.watermark)`, updatedAt: sql`now()` },
    });
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.type, ANALYTICS_ROLLUP),
        eq(jobs.status, 'done'),
        lt(jobs.updatedAt, sql`now() - ${`${DONE_JOB_RETENTION_MS} milliseconds`}::interval`),
      ),
    );
  return { days, watermark: next.toISOString() };
}

/** Handlers of the rollup job; server.ts runs them in a worker, tests with `runNextJob`. */
export const rollupJobHandlers: JobHandlers = {
  [ANALYTICS_ROLLUP]: {
    async run({ deps, signal }) {
      const result = await runRollup(deps.db, signal);
      return { ...result };
    },
  },
};

/** Per database: until when (epoch ms) a queued run is known to be pending, so no query is needed. */
const pendingUntil = new WeakMap<Db, number>();

/**
 * Queues a rollup run `delayMs` from now unless one is already queued to start by then. Debounced
 * in-process: after queueing (or finding) a run, further calls return at once until it is due.
 * Never throws (a failure is logged; the safety net queues a run later).
 * @returns true when it queued a job.
 */
export async function requestRollup(db: Db, delayMs = ROLLUP_DELAY_MS): Promise<boolean> {
  const now = Date.now();
  if ((pendingUntil.get(db) ?? 0) > now) return false;
  pendingUntil.set(db, now + delayMs);
  try {
    const [pending] = await db
      .select({ id: jobs.id, runAt: jobs.runAt })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, ANALYTICS_ROLLUP),
          inArray(jobs.status, ['queued']),
          sql`${jobs.runAt} <= now() + ${`${Math.round(delayMs)} milliseconds`}::interval`,
        ),
      )
      .limit(1);
    if (pending) {
      pendingUntil.set(db, Math.min(now + delayMs, pending.runAt.getTime()));
      return false;
    }
    await enqueueJob(db, ANALYTICS_ROLLUP, {}, { maxAttempts: 5, delayMs });
    return true;
  } catch (err) {
    pendingUntil.delete(db);
    console.error('[analytics] could not schedule a rollup', err);
    return false;
  }
}

/**
 * Asks for a rollup soon (debounced; at most one queued within the delay). Called by the ingest after
 * storing events; returns at once (fire and forget).
 */
export function scheduleRollup(deps: AppDeps): void {
  void requestRollup(deps.db);
}

/** Forgets the in-process debounce of `db` (tests). */
export function resetRollupDebounce(db: Db): void {
  pendingUntil.delete(db);
}

/**
 * Starts the schedule of this node: a catch-up run now (events stored while no node ran) and a
 * request every `SAFETY_NET_MS`. @returns stop().
 */
export function startRollupSchedule(deps: AppDeps): { stop(): void } {
  void requestRollup(deps.db, 0);
  const timer = setInterval(() => void requestRollup(deps.db), SAFETY_NET_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
