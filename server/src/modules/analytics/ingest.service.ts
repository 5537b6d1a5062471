/**
 * The analytics ingest's rules (issue 13 "Ingest"; DESIGN §1b; wire contract embed/shared/analytics.ts;
 * docs/api.md "Events (analytics ingest)"). `createIngest(deps)` → `{ ingest(body, now) }`:
 *
 * 1. The body (a string: JSON, or the text/plain JSON navigator.sendBeacon sends) must parse
 *    (400 `bad_json`) into a valid `EventBatch` envelope (400 `validation_error` with field messages).
 * 2. Rate limit per session (`SessionRateLimiter`): 20 batches per 10 s and 1,000 events per minute
 *    per `sessionId` → 429 `rate_limited` with `retryAfterSeconds`.
 * 3. The bot (by `publicId`; looked up through a small TTL cache) must be Published in an Active
 *    account → else 404.
 * 3b. A `sliderId` (slider channel, issue 13 / 15) must be a carousel widget of the bot's account
 *    (`findSlider`, cached like the bot) → else every event is dropped (counted); a widget with analytics
 *    off drops them too. Other channels store no slider (0).
 * 4. Each event is checked: `AnalyticsEventIn`, the fields its name needs (`REQUIRED_FIELDS`), its id
 *    belongs to the session (`${sessionId}.…`; once-per-session events exactly
 *    `${sessionId}.${name}`), `at` within [now − MAX_EVENT_AGE_MS, now + MAX_EVENT_SKEW_MS]. Others
 *    are dropped and counted. Analytics disabled (account `options.disableAnalytics`, or the published
 *    revision's `settings.isAnalyticEnabled` false) → nothing stored, every event counted as dropped.
 * 5. The valid events are stored with one `INSERT … ON CONFLICT (day, id) DO NOTHING` (shared with
 *    concurrent requests: group commit, ingest.repo.ts `EventWriter`); `accepted` = rows inserted,
 *    `duplicates` = valid events already stored (a retried batch counts once). The ack is returned only
 *    after that statement committed.
 * 6. A `session` or `opened` event marks the bot as seen (`bots.last_viewed_at`, live status; at most
 *    one write per bot a minute), then the rollup is scheduled (`scheduleRollup`).
 */
import * as v from 'valibot';
import { MAX_EVENT_AGE_MS, MAX_EVENT_SKEW_MS, ONCE_PER_SESSION, type AnalyticsAck, type AnalyticsEventName } from '../../../../embed/shared/analytics';
import type { AppDeps } from '../../lib/context';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { issuesToFields } from '../../lib/validate';
import { touchLastViewed } from '../bot/bot.repo';
import { AnalyticsEventIn, EventBatch } from './analytics.schemas';
import { EventWriter, ensureEventPartitions, findIngestTarget, findSlider, type EventInsert, type IngestTarget } from './ingest.repo';
import { scheduleRollup } from './rollup';

type Field = 'slideId' | 'fromSlideId' | 'optionId' | 'seconds';

/**
 * The fields each event name must carry (the "fields" column of embed/shared/analytics.ts); an event
 * without them is dropped. Fields not listed for a name are not stored. `fromSlideId` may be null
 * (the session's first slide).
 */
export const REQUIRED_FIELDS: Record<AnalyticsEventName, readonly Field[]> = {
  session: [],
  viewed: [],
  opened: [],
  intro_viewed: ['slideId'],
  slide_nav: ['fromSlideId', 'slideId'],
  slide_played: ['slideId', 'seconds'],
  click: ['slideId', 'optionId'],
  cta: ['slideId', 'optionId'],
  form_submitted: ['optionId'],
  contacted: [],
  liked: ['slideId'],
  watermark_clicked: [],
  ad_impression: [],
  ad_click: [],
};

/** Rate limits per session id: bucket sizes and the time each takes to refill completely (ms). */
export interface RateLimits {
  batches: number;
  batchWindowMs: number;
  events: number;
  eventWindowMs: number;
  maxSessions: number;
}

/** Rate limits per session id (per process; see `SessionRateLimiter`). */
export const RATE_LIMIT: RateLimits = {
  /** Batches: a bucket of 20 refilled over 10 s. */
  batches: 20,
  batchWindowMs: 10_000,
  /** Events: a bucket of 1,000 refilled over 60 s. */
  events: 1000,
  eventWindowMs: 60_000,
  /** At most this many sessions are tracked; full buckets are dropped first, then the least recently used. */
  maxSessions: 50_000,
};

interface Bucket {
  batches: number;
  events: number;
  at: number;
}

/**
 * Two token buckets per session id (batches, events), in this process's memory. A batch takes one
 * batch token and one event token per event; when either bucket lacks them nothing is taken and the
 * answer is the whole seconds until both would have enough (Retry-After). Several server processes
 * each allow the full rate (issue 18 will share the limiter). Memory is bounded: past `maxSessions`
 * the buckets that have refilled completely (equivalent to a new session) are dropped, then the least
 * recently used.
 */
