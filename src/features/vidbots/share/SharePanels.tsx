/**
 * The share tab's sub-tabs (spec 001 §2 "Share pages", §3 Share settings, §4 "Share code", §6
 * `widget_sync` / `vidbot_as_ads`; spec 002 §2 widget preview, §9 embed code; issue 12 "Distribution";
 * issue 20): widget (index route), iframe, link, display ads. Each one: the §4 warnings or the code
 * with Copy, the CSP additions (CspPanel) and a live preview; a link to its settings section.
 *
 * Live previews are frames of this dashboard's own origin (the app's CSP allows `frame-src 'self'`):
 * the widget preview `/widget-preview/{publicId}` shows once it announces `VIDBOT_PREVIEW_READY`
 * (spec 002 §2), the iframe embed `/e/{publicId}` once it posts `VIDBOT_LOADED` (embed/shared/
 * protocol.ts); until then a status line says it is loading, and after PREVIEW_WAIT_MS that the
 * preview is not available (the code works regardless).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { SHARE_LANGUAGES, hasFeature } from '../../../../server/src/modules/bot/content.rules';
import { adHarnessUrl, directLink, iframeCode, iframeSize, iframeUrl, widgetCode, widgetPreviewUrl } from '../../../../server/src/modules/share/embed.codes';
import { isVidbotMessage } from '../../../../embed/shared/protocol';
import { toast } from '../../../ui/toast';
import { CodeBlock, CspPanel, SettingsLink, ShareWarnings, useShare } from './ShareTab';
import { AD_PACKAGE_PLATFORMS, cappedFrameSize, usesSyncWidget } from './share.logic';
import { adPackageProbeOptions, downloadAdPackage } from './share.queries';

/** How long a live preview may take to answer before the tab says it is not available. */
export const PREVIEW_WAIT_MS = 20_000;

/** The widget sub-tab: the loader (or sync) code, its CSP additions, the widget preview. */
export function WidgetPanel() {
  const { t } = useLingui();
  const { bot, settings, features, origin, pageOrigin, availability, settingsParams } = useShare('widget');
  const sync = usesSyncWidget(features);
  const [withConsent, setWithConsent] = useState(false);
  const consentId = useId();
  const a = settings.analyticsIntegrationSettings;
  const consent = withConsent
    ? { adStorage: a.adStorage, analyticsStorage: a.analyticsStorage, functionalityStorage: a.functionalityStorage, personalizationStorage: a.personalizationStorage, securityStorage: a.securityStorage }
    : undefined;
  return (
    <div className="share-sub" data-share-tab="widget">
      <h3 className="visually-hidden">
        <Trans>Widget</Trans>
      </h3>
      <p className="muted">
        <Trans>
          Paste the code into your site's HTML, before the closing &lt;/body&gt; tag. The widget shows a bubble with the widget video and
          opens the vidbot when clicked.
        </Trans>{' '}
        <SettingsLink params={settingsParams} section="widget">
          <Trans>Widget settings</Trans>
        </SettingsLink>
      </p>
      <ShareWarnings availability={availability} status={bot.status} />
      {availability.showCode && (
        <>
          <div>
            <div className="field checkbox-field">
              <input id={consentId} type="checkbox" checked={withConsent} onChange={(e) => setWithConsent(e.target.checked)} aria-describedby={`${consentId}-hint`} />
              <label htmlFor={consentId}>
                <Trans>Add the consent attributes</Trans>
              </label>
            </div>
            <p className="muted small" id={`${consentId}-hint`}>
              <Trans>
                The five data-…-storage attributes, set as in the analytics settings. Your consent tool may change them before the script loads;
                the widget reads them once.
              </Trans>
            </p>
          </div>
          <CodeBlock
            label={sync ? t`Embed code (synchronous)` : t`Embed code`}
            code={widgetCode(origin, bot.publicId, { sync, consent })}
            copyLabel={t`Copy the embed code`}
            disabled={!availability.canCopy}
            hint={
              sync ? (
                <Trans>The synchronous variant brings the widget's settings with the script, so the bubble shows while the page loads.</Trans>
              ) : undefined
            }
          />
          <CspPanel kind="widget" origin={origin} options={{ analytics: settings.isAnalyticEnabled, sync }} disabled={!availability.canCopy} />
          <LivePreview
            title={t`Widget preview`}
            src={widgetPreviewUrl(pageOrigin, bot.publicId)}
            size={{ width: 720, height: 480 }}
            isReady={(data) => typeof data === 'object' && data !== null && (data as { action?: unknown }).action === 'VIDBOT_PREVIEW_READY'}
          />
        </>
      )}
    </div>
  );
}

