/**
 * The settings tab of the vidbot editor (spec 001 §2 "Settings tab", §3 "{product}" and "Share
 * settings", §5 Settings / widget / iframe rules, §6 feature gates and power-user mode, §9 defaults;
 * issue 11 "Settings tab"; route `vidbots.$id.settings.tsx`).
 *
 * One TanStack form holds `{ theme, settings }` of the draft (`useEditor().content`). Every change
 * goes to the draft at once through `change(next)` (architecture §1: Save draft, Publish and the
 * unsaved-changes prompt cover settings), valid or not, so no typed input is ever lost; the form's
 * validator applies the server's own valibot schemas (settingsModel.ts) and each control shows its
 * field message. When the draft is replaced from outside (a save's answer, view published) the form
 * starts again from it.
 *
 * Sections are labelled fieldsets with headings; each gated section or field shows only when the
 * account has the flag the server checks for it (SETTING_FEATURE_GATES of content.rules.ts); the use
 * case shows only in power-user mode. Read-only (`readOnly`): everything visible, nothing editable.
 * Tags are bot-level (SettingsTags.tsx): saved at once, not with the draft.
 */
import { lazy, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import './settings.css';
import { useForm, useStore } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AD_PLACEMENTS,
  AD_PLACEMENT_SIZES,
  AD_PLATFORMS,
  CAPTION_LANGUAGES,
  CONSENT_STORAGES,
  HIDE_ON_SCROLL,
  SHARE_LANGUAGES,
  WIDGET_ALIGNS,
  hasFeature,
  mergeBotSettings,
} from '../../../../server/src/modules/bot/content.rules';
import { meOptions } from '../../../api/queries';
import { DEFAULT_CROP } from '../../media/media.types';
import { usePowerUserMode } from '../../chrome/powerUser';
import type { BotContent } from '../vidbot.types';
import { useEditor } from './editorContext';
import { ColourInput, MediaPick, NumberInput, Select, TextInput, ThumbnailFields, Toggle } from './SettingsFields';
import { settingsFormIssues, themeValues, type SettingsFormValues, type SlideInfo } from './settingsModel';

// The contrast readout with colord loads after the tab's first render (the route's size budget, scripts/size-budget.mjs).
// Tags (saved at once, their own queries) load beside the form.
const SettingsTags = lazy(() => import('./SettingsTags').then((m) => ({ default: m.SettingsTags })));
// The URL maps table (feature url_map) loads when its section shows.
const UrlMapsTable = lazy(() => import('./UrlMapsTable').then((m) => ({ default: m.UrlMapsTable })));
const ContrastReadout = lazy(() => import('./ContrastReadout').then((m) => ({ default: m.ContrastReadout })));

/** The settings form (its values: `SettingsFormValues`). */
function useSettingsForm(initial: SettingsFormValues, validate: (values: SettingsFormValues) => Record<string, string>, onValues: (values: SettingsFormValues) => void) {
  return useForm({
    defaultValues: initial,
    validators: {
      onChange: ({ value }) => {
        const fields = validate(value);
        return Object.keys(fields).length > 0 ? { fields: fields as never } : undefined;
      },
    },
    listeners: { onChange: ({ formApi }) => onValues(formApi.state.values) },
  });
}
/** The settings form's API (what the section components bind to). */
export type SettingsForm = ReturnType<typeof useSettingsForm>;

/** The settings tab. */
export function SettingsTab() {
  const { content, change } = useEditor();
  // The form restarts when the draft's theme/settings change other than by this tab's own edits.
  const track = useRef({ theme: content.theme, settings: content.settings, epoch: 0 });
  if (track.current.theme !== content.theme || track.current.settings !== content.settings) {
    track.current = { theme: content.theme, settings: content.settings, epoch: track.current.epoch + 1 };
  }
  const contentRef = useRef(content);
  contentRef.current = content;
  const push = (values: SettingsFormValues) => {
    const next: BotContent = { ...contentRef.current, theme: values.theme, settings: values.settings as BotContent['settings'] };
    track.current = { ...track.current, theme: next.theme, settings: next.settings };
    change(next);
  };
  return <SettingsFormView key={track.current.epoch} content={content} onValues={push} />;
}