export class SessionRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(private readonly limits: RateLimits = RATE_LIMIT) {}

  /** Takes a batch of `events` events for `sessionId` at `nowMs`; resolves 0 when allowed, else the seconds to wait (≥ 1). */
  take(sessionId: string, events: number, nowMs: number): number {
    const L = this.limits;
    const b = this.refill(
      this.buckets.get(sessionId) ?? {
        batches: L.batches,
        events: L.events,
        at: nowMs,
      },
      nowMs,
    );
    this.buckets.delete(sessionId);
    this.buckets.set(sessionId, b);
    if (b.batches >= 1 && b.events >= events) {
      b.batches -= 1;
      b.events -= events;
      this.evict(nowMs);
      return 0;
    }
    const batchWait = b.batches >= 1 ? 0 : ((1 - b.batches) * L.batchWindowMs) / L.batches;
    const eventWait = b.events >= events ? 0 : ((Math.min(events, L.events) - b.events) * L.eventWindowMs) / L.events;
    return Math.max(1, Math.ceil(Math.max(batchWait, eventWait) / 1000));
  }

  /** Sessions tracked now (tests). */
  get size(): number {
    return this.buckets.size;
  }

  private refill(b: Bucket, nowMs: number): Bucket {
    const L = this.limits;
    const dt = Math.max(0, nowMs - b.at);
    b.batches = Math.min(L.batches, b.batches + (dt * L.batches) / L.batchWindowMs);
    b.events = Math.min(L.events, b.events + (dt * L.events) / L.eventWindowMs);
    b.at = nowMs;
    return b;
  }

  private evict(nowMs: number): void {
    if (this.buckets.size <= this.limits.maxSessions) return;
    const full = Math.max(this.limits.batchWindowMs, this.limits.eventWindowMs);
    for (const [key, b] of this.buckets) {
      if (nowMs - b.at >= full) this.buckets.delete(key);
    }
    // Still too many: the least recently used go (Map keeps insertion order; `take` re-inserts).
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.limits.maxSessions) break;
      this.buckets.delete(key);
    }
  }
}

/** A bounded map whose entries expire `ttlMs` after they were set (publicId → ingest target). */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}
  get(key: K, nowMs: number): { value: V } | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires <= nowMs) {
      this.map.delete(key);
      return undefined;
    }
    return { value: e.value };
  }
  set(key: K, value: V, nowMs: number): void {
    this.map.delete(key);
    this.map.set(key, { value, expires: nowMs + this.ttlMs });
    // The oldest entries (insertion order) go first.
    for (const k of this.map.keys()) {
      if (this.map.size <= this.maxEntries) break;
      this.map.delete(k);
    }
  }
}

/** How long a bot lookup is reused (ms): a publish, unpublish or settings change reaches the ingest within this. */
export const TARGET_CACHE_MS = 5000;
const TARGET_CACHE_SIZE = 10_000;
/** At most one `last_viewed_at` write per bot in this interval (ms); the SQL applies the same rule. */
const TOUCH_INTERVAL_MS = 60_000;

/** UTC day (`yyyy-MM-dd`) of epoch ms `at`. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The event of a batch as stored, or undefined when it is dropped (invalid, wrong fields, foreign id, outside the time window). */
export function acceptEvent(batch: EventBatch, target: IngestTarget, raw: unknown, nowMs: number): EventInsert | undefined {
  const parsed = v.safeParse(AnalyticsEventIn, raw);
  if (!parsed.success) return undefined;
  const e = parsed.output;
  if (e.at < nowMs - MAX_EVENT_AGE_MS || e.at > nowMs + MAX_EVENT_SKEW_MS) return undefined;
  if (ONCE_PER_SESSION.includes(e.name) ? e.id !== `${batch.sessionId}.${e.name}` : !e.id.startsWith(`${batch.sessionId}.`)) return undefined;
  const need = REQUIRED_FIELDS[e.name];
  if (need.some((f) => e[f] === undefined)) return undefined;
  const has = (f: Field) => need.includes(f);
  return {
    day: utcDay(e.at),
    id: e.id,
    occurredAt: new Date(e.at),
    accountId: target.accountId,
    botId: target.botId,
    channel: batch.channel,
    sliderId: batch.channel === 'slider' ? (batch.sliderId ?? 0) : 0,
    sessionId: batch.sessionId,
    name: e.name,
    slideId: has('slideId') ? (e.slideId ?? null) : null,
    fromSlideId: has('fromSlideId') ? (e.fromSlideId ?? null) : null,
    optionId: has('optionId') ? (e.optionId ?? null) : null,
    seconds: has('seconds') ? (e.seconds ?? null) : null,
    source: batch.source ?? null,
  };
}

