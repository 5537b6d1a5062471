/**
 * The WCAG 2 contrast ratio of the theme colours (spec 001 §2 "Settings tab", §9 contrast levels) with
 * colord and its a11y plugin; a module of its own so colord (~2 KB gzip) loads with the contrast
 * readout, not with the settings route (issue 10 §2 size budget).
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { HEX_COLOUR } from '../../../../server/src/modules/bot/content.rules';
import { contrastRating, type ContrastRating } from './settingsModel';

extend([a11yPlugin]);

/**
 * Contrast of text on background: `{ ratio, rating }` with the ratio rounded to 2 decimals (colord),
 * or null when either is not a hex colour (§5: `#rgb`, `#rrggbb`, `#rrggbbaa`).
 */
export function contrastOf(text: string | null | undefined, background: string | null | undefined): { ratio: number; rating: ContrastRating } | null {
  if (!text || !background || !HEX_COLOUR.test(text) || !HEX_COLOUR.test(background)) return null;
  const ratio = colord(text).contrast(background);
  return { ratio, rating: contrastRating(ratio) };
}