/** The iframe sub-tab: the iframe code at the configured size, its CSP addition, the frame itself. */
export function IframePanel() {
  const { t } = useLingui();
  const { bot, settings, origin, pageOrigin, availability, settingsParams } = useShare('iframe');
  const size = iframeSize(settings.iframeSettings);
  const { width, height } = size;
  return (
    <div className="share-sub" data-share-tab="iframe">
      <h3 className="visually-hidden">
        <Trans>Iframe</Trans>
      </h3>
      <p className="muted">
        <Trans>
          Paste the code where the vidbot should appear in the page. Size: {width} × {height} px.
        </Trans>{' '}
        <SettingsLink params={settingsParams} section="iframe">
          <Trans>Iframe settings</Trans>
        </SettingsLink>
      </p>
      <ShareWarnings availability={availability} status={bot.status} />
      {availability.showCode && (
        <>
          <CodeBlock label={t`Iframe code`} code={iframeCode(origin, bot.publicId, settings.iframeSettings, bot.name)} copyLabel={t`Copy the iframe code`} disabled={!availability.canCopy} />
          <CspPanel kind="iframe" origin={origin} options={{ analytics: settings.isAnalyticEnabled }} disabled={!availability.canCopy} />
          <LivePreview
            title={t`Iframe preview`}
            src={`${iframeUrl(pageOrigin, bot.publicId)}&host=${encodeURIComponent(pageOrigin)}`}
            size={size}
            isReady={(data) => isVidbotMessage(data) && data.type === 'VIDBOT_LOADED'}
          />
        </>
      )}
    </div>
  );
}

