/**
 * valibot contracts of analytics (issue 13; spec 002 §3 Analytics row, §7 Analytics calls, §9
 * metrics; docs/api.md "Analytics"). Declared once: the server validates with these, OpenAPI is
 * generated from them, the SPA's types (`Schema<'AnalyticsRow'>` …) come from schema.gen.ts.
 *
 * - `POST /api/events` (public): `EventBatch` → 202 `EventAck`.
 * - `GET /api/analytics` (per-bot rows), `/analytics/total/{accountId}`, `/analytics/total/{accountId}/daily`,
 *   `/analytics/widget/{accountId}` (per-slider rows), `/analytics/bot/{botId}` (detail, Sankey, paths),
 *   `/analytics/report` (everything an export needs), `/analytics/settings/{accountId}` GET/PUT.
 * - Staff: `/analytics/admin`, `/analytics/admin-daily`, `/analytics/admin-billing`, `GET /bot/status`.
 *
 * Dates are UTC days `yyyy-MM-dd` (range.ts `resolveRange`: an invalid date falls back to the last
 * 30 days, the end is clamped to yesterday unless `include_today=true`). Rates are percentages
 * 0..100 with one decimal (§9), or null when the denominator is 0. `watched` is in seconds.
 */
import * as v from 'valibot';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_VERSION, CHANNELS, MAX_BATCH_EVENTS } from '../../../../embed/shared/analytics';
import { ListMetadata } from '../../lib/list-query';
import { orderDirectionParam, pageParam, searchParam, sizeParam } from '../../lib/list-query';
import { LIVE_STATUSES, BOT_STATUSES, tagIdsParam } from '../bot/bot.schemas';

// --- ingest -----------------------------------------------------------------------------------------

const intIn = (name: string, min: number, max: number) =>
  v.pipe(v.number(`${name} must be an integer.`), v.integer(`${name} must be an integer.`), v.minValue(min, `${name} must be ≥ ${min}.`), v.maxValue(max, `${name} must be ≤ ${max}.`));
const id32 = (name: string) => intIn(name, 1, 2_147_483_647);

/** One event of a batch (embed/shared/analytics.ts `AnalyticsEvent`). Invalid events are dropped and counted, not fatal. */
export const AnalyticsEventIn = v.pipe(
  v.object({
    id: v.pipe(v.string('id is required.'), v.regex(/^[A-Za-z0-9._:-]{1,80}$/, 'id must be 1..80 characters of A-Z a-z 0-9 . _ : -.')),
    name: v.picklist(ANALYTICS_EVENT_NAMES, `name must be one of ${ANALYTICS_EVENT_NAMES.join(', ')}.`),
    /** Client clock in ms since the epoch (checked against the server clock by the ingest). */
    at: intIn('at', 0, 8_640_000_000_000_000),
    slideId: v.optional(id32('slideId')),
    fromSlideId: v.optional(v.nullable(id32('fromSlideId'))),
    optionId: v.optional(id32('optionId')),
    seconds: v.optional(v.pipe(v.number('seconds must be a number.'), v.minValue(0, 'seconds must be ≥ 0.'), v.maxValue(86_400, 'seconds must be ≤ 86400.'))),
  }),
  v.metadata({ ref: 'AnalyticsEvent' }),
);
export type AnalyticsEventIn = v.InferOutput<typeof AnalyticsEventIn>;

/**
 * `POST /api/events` body (JSON, or text/plain JSON from `navigator.sendBeacon`). The envelope must
 * be valid (else 400 with field messages); `events` holds 1..100 items of any shape, each checked
 * with `AnalyticsEventIn` by the ingest (the invalid ones are dropped and counted).
 */
export const EventBatch = v.pipe(
  v.object({
    v: v.literal(ANALYTICS_VERSION, `v must be ${ANALYTICS_VERSION}.`),
    publicId: v.pipe(v.string('publicId is required.'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'publicId is not a vidbot public id.')),
    channel: v.picklist(CHANNELS, `channel must be one of ${CHANNELS.join(', ')}.`),
    sessionId: v.pipe(v.string('sessionId is required.'), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'sessionId must be 16..64 characters of A-Z a-z 0-9 _ -.')),
    sliderId: v.optional(id32('sliderId')),
    source: v.optional(v.pipe(v.string('source must be text.'), v.maxLength(500, 'source is at most 500 characters.'))),
    events: v.pipe(v.array(v.unknown(), 'events must be a list.'), v.minLength(1, 'events must not be empty.'), v.maxLength(MAX_BATCH_EVENTS, `At most ${MAX_BATCH_EVENTS} events in a batch.`)),
  }),
  v.metadata({ ref: 'EventBatch' }),
);
export type EventBatch = v.InferOutput<typeof EventBatch>;

