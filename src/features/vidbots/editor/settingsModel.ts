/**
 * Pure rules of the settings tab (spec 001 §2 "Settings tab", §5 Settings / widget / iframe rules,
 * §9 contrast levels; issue 11 "Settings tab"):
 *
 * - `contrastRating(ratio)`: the rating of §9 — ≥ 7 AAA, ≥ 4.5 AA, ≥ 3 low, else fail (the ratio
 *   itself: `contrastOf` of ./contrast.ts, with colord, loaded with the contrast readout);
 * - `settingsFormIssues(values, slides)`: the field messages of the tab's form, from THE SAME valibot
 *   schemas the server applies (`BotSettings` of server/src/modules/bot/content.rules.ts, `Theme` of
 *   bot.schemas.ts) plus the §5 rules only the editor can check (colours required, thumbnail time at
 *   most the slide's duration), keyed by the form's field paths (`settings.widgetSettings.height`);
 * - `parseOptionalNumber` (delayButtons: empty → null, §5) and `parseNumber` (empty → NaN, which the
 *   schema refuses with a field message so typed text is never silently dropped).
 *
 * Messages are Lingui descriptors (the server's own texts are English API messages).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';
import { BotSettings, HEX_COLOUR } from '../../../../server/src/modules/bot/content.rules';
import { Theme } from '../../../../server/src/modules/bot/bot.schemas';

/** WCAG rating of a contrast ratio (spec 001 §9 "Contrast ratio levels: 7 AAA, 4.5 AA, 3 low"). */
export type ContrastRating = 'AAA' | 'AA' | 'low' | 'fail';

/** §9 thresholds, highest first. */
export const CONTRAST_LEVELS: readonly { min: number; rating: Exclude<ContrastRating, 'fail'> }[] = [
  { min: 7, rating: 'AAA' },
  { min: 4.5, rating: 'AA' },
  { min: 3, rating: 'low' },
];

/** The rating of `ratio` (1–21): ≥ 7 AAA, ≥ 4.5 AA, ≥ 3 low, else fail. */
export function contrastRating(ratio: number): ContrastRating {
  return CONTRAST_LEVELS.find((l) => ratio >= l.min)?.rating ?? 'fail';
}


/** Theme defaults where the bot has none: the player's own fallbacks (embed/player/styles.ts) *(design)*. */
export const DEFAULT_TEXT_COLOR = '#1B1B1F';
export const DEFAULT_BACKGROUND_COLOR = '#FFFFFF';

/** The theme as the form edits it (spec 001 §3 theme); other stored keys (`styles`, …) are kept. */
export interface ThemeValues {
  textColor: string;
  backgroundColor: string;
  isGradientEnabled: boolean;
  isArrowButtonEnabled: boolean;
  backButtonIntro: boolean;
  /** Seconds before the buttons show; null = at once. */
  delayButtons: number | null;
  stylesRaw: string | null;
  [key: string]: unknown;
}

/** The stored theme with the form's defaults filled in (colours, booleans false, delay null). */
export function themeValues(theme: Record<string, unknown> | undefined): ThemeValues {
  const t = theme ?? {};
  const str = (k: string, d: string) => (typeof t[k] === 'string' ? (t[k] as string) : d);
  const bool = (k: string) => t[k] === true;
  return {
    ...t,
    textColor: str('textColor', DEFAULT_TEXT_COLOR),
    backgroundColor: str('backgroundColor', DEFAULT_BACKGROUND_COLOR),
    isGradientEnabled: bool('isGradientEnabled'),
    isArrowButtonEnabled: bool('isArrowButtonEnabled'),
    backButtonIntro: bool('backButtonIntro'),
    delayButtons: typeof t.delayButtons === 'number' ? t.delayButtons : null,
    stylesRaw: typeof t.stylesRaw === 'string' ? t.stylesRaw : null,
  };
}

/** What the settings form holds: the draft's theme and settings. */
export interface SettingsFormValues {
  theme: ThemeValues;
  settings: BotSettings;
}

/** A slide as far as these rules need it (the draft's slides). */
export interface SlideInfo {
  id: number;
  name: string;
  category: string;
  type?: string;
  /** Video duration in seconds; null/undefined for images or when unknown. */
  duration?: number | null;
}

/** Field text → number for a required number: blank → NaN (refused by the schema with a message). */
export function parseNumber(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? Number.NaN : Number(t);
}

/** Field text → number or null (spec 001 §5 "delayButtons numeric, empty becomes null"). */
export function parseOptionalNumber(text: string): number | null {
  return text.trim() === '' ? null : parseNumber(text);
}

type Issue = v.BaseIssue<unknown>;

