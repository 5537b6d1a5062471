/**
 * "Advanced" (spec 002 §2 editor section 4; §3 analytics fields and analyticsIntegrationSettings; §4
 * "The consent-required toggle is disabled unless analytics is enabled"): collect analytics, ask
 * for consent, the analytics integration (none, GA4 / GTM in the player, the page's GA4 / GTM) with
 * its measurement or container id, the five consent storages (granted / denied), whether these
 * settings override each vidbot's own, and the custom CSS (parsed and allow-listed by the server).
 */
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONSENT_STORAGES, CONSENT_VALUES, ANALYTICS_INTEGRATIONS } from '../../../../server/src/modules/bot/content.rules';
import { MAX_WIDGET_CSS, type WidgetAnalyticsSettings, type WidgetContent } from '../../../../server/src/modules/widget/widget.schemas';
import { Check, WidgetSection, type SectionProps } from './SectionParts';

function TextInput({ label, value, onChange, error, maxLength, placeholder }: { label: string; value: string; onChange: (v: string) => void; error?: string; maxLength: number; placeholder?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-err`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function AdvancedSection({ content, onChange, readOnly, errors }: SectionProps) {
  const { t } = useLingui();
  const integrationId = useId();
  const cssId = useId();
  const s = content.analyticsIntegrationSettings;
  const setS = (patch: Partial<WidgetAnalyticsSettings>) => onChange({ ...content, analyticsIntegrationSettings: { ...s, ...patch } });
  const integrationLabels: Record<WidgetContent['analyticsIntegration'], string> = {
    none: t`None`,
    direct_ga4: t`GA4 in the player (GA4 measurement ID)`,
    direct_gtm: t`GTM in the player (GTM container ID)`,
    parent_ga4: t`The page's GA4`,
    parent_gtm: t`The page's GTM data layer`,
  };
  const consentLabels: Record<(typeof CONSENT_STORAGES)[number], string> = {
    adStorage: t`Ad storage`,
    analyticsStorage: t`Analytics storage`,
    functionalityStorage: t`Functionality storage`,
    personalizationStorage: t`Personalisation storage`,
    securityStorage: t`Security storage`,
  };
  const valueLabels: Record<(typeof CONSENT_VALUES)[number], string> = { granted: t`Granted`, denied: t`Denied` };
  const integration = content.analyticsIntegration;
  const cssError = errors['appearanceSettings.stylesRaw'];

  return (
    <WidgetSection id="advanced" title={t`Advanced`} readOnly={readOnly}>
      <fieldset>
        <legend>
          <Trans>Analytics</Trans>
        </legend>
        <Check
          label={<Trans>Collect analytics</Trans>}
          checked={content.isAnalyticsEnabled}
          onChange={(isAnalyticsEnabled) => onChange({ ...content, isAnalyticsEnabled })}
        />
        <Check
          label={<Trans>Ask for consent before collecting analytics</Trans>}
          disabled={!content.isAnalyticsEnabled}
          hint={content.isAnalyticsEnabled ? undefined : <Trans>Available when analytics is collected.</Trans>}
          checked={content.isAnalyticsConsentRequired}
          onChange={(isAnalyticsConsentRequired) => onChange({ ...content, isAnalyticsConsentRequired })}
        />
        <div className="field">
          <label htmlFor={integrationId}>
            <Trans>Send events to Google Analytics</Trans>
          </label>
          <select id={integrationId} value={integration} onChange={(e) => onChange({ ...content, analyticsIntegration: e.target.value as WidgetContent['analyticsIntegration'] })}>
            {ANALYTICS_INTEGRATIONS.map((x) => (
              <option key={x} value={x}>
                {integrationLabels[x]}
              </option>
            ))}
          </select>
        </div>
        {(integration === 'direct_ga4' || integration === 'parent_ga4') && (
          <TextInput label={t`GA4 measurement ID`} placeholder="G-XXXXXXX" maxLength={50} value={s.ga4Id ?? ''} error={errors['analyticsIntegrationSettings.ga4Id']} onChange={(ga4Id) => setS({ ga4Id })} />
        )}
        {(integration === 'direct_gtm' || integration === 'parent_gtm') && (
          <TextInput label={t`GTM container ID`} placeholder="GTM-XXXXXX" maxLength={50} value={s.gtmId ?? ''} error={errors['analyticsIntegrationSettings.gtmId']} onChange={(gtmId) => setS({ gtmId })} />
        )}
        <Check label={<Trans>Inject the analytics script into the page</Trans>} checked={s.jsInjectEnabled} onChange={(jsInjectEnabled) => setS({ jsInjectEnabled })} />
        <Check
          label={<Trans>Use these settings for every vidbot in the widget</Trans>}
          hint={<Trans>Otherwise each vidbot keeps its own analytics settings.</Trans>}
          checked={s.overrideBotSettings}
          onChange={(overrideBotSettings) => setS({ overrideBotSettings })}
        />
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Consent defaults</Trans>
        </legend>
        {CONSENT_STORAGES.map((k) => (
          <ConsentSelect key={k} label={consentLabels[k]} value={s[k]} labels={valueLabels} onChange={(value) => setS({ [k]: value })} />
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={cssId}>
          <Trans>Custom CSS</Trans>
        </label>
        <textarea
          id={cssId}
          className="widget-css"
          spellCheck={false}
          maxLength={MAX_WIDGET_CSS}
          value={content.appearanceSettings.stylesRaw}
          aria-invalid={cssError ? true : undefined}
          aria-describedby={`${cssId}-hint${cssError ? ` ${cssId}-err` : ''}`}
          onChange={(e) => onChange({ ...content, appearanceSettings: { ...content.appearanceSettings, stylesRaw: e.target.value } })}
        />
        <p id={`${cssId}-hint`} className="muted small field-hint">
          <Trans>Rules apply inside the carousel only; properties outside the allowed list are dropped when published.</Trans>
        </p>
        {cssError && (
          <p id={`${cssId}-err`} className="field-error">
            {cssError}
          </p>
        )}
      </div>
    </WidgetSection>
  );
}

function ConsentSelect({
  label,
  value,
  labels,
  onChange,
}: {
  label: string;
  value: (typeof CONSENT_VALUES)[number];
  labels: Record<(typeof CONSENT_VALUES)[number], string>;
  onChange: (value: (typeof CONSENT_VALUES)[number]) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as (typeof CONSENT_VALUES)[number])}>
        {CONSENT_VALUES.map((x) => (
          <option key={x} value={x}>
            {labels[x]}
          </option>
        ))}
      </select>
    </div>
  );
}