/** `POST /api/events` answer 202: stored now, already stored (a retry), dropped as invalid or out of the time window. */
export const EventAck = v.pipe(v.strictObject({ accepted: v.number(), duplicates: v.number(), dropped: v.number() }), v.metadata({ ref: 'EventAck' }));

// --- query parameters ---------------------------------------------------------------------------------

/** Comma list of positive ids (`bot_ids`, `slider_ids`, `user_ids`); empty = no filter; 422 on junk. */
const idListParam = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(\d{1,9}(\s*,\s*\d{1,9})*)?$/, `${name} must be a comma-separated list of ids.`),
      v.transform((s) => (s === '' ? undefined : [...new Set(s.split(',').map((x) => Number(x.trim())))])),
      v.optional(v.pipe(v.array(v.number()), v.maxLength(1000, `At most 1000 ids in ${name}.`))),
    ),
  );

/** A repeatable text parameter (`business_type=a&business_type=b`) → string[] (empty items dropped). */
const repeatableText = (name: string) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], `${name} must be text.`),
      v.transform((x) => (Array.isArray(x) ? x : [x]).map((s) => s.trim()).filter((s) => s !== '')),
      v.check((xs) => xs.length <= 100 && xs.every((s) => s.length <= 100), `${name}: at most 100 values of at most 100 characters.`),
    ),
  );

/** A repeatable id parameter (`account_ids=1&account_ids=2`, or a comma list) → number[]. */
const repeatableIds = (name: string) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], `${name} must be ids.`),
      v.transform((x) => (Array.isArray(x) ? x : [x]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '')),
      v.check((xs) => xs.length <= 1000 && xs.every((s) => /^\d{1,9}$/.test(s) && Number(s) > 0), `${name} must be positive integer ids.`),
      v.transform((xs) => [...new Set(xs.map(Number))]),
    ),
  );

/** A day `yyyy-MM-dd`; anything else is kept and falls back to the default range (§5), never 422. */
const dayParam = v.optional(v.pipe(v.string(), v.maxLength(40)));
const boolParam = v.optional(v.pipe(v.picklist(['true', 'false', '1', '0'], 'Must be true or false.'), v.transform((s) => s === 'true' || s === '1')), 'false');
const channelParam = v.optional(v.picklist(CHANNELS, `channel must be one of ${CHANNELS.join(', ')}.`));

/** Sort keys of the per-bot table. */
export const ANALYTICS_ORDER_BY = ['bot', 'session', 'opened', 'engaged', 'cta', 'watched', 'ctr', 'live_status'] as const;

/** Chart params of §7 (`channel` absent = all channels) plus the table's filters. `account_id` is required. */
const chartParams = {
  channel: channelParam,
  from_date: dayParam,
  to_date: dayParam,
  /** Also read today's rollup (refreshed about every 30 s) instead of ending yesterday. */
  include_today: boolParam,
  bot_ids: idListParam('bot_ids'),
  slider_ids: idListParam('slider_ids'),
  /** Bots authored by these users. */
  user_ids: idListParam('user_ids'),
  /** Name search (the SPA debounces it 250 ms). */
  bot_name: searchParam(),
  status: v.optional(v.picklist(BOT_STATUSES, `status must be one of ${BOT_STATUSES.join(', ')}.`)),
  tag_ids: tagIdsParam,
};
const accountIdParam = v.pipe(v.string('account_id is required.'), v.trim(), v.regex(/^\d{1,9}$/, 'account_id must be a positive integer.'), v.transform(Number), v.minValue(1, 'account_id must be a positive integer.'));

/** `GET /analytics?account_id&…chart params&page&size&order_by&order_direction` (table default size 10, §9). */
export const AnalyticsListQuery = v.object({
  account_id: accountIdParam,
  ...chartParams,
  page: pageParam,
  size: sizeParam(10, 10000),
  order_by: v.optional(v.picklist(ANALYTICS_ORDER_BY, `order_by must be one of ${ANALYTICS_ORDER_BY.join(', ')}.`), 'session'),
  order_direction: orderDirectionParam,
});
export type AnalyticsListQuery = v.InferOutput<typeof AnalyticsListQuery>;

