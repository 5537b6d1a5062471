/**
 * The analytics rollups (issue 13 "Rollups and reads") on PGlite and PostgreSQL: every rollup column
 * from a realistic event set, distinct-session semantics, duplicates, idempotent recompute, late
 * events, catch-up after downtime through the `analytics.rollup` job and its watermark, transitions
 * and paths, channels and sliders, and the debounce of `scheduleRollup`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import {
  analyticsDaily,
  analyticsDailyAction,
  analyticsDailyPath,
  analyticsDailySlide,
  analyticsDailySource,
  analyticsDailyTransition,
  analyticsEvents,
  analyticsRollupState,
  jobs,
} from '../../db/schema';
import { runNextJob } from '../../jobs/queue';
import { loadEnv } from '../../env';
import { startServer } from '../../server';
import type { AnalyticsEventName, Channel } from '../../../../embed/shared/analytics';
import {
  ANALYTICS_ROLLUP,
  PATH_MAX_SLIDES,
  readWatermark,
  requestRollup,
  resetRollupDebounce,
  rollupDay,
  rollupJobHandlers,
  runRollup,
} from './rollup';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  const db = ctx.deps.db;
  for (const t of [analyticsEvents, analyticsDaily, analyticsDailySlide, analyticsDailyAction, analyticsDailySource, analyticsDailyTransition, analyticsDailyPath, analyticsRollupState])
    await db.delete(t);
  await db.delete(jobs).where(eq(jobs.type, ANALYTICS_ROLLUP));
  resetRollupDebounce(db);
});

const DAY = '2026-03-10';
const T0 = Date.parse(`${DAY}T10:00:00Z`);

interface Ev {
  id?: string;
  session: string;
  name: AnalyticsEventName;
  /** ms after T0 (default: the event's position). */
  t?: number;
  bot?: number;
  account?: number;
  channel?: Channel;
  slider?: number;
  slide?: number;
  from?: number | null;
  option?: number;
  seconds?: number;
  source?: string;
  /** received_at (default now()). */
  received?: Date;
}
let counter = 0;
/** Inserts raw events as the ingest stores them (ON CONFLICT DO NOTHING on (day, id)). */
async function insert(evs: Ev[]): Promise<void> {
  const rows = evs.map((e, i) => {
    const at = new Date(T0 + (e.t ?? i * 1000));
    return {
      day: at.toISOString().slice(0, 10),
      id: e.id ?? `${e.session}.${['session', 'viewed', 'opened', 'intro_viewed'].includes(e.name) ? e.name : ++counter}`,
      occurredAt: at,
      ...(e.received ? { receivedAt: e.received } : {}),
      accountId: e.account ?? 1,
      botId: e.bot ?? 10,
      channel: e.channel ?? 'direct',
      sliderId: e.slider ?? 0,
      sessionId: e.session,
      name: e.name,
      slideId: e.slide ?? null,
      fromSlideId: e.from ?? null,
      optionId: e.option ?? null,
      seconds: e.seconds ?? null,
      source: e.source ?? null,
    };
  });
  await ctx.deps.db.insert(analyticsEvents).values(rows).onConflictDoNothing();
}

const daily = (day = DAY) =>
  ctx.deps.db.select().from(analyticsDaily).where(eq(analyticsDaily.day, day)).orderBy(asc(analyticsDaily.botId), asc(analyticsDaily.channel), asc(analyticsDaily.sliderId));

/** Everything in the rollup tables, for equality checks. */
async function snapshot() {
  const db = ctx.deps.db;
  const order = sql`1, 2, 3, 4, 5, 6`;
  return {
    daily: await db.select().from(analyticsDaily).orderBy(order),
    slide: await db.select().from(analyticsDailySlide).orderBy(order),
    action: await db.select().from(analyticsDailyAction).orderBy(order),
    source: await db.select().from(analyticsDailySource).orderBy(order),
    transition: await db.select().from(analyticsDailyTransition).orderBy(order),
    path: await db.select().from(analyticsDailyPath).orderBy(order),
  };
}