function SettingsFormView({ content, onValues }: { content: BotContent; onValues: (values: SettingsFormValues) => void }) {
  const { t, i18n } = useLingui();
  const { account, readOnly, features } = useEditor();
  const me = useQuery(meOptions());
  const powerUser = usePowerUserMode(me.data);
  const slides: SlideInfo[] = content.slides.map((s) => ({ id: s.id, name: s.name, category: s.category, type: s.type, duration: (s as { duration?: number | null }).duration }));
  const slidesRef = useRef(slides);
  slidesRef.current = slides;
  const validate = (values: SettingsFormValues) => {
    const issues = settingsFormIssues(values, slidesRef.current);
    return Object.fromEntries(Object.entries(issues).map(([path, m]) => [path, i18n._(m)]));
  };
  const form = useSettingsForm({ theme: themeValues(content.theme), settings: mergeBotSettings(content.settings) }, validate, onValues);
  useEffect(() => {
    // Show the messages of a stored draft at once (the fields are registered by now).
    void form.validate('change');
  }, [form]);
  const errorCount = useStore(form.store, (s) => Object.values(s.fieldMeta as Record<string, { errors?: unknown[] } | undefined>).filter((m) => (m?.errors ?? []).length > 0).length);
  const gate = (name: string) => hasFeature(features, name);
  const canUpload = !readOnly && account.role !== 'Viewer';
  const media = { accountId: account.id, canUpload };
  const alignNames: Record<(typeof WIDGET_ALIGNS)[number], string> = {
    bottom_right: t`Bottom right`,
    bottom_left: t`Bottom left`,
    top_right: t`Top right`,
    top_left: t`Top left`,
  };
  const languages = SHARE_LANGUAGES.map((l) => ({ value: l, label: languageName(l, i18n.locale) }));

  return (
    <section aria-labelledby="settings-heading" className="settings-tab">
      <h2 id="settings-heading">
        <Trans>Settings</Trans>
      </h2>
      <p className="muted">
        <Trans>Changes here are part of the draft: use Save draft or Publish to keep them. Tags are saved at once.</Trans>
      </p>
      {errorCount > 0 && (
        <p className="alert alert-error" role="alert">
          <Trans>Some settings are not valid (marked below); the draft cannot be saved until they are fixed.</Trans>
        </p>
      )}
      {readOnly && (
        <p className="muted" role="note">
          <Trans>Read-only: you can see these settings but not change them.</Trans>
        </p>
      )}
      <Suspense fallback={null}>
        <SettingsTags />
      </Suspense>
      <form noValidate onSubmit={(e) => e.preventDefault()}>
        <fieldset disabled={readOnly} className="settings-sections">
          <Section id="appearance" title={t`Appearance`}>
            <ColourInput form={form} name="theme.textColor" required label={t`Text colour`} />
            <ColourInput form={form} name="theme.backgroundColor" required label={t`Background colour`} />
            <Suspense fallback={null}>
              <ContrastReadout form={form} />
            </Suspense>
            <Toggle form={form} name="theme.isGradientEnabled" label={<Trans>Gradient background</Trans>} />
            <Toggle form={form} name="theme.isArrowButtonEnabled" label={<Trans>Arrow buttons</Trans>} />
            <Toggle form={form} name="theme.backButtonIntro" label={<Trans>Back button on the intro slide</Trans>} />
            <NumberInput
              form={form}
              name="theme.delayButtons"
              optional
              min={0}
              label={<Trans>Delay buttons (seconds)</Trans>}
              hint={<Trans>Empty: the buttons show at once.</Trans>}
            />
            <TextInput form={form} name="theme.stylesRaw" nullable multiline label={<Trans>Custom styles (CSS)</Trans>} />
          </Section>

          <Section id="branding" title={t`Logo, covers and company`}>
            <MediaPick form={form} name="settings.logoId" label={<Trans>Logo</Trans>} kinds={['LogoImage', 'LogoVideo']} {...media} />
            <MediaPick form={form} name="settings.widgetCoverId" label={<Trans>Widget cover</Trans>} kinds={['CoverImage']} {...media} />
            <MediaPick form={form} name="settings.thumbnailCoverId" label={<Trans>Thumbnail cover</Trans>} kinds={['CoverImage']} {...media} />
            <Toggle form={form} name="settings.isHorizontalCoverEnabled" label={<Trans>Horizontal cover</Trans>} />
            <TextInput form={form} name="settings.thumbnailDescription" nullable multiline label={<Trans>Thumbnail description</Trans>} />
            <ColourInput form={form} name="settings.thumbnailDescriptionColor" nullable label={t`Thumbnail description colour`} />
            <TextInput form={form} name="settings.companyName" nullable label={<Trans>Company name</Trans>} />
          </Section>

          <Section id="seo" title={t`SEO`}>
            <TextInput form={form} name="settings.seoMeta.title" nullable label={<Trans>SEO title</Trans>} />
            <TextInput form={form} name="settings.seoMeta.description" nullable multiline label={<Trans>SEO description</Trans>} />
            <Toggle form={form} name="settings.seoMeta.isIndexingDisabled" label={<Trans>Ask search engines not to index the share pages</Trans>} />
          </Section>

          <AnalyticsSection form={form} noCookies={gate('no_cookies')} />

          <Section id="captions" title={t`Captions`}>
            <Toggle form={form} name="settings.isCaptionEnabled" label={<Trans>Show captions</Trans>} />
            <Toggle form={form} name="settings.isCaptionOnPauseEnabled" label={<Trans>Show captions when paused</Trans>} />
            <Select
              form={form}
              name="settings.language"
              label={<Trans>Caption language</Trans>}
              options={CAPTION_LANGUAGES.map((l) => ({ value: l, label: languageName(l, i18n.locale) }))}
            />
          </Section>

          <Section id="widget" title={t`Widget`}>
            <MediaPick form={form} name="settings.widgetSettings.chatVideoId" label={<Trans>Widget video</Trans>} kinds={['SlideVideo', 'LogoVideo']} {...media} />
            <CropFields form={form} />
            <div className="settings-grid">
              <NumberInput form={form} name="settings.widgetSettings.width" required label={<Trans>Width (px)</Trans>} />
              <NumberInput form={form} name="settings.widgetSettings.height" required label={<Trans>Height (px)</Trans>} />
              <Select
                form={form}
                name="settings.widgetSettings.align" required
                label={<Trans>Position</Trans>}
                options={WIDGET_ALIGNS.map((a) => ({ value: a, label: alignNames[a] }))}
              />
              <NumberInput form={form} name="settings.widgetSettings.verticalOffset" required label={<Trans>Vertical offset (px)</Trans>} />
              <NumberInput form={form} name="settings.widgetSettings.horizontalOffset" required label={<Trans>Horizontal offset (px)</Trans>} />
              <NumberInput form={form} name="settings.widgetSettings.coverOffset" label={<Trans>Cover offset (px)</Trans>} />
              <NumberInput form={form} name="settings.widgetSettings.loopLimit" label={<Trans>Loop limit</Trans>} />
              <Select form={form} name="settings.widgetSettings.language" required label={<Trans>Widget language</Trans>} options={languages} />
            </div>
            <ColourInput form={form} name="settings.widgetSettings.borderColor" required label={t`Border colour`} />
            <Toggle form={form} name="settings.widgetSettings.horizontalMode" label={<Trans>Horizontal mode</Trans>} />
            <Toggle form={form} name="settings.widgetSettings.horizontalModeMobile" label={<Trans>Horizontal mode on mobile</Trans>} />
            <TextInput form={form} name="settings.widgetSettings.text" maxLength={255} label={<Trans>Call-to-action text</Trans>} />
            <NumberInput form={form} name="settings.widgetSettings.textDurationMs" label={<Trans>Call-to-action duration (ms)</Trans>} />
            <ColourInput form={form} name="settings.widgetSettings.ctaTextColor" required label={t`Call-to-action text colour`} />
            <ColourInput form={form} name="settings.widgetSettings.ctaBackgroundColor" required label={t`Call-to-action background colour`} />
            <Toggle form={form} name="settings.widgetSettings.hideCtaMobile" label={<Trans>Hide the call to action on mobile</Trans>} />
            {gate('hide_widget_on_scroll') && (
              <Select
                form={form}
                name="settings.widgetSettings.hideOnScroll"
                label={<Trans>Hide on scroll</Trans>}
                options={HIDE_ON_SCROLL.map((h) => ({ value: h, label: h === 'mobile' ? t`On mobile` : h === 'both' ? t`On mobile and desktop` : t`Never` }))}
              />
            )}
            <Toggle form={form} name="settings.widgetSettings.automaticallyOpen" label={<Trans>Open automatically</Trans>} />
            <NumberInput form={form} name="settings.widgetSettings.openAfter" label={<Trans>Open after (ms)</Trans>} />
            <Toggle form={form} name="settings.widgetSettings.autoplayMuted" label={<Trans>Autoplay muted</Trans>} />
            {gate('close_button') && <Toggle form={form} name="settings.widgetSettings.closeButtonEnabled" label={<Trans>Close button</Trans>} />}
            {gate('vidbot_scheduler') && <SchedulerFields form={form} />}
            <ThumbnailFields form={form} base="settings.widgetSettings.thumbnail" slides={slides} withType {...media} />
            <TextInput form={form} name="settings.widgetSettings.stylesRaw" nullable multiline label={<Trans>Widget custom styles (CSS)</Trans>} />
          </Section>

          <Section id="iframe" title={t`Iframe`}>
            <Select form={form} name="settings.iframeSettings.language" label={<Trans>Iframe language</Trans>} options={languages} />
            <NumberInput form={form} name="settings.iframeSettings.width" label={<Trans>Iframe width (px)</Trans>} />
            <NumberInput form={form} name="settings.iframeSettings.height" label={<Trans>Iframe height (px)</Trans>} />
            <Toggle form={form} name="settings.iframeSettings.autoplayOnScroll" label={<Trans>Autoplay when scrolled into view</Trans>} />
            <Toggle form={form} name="settings.iframeSettings.hideActionButtonsUntilPlay" label={<Trans>Hide buttons until played</Trans>} />
            <ThumbnailFields form={form} base="settings.iframeSettings.thumbnail" slides={slides} withType {...media} />
          </Section>

          <LinkSection form={form} slides={slides} languages={languages} media={media} />

          {gate('vidbot_as_ads') && (
            <Section id="ads" title={t`Display ads`}>
              <Select
                form={form}
                name="settings.adSettings.placement"
                label={<Trans>Ad placement</Trans>}
                options={AD_PLACEMENTS.map((p) => ({ value: p, label: `${p} (${AD_PLACEMENT_SIZES[p].width}×${AD_PLACEMENT_SIZES[p].height})` }))}
              />
              <Select form={form} name="settings.adSettings.adPlatform" label={<Trans>Ad platform</Trans>} options={AD_PLATFORMS.map((p) => ({ value: p, label: p }))} />
              <Toggle form={form} name="settings.adSettings.horizontalDesktopLayout" label={<Trans>Horizontal layout on desktop</Trans>} />
              <TextInput form={form} name="settings.adSettings.consentString" nullable label={<Trans>Consent string</Trans>} />
              <TextInput form={form} name="settings.adSettings.clickTag" nullable label={<Trans>Click tag</Trans>} />
              <TextInput form={form} name="settings.adSettings.impressionTag" nullable label={<Trans>Impression tag</Trans>} />
              <Select form={form} name="settings.adSettings.language" label={<Trans>Ad language</Trans>} options={languages} />
              <Toggle form={form} name="settings.adSettings.autoplayOnScroll" label={<Trans>Autoplay the ad when scrolled into view</Trans>} />
              <Toggle form={form} name="settings.adSettings.loopIntroSlide" label={<Trans>Loop the intro slide</Trans>} />
              <ThumbnailFields form={form} base="settings.adSettings.thumbnail" slides={slides} {...media} />
            </Section>
          )}

          {gate('url_map') && (
            <Section id="url-maps" title={t`URL maps`}>
              <Toggle form={form} name="settings.urlMapsSettings.enabled" label={<Trans>Use URL maps</Trans>} />
              <Toggle form={form} name="settings.urlMapsSettings.defaultBotDisabled" label={<Trans>Show no vidbot on pages without a map</Trans>} />
              <Suspense fallback={null}>
                <UrlMapsTable form={form} />
              </Suspense>
            </Section>
          )}

          {(gate('company_profile') || gate('likes') || gate('hide_watermark') || gate('hide_share_button')) && (
            <Section id="player" title={t`Player features`}>
              {gate('company_profile') && <Toggle form={form} name="settings.isCompanyProfileEnabled" label={<Trans>Company profile</Trans>} />}
              {gate('likes') && <Toggle form={form} name="settings.isLikesEnabled" label={<Trans>Likes</Trans>} />}
              {gate('hide_watermark') && <Toggle form={form} name="settings.isWatermarkDisabled" label={<Trans>Hide the watermark</Trans>} />}
              {gate('hide_share_button') && <Toggle form={form} name="settings.isShareDisabled" label={<Trans>Hide the share button</Trans>} />}
            </Section>
          )}

          <Section id="meta-pixel" title={t`Meta pixel`}>
            <Toggle form={form} name="settings.metaTrackingSettings.enabled" label={<Trans>Meta pixel tracking</Trans>} />
            <TextInput form={form} name="settings.metaTrackingSettings.pixelId" nullable label={<Trans>Pixel ID</Trans>} />
          </Section>

          {powerUser && (
            <Section id="use-case" title={t`Use case`}>
              <TextInput form={form} name="settings.useCase" nullable label={<Trans>Use case</Trans>} hint={<Trans>Power-user setting.</Trans>} />
            </Section>
          )}
        </fieldset>
      </form>
    </section>
  );
}