/** `GET /analytics/total/{accountId}`, `/total/{accountId}/daily`, `/widget/{accountId}`: chart params. */
export const AnalyticsChartQuery = v.object(chartParams);
export type AnalyticsChartQuery = v.InferOutput<typeof AnalyticsChartQuery>;

/** `GET /analytics/bot/{botId}?channel&from_date&to_date&include_today`. */
export const AnalyticsBotQuery = v.object({ channel: channelParam, from_date: dayParam, to_date: dayParam, include_today: boolParam });
export type AnalyticsBotQuery = v.InferOutput<typeof AnalyticsBotQuery>;

/** `GET /analytics/report?account_id&…chart params` (rows up to 9999, users up to 1000, §9). */
export const AnalyticsReportQuery = v.object({ account_id: accountIdParam, ...chartParams });
export type AnalyticsReportQuery = v.InferOutput<typeof AnalyticsReportQuery>;

/** Admin summary and chart params (§7): website tier `lower`/`upper` are sessions in the range per bot. */
const adminParams = {
  from_date: dayParam,
  to_date: dayParam,
  include_today: boolParam,
  lower: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'lower must be a non-negative integer.'), v.transform(Number))),
  upper: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'upper must be a non-negative integer.'), v.transform(Number))),
  bot_ids: idListParam('bot_ids'),
  business_type: repeatableText('business_type'),
  /** The bots' settings.useCase. */
  use_case: repeatableText('use_case'),
};
/** `GET /analytics/admin?page&size&from_date&to_date&lower&upper&business_type*&use_case*&bot_ids` (staff). */
export const AdminAnalyticsQuery = v.object({ ...adminParams, page: pageParam, size: sizeParam(10, 1000) });
export type AdminAnalyticsQuery = v.InferOutput<typeof AdminAnalyticsQuery>;
/** `GET /analytics/admin-daily` (staff): the admin filters without paging. */
export const AdminDailyQuery = v.object(adminParams);
export type AdminDailyQuery = v.InferOutput<typeof AdminDailyQuery>;

/** `GET /analytics/admin-billing?from_date&to_date&account_ids*&page&size` (superuser). */
export const BillingQuery = v.object({
  from_date: dayParam,
  to_date: dayParam,
  account_ids: repeatableIds('account_ids'),
  page: pageParam,
  size: sizeParam(10, 10000),
});
export type BillingQuery = v.InferOutput<typeof BillingQuery>;

export const LIVE_STATUS_ORDER_BY = ['bot_name', 'account', 'live_status', 'last_viewed_at', 'updated_at'] as const;
/** `GET /bot/status?order_by&order_direction&page&size&bot_name` (staff; page size 30, §9). */
export const LiveStatusQuery = v.object({
  order_by: v.optional(v.picklist(LIVE_STATUS_ORDER_BY, `order_by must be one of ${LIVE_STATUS_ORDER_BY.join(', ')}.`), 'last_viewed_at'),
  order_direction: orderDirectionParam,
  page: pageParam,
  size: sizeParam(30, 100),
  bot_name: searchParam(),
});
export type LiveStatusQuery = v.InferOutput<typeof LiveStatusQuery>;

// --- answers --------------------------------------------------------------------------------------------

const rate = v.nullable(v.number());
const counters = {
  session: v.number(),
  opened: v.number(),
  engaged: v.number(),
  cta: v.number(),
  /** Seconds watched. */
  watched: v.number(),
  iframeViewed: v.number(),
  widgetViewed: v.number(),
  directIntroViewed: v.number(),
  iframeIntroViewed: v.number(),
  widgetIntroViewed: v.number(),
  sliderIntroViewed: v.number(),
  sliderSession: v.number(),
  sliderPlayed: v.number(),
  introActions: v.number(),
  contacted: v.number(),
  formSubmitted: v.number(),
  watermarkClicked: v.number(),
  liked: v.number(),
  impressions: v.number(),
  adClicks: v.number(),
  /** opened / session, % with one decimal (§9 CTR). */
  ctr: rate,
  /** cta / opened, %. */
  ctaRate: rate,
  /** engaged / opened, %. */
  engagementRate: rate,
};

