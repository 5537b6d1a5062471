/**
 * The analytics wire contract between the player (every channel) and `POST /api/events` (issue 13
 * "Events"; spec 002 §3 Analytics row, channels). Dependency-free: the embed bundles import it; the
 * server's valibot schema (server/src/modules/analytics/analytics.schemas.ts `EventBatch`) is built
 * from these constants, so the names are declared once.
 *
 * A batch belongs to one tab session of one bot on one channel:
 *
 *   { v: 1, publicId, channel, sessionId, sliderId?, source?, events: AnalyticsEvent[] }
 *
 * Event names and what the rollups make of them (server/src/modules/analytics/rollup.ts):
 *
 * | name              | sent when                                           | fields            | rollup column(s)              |
 * |-------------------|-----------------------------------------------------|-------------------|-------------------------------|
 * | session           | the embed loaded in this tab (once per session)      | —                 | session (distinct sessions)   |
 * | viewed            | it came into view: bubble shown, iframe ≥ 50 % seen  | —                 | viewed (iframe/widgetViewed)  |
 * | opened            | the viewer opened it / playback started (once)       | —                 | opened                        |
 * | intro_viewed      | the INTRO slide started playing (once per session)   | slideId           | introViewed                   |
 * | slide_nav         | a slide was entered                                  | fromSlideId, slideId | transitions, paths         |
 * | slide_played      | a slide visit ended (left, closed, tab hidden)        | slideId, seconds  | played, watchedSeconds        |
 * | click             | any button was pressed (or a video-end trigger)      | slideId, optionId | actions, engaged, introActions|
 * | cta               | a trackConversion button was pressed                 | slideId, optionId | cta                           |
 * | form_submitted    | a form submission was stored                         | optionId (action) | formSubmitted, engaged        |
 * | contacted         | a form submitted, or a mailto:/tel: link opened      | —                 | contacted                     |
 * | liked             | the like control was switched on                     | slideId           | liked                         |
 * | watermark_clicked | the "Made with Vidbot" watermark was clicked         | —                 | watermarkClicked              |
 * | ad_impression     | a display ad was shown (display_ad channel)          | —                 | impressions                   |
 * | ad_click          | a display ad was clicked through                     | —                 | adClicks                      |
 *
 * Once-per-session events (session, viewed, opened, intro_viewed) use the deterministic id
 * `${sessionId}.${name}` so that the server's idempotency (event id per day) also makes them
 * distinct per session; other events use `${sessionId}.${counter}` (a per-tab counter kept in
 * sessionStorage), so a retried batch counts once.
 */
import type { Channel } from './protocol';

export type { Channel } from './protocol';
export { CHANNELS } from './protocol';

/** Version of the batch format. */
export const ANALYTICS_VERSION = 1;

export const ANALYTICS_EVENT_NAMES = [
  'session',
  'viewed',
  'opened',
  'intro_viewed',
  'slide_nav',
  'slide_played',
  'click',
  'cta',
  'form_submitted',
  'contacted',
  'liked',
  'watermark_clicked',
  'ad_impression',
  'ad_click',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Events counted once per session (their id is `${sessionId}.${name}`). */
export const ONCE_PER_SESSION: readonly AnalyticsEventName[] = ['session', 'viewed', 'opened', 'intro_viewed'];

/** At most this many events in one batch. */
export const MAX_BATCH_EVENTS = 100;
/** At most this many bytes in one request body (also sendBeacon's practical limit is 64 KiB). */
export const MAX_BATCH_BYTES = 32 * 1024;
/** The player flushes its queue at most this long after the first queued event (ms). */
export const FLUSH_INTERVAL_MS = 2000;
/** An event's `at` must be within this long before the server's clock (ms)… */
export const MAX_EVENT_AGE_MS = 48 * 3600_000;
/** …and at most this long after it (ms). */
export const MAX_EVENT_SKEW_MS = 5 * 60_000;

/** One event (fields beyond id/name/at only where the table above lists them). */
export interface AnalyticsEvent {
  /** 1..80 chars of [A-Za-z0-9._:-]; the idempotency key (with the day of `at`). */
  id: string;
  name: AnalyticsEventName;
  /** Client clock, ms since the epoch. */
  at: number;
  slideId?: number;
  /** slide_nav: the slide left; null when the session starts. */
  fromSlideId?: number | null;
  /** click / cta: the button (slide option) id; form_submitted: the action id. */
  optionId?: number;
  /** slide_played: seconds watched in that visit (0..86400). */
  seconds?: number;
}

/** The body of `POST /api/events` (JSON; sent as text/plain by sendBeacon, which the server accepts). */
export interface AnalyticsBatch {
  v: typeof ANALYTICS_VERSION;
  /** The bot's public id. */
  publicId: string;
  channel: Channel;
  /** Random per-tab id (sessionStorage), 16..64 chars of [A-Za-z0-9_-]. Never a cookie or user id. */
  sessionId: string;
  /** The carousel widget the bot plays in (slider channel), else omitted. */
  sliderId?: number;
  /** Host page origin + path (no query, no fragment), at most 500 chars. */
  source?: string;
  events: AnalyticsEvent[];
}

/** `POST /api/events` answer (202): how many were stored, already stored (retries), or dropped as invalid. */
export interface AnalyticsAck {
  accepted: number;
  duplicates: number;
  dropped: number;
}
