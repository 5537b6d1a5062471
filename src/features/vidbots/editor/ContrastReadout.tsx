/**
 * The contrast of the theme's text colour on its background colour (spec 001 §2 "Settings tab",
 * §9 "Contrast ratio levels: 7 AAA, 4.5 AA, 3 low"): the WCAG ratio and its rating, announced
 * politely as the colours change.
 */
import { useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { contrastOf } from './contrast';
import type { ContrastRating } from './settingsModel';
import type { SettingsForm } from './SettingsTab';

/** Ratio and rating of theme.textColor on theme.backgroundColor (nothing to rate while one is not a colour). */
export function ContrastReadout({ form }: { form: SettingsForm }) {
  const { t, i18n } = useLingui();
  const text = useStore(form.store, (s) => s.values.theme.textColor);
  const background = useStore(form.store, (s) => s.values.theme.backgroundColor);
  const contrast = contrastOf(text, background);
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
      <span className="contrast-sample" style={contrast ? { color: text, background } : undefined} aria-hidden="true">
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