/** Basic + extended Analytics row of one bot over the range (spec 002 §3). */
export const AnalyticsRow = v.pipe(
  v.strictObject({
    botId: v.number(),
    publicId: v.string(),
    /** The bot's name. */
    bot: v.string(),
    accountId: v.number(),
    accountName: v.string(),
    status: v.picklist(BOT_STATUSES),
    liveStatus: v.picklist(LIVE_STATUSES),
    authorEmail: v.nullable(v.string()),
    ...counters,
  }),
  v.metadata({ ref: 'AnalyticsRow' }),
);
export type AnalyticsRow = v.InferOutput<typeof AnalyticsRow>;

/** Totals over the rows of a query, with the average and median engagement rate over bots that had opens (§9). */
export const AnalyticsTotals = v.pipe(
  v.strictObject({
    from: v.string(),
    to: v.string(),
    channel: v.nullable(v.picklist(CHANNELS)),
    bots: v.number(),
    ...counters,
    avgEngagementRate: rate,
    medianEngagementRate: rate,
  }),
  v.metadata({ ref: 'AnalyticsTotals' }),
);
export type AnalyticsTotals = v.InferOutput<typeof AnalyticsTotals>;

/** `GET /analytics`: one page of per-bot rows, the resolved range, and the totals over all rows. */
export const AnalyticsList = v.object({ records: v.array(AnalyticsRow), metadata: ListMetadata, totals: AnalyticsTotals });
export type AnalyticsList = v.InferOutput<typeof AnalyticsList>;

/** A chart point (§3 "day, analytics.session, analytics.sliderSession, analytics.opened"); every day of the range, zeros included. */
export const ChartPoint = v.pipe(
  v.strictObject({ day: v.string(), analytics: v.strictObject({ session: v.number(), sliderSession: v.number(), opened: v.number() }) }),
  v.metadata({ ref: 'AnalyticsChartPoint' }),
);
export const ChartPoints = v.object({ from: v.string(), to: v.string(), points: v.array(ChartPoint) });
export type ChartPoints = v.InferOutput<typeof ChartPoints>;

/** `GET /analytics/widget/{accountId}`: one row per carousel (slider channel). */
export const SliderRow = v.pipe(
  v.strictObject({ sliderId: v.number(), sliderName: v.string(), bots: v.number(), ...counters }),
  v.metadata({ ref: 'AnalyticsSliderRow' }),
);
export const SliderRows = v.object({ from: v.string(), to: v.string(), records: v.array(SliderRow) });
export type SliderRows = v.InferOutput<typeof SliderRows>;

/** `GET /analytics/bot/{botId}`: the detail (§3 slides, actions, sources) plus path analytics (★). */
export const BotAnalyticsDetail = v.pipe(
  v.strictObject({
    botId: v.number(),
    name: v.string(),
    from: v.string(),
    to: v.string(),
    channel: v.nullable(v.picklist(CHANNELS)),
    slides: v.array(v.strictObject({ slideId: v.number(), name: v.string(), played: v.number(), liked: v.number(), watched: v.number() })),
    actions: v.array(v.strictObject({ slideId: v.number(), slideName: v.string(), optionId: v.number(), actionName: v.string(), actionClicked: v.number() })),
    sources: v.array(v.strictObject({ source: v.string(), session: v.number(), opened: v.number() })),
    /** Slide-to-slide transitions for the Sankey; `from` 0 / fromName 'Start' is the session start. */
    transitions: v.array(v.strictObject({ from: v.number(), fromName: v.string(), to: v.number(), toName: v.string(), count: v.number() })),
    /** The most taken paths (at most 10), most sessions first; `share` % of sessions with a path. */
    paths: v.array(v.strictObject({ slides: v.array(v.strictObject({ id: v.number(), name: v.string() })), sessions: v.number(), share: v.number() })),
    /** Per slide: sessions that reached it, that ended there, and drop-off % (ended / reached). */
    dropOff: v.array(v.strictObject({ slideId: v.number(), name: v.string(), reached: v.number(), endedHere: v.number(), dropOffRate: rate })),
  }),
  v.metadata({ ref: 'BotAnalyticsDetail' }),
);
export type BotAnalyticsDetail = v.InferOutput<typeof BotAnalyticsDetail>;

