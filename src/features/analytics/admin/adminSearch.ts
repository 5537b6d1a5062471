/**
 * URL search of the staff analytics screens (issue 13 "Staff"; spec 002 §2, §9) and its mapping to
 * the API query (§7):
 *
 * - Admin analytics `/dashboard/admin/analytics`: page, size (10/25/50/100), from_date, to_date
 *   (`yyyy-MM-dd`, UTC days), lower, upper (website tier: sessions of a bot in the range,
 *   lower ≤ sessions < upper), business_type (repeatable), use_case (repeatable), bot_ids (comma list).
 * - Billing `/dashboard/admin/billing`: from_date, to_date, account_ids (repeatable), page, size.
 * - Live status `/dashboard/admin/live-status`: order_by, order_direction, page, bot_name (page size 30).
 *
 * Bad values fall back to the defaults instead of failing the route. Repeatable params are read
 * from repeated keys (`?use_case=a&use_case=b`, the router decodes them as an array), from the
 * router's JSON array form, or from one value.
 */
import * as v from 'valibot';

// The route files import this module for their `validateSearch`, so it ships with the entry: no
// date-fns here (range.ts and the presets are in adminRanges.ts, loaded with the pages).

/** Table page sizes of spec 002 §9 (admin analytics and billing). */
export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export type TablePageSize = (typeof TABLE_PAGE_SIZES)[number];
/** Live status page size (spec 002 §9). */
export const LIVE_STATUS_PAGE_SIZE = 30;

/** A website tier (spec 002 §9): sessions of a bot in the range, `lower` ≤ sessions < `upper`; no upper = open. */
export interface WebsiteTier {
  lower: number;
  upper?: number;
}

/** The tiers of spec 002 §9, in order. */
export const WEBSITE_TIERS: readonly WebsiteTier[] = [
  { lower: 0, upper: 5_000 },
  { lower: 5_000, upper: 25_000 },
  { lower: 25_000, upper: 100_000 },
  { lower: 100_000, upper: 500_000 },
  { lower: 500_000 },
];

/** Index of the tier with exactly these bounds in WEBSITE_TIERS, -1 for no tier (both absent) or a custom pair. */
export function tierIndex(lower: number | undefined, upper: number | undefined): number {
  if (lower === undefined && upper === undefined) return -1;
  return WEBSITE_TIERS.findIndex((tier) => tier.lower === lower && tier.upper === upper);
}

/** The lower / upper of a tier index (-1 or out of range: no tier). */
export function tierBounds(index: number): { lower?: number; upper?: number } {
  const tier = WEBSITE_TIERS[index];
  return tier ? { lower: tier.lower, upper: tier.upper } : { lower: undefined, upper: undefined };
}

