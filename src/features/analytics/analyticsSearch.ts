/**
 * URL state of the analytics page `/dashboard/{account}/analytics` (spec 002 §2 Analytics; §5
 * "Analytics: the end date cannot be later than yesterday"; §4 "an invalid date falls back to the
 * last 30 days"; §9 ranges, page sizes 10/25/50/100, search debounce 250 ms) and its mapping to the
 * API queries of §7 (`GET /analytics`, `/analytics/total/{id}`, `/total/{id}/daily`, `/widget/{id}`,
 * `/report`). Pure: no React, no DOM.
 *
 * Search parameters (all optional; invalid values fall back to the defaults, never an error):
 * - `from_date`, `to_date`: UTC days `yyyy-MM-dd`; absent = the last 30 days up to yesterday.
 *   Resolved with server/src/modules/analytics/range.ts `resolveRange`, as the server does.
 * - `channel`: one of CHANNELS, or `all`; absent = the account's analyticsDefaultChannel
 *   (GET /analytics/settings/{id}; null there = all channels).
 * - `bot_name` (name search), `status` (Draft, Published, Deactivated), `tag_ids` (ids, any of).
 * - `page` (≥ 1), `size` (10, 25, 50, 100; default 10), `order_by` (default session),
 *   `order_direction` (default desc).
 */
import * as v from 'valibot';
import { CHANNELS, type Channel } from '../../../embed/shared/analytics';
import { presetRange, resolveRange, shiftDay, utcDay, type AnalyticsPreset, type DayRange } from '../../../server/src/modules/analytics/range';
import type { operations } from '../../api/schema.gen';
import { parseTagIds } from '../vidbots/listSearch';

/** Name search debounce of the analytics page in ms (spec 002 §9). */
export const ANALYTICS_SEARCH_DEBOUNCE_MS = 250;
/** Table page sizes (spec 002 §9 "Table page sizes 10, 25, 50, 100"; analytics default 10). */
export const ANALYTICS_PAGE_SIZES = [10, 25, 50, 100] as const;
export type AnalyticsPageSize = (typeof ANALYTICS_PAGE_SIZES)[number];
/** Presets of spec 002 §9, in the order the page offers them. */
export const ANALYTICS_PRESETS: readonly AnalyticsPreset[] = ['yesterday', 'last7', 'last30'];
/** Bot statuses the status filter offers (spec 002 §3). */
export const ANALYTICS_STATUSES = ['Published', 'Draft', 'Deactivated'] as const;

/** The API's `GET /analytics` query (from the contract). */
export type AnalyticsListApiQuery = operations['getAnalytics']['parameters']['query'];
/** Sort keys of the per-bot table (the contract's `order_by`). */
export type AnalyticsOrderBy = NonNullable<AnalyticsListApiQuery['order_by']>;
export const ANALYTICS_ORDER_BY: readonly AnalyticsOrderBy[] = ['bot', 'session', 'opened', 'engaged', 'cta', 'watched', 'ctr', 'live_status'];

export const ANALYTICS_DEFAULTS = { page: 1, size: 10, order_by: 'session', order_direction: 'desc' } as const;

const positiveInt = (fallback: number) =>
  v.fallback(v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)), fallback);