/** A labelled fieldset with a heading; `settings-{id}` is its anchor (the share tab links to `#settings-widget` etc.). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <fieldset className="settings-section" aria-labelledby={headingId} data-section={id} id={`settings-${id}`}>
      <h3 id={headingId}>{title}</h3>
      {children}
    </fieldset>
  );
}

/** Analytics (spec 001 §3; spec 002 §4: consent-required is disabled unless analytics is enabled; `no_cookies` gate). */
function AnalyticsSection({ form, noCookies }: { form: SettingsForm; noCookies: boolean }) {
  const { t } = useLingui();
  const enabled = useStore(form.store, (s) => s.values.settings.isAnalyticEnabled);
  const consentLabels: Record<(typeof CONSENT_STORAGES)[number], string> = {
    adStorage: t`Ad storage`,
    analyticsStorage: t`Analytics storage`,
    functionalityStorage: t`Functionality storage`,
    personalizationStorage: t`Personalisation storage`,
    securityStorage: t`Security storage`,
  };
  return (
    <Section id="analytics" title={t`Analytics`}>
      <Toggle form={form} name="settings.isAnalyticEnabled" label={<Trans>Collect analytics</Trans>} />
      {noCookies && (
        <Toggle form={form} name="settings.isAnalyticsConsentRequired" disabled={!enabled} label={<Trans>Ask for consent before collecting analytics</Trans>} />
      )}
      <Toggle form={form} name="settings.analyticsIntegrationSettings.jsInjectEnabled" label={<Trans>Inject the analytics script into the page</Trans>} />
      <Select
        form={form}
        name="settings.analyticsIntegration"
        label={<Trans>Send events to Google Analytics</Trans>}
        options={[
          { value: 'none', label: t`No` },
          { value: 'direct_ga4', label: t`GA4 in the player (GA4 measurement ID)` },
          { value: 'direct_gtm', label: t`GTM in the player (GTM container ID)` },
          { value: 'parent_ga4', label: t`The page's GA4 (widget)` },
          { value: 'parent_gtm', label: t`The page's GTM data layer (widget)` },
        ]}
      />
      <TextInput form={form} name="settings.analyticsIntegrationSettings.ga4Id" nullable label={<Trans>GA4 measurement ID</Trans>} />
      <TextInput form={form} name="settings.analyticsIntegrationSettings.gtmId" nullable label={<Trans>GTM container ID</Trans>} />
      <div className="settings-grid">
        {CONSENT_STORAGES.map((k) => (
          <Select
            key={k}
            form={form}
            name={`settings.analyticsIntegrationSettings.${k}`}
            label={consentLabels[k]}
            options={[
              { value: 'granted', label: t`Granted` },
              { value: 'denied', label: t`Denied` },
            ]}
          />
        ))}
      </div>
    </Section>
  );
}