/** A visit: session, viewed, opened, intro on slide 1 (5 s), click on slide 1 → slide 2 (7.5 s). */
function visit(session: string, extra: Partial<Ev> = {}): Ev[] {
  const b = { session, ...extra };
  return [
    { ...b, name: 'session', source: 'https://shop.example/a' },
    { ...b, name: 'viewed' },
    { ...b, name: 'opened', source: 'https://shop.example/a' },
    { ...b, name: 'intro_viewed', slide: 1 },
    { ...b, name: 'slide_nav', from: null, slide: 1 },
    { ...b, name: 'click', slide: 1, option: 100 },
    { ...b, name: 'slide_played', slide: 1, seconds: 5 },
    { ...b, name: 'slide_nav', from: 1, slide: 2 },
    { ...b, name: 'slide_played', slide: 2, seconds: 7.5 },
  ];
}

describe('rollupDay', () => {
  it('counts every column of a realistic day', async () => {
    await insert([
      ...visit('sA'),
      // sA goes on: a CTA click on slide 2 (not an intro action), likes slide 2, submits a form.
      { session: 'sA', name: 'click', slide: 2, option: 200, t: 20_000 },
      { session: 'sA', name: 'cta', slide: 2, option: 200, t: 20_001 },
      { session: 'sA', name: 'liked', slide: 2, t: 21_000 },
      { session: 'sA', name: 'form_submitted', option: 7, t: 22_000 },
      { session: 'sA', name: 'contacted', t: 22_001 },
      ...visit('sB', { t: undefined }).map((e, i) => ({ ...e, t: 60_000 + i * 1000 })),
      // sC: loaded and viewed only.
      { session: 'sC', name: 'session', source: 'https://shop.example/b', t: 100_000 },
      { session: 'sC', name: 'viewed', t: 100_001 },
      // sD: opened, submitted a form without any click (engaged), clicked the watermark.
      { session: 'sD', name: 'session', t: 110_000 },
      { session: 'sD', name: 'opened', t: 110_001 },
      { session: 'sD', name: 'form_submitted', option: 7, t: 110_002 },
      { session: 'sD', name: 'watermark_clicked', t: 110_003 },
    ]);
    const written = await rollupDay(ctx.deps.db, DAY);
    expect(written).toBe(1);
    const [row] = await daily();
    expect(row).toMatchObject({
      day: DAY,
      accountId: 1,
      botId: 10,
      channel: 'direct',
      sliderId: 0,
      session: 4,
      viewed: 3,
      opened: 3,
      introViewed: 2,
      engaged: 3, // sA, sB click; sD form
      cta: 1,
      introActions: 2, // sA and sB clicked on their intro slide 1; sA's slide-2 click is not one
      played: 4,
      watchedSeconds: 25,
      formSubmitted: 2,
      contacted: 1,
      liked: 1,
      watermarkClicked: 1,
      impressions: 0,
      adClicks: 0,
    });
    const db = ctx.deps.db;
    expect(await db.select({ slideId: analyticsDailySlide.slideId, played: analyticsDailySlide.played, watchedSeconds: analyticsDailySlide.watchedSeconds, liked: analyticsDailySlide.liked }).from(analyticsDailySlide).orderBy(asc(analyticsDailySlide.slideId))).toEqual([
      { slideId: 1, played: 2, watchedSeconds: 10, liked: 0 },
      { slideId: 2, played: 2, watchedSeconds: 15, liked: 1 },
    ]);
    expect(await db.select({ slideId: analyticsDailyAction.slideId, optionId: analyticsDailyAction.optionId, clicked: analyticsDailyAction.clicked }).from(analyticsDailyAction).orderBy(asc(analyticsDailyAction.slideId))).toEqual([
      { slideId: 1, optionId: 100, clicked: 2 },
      { slideId: 2, optionId: 200, clicked: 1 },
    ]);
    expect(await db.select({ source: analyticsDailySource.source, session: analyticsDailySource.session, opened: analyticsDailySource.opened }).from(analyticsDailySource).orderBy(asc(analyticsDailySource.source))).toEqual([
      { source: '', session: 1, opened: 1 },
      { source: 'https://shop.example/a', session: 2, opened: 2 },
      { source: 'https://shop.example/b', session: 1, opened: 0 },
    ]);
  });

  it('counts sessions once however many events they sent, and ad events on display_ad', async () => {
    await insert([
      // The same session's once-per-session event under two ids (a buggy client): still one session.
      { session: 's1', name: 'session', id: 's1.session' },
      { session: 's1', name: 'session', id: 's1.session-again' },
      { session: 's1', name: 'opened' },
      { session: 's1', name: 'click', slide: 5, option: 1 },
      { session: 's1', name: 'click', slide: 5, option: 2 },
      { session: 's1', name: 'form_submitted', option: 3 },
      { session: 'ad1', name: 'session', channel: 'display_ad' },
      { session: 'ad1', name: 'ad_impression', channel: 'display_ad' },
      { session: 'ad1', name: 'ad_impression', channel: 'display_ad' },
      { session: 'ad1', name: 'ad_click', channel: 'display_ad' },
    ]);
    await rollupDay(ctx.deps.db, DAY);
    const rows = await daily();
    expect(rows.map((r) => [r.channel, r.session, r.opened, r.engaged, r.introActions, r.impressions, r.adClicks])).toEqual([
      ['direct', 1, 1, 1, 0, 0, 0], // no intro_viewed: the clicks are not intro actions
      ['display_ad', 1, 0, 0, 0, 2, 1],
    ]);
  });

  it('does not double count a retried batch', async () => {
    const batch = visit('sR').map((e, i) => ({ ...e, id: `sR.${i}` }));
    await insert(batch);
    await insert(batch); // the same ids again: the ingest's key keeps one row each
    await rollupDay(ctx.deps.db, DAY);
    const [row] = await daily();
    expect(row).toMatchObject({ session: 1, played: 2, watchedSeconds: 12.5, introActions: 1 });
    expect(await ctx.deps.db.$count(analyticsEvents)).toBe(batch.length);
  });

  it('is idempotent and replaces the day when events were added', async () => {
    await insert([...visit('s1'), ...visit('s2', { channel: 'iframe' })]);
    await rollupDay(ctx.deps.db, DAY);
    const first = await snapshot();
    await rollupDay(ctx.deps.db, DAY);
    expect(await snapshot()).toEqual(first);
    expect(first.daily).toHaveLength(2);
    await insert([{ session: 's3', name: 'session', t: 90_000 }]);
    await rollupDay(ctx.deps.db, DAY);
    const rows = await daily();
    expect(rows.find((r) => r.channel === 'direct')?.session).toBe(2);
    // Other days are untouched by a day's recompute.
    await insert([{ session: 'x', name: 'session', t: 86_400_000 }]);
    await rollupDay(ctx.deps.db, DAY);
    expect(await daily('2026-03-11')).toEqual([]);
  });

  it('keeps one row per channel and per slider', async () => {
    await insert([
      ...visit('d1'),
      ...visit('w1', { channel: 'widget' }),
      ...visit('w2', { channel: 'widget' }),
      ...visit('s1', { channel: 'slider', slider: 7 }),
      ...visit('s2', { channel: 'slider', slider: 8 }),
      ...visit('s3', { channel: 'slider', slider: 8 }),
      ...visit('o1', { bot: 11, account: 2, channel: 'iframe' }),
    ]);
    await rollupDay(ctx.deps.db, DAY);
    const rows = await daily();
    expect(rows.map((r) => [r.botId, r.accountId, r.channel, r.sliderId, r.session, r.viewed, r.introViewed, r.played])).toEqual([
      [10, 1, 'direct', 0, 1, 1, 1, 2],
      [10, 1, 'slider', 7, 1, 1, 1, 2],
      [10, 1, 'slider', 8, 2, 2, 2, 4],
      [10, 1, 'widget', 0, 2, 2, 2, 4],
      [11, 2, 'iframe', 0, 1, 1, 1, 2],
    ]);
    // Per-slide rows sum the sliders of a channel.
    const slides = await ctx.deps.db.select().from(analyticsDailySlide).where(and(eq(analyticsDailySlide.channel, 'slider'), eq(analyticsDailySlide.slideId, 1)));
    expect(slides.map((s) => s.played)).toEqual([3]);
  });

  it('rolls transitions and per-session paths in visit order', async () => {
    const nav = (session: string, slides: number[], t0: number, extra: Partial<Ev> = {}): Ev[] =>
      slides.map((slide, i) => ({ session, name: 'slide_nav' as const, from: i === 0 ? null : slides[i - 1]!, slide, t: t0 + i * 1000, ...extra }));
    await insert([
      ...nav('p1', [1, 2, 3], 0),
      ...nav('p2', [1, 2, 3], 10_000),
      ...nav('p3', [1, 4, 1, 2], 20_000),
      ...nav('p4', [1], 30_000, { channel: 'widget' }),
      // Two navs at the same instant: ordered by id ('p5.a' < 'p5.b').
      { session: 'p5', name: 'slide_nav', from: null, slide: 9, t: 40_000, id: 'p5.a' },
      { session: 'p5', name: 'slide_nav', from: 9, slide: 8, t: 40_000, id: 'p5.b' },
      ...nav('long', Array.from({ length: PATH_MAX_SLIDES + 5 }, (_, i) => 100 + i), 50_000),
    ]);
    await rollupDay(ctx.deps.db, DAY);
    const db = ctx.deps.db;
    const transitions = await db
      .select({ channel: analyticsDailyTransition.channel, from: analyticsDailyTransition.fromSlideId, to: analyticsDailyTransition.toSlideId, count: analyticsDailyTransition.count })
      .from(analyticsDailyTransition)
      .where(sql`${analyticsDailyTransition.toSlideId} < 100`)
      .orderBy(asc(analyticsDailyTransition.channel), asc(analyticsDailyTransition.fromSlideId), asc(analyticsDailyTransition.toSlideId));
    expect(transitions).toEqual([
      { channel: 'direct', from: 0, to: 1, count: 3 },
      { channel: 'direct', from: 0, to: 9, count: 1 },
      { channel: 'direct', from: 1, to: 2, count: 3 },
      { channel: 'direct', from: 1, to: 4, count: 1 },
      { channel: 'direct', from: 2, to: 3, count: 2 },
      { channel: 'direct', from: 4, to: 1, count: 1 },
      { channel: 'direct', from: 9, to: 8, count: 1 },
      { channel: 'widget', from: 0, to: 1, count: 1 },
    ]);
    const paths = (
      await db.select({ channel: analyticsDailyPath.channel, path: analyticsDailyPath.path, sessions: analyticsDailyPath.sessions }).from(analyticsDailyPath)
    ).sort((a, b) => a.channel.localeCompare(b.channel) || a.sessions - b.sessions || a.path.length - b.path.length);
    const longPath = Array.from({ length: PATH_MAX_SLIDES }, (_, i) => 100 + i).join('>') + '>…';
    expect(paths).toEqual([
      { channel: 'direct', path: '9>8', sessions: 1 },
      { channel: 'direct', path: '1>4>1>2', sessions: 1 },
      { channel: 'direct', path: longPath, sessions: 1 },
      { channel: 'direct', path: '1>2>3', sessions: 2 },
      { channel: 'widget', path: '1', sessions: 1 },
    ]);
  });

  it('rejects a malformed day', async () => {
    await expect(rollupDay(ctx.deps.db, '2026-3-1')).rejects.toThrow(/YYYY-MM-DD/);
  });
});

