/**
 * "Widget settings" (spec 002 §2 editor section 3; §3 appearanceSettings, visible counts, breakpoints;
 * §5 required fields and placeholders; §9 VISIBLE_LIMITS, default player background #000000ed):
 * appearance switches (arrows, bullets, infinite, auto preview, horizontal mode, auto swipe),
 * alignment, description on/off and its position, the player background colour with its opacity
 * (colour input + opacity slider → #rrggbbaa), corner radius, thumbnail size (Thumbnail type;
 * placeholder 80, empty → null), the active type's visible counts per device within the §9 maxima,
 * and the tablet / desktop breakpoints (placeholders 992 / 1200).
 */
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_BREAKPOINTS,
  DEFAULT_THUMBNAIL_SIZE,
  DESCRIPTION_POSITIONS,
  WIDGET_ALIGNMENTS,
  WIDGET_DEVICES,
  type AppearanceSettings,
  type WidgetDevice,
} from '../../../../server/src/modules/widget/widget.schemas';
import { joinHexAlpha, splitHexAlpha, visibleLimit } from './widgetContent.logic';
import { Check, NumberInput, WidgetSection, type SectionProps } from './SectionParts';

export function WidgetAppearanceSection({ content, onChange, readOnly, errors }: SectionProps) {
  const { t } = useLingui();
  const alignId = useId();
  const positionId = useId();
  const colorId = useId();
  const alphaId = useId();
  const a = content.appearanceSettings;
  const setA = (patch: Partial<AppearanceSettings>) => onChange({ ...content, appearanceSettings: { ...a, ...patch } });
  const bg = splitHexAlpha(a.playerBackgroundColor);
  const alignLabels: Record<(typeof WIDGET_ALIGNMENTS)[number], string> = { Left: t`Left`, Center: t`Center`, Right: t`Right` };
  const positionLabels: Record<(typeof DESCRIPTION_POSITIONS)[number], string> = { Top: t`Top`, Bottom: t`Bottom` };
  const deviceLabels: Record<WidgetDevice, string> = { mobile: t`Mobile`, tablet: t`Tablet`, desktop: t`Desktop` };
  const field = visibleLimit(content.type, 'mobile').field;
  const counts = content[field];
  const bgError = errors['appearanceSettings.playerBackgroundColor'];

  return (
    <WidgetSection id="settings" title={t`Widget settings`} readOnly={readOnly}>
      <fieldset>
        <legend>
          <Trans>Appearance</Trans>
        </legend>
        <Check label={<Trans>Arrows</Trans>} checked={a.arrows} onChange={(arrows) => setA({ arrows })} />
        <Check label={<Trans>Bullets</Trans>} checked={a.bullets} onChange={(bullets) => setA({ bullets })} />
        <Check label={<Trans>Infinite loop</Trans>} checked={a.infinite} onChange={(infinite) => setA({ infinite })} />
        <Check
          label={<Trans>Auto preview</Trans>}
          hint={<Trans>Plays a muted preview of the intro video on hover or focus.</Trans>}
          checked={a.autoPreview}
          onChange={(autoPreview) => setA({ autoPreview })}
        />
        <Check label={<Trans>Horizontal mode (16:9)</Trans>} checked={a.horizontalMode} onChange={(horizontalMode) => setA({ horizontalMode })} />
        <Check label={<Trans>Advance automatically</Trans>} checked={content.isAutoSwipe} onChange={(isAutoSwipe) => onChange({ ...content, isAutoSwipe })} />
        <div className="field">
          <label htmlFor={alignId}>
            <Trans>Alignment</Trans>
          </label>
          <select id={alignId} value={a.align} onChange={(e) => setA({ align: e.target.value as AppearanceSettings['align'] })}>
            {WIDGET_ALIGNMENTS.map((x) => (
              <option key={x} value={x}>
                {alignLabels[x]}
              </option>
            ))}
          </select>
        </div>
        <Check label={<Trans>Show descriptions</Trans>} checked={a.descriptionEnabled} onChange={(descriptionEnabled) => setA({ descriptionEnabled })} />
        <div className="field">
          <label htmlFor={positionId}>
            <Trans>Description position</Trans>
          </label>
          <select
            id={positionId}
            value={a.descriptionPosition}
            disabled={!a.descriptionEnabled}
            onChange={(e) => setA({ descriptionPosition: e.target.value as AppearanceSettings['descriptionPosition'] })}
          >
            {DESCRIPTION_POSITIONS.map((x) => (
              <option key={x} value={x}>
                {positionLabels[x]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <span className="label" id={`${colorId}-group`}>
            <Trans>Player background</Trans>
          </span>
          <div className="color-alpha" role="group" aria-labelledby={`${colorId}-group`}>
            <label htmlFor={colorId} className="visually-hidden">
              <Trans>Player background colour</Trans>
            </label>
            <input id={colorId} type="color" value={bg.color} onChange={(e) => setA({ playerBackgroundColor: joinHexAlpha(e.target.value, bg.alpha) })} />
            <label htmlFor={alphaId}>
              <Trans>Opacity</Trans>
            </label>
            <input
              id={alphaId}
              type="range"
              min={0}
              max={100}
              step={1}
              value={Math.round(bg.alpha * 100)}
              aria-valuetext={`${Math.round(bg.alpha * 100)} %`}
              onChange={(e) => setA({ playerBackgroundColor: joinHexAlpha(bg.color, Number(e.target.value) / 100) })}
            />
            <output htmlFor={`${colorId} ${alphaId}`} className="muted small">
              {a.playerBackgroundColor}
            </output>
          </div>
          {bgError && <p className="field-error">{bgError}</p>}
        </div>
        <NumberInput
          label={<Trans>Corner radius (px)</Trans>}
          value={a.radius}
          min={0}
          max={200}
          placeholder="0"
          serverError={errors['appearanceSettings.radius']}
          onChange={(radius) => setA({ radius: radius ?? Number.NaN })}
        />
        {content.type === 'Thumbnail' && (
          <NumberInput
            label={<Trans>Thumbnail size (px)</Trans>}
            value={a.thumbnailSize}
            nullable
            min={40}
            max={400}
            placeholder={String(DEFAULT_THUMBNAIL_SIZE)}
            hint={<Trans>Empty uses the default size.</Trans>}
            serverError={errors['appearanceSettings.thumbnailSize']}
            onChange={(thumbnailSize) => setA({ thumbnailSize })}
          />
        )}
      </fieldset>

      <fieldset>
        <legend>
          <Trans>Visible at once</Trans>
        </legend>
        <div className="counts-grid">
          {WIDGET_DEVICES.map((device) => {
            const { max } = visibleLimit(content.type, device);
            return (
              <NumberInput
                key={device}
                label={deviceLabels[device]}
                value={counts[device]}
                min={1}
                max={max}
                hint={<Trans>Up to {max}</Trans>}
                serverError={errors[`${field}.${device}`]}
                onChange={(n) => onChange({ ...content, [field]: { ...counts, [device]: n ?? Number.NaN } })}
              />
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend>
          <Trans>Breakpoints (px)</Trans>
        </legend>
        <div className="counts-grid">
          <NumberInput
            label={<Trans>Tablet from</Trans>}
            value={content.breakpoints.tablet}
            min={320}
            max={4000}
            placeholder={String(DEFAULT_BREAKPOINTS.tablet)}
            serverError={errors['breakpoints.tablet']}
            onChange={(tablet) => onChange({ ...content, breakpoints: { ...content.breakpoints, tablet: tablet ?? Number.NaN } })}
          />
          <NumberInput
            label={<Trans>Desktop from</Trans>}
            value={content.breakpoints.desktop}
            min={Math.max(320, (Number.isFinite(content.breakpoints.tablet) ? content.breakpoints.tablet : 319) + 1)}
            max={4000}
            placeholder={String(DEFAULT_BREAKPOINTS.desktop)}
            serverError={errors['breakpoints.desktop']}
            onChange={(desktop) => onChange({ ...content, breakpoints: { ...content.breakpoints, desktop: desktop ?? Number.NaN } })}
          />
        </div>
      </fieldset>
    </WidgetSection>
  );
}
