/**
 * The print view's contract (spec 002 §2 "analytics-report/{channel}: a print view loaded in a
 * hidden frame, query from_date, to_date, bot_ids, user_ids, slider_ids. About 250 ms after all data
 * has loaded it posts REPORT_READY to the parent"): its URL, its query schema, the messages it
 * posts and what it exposes to the same-origin parent (`window.__vidbotReport`).
 *
 * URL: `/analytics-report/{channel}` with channel one of direct, iframe, widget, slider,
 * display_ad, or `all` (every channel); query `account_id` (required), `from_date`, `to_date`
 * (UTC days), `bot_ids`, `user_ids`, `slider_ids` (comma lists), `bot_name`, `status`, `tag_ids`
 * — the query of `GET /analytics/report`.
 */
import * as v from 'valibot';
import { CHANNELS, type Channel } from '../../../../embed/shared/analytics';
import type { AnalyticsReport, ExportQuery, PrintFrameInput } from '../../../../machines/analytics/export.actors';

/** The message type posted when the report has rendered (spec 002 §2). */
export const REPORT_READY = 'REPORT_READY';
/** The message type posted when the report's data could not load (the export fails at once). */
export const REPORT_FAILED = 'REPORT_FAILED';
/** Delay between "all data loaded and the chart rendered" and REPORT_READY (spec 002 §2 "about 250 ms"). */
export const REPORT_READY_DELAY_MS = 250;

/** Messages the print view posts to its parent. */
export type PrintViewMessage = { type: typeof REPORT_READY } | { type: typeof REPORT_FAILED; message: string };

/** What the print view exposes on its window for the same-origin parent. */
export interface PrintViewApi {
  /** The report shown (null until loaded). */
  report: AnalyticsReport | null;
  /** The chart as a PNG data URL (white background, 2× pixels), or null before it rendered. */
  getChartImage(): string | null;
}

declare global {
  interface Window {
    __vidbotReport?: PrintViewApi;
  }
}

/** The `{channel}` path segment: a channel, or `all`. */
export type PrintChannel = Channel | 'all';

/** The channel of a `{channel}` segment (null = all channels), or undefined when it is not one. */
export function channelOfSegment(segment: string): Channel | null | undefined {
  if (segment === 'all') return null;
  return (CHANNELS as readonly string[]).includes(segment) ? (segment as Channel) : undefined;
}

/** The print view's path and query for an export (`/analytics-report/{channel}?account_id=…`). */
export function printViewHref(input: PrintFrameInput): string {
  const params = new URLSearchParams();
  params.set('account_id', String(input.accountId));
  const query: ExportQuery = { ...input.query, from_date: input.from, to_date: input.to };
  for (const key of ['from_date', 'to_date', 'bot_ids', 'user_ids', 'slider_ids', 'bot_name', 'status', 'tag_ids'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  return `/analytics-report/${input.channel ?? 'all'}?${params.toString()}`;
}

/** A query value as text (TanStack Router parses `11` as a number, `a,b` stays text); junk → undefined. */
const text = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((x) => String(x).slice(0, 2000)),
    ),
  ),
  undefined,
);

/** The print view's query (tolerant: what does not parse is dropped; the API answers 422 for junk lists). */
export const printViewSearchSchema = v.object({
  account_id: v.fallback(v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]), v.integer(), v.minValue(1))), undefined),
  from_date: text,
  to_date: text,
  bot_ids: text,
  user_ids: text,
  slider_ids: text,
  bot_name: text,
  status: v.fallback(v.optional(v.picklist(['Draft', 'Published', 'Deactivated'])), undefined),
  tag_ids: text,
});
/** The parsed print view query. */
export type PrintViewSearch = v.InferOutput<typeof printViewSearchSchema>;
