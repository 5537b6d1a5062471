/**
 * Formats of the media library (spec 001 §2, §9): upload date dd/MM/yyyy HH:mm, duration HH:mm:ss
 * (date-fns `lightFormat`: numeric tokens only, so no locale data is bundled; issue 10 §2).
 */
import { lightFormat } from 'date-fns';

/** `2026-11-22T08:05:00Z` → `22/11/2026 10:05` in the browser's time zone. */
export function formatUploadDate(iso: string): string {
  return lightFormat(new Date(iso), 'dd/MM/yyyy HH:mm');
}

/** Seconds → `HH:mm:ss` (rounded to whole seconds; hours may exceed 23). `null` → ''. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}