/** The link sub-tab: the direct link (with optional language and start slide), Copy and Open. */
export function LinkPanel() {
  const { t, i18n } = useLingui();
  const { bot, content, settings, origin, availability, settingsParams } = useShare('link');
  const [language, setLanguage] = useState<string>('');
  const [slide, setSlide] = useState<string>('');
  const langId = useId();
  const slideId = useId();
  const url = directLink(origin, bot.publicId, { language: language || null, slideId: slide ? Number(slide) : null });
  const stored = settings.linkSettings;
  const storedSlide = content.slides.find((s) => s.id === stored.slideId)?.name;
  return (
    <div className="share-sub" data-share-tab="link">
      <h3 className="visually-hidden">
        <Trans>Link</Trans>
      </h3>
      <p className="muted">
        <Trans>A page of its own for this vidbot, to send by e-mail or post on social media. Link previews show its SEO title and thumbnail.</Trans>{' '}
        <SettingsLink params={settingsParams} section="link">
          <Trans>Link settings</Trans>
        </SettingsLink>
      </p>
      <ShareWarnings availability={availability} status={bot.status} />
      {availability.showCode && (
        <>
          <div className="share-overrides">
            <div className="field">
              <label htmlFor={langId}>
                <Trans>Language of this link</Trans>
              </label>
              <select id={langId} value={language} onChange={(e) => setLanguage(e.target.value)}>
                <option value="">{t`As in the link settings (${stored.language})`}</option>
                {SHARE_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {languageName(l, i18n.locale)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={slideId}>
                <Trans>Start slide of this link</Trans>
              </label>
              <select id={slideId} value={slide} onChange={(e) => setSlide(e.target.value)}>
                <option value="">{storedSlide ? t`As in the link settings (${storedSlide})` : t`As in the link settings (the intro slide)`}</option>
                {content.slides.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <CodeBlock
            label={t`Link`}
            code={url}
            copyLabel={t`Copy the link`}
            disabled={!availability.canCopy}
            multiline={false}
            extra={
              <a className="button" href={url} target="_blank" rel="noopener noreferrer">
                <Trans>Open the link</Trans>
              </a>
            }
          />
          <CspPanel kind="link" origin={origin} options={{}} />
        </>
      )}
    </div>
  );
}

/** The display-ads sub-tab (feature `vidbot_as_ads`): platform, package download, harness link. */
export function DisplayAdsPanel() {
  const { t } = useLingui();
  const { bot, settings, features, origin, pageOrigin, availability, settingsParams } = useShare('display-ads');
  const [platform, setPlatform] = useState<string>(settings.adSettings.adPlatform);
  const platformId = useId();
  const allowed = hasFeature(features, 'vidbot_as_ads');
  const probe = useQuery({ ...adPackageProbeOptions(bot.id, platform), enabled: allowed && availability.showCode });
  const download = useMutation({
    mutationFn: () => downloadAdPackage(bot.id, platform),
    onSuccess: () => toast.success(t`The ad package was downloaded.`),
    onError: (e) => toast.error(t`The ad package could not be downloaded: ${e instanceof Error ? e.message : String(e)}`),
  });
  const names: Record<string, string> = {
    gam: t`Google Ad Manager / CM360`,
    dv360: t`Display & Video 360`,
    xandr: t`Xandr`,
    adform: t`Adform`,
    custom: t`Other (custom)`,
  };
  if (!allowed) {
    return (
      <p className="alert alert-warning" role="status">
        <Trans>Display ads are not included in this account's plan.</Trans>
      </p>
    );
  }
  return (
    <div className="share-sub" data-share-tab="display-ads">
      <h3 className="visually-hidden">
        <Trans>Display ads</Trans>
      </h3>
      <p className="muted">
        <Trans>Download the HTML5 ad package for your ad platform and upload it there as a creative.</Trans>{' '}
        <SettingsLink params={settingsParams} section="ads">
          <Trans>Display ad settings</Trans>
        </SettingsLink>
      </p>
      <ShareWarnings availability={availability} status={bot.status} />
      {availability.showCode && (
        <>
          <div className="share-overrides">
            <div className="field">
              <label htmlFor={platformId}>
                <Trans>Ad platform</Trans>
              </label>
              <select id={platformId} value={platform} onChange={(e) => setPlatform(e.target.value)}>
                {AD_PACKAGE_PLATFORMS.map((p) => (
                  <option key={p} value={p}>
                    {names[p] ?? p}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="actions">
            <button
              type="button"
              className="button primary"
              disabled={!availability.canCopy || probe.data === 'missing' || probe.data === 'forbidden' || probe.isPending || download.isPending}
              onClick={() => download.mutate()}
            >
              {download.isPending ? <Trans>Downloading…</Trans> : <Trans>Download the ad package</Trans>}
            </button>
            <a className="button" href={adHarnessUrl(pageOrigin, bot.publicId, platform)} target="_blank" rel="noopener noreferrer">
              <Trans>Open the test page</Trans>
            </a>
          </div>
          <div aria-live="polite">
            {probe.data === 'missing' && (
              <p className="muted small" role="status">
                <Trans>This server does not offer ad packages yet.</Trans>
              </p>
            )}
            {probe.data === 'forbidden' && (
              <p className="muted small" role="status">
                <Trans>The server refused the ad package for this account.</Trans>
              </p>
            )}
          </div>
          <CspPanel kind="ad" origin={origin} options={{ analytics: settings.isAnalyticEnabled }} disabled={!availability.canCopy} />
        </>
      )}
    </div>
  );
}

/**
 * A live preview frame at `size`, scaled down to the panel's width (cappedFrameSize): hidden until the
 * frame posts a message `isReady` accepts (from that frame and this origin); after PREVIEW_WAIT_MS
 * without one, a note says the preview is not available.
 */
function LivePreview({ title, src, size, isReady }: { title: string; src: string; size: { width: number; height: number }; isReady: (data: unknown) => boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [panelWidth, setPanelWidth] = useState(0);
  const readyRef = useRef(isReady);
  readyRef.current = isReady;
  const headingId = useId();

  useEffect(() => {
    setState('loading');
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== window.location.origin) return;
      if (readyRef.current(event.data)) setState('ready');
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'unavailable' : s)), PREVIEW_WAIT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [src]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setPanelWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const shown = cappedFrameSize(size, panelWidth);
  return (
    <section className="share-preview" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <div aria-live="polite">
        {state === 'loading' && (
          <p className="muted small" role="status">
            <Trans>Loading the preview…</Trans>
          </p>
        )}
        {state === 'unavailable' && (
          <p className="muted small" role="status">
            <Trans>The live preview is not available on this server. The code works regardless.</Trans>
          </p>
        )}
        {state === 'ready' && shown.scaled && (
          <p className="muted small">
            <Trans>Shown smaller than its real size to fit here.</Trans>
          </p>
        )}
      </div>
      <div ref={box} className="share-preview-box">
        <iframe
          ref={frame}
          src={src}
          title={title}
          width={shown.width}
          height={shown.height}
          className={state === 'ready' ? 'share-preview-frame' : 'share-preview-frame pending'}
          allow="autoplay; fullscreen; clipboard-write"
          tabIndex={state === 'ready' ? undefined : -1}
          aria-hidden={state === 'ready' ? undefined : true}
        />
      </div>
    </section>
  );
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
