/**
 * The share tab of the vidbot editor (spec 001 §2 "Share pages" — tabs widget (embed code and live
 * preview), iframe, link, display ads; the display-ads tab only with the account feature
 * `vidbot_as_ads`; §4 "Share code"; §6 share for every role including Viewer, `widget_sync`; §8 share
 * warnings; issue 12 "Distribution"; issue 20 "What the host sees"). Routes `vidbots.$id.share*.tsx`.
 *
 * `ShareLayout` (route `…/share`): heading, status with live status (Published only), the sub-tab
 * navigation and the sub-tab's `<Outlet/>`. Each sub-tab (SharePanels.tsx) shows its code in a
 * labelled read-only text area with a Copy button, the Content-Security-Policy additions that embed
 * needs with their own Copy button, and a live preview. Codes come from the one pure module
 * server/src/modules/share/embed.codes.ts, with the instance's public URL (`GET /api/config`
 * `publicUrl`). The share settings themselves are edited in the settings tab; each sub-tab links to
 * its section there. Nothing here changes the draft, so the tab is usable read-only (viewers,
 * the published version).
 */
import { useId, type ReactNode } from 'react';
import './share.css';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { cspAdditions, cspLine, TRUSTED_TYPES_POLICY, type CspDirective, type CspOptions, type EmbedKind } from '../../../../server/src/modules/share/embed.codes';
import { mergeBotSettings } from '../../../../server/src/modules/bot/content.rules';
import { configOptions } from '../../../api/queries';
import { toast } from '../../../ui/toast';
import { StatusBadge } from '../StatusBadge';
import { useEditor } from '../editor/editorContext';
import { copyText } from './copyText';
import { shareAvailability, shareOrigin, showLiveStatus, visibleShareTabs, type ShareAvailability, type ShareTabKey, type ShareWarning } from './share.logic';

/** What every sub-tab needs: the editor's bot and settings, the origins and the §4 availability. */
export function useShare(tab: ShareTabKey) {
  const { account, bot, content, features, submitting } = useEditor();
  const config = useQuery(configOptions());
  const settings = mergeBotSettings(content.settings);
  const pageOrigin = window.location.origin;
  const origin = shareOrigin(config.data?.publicUrl, pageOrigin);
  const availability = shareAvailability(tab, {
    status: bot.status,
    slides: content.slides,
    widgetVideoId: settings.widgetSettings.chatVideoId,
    submitting: submitting ?? false,
  });
  return { account, bot, content, settings, features, origin, pageOrigin, availability, settingsParams: { accountSlug: account.publicId, id: String(bot.id) } };
}

/** The route of each sub-tab (spec 001 §2: share with sub-routes iframe, link, display-ads; the widget is the index). */
const TAB_ROUTES = {
  widget: '/dashboard/$accountSlug/vidbots/$id/share',
  iframe: '/dashboard/$accountSlug/vidbots/$id/share/iframe',
  link: '/dashboard/$accountSlug/vidbots/$id/share/link',
  'display-ads': '/dashboard/$accountSlug/vidbots/$id/share/display-ads',
} as const satisfies Record<ShareTabKey, string>;

/** The share tab's layout route: heading, status, sub-tabs, `<Outlet/>`. */
export function ShareLayout() {
  const { t } = useLingui();
  const { account, bot, features } = useEditor();
  const tabs = visibleShareTabs(features);
  const params = { accountSlug: account.publicId, id: String(bot.id) };
  const active = { 'aria-current': 'page' as const, className: 'active' };
  const names: Record<ShareTabKey, string> = { widget: t`Widget`, iframe: t`Iframe`, link: t`Link`, 'display-ads': t`Display ads` };
  return (
    <section aria-labelledby="share-heading" className="share-tab">
      <div className="share-head">
        <h2 id="share-heading">
          <Trans>Share</Trans>
        </h2>
        {/* Spec 001 §4: live status only for Published bots (StatusBadge shows it only then). */}
        <StatusBadge status={bot.status} liveStatus={showLiveStatus(bot.status) ? bot.liveStatus : 'inactive'} />
      </div>
      {bot.status === 'Published' && bot.hasDraft && (
        <p className="muted" role="note">
          <Trans>The embeds play the published version. Changes in the draft reach them when you publish.</Trans>
        </p>
      )}
      <nav className="share-tabs" aria-label={t`Ways to share`}>
        {tabs.map((k) => (
          <Link key={k} to={TAB_ROUTES[k]} params={params} activeOptions={{ exact: k === 'widget' }} activeProps={active}>
            {names[k]}
          </Link>
        ))}
      </nav>
      <div className="share-panel">
        <Outlet />
      </div>
    </section>
  );
}

