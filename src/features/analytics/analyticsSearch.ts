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
 *
 * This module is the route's `validateSearch` and stays light (valibot only: route files' top-level
 * code is in the entry chunk); the date arithmetic is in analyticsQuery.ts, loaded with the page.
 */
import * as v from 'valibot';
import { CHANNELS } from '../../../embed/shared/analytics';
import type { AnalyticsPreset } from '../../../server/src/modules/analytics/range';
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
