/**
 * The embed codes of a vidbot and the Content-Security-Policy additions each embed needs on the host
 * page (spec 001 §2 "Share pages", §3 Share settings, §4 "Share code", §9 iframe default 650×340;
 * spec 002 §9 "Embed code: a script for the widget, or a short sync variant"; issue 12 "Distribution";
 * issue 20 "What the host sees"; issue 12 architecture §1, §2, §6).
 *
 * PURE: no node or server imports. The SPA's share tab imports this module directly (as it imports
 * content.rules.ts), docs/embedding.md lists what it prints, and the loader, player pages and display
 * ads serve exactly the paths it names:
 *
 * | embed        | what the host pastes                                                               |
 * |--------------|-------------------------------------------------------------------------------------|
 * | widget       | `<script async src="V/embed/loader.js" data-vidbot-id="{publicId}"></script>`       |
 * | widget, sync | `<script src="V/embed/sync/{publicId}.js" referrerpolicy="no-referrer-when-downgrade"></script>` (feature `widget_sync`) |
 * | iframe       | `<iframe src="V/e/{publicId}?channel=iframe" title=… width=… height=… allow=…>`       |
 * | link         | `V/v/{publicId}` (+ `?lang=…&slide=…`)                                             |
 * | display ad   | a frame of `V/ad/{publicId}?platform=…` (inside the downloaded HTML5 package)          |
 *
 * `V` is the instance's public origin (`env.publicUrl`, given to the SPA as `RuntimeConfig.publicUrl`).
 * Every attribute value is HTML-escaped and every path segment or query value URL-encoded, so a
 * public id or a name can never break out of the markup.
 */

