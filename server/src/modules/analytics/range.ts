/**
 * Analytics date ranges (spec 002 §5 "Analytics date: an invalid date falls back to the last 30
 * days", §6 "the end date cannot be later than yesterday", §9 "default range: last 30 days up to
 * yesterday; presets yesterday, last 7 days, last 30 days"; billing presets of §9). Pure: the server
 * resolves query params with it and the SPA builds its presets with it, so both read dates alike.
 *
 * Days are UTC calendar days written `yyyy-MM-dd` (the rollups' `day`). Ranges are inclusive.
 */
import { addDays, addMonths, endOfMonth, endOfQuarter, format, isValid, parse, startOfMonth, startOfQuarter, subQuarters } from 'date-fns';
import { UTCDate } from '@date-fns/utc';

/** An inclusive range of UTC days, `yyyy-MM-dd`. */
export interface DayRange {
  from: string;
  to: string;
}

/** Longest range a query may ask for, in days (two years); longer falls back like an invalid date. */
export const MAX_RANGE_DAYS = 731;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `yyyy-MM-dd` of `date` in UTC. */
export function utcDay(date: Date): string {
  return format(new UTCDate(date.getTime()), 'yyyy-MM-dd');
}

/** Parses a strict `yyyy-MM-dd` (a real calendar day) to UTC midnight, or null. */
export function parseDay(text: string | undefined | null): Date | null {
  if (!text || !DAY.test(text)) return null;
  const d = parse(text, 'yyyy-MM-dd', new UTCDate(0));
  return isValid(d) && utcDay(d) === text ? new Date(d.getTime()) : null;
}

/** Adds `n` days to a `yyyy-MM-dd` day. */
export function shiftDay(day: string, n: number): string {
  return utcDay(addDays(new UTCDate(parseDay(day)!.getTime()), n));
}

/** Number of days in an inclusive range (1 for from = to). */
export function rangeDays(range: DayRange): number {
  return Math.round((parseDay(range.to)!.getTime() - parseDay(range.from)!.getTime()) / 86_400_000) + 1;
}

/** Every day of the range in order (for zero-filled chart points). */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = shiftDay(d, 1)) out.push(d);
  return out;
}

export type AnalyticsPreset = 'yesterday' | 'last7' | 'last30';

/** The §9 presets relative to `now`, all ending yesterday. `last30` is the default range. */
export function presetRange(preset: AnalyticsPreset, now: Date): DayRange {
  const yesterday = shiftDay(utcDay(now), -1);
  const days = preset === 'yesterday' ? 1 : preset === 'last7' ? 7 : 30;
  return { from: shiftDay(yesterday, -(days - 1)), to: yesterday };
}

/**
 * Resolves the `from_date` / `to_date` of an analytics query (§5, §6):
 * - either missing or not a real `yyyy-MM-dd`, from after to, or longer than MAX_RANGE_DAYS →
 *   the last 30 days up to yesterday;
 * - `to` later than the last allowed day is clamped to it (yesterday; today with `includeToday`, for
 *   the API caller who wants today's rollup) and `from` is clamped to `to`.
 */
export function resolveRange(fromDate: string | undefined, toDate: string | undefined, now: Date, includeToday = false): DayRange {
  const fallback = presetRange('last30', now);
  const from = parseDay(fromDate);
  const to = parseDay(toDate);
  if (!from || !to || from > to) return fallback;
  const last = includeToday ? utcDay(now) : shiftDay(utcDay(now), -1);
  const range = { from: fromDate!, to: toDate! <= last ? toDate! : last };
  if (range.from > range.to) range.from = range.to;
  return rangeDays(range) > MAX_RANGE_DAYS ? fallback : range;
}

export type BillingPreset = 'currentMonth' | 'lastMonth' | 'thisQuarter' | 'lastQuarter';

/** The billing report's presets (§9), in UTC days. The current month and quarter end today. */
export function billingPresetRange(preset: BillingPreset, now: Date): DayRange {
  const n = new UTCDate(now.getTime());
  switch (preset) {
    case 'currentMonth':
      return { from: utcDay(startOfMonth(n)), to: utcDay(n) };
    case 'lastMonth': {
      const m = addMonths(n, -1);
      return { from: utcDay(startOfMonth(m)), to: utcDay(endOfMonth(m)) };
    }
    case 'thisQuarter':
      return { from: utcDay(startOfQuarter(n)), to: utcDay(n) };
    case 'lastQuarter': {
      const q = subQuarters(n, 1);
      return { from: utcDay(startOfQuarter(q)), to: utcDay(endOfQuarter(q)) };
    }
  }
}
