/**
 * How the analytics screens write numbers (spec 002 §9 "duration HH:mm:ss"; "CTR … shown with one
 * decimal as a percentage"; rates null when the denominator is 0 — issue 13 architecture "Metrics").
 * Pure; the locale is the UI language (Lingui's `i18n.locale`).
 */

/** A dash for "no value" (a rate whose denominator is 0). */
export const NO_VALUE = '–';

/**
 * Seconds → `HH:mm:ss` (spec 002 §9). Hours are not wrapped at 24 (`100:00:00` for 360000 s);
 * fractions are rounded to the nearest second; negative or non-finite input gives `00:00:00`.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** A percentage 0..100 with one decimal (`12.5 %` / `12,5 %` in Finnish), or a dash for null. */
export function formatRate(rate: number | null | undefined, locale: string): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return NO_VALUE;
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate / 100);
}

/** A count with the locale's digit grouping. */
export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}