/** `GET /analytics/report`: what the CSV / XLSX / PDF exports and the print view need. */
export const AnalyticsReport = v.pipe(
  v.strictObject({
    from: v.string(),
    to: v.string(),
    channel: v.nullable(v.picklist(CHANNELS)),
    /** The bots and users the report is filtered by (empty = all). */
    bots: v.array(v.strictObject({ id: v.number(), name: v.string() })),
    users: v.array(v.strictObject({ id: v.number(), email: v.string() })),
    /** Whether the account has the watermark feature (the watermark column is dropped otherwise, §9). */
    watermark: v.boolean(),
    rows: v.array(AnalyticsRow),
    sliders: v.array(SliderRow),
    totals: AnalyticsTotals,
    points: v.array(ChartPoint),
  }),
  v.metadata({ ref: 'AnalyticsReport' }),
);
export type AnalyticsReport = v.InferOutput<typeof AnalyticsReport>;

export const ANALYTICS_DISPLAY_FIELDS = ['email', 'cta', 'watermark_clicked'] as const;
/** Analytics settings of an account (§3 analyticsDefaultChannel, analyticsDisplayFields); GET and PUT body. */
export const AnalyticsSettings = v.pipe(
  v.strictObject({
    analyticsDefaultChannel: v.nullable(v.picklist(CHANNELS, `analyticsDefaultChannel must be one of ${CHANNELS.join(', ')}, or null.`)),
    analyticsDisplayFields: v.strictObject({
      email: v.boolean('email must be true or false.'),
      cta: v.boolean('cta must be true or false.'),
      watermark_clicked: v.boolean('watermark_clicked must be true or false.'),
    }),
  }),
  v.metadata({ ref: 'AnalyticsSettings' }),
);
export type AnalyticsSettings = v.InferOutput<typeof AnalyticsSettings>;

/** A row of admin analytics: a bot of any account with the account's business type and the bot's use case. */
export const AdminAnalyticsRow = v.pipe(
  v.strictObject({ ...AnalyticsRow.entries, businessType: v.nullable(v.string()), useCase: v.nullable(v.string()) }),
  v.metadata({ ref: 'AdminAnalyticsRow' }),
);
export const AdminAnalyticsList = v.object({ records: v.array(AdminAnalyticsRow), metadata: ListMetadata, totals: AnalyticsTotals });
export type AdminAnalyticsList = v.InferOutput<typeof AdminAnalyticsList>;

/** A billing row (§3 "adds hasFeatureOnly and logo"; CSV columns of §9): display-ad impressions of one bot. */
export const BillingRow = v.pipe(
  v.strictObject({
    accountId: v.number(),
    accountName: v.string(),
    /** The account's logo (profile), `/files/…`, or null. */
    logo: v.nullable(v.string()),
    botId: v.nullable(v.number()),
    publicId: v.nullable(v.string()),
    botName: v.nullable(v.string()),
    impressions: v.number(),
    /** The account has the display-ad feature (the vidbot_as_ads flag). */
    hasAdFeature: v.boolean(),
    /** Listed only because it has the feature: no impressions in the range (botId null). */
    hasFeatureOnly: v.boolean(),
  }),
  v.metadata({ ref: 'BillingRow' }),
);
export const BillingList = v.object({ from: v.string(), to: v.string(), records: v.array(BillingRow), metadata: ListMetadata, totalImpressions: v.number() });
export type BillingList = v.InferOutput<typeof BillingList>;

/** A row of the staff live status list (`GET /bot/status`). `lastViewedAt` ISO 8601 or null. */
export const LiveStatusRow = v.pipe(
  v.strictObject({
    id: v.number(),
    publicId: v.string(),
    name: v.string(),
    accountId: v.number(),
    accountName: v.string(),
    status: v.picklist(BOT_STATUSES),
    liveStatus: v.picklist(LIVE_STATUSES),
    lastViewedAt: v.nullable(v.string()),
    /** Sessions in the last 7 days (rollups). */
    sessions7d: v.number(),
  }),
  v.metadata({ ref: 'LiveStatusRow' }),
);
export const LiveStatusList = v.object({ records: v.array(LiveStatusRow), metadata: ListMetadata });
export type LiveStatusList = v.InferOutput<typeof LiveStatusList>;