/** Link settings (spec 001 §3): the thumbnail is optional (null = the start slide's own). */
function LinkSection({
  form,
  slides,
  languages,
  media,
}: {
  form: SettingsForm;
  slides: SlideInfo[];
  languages: { value: string; label: string }[];
  media: { accountId: number; canUpload: boolean };
}) {
  const { t } = useLingui();
  const { readOnly } = useEditor();
  const thumbnail = useStore(form.store, (s) => s.values.settings.linkSettings.thumbnail);
  const id = useId();
  return (
    <Section id="link" title={t`Link`}>
      <Select form={form} name="settings.linkSettings.language" label={<Trans>Link language</Trans>} options={languages} />
      <Select
        form={form}
        name="settings.linkSettings.slideId"
        label={<Trans>Start slide</Trans>}
        options={slides.map((s) => ({ value: s.id, label: s.name }))}
        nullLabel={t`The intro slide`}
        numeric
      />
      <Toggle form={form} name="settings.linkSettings.autoplayMuted" label={<Trans>Autoplay muted</Trans>} />
      <Toggle form={form} name="settings.linkSettings.hideActionButtonsUntilPlay" label={<Trans>Hide buttons until played</Trans>} />
      <form.Field name="settings.linkSettings.thumbnail">
        {(field) => (
          <div className="field checkbox-field">
            <input
              id={id}
              type="checkbox"
              checked={thumbnail !== null}
              disabled={readOnly}
              onChange={(e) => field.handleChange(e.target.checked ? { thumbnailType: 'frame', slide: null, time: 0 } : null)}
            />
            <label htmlFor={id}>
              <Trans>Own link thumbnail</Trans>
            </label>
          </div>
        )}
      </form.Field>
      {thumbnail !== null && <ThumbnailFields form={form} base="settings.linkSettings.thumbnail" slides={slides} withType {...media} />}
    </Section>
  );
}