/** 429 with the seconds to wait (the route sets Retry-After from `retryAfterSeconds`). */
export class RateLimited extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many events from this session; retry in ${retryAfterSeconds} s.`, 'rate_limited');
  }
}

export interface Ingest {
  /**
   * Handles one request body (already read as text, at most MAX_BATCH_BYTES). Resolves with the ack
   * once the events are committed. Throws HttpError 400 (bad JSON / invalid envelope, field messages
   * in `errors`), 404 (bot not published), RateLimited (429).
   */
  ingest(body: string, now?: Date): Promise<AnalyticsAck>;
  /** The per-session limiter (tests). */
  readonly limiter: SessionRateLimiter;
}

/** One ingest per app: its bot cache, rate limiter and live-status throttle live as long as the app. */
export function createIngest(deps: AppDeps): Ingest {
  const targets = new TtlCache<string, IngestTarget | null>(TARGET_CACHE_MS, TARGET_CACHE_SIZE);
  const limiter = new SessionRateLimiter();
  // PGlite is one connection: one INSERT at a time; PostgreSQL's pool (10) can run a few side by side.
  const writer = new EventWriter(deps.db, deps.database.kind === 'pglite' ? 1 : 4);
  const touched = new TtlCache<number, true>(TOUCH_INTERVAL_MS, TARGET_CACHE_SIZE);
  const sliders = new TtlCache<string, { analyticsEnabled: boolean } | null>(TARGET_CACHE_MS, TARGET_CACHE_SIZE);

  async function slider(accountId: number, sliderId: number, nowMs: number): Promise<{ analyticsEnabled: boolean } | null> {
    const key = `${accountId}.${sliderId}`;
    const hit = sliders.get(key, nowMs);
    if (hit) return hit.value;
    const found = (await findSlider(deps.db, accountId, sliderId)) ?? null;
    sliders.set(key, found, nowMs);
    return found;
  }

  async function target(publicId: string, nowMs: number): Promise<IngestTarget | null> {
    const hit = targets.get(publicId, nowMs);
    if (hit) return hit.value;
    const found = (await findIngestTarget(deps.db, publicId)) ?? null;
    targets.set(publicId, found, nowMs);
    return found;
  }

  async function touch(botId: number, now: Date): Promise<void> {
    if (touched.get(botId, now.getTime())) return;
    touched.set(botId, true, now.getTime());
    try {
      await touchLastViewed(deps.db, botId, now);
    } catch (err) {
      // The live status is a by-product: the events are already stored, so the ack stands.
      console.error('[analytics] last_viewed_at update failed', err);
    }
  }

  return {
    limiter,
    async ingest(body, now = new Date()) {
      const nowMs = now.getTime();
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw badRequest('The body is not JSON.', { _: 'The body must be a JSON EventBatch.' }, 'bad_json');
      }
      const parsed = v.safeParse(EventBatch, json);
      if (!parsed.success) throw badRequest('Invalid event batch.', issuesToFields(parsed.issues), 'validation_error');
      const batch = parsed.output;
      const wait = limiter.take(batch.sessionId, batch.events.length, nowMs);
      if (wait > 0) throw new RateLimited(wait);
      const bot = await target(batch.publicId, nowMs);
      if (!bot || !bot.published) throw notFound('Vidbot not found.');
      if (!bot.analyticsEnabled) return { accepted: 0, duplicates: 0, dropped: batch.events.length };
      if (batch.channel === 'slider' && batch.sliderId !== undefined && !(await slider(bot.accountId, batch.sliderId, nowMs))?.analyticsEnabled) {
        return { accepted: 0, duplicates: 0, dropped: batch.events.length };
      }
      const rows: EventInsert[] = [];
      for (const raw of batch.events) {
        const row = acceptEvent(batch, bot, raw, nowMs);
        if (row) rows.push(row);
      }
      const accepted = await writer.write(rows);
      if (rows.some((r) => r.name === 'session' || r.name === 'opened')) await touch(bot.botId, now);
      if (accepted > 0) scheduleRollup(deps);
      return {
        accepted,
        duplicates: rows.length - accepted,
        dropped: batch.events.length - rows.length,
      };
    },
  };
}

/** Time between two partition checks (ms): daily. */
export const PARTITION_CHECK_MS = 24 * 3600_000;

/**
 * Keeps the monthly partitions of `analytics_events` ahead of time (issue 13 "Ingest"): runs
 * `ensureEventPartitions` now (awaited: the server starts serving with this month's partition in
 * place; a failure is thrown) and then every `PARTITION_CHECK_MS` in this process (a failure there is
 * logged and retried the next day; the next two months always exist, so one missed day is harmless).
 * `stop()` clears the timer.
 */
export async function startPartitionMaintenance(db: AppDeps['db'], now: () => Date = () => new Date()): Promise<{ stop(): void }> {
  await ensureEventPartitions(db, now());
  const timer = setInterval(() => {
    ensureEventPartitions(db, now()).catch((err: unknown) => console.error('[analytics] partition maintenance failed', err));
  }, PARTITION_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