/** The §4 / §8 warnings of a sub-tab (nothing when the code can be shown). */
export function ShareWarnings({ availability, status }: { availability: ShareAvailability; status: string }) {
  const { t } = useLingui();
  if (availability.warnings.length === 0) return null;
  const text: Record<ShareWarning, string> = {
    notPublished:
      status === 'Deactivated'
        ? t`This vidbot is deactivated. Codes are shown for published vidbots only.`
        : t`This vidbot is not published yet. Publish it to get its code.`,
    noSlides: t`This vidbot has no slides. Add an intro slide before sharing it.`,
    noWidgetVideo: t`There is no widget video. Choose one in the widget settings to get the widget code.`,
  };
  return (
    <div className="share-warnings" data-testid="share-warnings">
      {availability.warnings.map((w) => (
        <p key={w} className="alert alert-warning" role="status" data-warning={w}>
          {text[w]}
        </p>
      ))}
    </div>
  );
}

/** A labelled read-only code (text area or one-line input) with its own Copy button; a toast tells the result. */
export function CodeBlock({
  label,
  code,
  copyLabel,
  disabled,
  multiline = true,
  hint,
  extra,
}: {
  label: ReactNode;
  code: string;
  copyLabel: string;
  disabled?: boolean;
  multiline?: boolean;
  hint?: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useLingui();
  const id = useId();
  const copy = async () => {
    if (await copyText(code)) toast.success(t`Copied to the clipboard.`);
    else toast.error(t`Copying failed. Select the text and copy it yourself.`);
  };
  const select = (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => e.currentTarget.select();
  return (
    <div className="field share-code">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} readOnly value={code} rows={Math.min(6, Math.max(2, Math.ceil(code.length / 90)))} spellCheck={false} onFocus={select} aria-describedby={hint ? `${id}-hint` : undefined} />
      ) : (
        <input id={id} readOnly value={code} spellCheck={false} onFocus={select} aria-describedby={hint ? `${id}-hint` : undefined} />
      )}
      {hint && (
        <p className="muted small" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button primary" disabled={disabled} onClick={() => void copy()}>
          {copyLabel}
        </button>
        {extra}
      </div>
    </div>
  );
}

/**
 * The Content-Security-Policy additions of one embed (issue 20 "What the host sees"): the line from
 * `cspLine` with a Copy button, what each directive is for, and the nonce / Trusted Types notes.
 */
export function CspPanel({ kind, origin, options, disabled }: { kind: EmbedKind; origin: string; options: CspOptions; disabled?: boolean }) {
  const { t } = useLingui();
  const headingId = useId();
  const line = cspLine(kind, origin, options);
  const purposes: Record<CspDirective, string> = {
    'script-src': kind === 'carousel' ? t`the carousel script` : t`the loader script`,
    'style-src': t`stylesheets`,
    'img-src': kind === 'carousel' ? t`the covers` : t`posters and thumbnails`,
    'media-src': kind === 'carousel' ? t`the muted previews on hover (blob: for streamed media)` : t`the widget's looping video (blob: for streamed media)`,
    'font-src': t`fonts`,
    'frame-src': kind === 'ad' ? t`the ad frame` : kind === 'iframe' ? t`the player frame` : t`the player, which opens in a frame`,
    'connect-src': kind === 'carousel' ? t`the carousel's settings` : options.sync ? t`analytics events` : t`the widget's settings and analytics events`,
  };
  const leftOut = (kind === 'widget' || kind === 'carousel') && options.sync && options.analytics === false;
  return (
    <section className="share-csp" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Content-Security-Policy</Trans>
      </h3>
      {line === '' ? (
        <p data-testid="csp-none">
          <Trans>A link needs nothing in your site's Content-Security-Policy.</Trans>
        </p>
      ) : (
        <>
          <p className="muted">
            <Trans>
              If your site sends a Content-Security-Policy, add these sources to it. Nothing else is needed: no 'unsafe-inline', no 'unsafe-eval',
              no hashes.
            </Trans>
          </p>
          <CodeBlock label={t`CSP additions`} code={line} copyLabel={t`Copy the CSP additions`} disabled={disabled} multiline={false} />
          <ul className="share-csp-list">
            {cspAdditions(kind, origin, options).map((a) => (
              <li key={a.directive}>
                <code>{a.directive}</code> — {purposes[a.directive]}
              </li>
            ))}
          </ul>
          {leftOut && (
            <p className="muted small">
              <Trans>Analytics is off and the widget's settings come inside its script, so connect-src is not needed.</Trans>
            </p>
          )}
          {(kind === 'widget' || kind === 'carousel') && (
            <details className="share-csp-notes">
              <summary>
                <Trans>Nonces and Trusted Types</Trans>
              </summary>
              <p>
                <Trans>
                  With a nonce-based policy ('nonce-…' 'strict-dynamic'), put your nonce on the script tag: &lt;script nonce="…" …&gt;. The widget
                  injects no other scripts.
                </Trans>
              </p>
              <p>
                <Trans>If your policy has a trusted-types directive, add the policy name {TRUSTED_TYPES_POLICY} to it.</Trans>
              </p>
            </details>
          )}
        </>
      )}
    </section>
  );
}

/** A link to a section of the settings tab (`#settings-{section}`). */
export function SettingsLink({ params, section, children }: { params: { accountSlug: string; id: string }; section: string; children: ReactNode }) {
  return (
    <Link to="/dashboard/$accountSlug/vidbots/$id/settings" params={params} hash={`settings-${section}`} hashScrollIntoView={{ block: 'start' }}>
      {children}
    </Link>
  );
}