const dayText = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/** The page's search schema (route `validateSearch`). */
export const analyticsSearchSchema = v.object({
  from_date: dayText,
  to_date: dayText,
  channel: v.fallback(v.optional(v.picklist([...CHANNELS, 'all'] as const)), undefined),
  bot_name: v.optional(v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(255)), ''), ''),
  status: v.fallback(v.optional(v.picklist(ANALYTICS_STATUSES)), undefined),
  tag_ids: v.optional(v.pipe(v.unknown(), v.transform(parseTagIds)), []),
  page: v.optional(positiveInt(ANALYTICS_DEFAULTS.page), ANALYTICS_DEFAULTS.page),
  size: v.optional(
    v.fallback(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.transform(Number))]),
        v.check((n): n is AnalyticsPageSize => (ANALYTICS_PAGE_SIZES as readonly number[]).includes(n as number)),
        v.transform((n) => n as AnalyticsPageSize),
      ),
      ANALYTICS_DEFAULTS.size,
    ),
    ANALYTICS_DEFAULTS.size,
  ),
  order_by: v.optional(v.fallback(v.picklist(ANALYTICS_ORDER_BY as AnalyticsOrderBy[]), ANALYTICS_DEFAULTS.order_by), ANALYTICS_DEFAULTS.order_by),
  order_direction: v.optional(v.fallback(v.picklist(['asc', 'desc'] as const), ANALYTICS_DEFAULTS.order_direction), ANALYTICS_DEFAULTS.order_direction),
});
export type AnalyticsSearch = v.InferOutput<typeof analyticsSearchSchema>;

/** The detail route's search: the range and channel the page was showing. */
export const botAnalyticsSearchSchema = v.object({
  from_date: dayText,
  to_date: dayText,
  channel: v.fallback(v.optional(v.picklist([...CHANNELS, 'all'] as const)), undefined),
});
export type BotAnalyticsSearch = v.InferOutput<typeof botAnalyticsSearchSchema>;

/** The last day a range may end on: yesterday (spec 002 §6), `yyyy-MM-dd` UTC. */
export function lastSelectableDay(now: Date): string {
  return shiftDay(utcDay(now), -1);
}

/** The range the page shows: the URL's dates resolved as the server does (invalid → last 30 days; end ≤ yesterday). */
export function pageRange(search: Pick<AnalyticsSearch, 'from_date' | 'to_date'>, now: Date): DayRange {
  return resolveRange(search.from_date, search.to_date, now);
}

/** Which preset a range is, if any (the active preset button). */
export function presetOf(range: DayRange, now: Date): AnalyticsPreset | null {
  return ANALYTICS_PRESETS.find((p) => {
    const r = presetRange(p, now);
    return r.from === range.from && r.to === range.to;
  }) ?? null;
}

/**
 * The channel the page shows: the URL's (`all` = every channel → null), else the account's default
 * channel (null = all channels; also null while the settings are unknown).
 */
export function effectiveChannel(search: Pick<AnalyticsSearch, 'channel'>, defaultChannel: Channel | null | undefined): Channel | null {
  if (search.channel === 'all') return null;
  return search.channel ?? defaultChannel ?? null;
}

/** The chart params of §7 every analytics call of the page shares (strings as the API takes them). */
export interface AnalyticsChartApiQuery {
  from_date: string;
  to_date: string;
  channel?: Channel;
  bot_name?: string;
  status?: (typeof ANALYTICS_STATUSES)[number];
  tag_ids?: string;
}

/** Filters → chart params: the resolved range, the effective channel (absent = all), the name, status and tags. */
export function chartQuery(search: AnalyticsSearch, channel: Channel | null, now: Date): AnalyticsChartApiQuery {
  const range = pageRange(search, now);
  const q: AnalyticsChartApiQuery = { from_date: range.from, to_date: range.to };
  if (channel) q.channel = channel;
  if (search.bot_name) q.bot_name = search.bot_name;
  if (search.status) q.status = search.status;
  if (search.tag_ids.length) q.tag_ids = search.tag_ids.join(',');
  return q;
}

/** Filters → `GET /analytics` query (the per-bot table page). */
export function listQuery(accountId: number, search: AnalyticsSearch, channel: Channel | null, now: Date): AnalyticsListApiQuery {
  return {
    account_id: String(accountId),
    ...chartQuery(search, channel, now),
    page: String(search.page),
    size: String(search.size),
    order_by: search.order_by,
    order_direction: search.order_direction,
  };
}

/** The URL search a preset sets (page back to 1). */
export function presetSearch(preset: AnalyticsPreset, now: Date): Pick<AnalyticsSearch, 'from_date' | 'to_date' | 'page'> {
  const r = presetRange(preset, now);
  return { from_date: r.from, to_date: r.to, page: 1 };
}