/** The Lingui message of one valibot issue of the settings schemas (the same rule the server applies). */
export function issueMessage(issue: Issue, path: string): MessageDescriptor {
  const req = issue.requirement;
  const leaf = path.split(/[.[\]]/).filter(Boolean).pop() ?? '';
  if (leaf === 'botId') return msg`Choose a vidbot.`;
  switch (issue.type) {
    case 'number':
    case 'finite':
      return msg`Must be a number.`;
    case 'integer':
      return msg`Must be a whole number.`;
    case 'min_value': {
      const min = String(req);
      return msg`Must be at least ${min}.`;
    }
    case 'max_value': {
      const max = String(req);
      return msg`Must be at most ${max}.`;
    }
    case 'regex':
      return msg`Must be a hex colour such as #351DDA.`;
    case 'max_length': {
      const max = String(req);
      return msg`At most ${max} characters.`;
    }
    case 'min_length':
      return msg`Required.`;
    case 'check':
      return leaf === 'url' ? msg`Must be a full http:// or https:// URL.` : msg`Not valid.`;
    case 'partial_check':
      // URL maps: the pattern's problem depends on its match type (content.rules.ts urlPatternIssue).
      return issue.message === 'Must be a valid regular expression.'
        ? msg`Must be a valid regular expression.`
        : issue.message === 'Nested repetition such as (a+)+ is not allowed.'
          ? msg`Nested repetition such as (a+)+ is not allowed.`
          : issue.message === 'At most 3 open-ended repetitions (such as * or +) are allowed.'
            ? msg`At most 3 open-ended repetitions (such as * or +) are allowed.`
            : msg`Must be a full http:// or https:// URL.`;
    case 'picklist':
      return msg`Choose one of the options.`;
    case 'string':
      return msg`Required.`;
    default:
      return msg`Not valid.`;
  }
}

/** Form path of an issue as TanStack Form names fields (`widgetSettings.thumbnail.time`, `urlMaps[0].url`). */
function pathOf(issue: Issue): string {
  return (issue.path ?? []).reduce<string>((acc, p) => (typeof p.key === 'number' ? `${acc}[${p.key}]` : acc ? `${acc}.${String(p.key)}` : String(p.key)), '');
}

/** The slide a thumbnail shows: the given id, else the intro slide. */
function thumbnailSlide(slides: readonly SlideInfo[], slideId: number | null | undefined): SlideInfo | undefined {
  if (slideId != null) return slides.find((s) => s.id === slideId);
  return slides.find((s) => s.category === 'INTRO');
}

/** The thumbnail objects of the settings, by their form path. */
export function thumbnailsOf(settings: BotSettings): { path: string; slide: number | null; time: number }[] {
  const out: { path: string; slide: number | null; time: number }[] = [
    { path: 'settings.widgetSettings.thumbnail', ...settings.widgetSettings.thumbnail },
    { path: 'settings.iframeSettings.thumbnail', ...settings.iframeSettings.thumbnail },
    { path: 'settings.adSettings.thumbnail', ...settings.adSettings.thumbnail },
  ];
  if (settings.linkSettings.thumbnail) out.push({ path: 'settings.linkSettings.thumbnail', ...settings.linkSettings.thumbnail });
  return out;
}

/**
 * Field messages of the settings form, keyed by form field path (`settings.<path>` / `theme.<key>`):
 * `BotSettings` and `Theme` (the server's schemas), the §5 required text and background colours
 * (hex), and a thumbnail time at most the duration of its slide (§5; the server cannot know it).
 * Only the first message of each field is kept. Empty when the values may be saved.
 */
export function settingsFormIssues(values: SettingsFormValues, slides: readonly SlideInfo[]): Record<string, MessageDescriptor> {
  const out: Record<string, MessageDescriptor> = {};
  const add = (path: string, message: MessageDescriptor) => {
    if (!(path in out)) out[path] = message;
  };
  const settings = v.safeParse(BotSettings, values.settings);
  if (!settings.success) for (const issue of settings.issues) add(`settings.${pathOf(issue)}`, issueMessage(issue, pathOf(issue)));
  for (const key of ['textColor', 'backgroundColor'] as const) {
    const colour = values.theme[key];
    if (typeof colour !== 'string' || colour.trim() === '') add(`theme.${key}`, msg`Required.`);
    else if (!HEX_COLOUR.test(colour)) add(`theme.${key}`, msg`Must be a hex colour such as #351DDA.`);
  }
  const theme = v.safeParse(Theme, values.theme);
  if (!theme.success) for (const issue of theme.issues) add(`theme.${pathOf(issue)}`, issueMessage(issue, pathOf(issue)));
  if (values.settings && typeof values.settings === 'object' && 'widgetSettings' in values.settings) {
    for (const thumb of thumbnailsOf(values.settings)) {
      const duration = thumbnailSlide(slides, thumb.slide)?.duration;
      if (typeof duration === 'number' && Number.isFinite(thumb.time) && thumb.time > duration) {
        const max = String(Math.round(duration * 100) / 100);
        add(`${thumb.path}.time`, msg`At most the slide's length, ${max} s.`);
      }
    }
  }
  return out;
}
