/**
 * WebVTT validation for subtitle uploads (spec 001 §2 "subtitle upload", §5 "subtitles need a
 * language and a .vtt file"): W3C's `webvtt-parser` decides; the file must be UTF-8, parse without
 * errors and hold at least one cue.
 */
import webvtt from 'webvtt-parser';

/** Largest subtitle file accepted, in bytes (1 MiB). */
export const MAX_CAPTION_BYTES = 1024 * 1024;

/** The outcome of `checkVtt`: the cue count, or the user-facing reason the file is refused. */
export type VttCheck = { ok: true; cues: number; text: string } | { ok: false; reason: string };

/**
 * Checks `bytes` as a WebVTT file named `fileName` (used in messages).
 * @returns `{ ok: true, cues, text }` (text without a byte-order mark) or `{ ok: false, reason }`.
 */
export function checkVtt(bytes: Uint8Array, fileName: string): VttCheck {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, reason: `"${fileName}" is not a UTF-8 text file.` };
  }
  const result = new webvtt.WebVTTParser().parse(text, 'metadata');
  const first = result.errors[0];
  if (first) return { ok: false, reason: `"${fileName}" is not a valid WebVTT file: ${first.message} (line ${first.line}).` };
  if (result.cues.length === 0) return { ok: false, reason: `"${fileName}" has no cues.` };
  return { ok: true, cues: result.cues.length, text };
}
