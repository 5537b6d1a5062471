/**
 * Analytics storage (issue 13 "Rollups and reads"; spec 002 §3 Analytics row; DESIGN §1b "Events are
 * append-only … rollups are derived by jobs; the dashboard reads rollups").
 *
 * - `analytics_events`: every viewer event the player sent (`POST /api/events`), append-only,
 *   PARTITIONED BY RANGE (`day`) with one partition per calendar month (UTC) plus a default partition
 *   (migration 0011 creates the table by hand: drizzle-kit cannot express partitioning; monthly
 *   partitions are created ahead by `ensureEventPartitions`, server/src/modules/analytics/ingest.repo.ts).
 *   The primary key `(day, id)` is the idempotency key: `id` is the client's event id and `day` comes
 *   from the client's `at`, so a retried batch hits the same rows and counts once.
 * - `analytics_daily*`: rollups per UTC day × bot × channel (× slider, slide, action, source,
 *   transition, path), recomputed per day from the raw events by the `analytics.rollup` job
 *   (server/src/modules/analytics/rollup.ts). A day's rows are replaced in one transaction, so a
 *   rollup is idempotent and catches up after downtime. Reads (analytics.repo.ts) use these only.
 * - `analytics_rollup_state`: the job's watermark (events received up to it are rolled up).
 *
 * Days are UTC calendar days (`date`). `account_id` is denormalised into every rollup row so account
 * reads need no join. `slider_id` 0 means "not in a slider" (rollup keys are NOT NULL).
 */
import { date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnalyticsEventName, Channel } from '../../../embed/shared/analytics';

/** One viewer event (wire shape: embed/shared/analytics.ts `AnalyticsEvent`). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    /** UTC day of `occurred_at`: the partition key. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The client's event id (1..80 chars of [A-Za-z0-9._:-]); with `day`, the idempotency key. */
    id: text('id').notNull(),
    /** The client's clock, accepted within 48 h before and 5 min after the server's. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the server stored it (the rollup watermark compares this). */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    accountId: integer('account_id').notNull(),
    botId: integer('bot_id').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    /** The carousel (slider widget) the bot played in, else 0. */
    sliderId: integer('slider_id').notNull().default(0),
    /** Random per-tab id the player keeps in sessionStorage (no cookie, no user id). */
    sessionId: text('session_id').notNull(),
    name: text('name').$type<AnalyticsEventName>().notNull(),
    slideId: integer('slide_id'),
    /** slide_nav: the slide left (null = the start), `slideId` is the slide entered. */
    fromSlideId: integer('from_slide_id'),
    optionId: integer('option_id'),
    /** slide_played: seconds watched in that visit (0..86400). */
    seconds: doublePrecision('seconds'),
    /** The host page's origin + path (no query, no fragment), or the referrer's origin for direct links. */
    source: text('source'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.id] }),
    index('analytics_events_received_idx').on(t.receivedAt),
    index('analytics_events_bot_day_idx').on(t.botId, t.day),
  ],
);
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;

const dayKey = () => date('day', { mode: 'string' }).notNull();
const count = (name: string) => integer(name).notNull().default(0);

/** Per day × bot × channel × slider: the counters of the Analytics row (spec 002 §3). */
// Migration 0018_scale_lists_fix.sql adds analytics_daily_bot_day_idx (bot_id, day): one page's rollups.
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: dayKey(),
    accountId: integer('account_id').notNull(),
    botId: integer('bot_id').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    sliderId: integer('slider_id').notNull().default(0),
    /** Distinct sessions that loaded the bot (event `session`). */
    session: count('session'),
    /** Distinct sessions that came into view (`viewed`): iframeViewed / widgetViewed by channel. */
    viewed: count('viewed'),
    /** Distinct sessions that opened / started the player (`opened`). */
    opened: count('opened'),
    /** Distinct sessions whose intro slide played (`intro_viewed`): {direct,iframe,widget,slider}IntroViewed. */
    introViewed: count('intro_viewed'),
    /** Distinct sessions with at least one button click or form submission. */
    engaged: count('engaged'),
    /** Clicks on trackConversion buttons (`cta`). */
    cta: count('cta'),
    /** Button clicks on INTRO slides. */
    introActions: count('intro_actions'),
    /** Slide plays (`slide_played`): sliderPlayed on the slider channel. */
    played: count('played'),
    /** Sum of `slide_played.seconds`, in seconds. */
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    formSubmitted: count('form_submitted'),
    contacted: count('contacted'),
    liked: count('liked'),
    watermarkClicked: count('watermark_clicked'),
    /** display_ad: `ad_impression` and `ad_click`. */
    impressions: count('impressions'),
    adClicks: count('ad_clicks'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.botId, t.channel, t.sliderId] }),
    index('analytics_daily_account_idx').on(t.accountId, t.day),
  ],
);
export type AnalyticsDailyRow = typeof analyticsDaily.$inferSelect;