describe('the analytics.rollup job', () => {
  const hourAgo = () => new Date(Date.now() - 3600_000);

  it('catches up every day that got events while no job ran, then only days with new events', async () => {
    // Stored an hour ago on three days, while no worker ran.
    await insert([
      ...visit('a', { received: hourAgo() }),
      ...visit('b', { received: hourAgo(), t: -86_400_000 }).map((e, i) => ({ ...e, t: -86_400_000 + i * 1000 })),
      ...visit('c', { received: hourAgo() }).map((e, i) => ({ ...e, t: -2 * 86_400_000 + i * 1000 })),
    ]);
    expect(await readWatermark(ctx.deps.db)).toBeNull();
    expect(await requestRollup(ctx.deps.db, 0)).toBe(true);
    const job = await runNextJob(ctx.deps, rollupJobHandlers);
    expect(job?.status).toBe('done');
    expect(job?.result?.days).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    for (const day of ['2026-03-08', '2026-03-09', '2026-03-10']) expect((await daily(day)).map((r) => r.session)).toEqual([1]);
    const watermark = await readWatermark(ctx.deps.db);
    expect(watermark!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // A late event for yesterday arrives: only yesterday is recomputed.
    await insert([{ session: 'late', name: 'session', t: -86_400_000 + 50_000 }]);
    resetRollupDebounce(ctx.deps.db);
    await requestRollup(ctx.deps.db, 0);
    const second = await runNextJob(ctx.deps, rollupJobHandlers);
    expect(second?.result?.days).toEqual(['2026-03-09']);
    expect((await daily('2026-03-09')).map((r) => r.session)).toEqual([2]);
    expect((await daily('2026-03-10')).map((r) => r.session)).toEqual([1]);
    expect((await readWatermark(ctx.deps.db))!.getTime()).toBeGreaterThanOrEqual(watermark!.getTime());

    // Nothing new: a run recomputes nothing.
    await ctx.deps.db.update(analyticsRollupState).set({ watermark: new Date(Date.now() + 120_000) });
    const third = await runRollup(ctx.deps.db);
    expect(third.days).toEqual([]);
  });

  it('queues one run however often it is asked, and another once that one is due', async () => {
    const db = ctx.deps.db;
    const asked = await Promise.all(Array.from({ length: 50 }, () => requestRollup(db, 10_000)));
    expect(asked.filter(Boolean)).toHaveLength(1);
    // Another process (no in-process flag) finds the queued run in the jobs table.
    resetRollupDebounce(db);
    expect(await requestRollup(db, 10_000)).toBe(false);
    const queued = await db.select().from(jobs).where(eq(jobs.type, ANALYTICS_ROLLUP));
    expect(queued).toHaveLength(1);
    // Not due yet: a worker does not run it.
    expect(await runNextJob(ctx.deps, rollupJobHandlers)).toBeNull();
    // A run queued for later (the safety net) does not hold back one asked for sooner.
    await db.update(jobs).set({ runAt: sql`now() + interval '10 minutes'` }).where(eq(jobs.type, ANALYTICS_ROLLUP));
    resetRollupDebounce(db);
    expect(await requestRollup(db, 0)).toBe(true);
    const job = await runNextJob(ctx.deps, rollupJobHandlers);
    expect(job?.status).toBe('done');
  });

  it('leaves the watermark when a run fails, and the retry rolls the day', async () => {
    await insert(visit('f', { received: hourAgo() }));
    await requestRollup(ctx.deps.db, 0);
    // Make this attempt fail: a rollup table the run writes is locked away by a broken trigger.
    await ctx.deps.db.execute(sql`CREATE FUNCTION rollup_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await ctx.deps.db.execute(sql`CREATE TRIGGER rollup_test_fail BEFORE INSERT ON analytics_daily FOR EACH ROW EXECUTE FUNCTION rollup_test_fail()`);
    try {
      const failed = await runNextJob(ctx.deps, rollupJobHandlers);
      expect(failed?.status).toBe('queued');
      expect(failed?.lastError).toMatch(/analytics_daily/);
      expect(await readWatermark(ctx.deps.db)).toBeNull();
    } finally {
      await ctx.deps.db.execute(sql`DROP TRIGGER rollup_test_fail ON analytics_daily`);
      await ctx.deps.db.execute(sql`DROP FUNCTION rollup_test_fail()`);
    }
    await ctx.deps.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.type, ANALYTICS_ROLLUP));
    const retried = await runNextJob(ctx.deps, rollupJobHandlers);
    expect(retried?.status).toBe('done');
    expect(retried?.attempts).toBe(2);
    expect((await daily()).map((r) => r.session)).toEqual([1]);
  });
});

describe('the server', () => {
  it('runs the rollup worker: a catch-up run at start, and a requested run rolls new events up', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-rollup-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0', JOB_CONCURRENCY: '1', HOST: '127.0.0.1', PORT: '0' };
    const running = await startServer(loadEnv(env));
    try {
      const db = running.deps.db;
      const poll = async <T>(fn: () => Promise<T | undefined>): Promise<T> => {
        for (let i = 0; i < 200; i++) {
          const v = await fn();
          if (v !== undefined) return v;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error('timed out');
      };
      // The start's catch-up run sets the watermark.
      await poll(async () => (await readWatermark(db)) ?? undefined);
      const at = new Date();
      await db.insert(analyticsEvents).values({
        day: at.toISOString().slice(0, 10),
        id: 'live.session',
        occurredAt: at,
        accountId: 1,
        botId: 1,
        channel: 'widget',
        sessionId: 'live',
        name: 'session',
      });
      await requestRollup(db, 0);
      const row = await poll(async () => (await db.select().from(analyticsDaily).where(eq(analyticsDaily.botId, 1)))[0]);
      expect(row).toMatchObject({ day: at.toISOString().slice(0, 10), channel: 'widget', session: 1 });
    } finally {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