const page = v.fallback(v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.number(), v.integer(), v.minValue(1)), 1), 1);
const tableSize = v.fallback(
  v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.picklist(TABLE_PAGE_SIZES)), 10),
  10,
);
/** True for a `yyyy-MM-dd` that is a real calendar day (UTC), as range.ts `parseDay` accepts. */
export function isDay(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A `yyyy-MM-dd` that is a real day, else absent (the default range). */
const day = v.pipe(
  v.unknown(),
  v.transform((x) => (isDay(x) ? x : undefined)),
);
const count = v.pipe(
  v.unknown(),
  v.transform((x) => {
    const n = typeof x === 'string' && x.trim() !== '' ? Number(x) : x;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < 1e10 ? n : undefined;
  }),
);

/** Text values of a repeatable param: trimmed, non-empty, unique, at most 100 of ≤ 100 characters (the API's limits). */
export function parseTextList(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  const out = items
    // The router decodes a lone `true` / `12` as a boolean / number.
    .filter((x) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean')
    .map((x) => String(x).trim())
    .filter((x) => x !== '' && x.length <= 100);
  return [...new Set(out)].slice(0, 100);
}

/** Positive integer ids from a comma list, a repeated param or a number: sorted, unique. */
export function parseIdList(raw: unknown): number[] {
  const items = (Array.isArray(raw) ? raw : [raw]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
  const ids = items
    .map((x) => (typeof x === 'string' && x.trim() !== '' ? Number(x.trim()) : x))
    .filter((x): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0 && x < 1e9);
  return [...new Set(ids)].sort((a, b) => a - b);
}

const textList = v.pipe(v.unknown(), v.transform(parseTextList));
/** `bot_ids` stays the comma list of §2 in the URL ('' = no filter). */
const botIds = v.pipe(
  v.unknown(),
  v.transform((x) => parseIdList(x).join(',')),
);

export const adminAnalyticsSearchSchema = v.object({
  page,
  size: tableSize,
  from_date: v.optional(day),
  to_date: v.optional(day),
  lower: v.optional(count),
  upper: v.optional(count),
  business_type: v.optional(textList, []),
  use_case: v.optional(textList, []),
  bot_ids: v.optional(botIds, ''),
});
export type AdminAnalyticsSearch = v.InferOutput<typeof adminAnalyticsSearchSchema>;
/** Defaults left out of the URL (`stripSearchParams`). */
export const ADMIN_ANALYTICS_DEFAULTS: Partial<AdminAnalyticsSearch> = { page: 1, size: 10, business_type: [], use_case: [], bot_ids: '' };

/** The API query of `GET /analytics/admin-daily` (the filters without paging; arrays are sent as repeated params). */
export function adminDailyQuery(search: AdminAnalyticsSearch) {
  return {
    from_date: search.from_date,
    to_date: search.to_date,
    lower: search.lower === undefined ? undefined : String(search.lower),
    upper: search.upper === undefined ? undefined : String(search.upper),
    business_type: search.business_type.length ? search.business_type : undefined,
    use_case: search.use_case.length ? search.use_case : undefined,
    bot_ids: search.bot_ids || undefined,
  };
}

/** The API query of `GET /analytics/admin`: the filters plus page and size. */
export function adminAnalyticsQuery(search: AdminAnalyticsSearch) {
  return { ...adminDailyQuery(search), page: String(search.page), size: String(search.size) };
}

export const billingSearchSchema = v.object({
  from_date: v.optional(day),
  to_date: v.optional(day),
  account_ids: v.optional(v.pipe(v.unknown(), v.transform(parseIdList)), []),
  page,
  size: tableSize,
});
export type BillingSearch = v.InferOutput<typeof billingSearchSchema>;
export const BILLING_DEFAULTS: Partial<BillingSearch> = { page: 1, size: 10, account_ids: [] };

/** Sort keys of the live status list (the API's LIVE_STATUS_ORDER_BY). */
export const LIVE_STATUS_ORDER_BY = ['bot_name', 'account', 'live_status', 'last_viewed_at', 'updated_at'] as const;
export type LiveStatusOrderBy = (typeof LIVE_STATUS_ORDER_BY)[number];

export const liveStatusSearchSchema = v.object({
  order_by: v.optional(v.fallback(v.picklist(LIVE_STATUS_ORDER_BY), 'last_viewed_at'), 'last_viewed_at'),
  order_direction: v.optional(v.fallback(v.picklist(['asc', 'desc']), 'desc'), 'desc'),
  page,
  bot_name: v.optional(v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(255)), ''), ''),
});
export type LiveStatusSearch = v.InferOutput<typeof liveStatusSearchSchema>;
export const LIVE_STATUS_DEFAULTS: Partial<LiveStatusSearch> = { order_by: 'last_viewed_at', order_direction: 'desc', page: 1, bot_name: '' };

/** The API query of `GET /bot/status`. */
export function liveStatusQuery(search: LiveStatusSearch) {
  return {
    order_by: search.order_by,
    order_direction: search.order_direction,
    page: String(search.page),
    size: String(LIVE_STATUS_PAGE_SIZE),
    bot_name: search.bot_name || undefined,
  };
}