/** Crop of the widget video (spec 001 §3 Crop: x, y 0–100 %, scale 0.5–5; default 50, 50, 1; null = no crop). */
function CropFields({ form }: { form: SettingsForm }) {
  const { readOnly } = useEditor();
  const id = useId();
  const crop = useStore(form.store, (s) => s.values.settings.widgetSettings.chatVideoCrop);
  return (
    <>
      <form.Field name="settings.widgetSettings.chatVideoCrop">
        {(field) => (
          <div className="field checkbox-field">
            <input id={id} type="checkbox" checked={crop !== null} disabled={readOnly} onChange={(e) => field.handleChange(e.target.checked ? { ...DEFAULT_CROP } : null)} />
            <label htmlFor={id}>
              <Trans>Crop the widget video</Trans>
            </label>
          </div>
        )}
      </form.Field>
      {crop !== null && (
        <div className="settings-grid">
          <NumberInput form={form} name="settings.widgetSettings.chatVideoCrop.x" label={<Trans>Crop centre x (%)</Trans>} />
          <NumberInput form={form} name="settings.widgetSettings.chatVideoCrop.y" label={<Trans>Crop centre y (%)</Trans>} />
          <NumberInput form={form} name="settings.widgetSettings.chatVideoCrop.scale" label={<Trans>Crop zoom (0.5–5)</Trans>} />
        </div>
      )}
    </>
  );
}

