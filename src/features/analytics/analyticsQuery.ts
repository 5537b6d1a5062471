/**
 * The analytics page's filters → API queries (spec 002 §4 "an invalid date falls back to the last 30
 * days", §6 "the end date cannot be later than yesterday", §9 default range and presets; §7 chart
 * params). Dates are resolved with server/src/modules/analytics/range.ts as the server resolves them.
 * Pure; loads with the page (date-fns), not with the route tree.
 */
import type { Channel } from '../../../embed/shared/analytics';
import { presetRange, resolveRange, shiftDay, utcDay, type AnalyticsPreset, type DayRange } from '../../../server/src/modules/analytics/range';
import { ANALYTICS_PRESETS, type ANALYTICS_STATUSES, type AnalyticsListApiQuery, type AnalyticsSearch } from './analyticsSearch';

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