/** Per day × bot × channel × slide: plays, seconds watched, likes (the detail's slides table). */
export const analyticsDailySlide = pgTable(
  'analytics_daily_slide',
  {
    day: dayKey(),
    accountId: integer('account_id').notNull(),
    botId: integer('bot_id').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    slideId: integer('slide_id').notNull(),
    played: count('played'),
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    liked: count('liked'),
  },
  (t) => [primaryKey({ columns: [t.day, t.botId, t.channel, t.slideId] }), index('analytics_daily_slide_bot_idx').on(t.botId, t.day)],
);

/** Per day × bot × channel × button: clicks (the detail's actions table). */
export const analyticsDailyAction = pgTable(
  'analytics_daily_action',
  {
    day: dayKey(),
    accountId: integer('account_id').notNull(),
    botId: integer('bot_id').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    slideId: integer('slide_id').notNull(),
    optionId: integer('option_id').notNull(),
    clicked: count('clicked'),
  },
  (t) => [primaryKey({ columns: [t.day, t.botId, t.channel, t.slideId, t.optionId] }), index('analytics_daily_action_bot_idx').on(t.botId, t.day)],
);

/** Per day × bot × channel × source page: sessions and opens (the detail's sources table). */
export const analyticsDailySource = pgTable(
  'analytics_daily_source',
  {
    day: dayKey(),
    accountId: integer('account_id').notNull(),
    botId: integer('bot_id').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    /** Origin + path, or '' when unknown. */
    source: text('source').notNull(),
    session: count('session'),
    opened: count('opened'),
  },
  (t) => [primaryKey({ columns: [t.day, t.botId, t.channel, t.source] }), index('analytics_daily_source_bot_idx').on(t.botId, t.day)],
);

/** Per day × bot × channel × (from → to) slide transition (the Sankey). `from_slide_id` 0 = the start. */
export const analyticsDailyTransition = pgTable(
  'analytics_daily_transition',
  {
    day: dayKey(),
    accountId: integer('account_id').notNull(),
    botId: integer('bot_id').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    fromSlideId: integer('from_slide_id').notNull(),
    toSlideId: integer('to_slide_id').notNull(),
    count: count('count'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.botId, t.channel, t.fromSlideId, t.toSlideId] }),
    index('analytics_daily_transition_bot_idx').on(t.botId, t.day),
  ],
);

/**
 * Per day × bot × channel × path: how many sessions took exactly that path (slide ids in visit
 * order joined by '>', e.g. '12>14>15'; repeats kept; at most 30 slides). A session's path belongs to the day
 * of its slide_nav events (= the day of its first event unless the tab stays open across midnight UTC,
 * then each day gets its part; rollup.ts).
 */
export const analyticsDailyPath = pgTable(
  'analytics_daily_path',
  {
    day: dayKey(),
    accountId: integer('account_id').notNull(),
    botId: integer('bot_id').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    path: text('path').notNull(),
    sessions: count('sessions'),
  },
  (t) => [primaryKey({ columns: [t.day, t.botId, t.channel, t.path] }), index('analytics_daily_path_bot_idx').on(t.botId, t.day)],
);

/** The rollup job's progress: `key` 'events' → events received before `watermark` are rolled up. */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  key: text('key').primaryKey(),
  watermark: timestamp('watermark', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
