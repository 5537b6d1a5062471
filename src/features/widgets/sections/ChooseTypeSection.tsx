/**
 * "Choose type" (spec 002 §2 editor section 1, §3 display types Slider, Card, Thumbnail): visual
 * radio cards — a native radio group (arrow keys move, focus visible on the card), each with a small
 * drawing of the layout.
 */
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { WIDGET_TYPES, type WidgetType } from '../../../../server/src/modules/widget/widget.schemas';
import { useWidgetLabels } from '../widgetLabels';
import { WidgetSection, type SectionProps } from './SectionParts';

/** The layout drawings (decorative). */
function TypeDrawing({ type }: { type: WidgetType }) {
  const common = { fill: 'currentColor', opacity: 0.35 } as const;
  return (
    <svg viewBox="0 0 64 40" aria-hidden="true" focusable="false">
      {type === 'Slider' && [4, 24, 44].map((x) => <rect key={x} x={x} y={4} width={16} height={32} rx={3} {...common} />)}
      {type === 'Card' && [2, 18, 34, 50].map((x) => <rect key={x} x={x} y={8} width={12} height={24} rx={2} {...common} />)}
      {type === 'Thumbnail' && [8, 24, 40, 56].map((x) => <circle key={x} cx={x} cy={20} r={7} {...common} />)}
    </svg>
  );
}

export function ChooseTypeSection({ content, onChange, readOnly, errors }: SectionProps) {
  const { t } = useLingui();
  const labels = useWidgetLabels();
  const name = useId();
  const descriptions: Record<WidgetType, string> = {
    Slider: t`Large portrait slides, a few at a time.`,
    Card: t`Smaller cards in a row.`,
    Thumbnail: t`Round thumbnails, many at a time.`,
  };
  return (
    <WidgetSection id="type" title={t`Choose type`} readOnly={readOnly}>
      <div role="radiogroup" aria-label={t`Widget type`} className="type-cards">
        {WIDGET_TYPES.map((type) => (
          <label key={type} className="type-card">
            <input type="radio" name={name} value={type} checked={content.type === type} onChange={() => onChange({ ...content, type })} aria-describedby={`${name}-${type}`} />
            <TypeDrawing type={type} />
            <span className="type-name">{labels.type(type)}</span>
            <span id={`${name}-${type}`} className="muted small">
              {descriptions[type]}
            </span>
          </label>
        ))}
      </div>
      {errors.type && <p className="field-error">{errors.type}</p>}
    </WidgetSection>
  );
}
