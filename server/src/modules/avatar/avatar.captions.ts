/**
 * Burned-in captions of the embedded avatar renderer (issue 16 "Avatar generator": "ffmpeg renders
 * the avatar's photo with gentle motion and burned-in captions of the script"). Pure functions: the
 * script is split into chunks of at most `CAPTION_LINES` lines of at most `CAPTION_LINE_CHARS`
 * characters (words kept whole; a longer word is cut), and each chunk is shown for a share of the
 * video proportional to its length in characters — speech (espeak-ng) or a silent reading runs at
 * a steady pace, so the captions follow it.
 */

/** Characters per caption line (≈ 650 px of DejaVu/Open Sans Bold at 42 px on a 720 px frame). */
export const CAPTION_LINE_CHARS = 22;
/** Lines per caption chunk. */
export const CAPTION_LINES = 2;
/** Silent reading pace when no speech is rendered: words per minute. */
export const READING_WPM = 150;
/** Shortest video, seconds. */
export const MIN_VIDEO_SECONDS = 2;
/** Pause after the last word, seconds. */
export const TAIL_SECONDS = 0.5;

/** A caption chunk: its lines and when it shows (seconds from the start, `end` exclusive). */
export interface CaptionChunk {
  lines: string[];
  start: number;
  end: number;
}

/** Words of `text` (any whitespace), words longer than `max` cut into pieces of `max`. */
function words(text: string, max: number): string[] {
  const out: string[] = [];
  for (const w of text.split(/\s+/).filter(Boolean)) {
    for (let i = 0; i < w.length; i += max) out.push(w.slice(i, i + max));
  }
  return out;
}

/**
 * Splits `script` into chunks of ≤ `lines` lines of ≤ `lineChars` characters (greedy, words whole).
 * @returns the chunks' lines, in order; empty for a blank script.
 */
export function splitCaptions(script: string, lineChars = CAPTION_LINE_CHARS, lines = CAPTION_LINES): string[][] {
  const all: string[] = [];
  let line = '';
  for (const w of words(script, lineChars)) {
    if (line && line.length + 1 + w.length > lineChars) {
      all.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) all.push(line);
  const chunks: string[][] = [];
  for (let i = 0; i < all.length; i += lines) chunks.push(all.slice(i, i + lines));
  return chunks;
}

/**
 * Seconds a silent reading of `script` takes: words at `READING_WPM`, at least `MIN_VIDEO_SECONDS`.
 */
export function readingSeconds(script: string): number {
  const n = script.split(/\s+/).filter(Boolean).length;
  return Math.max(MIN_VIDEO_SECONDS, (n * 60) / READING_WPM);
}

/**
 * Timed chunks over `speechSeconds` (each chunk's share proportional to its characters; the last
 * ends at `speechSeconds`).
 */
export function timeCaptions(chunks: string[][], speechSeconds: number): CaptionChunk[] {
  const weight = (c: string[]) => c.join(' ').length + 1;
  const total = chunks.reduce((s, c) => s + weight(c), 0);
  let t = 0;
  return chunks.map((lines, i) => {
    const start = t;
    t = i === chunks.length - 1 ? speechSeconds : t + (speechSeconds * weight(lines)) / total;
    return { lines, start: round3(start), end: round3(t) };
  });
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