/** Widget scheduler (`vidbot_scheduler`): enabled, start and end as local date-times stored as ISO 8601. */
function SchedulerFields({ form }: { form: SettingsForm }) {
  return (
    <div className="settings-scheduler">
      <Toggle form={form} name="settings.widgetSettings.vidbotScheduler.enabled" label={<Trans>Show the widget only between these times</Trans>} />
      <DateTimeInput form={form} name="settings.widgetSettings.vidbotScheduler.startTime" label={<Trans>Start</Trans>} />
      <DateTimeInput form={form} name="settings.widgetSettings.vidbotScheduler.endTime" label={<Trans>End</Trans>} />
    </div>
  );
}

/** A local date-time input stored as ISO 8601 (UTC) or null. */
function DateTimeInput({ form, name, label }: { form: SettingsForm; name: 'settings.widgetSettings.vidbotScheduler.startTime' | 'settings.widgetSettings.vidbotScheduler.endTime'; label: ReactNode }) {
  const id = useId();
  const { readOnly } = useEditor();
  return (
    <form.Field name={name}>
      {(field) => (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input id={id} type="datetime-local" disabled={readOnly} value={toLocalInput(field.state.value)} onChange={(e) => field.handleChange(e.target.value ? new Date(e.target.value).toISOString() : null)} />
        </div>
      )}
    </form.Field>
  );
}

/** ISO 8601 → the `datetime-local` text of the same instant in local time. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A language's name in the UI language, with its code (Intl). */
function languageName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
