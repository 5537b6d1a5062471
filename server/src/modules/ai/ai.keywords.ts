/**
 * Text helpers of the extractive AI generator (issue 16 "the embedded default … keywords from a kept
 * library"): keyword extraction and sentence/word splitting.
 *
 * - English text: `retext` + `retext-pos` + `retext-keywords` (nouns ranked by frequency and
 *   co-occurrence, grouped by stem).
 * - Other languages (Finnish first): words from `Intl.Segmenter`, stopwords removed with the
 *   `stopword` lists of that language (and English, for mixed pages), ranked by frequency.
 * In both, words that also occur in the title or headings weigh more.
 *
 * Splitting uses `Intl.Segmenter` (sentence / word granularity), never hand-written patterns.
 */
import { retext } from 'retext';
import retextPos from 'retext-pos';
import retextKeywords from 'retext-keywords';
import { toString as nlcstToString } from 'nlcst-to-string';
import * as stopword from 'stopword';

/** Sentences of `text` (trimmed, non-empty). `lang` is a BCP 47 code ('' = English rules). */
export function sentences(text: string, lang = 'en'): string[] {
  const segmenter = new Intl.Segmenter(lang || 'en', { granularity: 'sentence' });
  return Array.from(segmenter.segment(text), (s) => s.segment.trim()).filter(Boolean);
}

/** Word-like tokens of `text`, in order (numbers included; punctuation dropped). */
export function words(text: string, lang = 'en'): string[] {
  const segmenter = new Intl.Segmenter(lang || 'en', { granularity: 'word' });
  return Array.from(segmenter.segment(text))
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);
}

/**
 * `text` shortened to at most `max` characters: whole sentences while they fit, else whole words
 * followed by '…'. Whitespace is normalised.
 */
export function clip(text: string, max: number, lang = 'en'): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  let out = '';
  for (const s of sentences(clean, lang)) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  if (out) return out;
  const cut = clean.slice(0, Math.max(0, max - 1));
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** ISO 639-1 → the `stopword` list (ISO 639-3). */
const STOPWORDS: Record<string, string[]> = {
  en: stopword.eng,
  fi: stopword.fin,
  sv: stopword.swe,
  de: stopword.deu,
  fr: stopword.fra,
  es: stopword.spa,
  nl: stopword.nld,
  et: stopword.est,
  da: stopword.dan,
  nb: stopword.nob,
  no: stopword.nob,
  it: stopword.ita,
  pt: stopword.por,
};

/** The primary language subtag of a BCP 47 code, lower case ('' → 'en'). */
export function primaryLanguage(lang: string): string {
  return (lang.split('-')[0] ?? '').toLowerCase() || 'en';
}

export interface KeywordInput {
  /** BCP 47 language of the text ('' = unknown, treated as English). */
  lang: string;
  /** Title and headings: words found here weigh more. */
  emphasis: string[];
  /** The body text (main text of the pages, descriptions). */
  body: string[];
  /** Words that are no keywords here (e.g. the site's name), any case. */
  exclude?: string[];
  /** At most this many keywords (default 8). */
  max?: number;
}

/**
 * The main keywords of a text, best first, each ≤ 60 characters, no duplicates (case-insensitive).
 * Proper nouns keep their capital; other words are lower case. Empty when the text has no content words.
 */
export async function extractKeywords(input: KeywordInput): Promise<string[]> {
  const max = input.max ?? 8;
  const language = primaryLanguage(input.lang);
  const emphasised = new Set(words(input.emphasis.join(' '), input.lang).map((w) => w.toLowerCase()));
  const ranked = language === 'en' ? await englishKeywords(input, emphasised) : stopwordKeywords(input, language, emphasised);
  const seen = new Set<string>((input.exclude ?? []).map((w) => w.toLowerCase()));
  const out: string[] = [];
  for (const word of ranked) {
    const key = word.toLowerCase();
    if (seen.has(key) || word.length > 60) continue;
    seen.add(key);
    out.push(word);
    if (out.length >= max) break;
  }
  return out;
}

/** retext-keywords over the text; score + 1 when the word is in the title/headings. */
async function englishKeywords(input: KeywordInput, emphasised: Set<string>): Promise<string[]> {
  // Headings become sentences of their own so the part-of-speech tagger sees them as such.
  const text = [...input.emphasis, ...input.body]
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`))
    .join(' ');
  if (!text) return [];
  const file = await retext().use(retextPos).use(retextKeywords, { maximum: 20 }).process(text);
  const keywords = file.data.keywords ?? [];
  const scored = keywords.map((k) => {
    const forms = k.matches.map((m) => nlcstToString(m.node));
    // A lower-case occurrence means a common noun; all-capitalised occurrences mean a name.
    const lower = forms.find((f) => f === f.toLowerCase());
    const form = lower ?? forms[0] ?? k.stem;
    const boost = forms.some((f) => emphasised.has(f.toLowerCase())) ? 1 : 0;
    return { form, score: k.score + boost + k.matches.length * 0.05 };
  });
  // Words repeated in the title and headings count even when the tagger did not take them for nouns
  // ("Fresh sourdough", "Rye sourdough").
  const known = new Set(scored.map((k) => k.form.toLowerCase()));
  const stop = new Set(stopword.eng.map((w) => w.toLowerCase()));
  const headingCounts = new Map<string, number>();
  for (const w of words(input.emphasis.join(' '), input.lang)) {
    const key = w.toLowerCase();
    if (key.length > 3 && !stop.has(key) && !known.has(key) && !/^\d/.test(key)) headingCounts.set(key, (headingCounts.get(key) ?? 0) + 1);
  }
  for (const [form, count] of headingCounts) if (count >= 3) scored.push({ form, score: count * 0.5 });
  return scored
    .filter((k) => k.form.length > 2 && !/^\d/.test(k.form))
    .sort((a, b) => b.score - a.score)
    .map((k) => k.form);
}

/** Stopword-based ranking for languages without a tagger (Finnish and others). */
function stopwordKeywords(input: KeywordInput, language: string, emphasised: Set<string>): string[] {
  const stop = new Set([...(STOPWORDS[language] ?? []), ...stopword.eng].map((w) => w.toLowerCase()));
  const counts = new Map<string, { form: string; count: number; first: number }>();
  let position = 0;
  for (const token of words([...input.emphasis, ...input.body].join('\n'), input.lang)) {
    position++;
    const key = token.toLowerCase();
    if (key.length < 4 || stop.has(key) || /^\d/.test(key)) continue;
    const entry = counts.get(key);
    if (entry) {
      entry.count++;
      if (token === key) entry.form = key;
    } else counts.set(key, { form: token, count: 1, first: position });
  }
  return [...counts.entries()]
    .map(([key, e]) => ({ form: e.form, score: e.count + (emphasised.has(key) ? 1 : 0) - e.first / 100_000 }))
    .sort((a, b) => b.score - a.score)
    .map((e) => e.form);
}