/** The embed kinds the share tab offers (issue 20: widget, iframe, carousel of issue 15, link; display ads). */
export const EMBED_KINDS = ['widget', 'iframe', 'link', 'ad', 'carousel'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

/** The five consent storages a widget tag may carry as `data-*-storage` attributes (architecture §1). */
export const WIDGET_CONSENT_ATTRIBUTES = {
  adStorage: 'data-ad-storage',
  analyticsStorage: 'data-analytics-storage',
  functionalityStorage: 'data-functionality-storage',
  personalizationStorage: 'data-personalization-storage',
  securityStorage: 'data-security-storage',
} as const;
export type WidgetConsentStorage = keyof typeof WIDGET_CONSENT_ATTRIBUTES;
/** A storage's consent value. */
export type ConsentValue = 'granted' | 'denied';

/** Default iframe size in px (spec 001 §9 "iframe default 650 by 340"). */
export const IFRAME_DEFAULT_SIZE = { width: 650, height: 340 } as const;

/** The `allow` list of the iframe embed: the player autoplays, goes full screen and copies share links. */
export const IFRAME_ALLOW = 'autoplay; fullscreen; clipboard-write';

/** The one Trusted Types policy name the embeds may create (issue 20; a host with `trusted-types` lists it). */
export const TRUSTED_TYPES_POLICY = 'vidbot';

/**
 * HTML-escapes text for an attribute value or text content (`& < > " '`).
 * @param text any string
 * @returns the escaped string
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The base URL the codes start with: `origin` without trailing slashes (a public URL with a path
 * prefix keeps its prefix).
 * @param origin the instance's public URL, e.g. `https://vidbot.example.com` or `https://example.com/vidbot/`
 * @throws TypeError when `origin` is not an absolute http(s) URL
 */
export function embedBase(origin: string): string {
  const url = parseHttpUrl(origin);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The CSP source of the instance: the scheme, host and port of `origin` (CSP sources name origins).
 * @throws TypeError when `origin` is not an absolute http(s) URL
 */
export function cspSource(origin: string): string {
  return parseHttpUrl(origin).origin;
}

function parseHttpUrl(origin: string): URL {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`Not an absolute URL: ${JSON.stringify(origin)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`Not an http(s) URL: ${JSON.stringify(origin)}`);
  return url;
}

const seg = (publicId: string) => encodeURIComponent(publicId);

/** `?a=1&b=2` of the defined, non-null entries (URL-encoded), or `''` when there are none. */
function query(entries: readonly (readonly [string, string | number | null | undefined])[]): string {
  const parts = entries.filter(([, val]) => val !== null && val !== undefined && val !== '').map(([k, val]) => `${k}=${encodeURIComponent(String(val))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Options of `widgetCode`. */
export interface WidgetCodeOptions {
  /** The synchronous variant (account feature `widget_sync`, spec 002 §9): loader and config in one response. */
  sync?: boolean;
  /** Consent per storage, written as `data-*-storage` attributes the loader reads once at load (architecture §1). */
  consent?: Partial<Record<WidgetConsentStorage, ConsentValue>>;
}

/** `V/embed/loader.js`: the widget loader (architecture §1). */
export function widgetLoaderUrl(origin: string): string {
  return `${embedBase(origin)}/embed/loader.js`;
}

/** `V/embed/sync/{publicId}.js`: the sync variant's script (loader and widget config in one response). */
export function widgetSyncUrl(origin: string, publicId: string): string {
  return `${embedBase(origin)}/embed/sync/${seg(publicId)}.js`;
}

/** `V/widget-preview/{publicId}`: the widget preview page the share tab frames (spec 002 §2). */
export function widgetPreviewUrl(origin: string, publicId: string): string {
  return `${embedBase(origin)}/widget-preview/${seg(publicId)}`;
}

/**
 * The widget embed code (spec 001 §2 "widget (embed code…)", spec 002 §9; architecture §1):
 * - default: `<script async src="V/embed/loader.js" data-vidbot-id="{publicId}"></script>`;
 * - `sync`: `<script src="V/embed/sync/{publicId}.js" referrerpolicy="no-referrer-when-downgrade"></script>`
 *   (no `async`: the bubble appears while the page parses; the referrer policy sends the page's full
 *   URL, which the server reads from the Referer to pick the URL map, instead of the origin only that
 *   browsers send cross-origin by default);
 * - `consent`: `data-ad-storage="granted"` … in the order of WIDGET_CONSENT_ATTRIBUTES.
 * @throws TypeError when `origin` is not an absolute http(s) URL
 */
export function widgetCode(origin: string, publicId: string, options: WidgetCodeOptions = {}): string {
  const consent = (Object.keys(WIDGET_CONSENT_ATTRIBUTES) as WidgetConsentStorage[])
    .filter((k) => options.consent?.[k] === 'granted' || options.consent?.[k] === 'denied')
    .map((k) => ` ${WIDGET_CONSENT_ATTRIBUTES[k]}="${escapeHtml(options.consent![k]!)}"`)
    .join('');
  if (options.sync) return `<script src="${escapeHtml(widgetSyncUrl(origin, publicId))}" referrerpolicy="no-referrer-when-downgrade"${consent}></script>`;
  return `<script async src="${escapeHtml(widgetLoaderUrl(origin))}" data-vidbot-id="${escapeHtml(publicId)}"${consent}></script>`;
}

/** `V/embed/carousel.js`: the carousel script (issue 15 "Widgets"; embed/carousel). */
export function carouselScriptUrl(origin: string): string {
  return `${embedBase(origin)}/embed/carousel.js`;
}

/** `V/w/{publicId}`: the carousel's play URL, a page showing only the carousel (spec 002 §2 "get play URL"). */
export function carouselPlayUrl(origin: string, publicId: string): string {
  return `${embedBase(origin)}/w/${seg(publicId)}`;
}

/**
 * The carousel embed code (issue 15; spec 002 §2 "get embed code"): a placeholder element where the
 * carousel appears and the one script that fills every such element on the page:
 * `<div data-vidbot-carousel="{publicId}"></div>\n<script async src="V/embed/carousel.js"></script>`.
 * @throws TypeError when `origin` is not an absolute http(s) URL
 */
export function carouselCode(origin: string, publicId: string): string {
  return `<div data-vidbot-carousel="${escapeHtml(publicId)}"></div>\n<script async src="${escapeHtml(carouselScriptUrl(origin))}"></script>`;
}

/** Options of `iframeCode` and `iframeUrl`; an `iframeSettings` object (spec 001 §3) fits. */
export interface IframeCodeOptions {
  /** px; default 650 (spec 001 §9); rounded; a missing, non-finite or non-positive value takes the default. */
  width?: number | null;
  /** px; default 340. */
  height?: number | null;
  /**
   * Language override written as `lang=` (a share language code). The iframeSettings field `language`
   * is NOT written: the page applies the stored setting itself, so a later change in the settings
   * reaches codes already pasted.
   */
  lang?: string | null;
  /** Start slide override written as `slide=` (a slide id). */
  slide?: number | null;
  /** The frame's accessible title; default `name`, else "Vidbot". */
  title?: string | null;
}

/** `V/e/{publicId}?channel=iframe[&lang=…][&slide=…]`: the iframe embed's page (architecture §1). */
export function iframeUrl(origin: string, publicId: string, options: Pick<IframeCodeOptions, 'lang' | 'slide'> = {}): string {
  return `${embedBase(origin)}/e/${seg(publicId)}${query([
    ['channel', 'iframe'],
    ['lang', options.lang],
    ['slide', options.slide],
  ])}`;
}

/** The iframe size of `settings` in whole px, defaults (650×340) for missing or unusable values. */
export function iframeSize(settings: Pick<IframeCodeOptions, 'width' | 'height'> = {}): { width: number; height: number } {
  const px = (n: number | null | undefined, fallback: number) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : fallback);
  return { width: px(settings.width, IFRAME_DEFAULT_SIZE.width), height: px(settings.height, IFRAME_DEFAULT_SIZE.height) };
}

/**
 * The iframe embed code (spec 001 §2 "iframe", §3 iframeSettings, §9 650×340; issue 12 "iframe"):
 * `<iframe src="V/e/{publicId}?channel=iframe" title="{title}" width="650" height="340"
 * allow="autoplay; fullscreen; clipboard-write" allowfullscreen loading="lazy"></iframe>`, one line.
 * No `style` attribute (a strict host CSP blocks inline styles, issue 20).
 * @param settings width/height (px), overrides `lang`/`slide`, `title`; `iframeSettings` may be passed as is
 * @param name the vidbot's name, the title when `settings.title` is not given
 * @throws TypeError when `origin` is not an absolute http(s) URL
 */
export function iframeCode(origin: string, publicId: string, settings: IframeCodeOptions = {}, name?: string | null): string {
  const { width, height } = iframeSize(settings);
  const title = settings.title?.trim() || name?.trim() || 'Vidbot';
  const src = iframeUrl(origin, publicId, settings);
  return `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" width="${width}" height="${height}" allow="${IFRAME_ALLOW}" allowfullscreen loading="lazy"></iframe>`;
}

/** Options of `directLink`: overrides of the stored linkSettings (spec 001 §3). */
export interface DirectLinkOptions {
  /** Language override `lang=` (a share language code); null/absent: the stored linkSettings.language applies. */
  language?: string | null;
  /** Start slide override `slide=` (a slide id); null/absent: the stored linkSettings.slideId (or the intro). */
  slideId?: number | null;
}

/**
 * The direct link (spec 001 §2 "link", §3 linkSettings; issue 12 "Direct link"): `V/v/{publicId}`,
 * with `?lang=…&slide=…` for the overrides given. The page applies the stored linkSettings when a
 * parameter is absent, so pass only what this link should pin.
 * @throws TypeError when `origin` is not an absolute http(s) URL
 */
export function directLink(origin: string, publicId: string, linkSettings: DirectLinkOptions = {}): string {
  return `${embedBase(origin)}/v/${seg(publicId)}${query([
    ['lang', linkSettings.language],
    ['slide', linkSettings.slideId],
  ])}`;
}

/** `V/ad/{publicId}?platform=…`: the display ad's frame (architecture §1). */
export function adFrameUrl(origin: string, publicId: string, platform: string): string {
  return `${embedBase(origin)}/ad/${seg(publicId)}${query([['platform', platform]])}`;
}

/** `V/ad-harness/{publicId}?platform=…`: the display ad's test harness page (architecture §8 ads). */
export function adHarnessUrl(origin: string, publicId: string, platform: string): string {
  return `${embedBase(origin)}/ad-harness/${seg(publicId)}${query([['platform', platform]])}`;
}

/** CSP fetch directives an embed may need on the host page. */
export type CspDirective = 'script-src' | 'style-src' | 'img-src' | 'media-src' | 'font-src' | 'frame-src' | 'connect-src';

/** One directive and the sources the host adds to it. */
export interface CspAddition {
  directive: CspDirective;
  /** Source expressions, the instance's origin first, e.g. `['https://v.example.com', 'blob:']`. */
  sources: string[];
  /** What the embed loads under it (English, for docs and tests; the share tab has its own texts). */
  purpose: string;
  /** The host feature without which the directive can be left out, if any. */
  omitWhen?: 'analytics-off';
}

/** Options of `cspAdditions` / `cspLine`. */
export interface CspOptions {
  /**
   * Whether the bot collects analytics (settings.isAnalyticEnabled, spec 001 §3) — default true.
   * Only a request that serves analytics alone is dropped when false (see `cspAdditions`).
   */
  analytics?: boolean;
  /** The sync widget variant (its config arrives inside the script). Default false. */
  sync?: boolean;
}

/**
 * The Content-Security-Policy additions an embed needs on the host page (issue 20 "What the host
 * sees"; architecture §2), filled in with the instance's origin V, in this order:
 *
 * - `carousel` (issue 15): `script-src V` (V/embed/carousel.js), `connect-src V` (its config),
 *   `img-src V` (covers), `media-src V blob:` (the autoPreview intro videos), `frame-src V` (the player
 *   dialog's frame, which sends the analytics events under V's own policy).
 * - `widget`: `script-src V` (the
 *   loader), `img-src V` (poster and thumbnail), `media-src V blob:` (the bubble's looping chat video;
 *   `blob:` for streamed media), `frame-src V` (the player opens as a frame of `V/e/…`),
 *   `connect-src V` — the loader fetches its config from `V/api/public/bot/{publicId}/widget` and sends
 *   the bubble's analytics events there. With `sync: true` the config is inside the script, so
 *   `connect-src` serves analytics only and is left out when `analytics` is false. Without sync it
 *   stays even when analytics is off (the config fetch needs it).
 * - `iframe`: `frame-src V` only — the player runs inside the frame under V's own CSP.
 * - `ad`: `frame-src V` — the ad creative frames `V/ad/{publicId}`; everything else runs inside.
 * - `link`: nothing (the host only links to `V/v/{publicId}`).
 *
 * No `style-src` (styles reach the shadow root through constructable stylesheets, which CSP allows),
 * no `'unsafe-inline'`, no `'unsafe-eval'`, no hashes. Trusted Types and nonces are notes, not
 * additions: a host that enforces `trusted-types` lists TRUSTED_TYPES_POLICY; a nonce-based host puts
 * its nonce on the script tag.
 * @throws TypeError when `origin` is not an absolute http(s) URL
 */
export function cspAdditions(kind: EmbedKind, origin: string, options: CspOptions = {}): CspAddition[] {
  const V = cspSource(origin);
  const analytics = options.analytics ?? true;
  switch (kind) {
    case 'carousel':
      // Issue 15: its own script; the players open as frames, which send their analytics under V's policy.
      return [
        { directive: 'script-src', sources: [V], purpose: 'the carousel script (V/embed/carousel.js)' },
        { directive: 'connect-src', sources: [V], purpose: 'the carousel config fetch (V/api/public/widget/{publicId})' },
        { directive: 'img-src', sources: [V], purpose: 'the covers' },
        { directive: 'media-src', sources: [V, 'blob:'], purpose: 'the muted intro previews on hover / focus (autoPreview; blob: for streamed media)' },
        { directive: 'frame-src', sources: [V], purpose: 'the player, which opens as a frame of V/e/… when an item is pressed (it records the analytics itself)' },
      ];
    case 'widget': {
      const out: CspAddition[] = [
        { directive: 'script-src', sources: [V], purpose: 'the loader script' },
        { directive: 'img-src', sources: [V], purpose: 'posters and thumbnails' },
        { directive: 'media-src', sources: [V, 'blob:'], purpose: 'the looping chat video (blob: for streamed media)' },
        { directive: 'frame-src', sources: [V], purpose: 'the player, which opens as a frame' },
      ];
      if (!options.sync) out.push({ directive: 'connect-src', sources: [V], purpose: 'the widget config fetch and analytics events' });
      else if (analytics) out.push({ directive: 'connect-src', sources: [V], purpose: 'analytics events', omitWhen: 'analytics-off' });
      return out;
    }
    case 'iframe':
      return [{ directive: 'frame-src', sources: [V], purpose: 'the player frame' }];
    case 'ad':
      return [{ directive: 'frame-src', sources: [V], purpose: 'the ad frame' }];
    case 'link':
      return [];
  }
}

/**
 * The additions of `cspAdditions` as one policy line, e.g.
 * `script-src V; img-src V; media-src V blob:; frame-src V; connect-src V`; `''` when none are needed.
 * @throws TypeError when `origin` is not an absolute http(s) URL
 */
export function cspLine(kind: EmbedKind, origin: string, options: CspOptions = {}): string {
  return cspAdditions(kind, origin, options)
    .map((a) => `${a.directive} ${a.sources.join(' ')}`)
    .join('; ');
}
