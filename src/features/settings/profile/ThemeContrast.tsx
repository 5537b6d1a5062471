/**
 * The contrast of the profile's button text colour on its button background (spec 002 §2 "Theme
 * colours … with a contrast ratio readout and rating", §9 "Contrast levels: 7 AAA, 4.5 AA, 3 low"):
 * a sample button, the WCAG ratio and its rating, announced politely as the colours change. Loaded
 * after the tab's first render (colord, the route's size budget), with the vidbot editor's
 * `contrastOf` (colord + its a11y plugin).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { contrastOf } from '../../vidbots/editor/contrast';
import type { ContrastRating } from '../../vidbots/editor/settingsModel';

/** Ratio and rating of `text` on `background` (a hint while one of them is not a hex colour). */
export function ThemeContrast({ text, background }: { text: string; background: string }) {
  const { t, i18n } = useLingui();
  const contrast = contrastOf(text.trim(), background.trim());
  const ratings: Record<ContrastRating, string> = {
    AAA: t`AAA (excellent)`,
    AA: t`AA (good)`,
    low: t`Low (large text only)`,
    fail: t`Fail (hard to read)`,
  };
  const ratio = contrast ? i18n.number(contrast.ratio, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '';
  const rating = contrast ? ratings[contrast.rating] : '';
  return (
    <div className="contrast-readout" aria-live="polite" data-rating={contrast?.rating}>
      <span className="contrast-sample" style={contrast ? { color: text.trim(), background: background.trim() } : undefined} aria-hidden="true">
        Aa
      </span>
      {contrast ? (
        <p>
          <Trans>
            Contrast ratio <strong data-testid="contrast-ratio">{ratio}:1</strong>, rating <strong data-testid="contrast-rating">{rating}</strong>
          </Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>Contrast: enter two hex colours.</Trans>
        </p>
      )}
    </div>
  );
}
