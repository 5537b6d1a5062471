/**
 * Display-ad pages (issue 12 "Display ads"; docs/embedding.md `## Display ads`). Server-rendered HTML,
 * no SPA:
 *
 * - `GET /ad/{publicId}?platform=&click=&gdpr=&gdpr_consent=` — the **ad frame** (route class `ad`:
 *   framed by any site, our strict CSP, no cookies): `<div id="vidbot-root">`, the PlayerBot as
 *   `<script type="application/json" id="vidbot-data">`, the ad's options as
 *   `<script type="application/json" id="vidbot-ad">` (`AdFrameConfig`), and `/embed/ad.js`
 *   (embed/ad/ad.ts). 404 when the bot is not served or its account lacks `vidbot_as_ads`; 422 with
 *   field messages for a `click` that is not an http(s) URL. `Cache-Control: public, max-age=60`.
 * - `GET /ad-harness/{publicId}?platform=` — the **harness**: a page around the platform's HTML5
 *   package as an ad server would serve it (route class `creative`: sandboxed, inline script allowed).
 *   The creative (`/ad-harness/{publicId}/creative?platform=`) is the package's `index.html` with the
 *   platform's macros expanded and its library swapped for a local simulation
 *   (`/ad-harness/lib/adform-dhtml.js` defines `dhtml.getVar`, `/ad-harness/lib/appnexus-html5-lib.js`
 *   defines `APPNEXUS.getClickTag`, both reading the creative's URL parameters like the real ones).
 *   Every click tag points at the harness's click tracker `/ad-harness/{publicId}/click?…&adurl=`,
 *   which records the click and shows the destination; `/ad-harness/{publicId}/impression` records
 *   impressions (a 1×1 GIF); `/ad-harness/{publicId}/log` answers the recorded events as JSON
 *   (in memory, the last 200 per bot).
 */
import { Hono, type Context } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../lib/context';
import { notFound, unprocessable } from '../../lib/errors';
import { issuesToFields } from '../../lib/validate';
import { PublicIdParam } from '../bot/bot.schemas';
import type { PlayerBot } from '../bot/bot.service';
import {
  AD_CONSENT_VENDOR_ID,
  AD_MACROS,
  adPackageIndexHtml,
  adSize,
  escapeHtml,
  isUnexpandedMacro,
  type AdPackagePlatform,
  type AdSettings,
} from './ad.rules';
import { AdFrameQuery, AdHarnessQuery } from './ad.schemas';
import type { AdFrameConfig } from './ad.click';

export type { AdFrameConfig } from './ad.click';
import { landingUrlOf, loadAdBot } from './ad.service';

const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** JSON for a `<script type="application/json">` block: `<` escaped so no `</script>` can close it. */
export function jsonBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The frame's options from adSettings and the query. Query values that are unexpanded macros count
 * as absent; the custom platform falls back to the stored clickTag and consentString.
 * @throws HttpError 422 `{ click }` when click is not an http(s) URL.
 */
export function adFrameConfig(publicId: string, ad: AdSettings, q: AdFrameQuery): AdFrameConfig {
  const given = (x: string | undefined): string | null => (x && x.trim() && !isUnexpandedMacro(x) ? x.trim() : null);
  const platform = q.platform ?? ad.adPlatform;
  let click = given(q.click);
  if (click !== null && !isHttpUrl(click)) throw unprocessable('Validation failed.', { click: 'click must be an http:// or https:// URL.' });
  let gdprConsent = given(q.gdpr_consent);
  let gdpr = given(q.gdpr);
  if (platform === 'custom') {
    if (click === null && ad.clickTag && isHttpUrl(ad.clickTag)) click = ad.clickTag;
    if (gdprConsent === null && ad.consentString) {
      gdprConsent = ad.consentString;
      gdpr ??= '1';
    }
  }
  const impressionTag = ad.impressionTag && isHttpUrl(ad.impressionTag.replace(/\$\{[A-Z0-9_]+\}|%%[A-Z0-9_]+%%|\[[A-Za-z]+\]/g, '0')) ? ad.impressionTag : null;
  const { width, height } = adSize(ad);
  return {
    publicId,
    platform,
    click,
    gdpr: gdpr === '0' || gdpr === '1' ? gdpr : null,
    gdprConsent,
    consentVendorId: platform === 'dv360' ? AD_CONSENT_VENDOR_ID : null,
    impressionTag,
    placement: ad.placement,
    width,
    height,
    horizontalDesktopLayout: ad.horizontalDesktopLayout,
    language: ad.language,
    thumbnail: ad.thumbnail,
    autoplayOnScroll: ad.autoplayOnScroll,
    loopIntroSlide: ad.loopIntroSlide,
  };
}

/** The ad frame's HTML (see the module comment). */
export function renderAdPage(bot: PlayerBot, config: AdFrameConfig): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(config.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(bot.name)}</title>
</head>
<body>
<div id="vidbot-root"></div>
<script type="application/json" id="vidbot-data">${jsonBlock(bot)}</script>
<script type="application/json" id="vidbot-ad">${jsonBlock(config)}</script>
<script type="module" src="/embed/ad.js"></script>
</body>
</html>
`;
}

// --- harness ---------------------------------------------------------------------------------------

/** One recorded harness event. */
export interface HarnessEvent {
  kind: 'click' | 'impression';
  platform: string | null;
  /** Click: the destination the ad appended to the click tag. */
  destination: string | null;
  at: string;
}

const HARNESS_LOG_LIMIT = 200;
/** The consent string the harness's ad server "expands" `${GDPR_CONSENT_1219}` to. */
export const HARNESS_CONSENT = 'HARNESS-TCF-CONSENT-1219';

/** The harness click tracker prefix for a platform (ends in `adurl=`, except Adform's clickTAG, which gets `;cpdir=`). */
export function harnessClickPrefix(origin: string, publicId: string, platform: AdPackagePlatform): string {
  const base = `${origin}/ad-harness/${encodeURIComponent(publicId)}/click?platform=${platform}`;
  return platform === 'adform' ? base : `${base}&adurl=`;
}

/** The creative as the platform's ad server would deliver it: macros expanded, platform library local. */
export function harnessCreativeHtml(platform: AdPackagePlatform, input: Parameters<typeof adPackageIndexHtml>[1]): string {
  const html = adPackageIndexHtml(platform, { ...input, libs: { adform: '/ad-harness/lib/adform-dhtml.js', xandr: '/ad-harness/lib/appnexus-html5-lib.js' } });
  const click = harnessClickPrefix(input.origin, input.publicId, platform);
  const random = String(Math.floor(Math.random() * 1e10));
  const replacements: [string, string][] = [
    [AD_MACROS.gam.click, click],
    [AD_MACROS.gam.clickEncoded, encodeURIComponent(click)],
    [AD_MACROS.gam.cacheBuster, random],
    [AD_MACROS.dv360.click, click],
    [AD_MACROS.dv360.clickEncoded, encodeURIComponent(click)],
    [AD_MACROS.dv360.cacheBuster, random],
    [AD_MACROS.dv360.gdpr, '1'],
    [AD_MACROS.dv360.gdprConsent, HARNESS_CONSENT],
  ];
  return replacements.reduce((out, [macro, value]) => out.split(macro).join(value), html);
}

/** Simulated Adform.DHTML.js: `dhtml.getVar(name, fallback)` reads the creative URL's parameters. */
const ADFORM_SIM = `/* Vidbot ad harness: simulation of Adform.DHTML.js (dhtml.getVar reads the banner URL's parameters). */
(function () {
  var params = new URLSearchParams(location.search);
  window.dhtml = { getVar: function (name, fallback) { var v = params.get(name); return v === null ? fallback : v; } };
})();
`;

/** Simulated appnexus-html5-lib: `APPNEXUS.getClickTag()` returns the creative URL's `clickTag`. */
const XANDR_SIM = `/* Vidbot ad harness: simulation of appnexus-html5-lib (getClickTag reads the clickTag URL parameter). */
(function () {
  var params = new URLSearchParams(location.search);
  window.APPNEXUS = {
    getClickTag: function () { return params.get('clickTag') || ''; },
    ready: function (fn) { fn(); }
  };
})();
`;

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function parseOr422<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const r = v.safeParse(schema, value);
  if (!r.success) throw unprocessable('Validation failed.', issuesToFields(r.issues));
  return r.output;
}

const publicIdOf = validator('param', PublicIdParam, (result) => {
  if (!result.success) throw notFound('Vidbot not found.');
});

function harnessPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1a1a2e}iframe{border:1px dashed #888;display:block;margin:1rem 0}code{background:#f1f1f5;padding:0 .25rem}nav a{margin-right:1rem}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** `/ad` and `/ad-harness` pages (mounted at the app root, before the SPA fallback). */
export function adPages(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const origin = deps.env.publicUrl;
  const log = new Map<string, HarnessEvent[]>();
  const record = (publicId: string, event: HarnessEvent) => {
    const list = log.get(publicId) ?? [];
    list.push(event);
    if (list.length > HARNESS_LOG_LIMIT) list.splice(0, list.length - HARNESS_LOG_LIMIT);
    log.set(publicId, list);
    // Bounded: at most 1000 bots' logs are kept.
    if (log.size > 1000) log.delete(log.keys().next().value!);
  };

  r.get('/ad/:publicId', publicIdOf, async (c) => {
    const { publicId } = c.req.valid('param');
    const q = parseOr422(AdFrameQuery, c.req.query());
    const { bot, ad } = await loadAdBot(deps.db, publicId);
    const html = renderAdPage(bot, adFrameConfig(publicId, ad, q));
    return c.html(html, 200, { 'Cache-Control': 'public, max-age=60' });
  });

  const js = (c: Context, body: string) => c.body(body, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
  r.get('/ad-harness/lib/adform-dhtml.js', (c) => js(c, ADFORM_SIM));
  r.get('/ad-harness/lib/appnexus-html5-lib.js', (c) => js(c, XANDR_SIM));

  r.get('/ad-harness/:publicId', publicIdOf, async (c) => {
    const { publicId } = c.req.valid('param');
    const { platform } = parseOr422(AdHarnessQuery, c.req.query());
    const { bot, ad } = await loadAdBot(deps.db, publicId);
    const { width, height } = adSize(ad);
    const click = harnessClickPrefix(origin, publicId, platform);
    // What the platform puts on the creative's URL: Adform's clickTAG, Xandr's clickTag.
    const creative = `/ad-harness/${encodeURIComponent(publicId)}/creative?platform=${platform}&clickTAG=${encodeURIComponent(click)}&clickTag=${encodeURIComponent(click)}`;
    const links = (['gam', 'dv360', 'xandr', 'adform', 'custom'] as const)
      .map((p) => (p === platform ? `<strong>${p}</strong>` : `<a href="/ad-harness/${encodeURIComponent(publicId)}?platform=${p}">${p}</a>`))
      .join(' ');
    const body = `<h1>Display ad harness: ${escapeHtml(bot.name)}</h1>
<nav>Platform: ${links}</nav>
<p>The ${escapeHtml(platform)} HTML5 package (<code>index.html</code>) served as the ad server would, ${width}×${height} px (${escapeHtml(ad.placement)}). Its click tag is this harness's click tracker; clicks and impressions are listed in the <a href="/ad-harness/${encodeURIComponent(publicId)}/log">log</a>.</p>
<iframe id="vidbot-harness-creative" title="${escapeHtml(bot.name)} (${escapeHtml(platform)} creative)" src="${escapeHtml(creative)}" width="${width}" height="${height}" allow="autoplay; fullscreen; encrypted-media" scrolling="no"></iframe>
<p>Download the package: <code>GET /api/bot/${bot.id}/ad-package?platform=${escapeHtml(platform)}</code> (signed in).</p>`;
    return c.html(harnessPage(`Ad harness — ${bot.name}`, body), 200, { 'Cache-Control': 'no-store' });
  });

  r.get('/ad-harness/:publicId/creative', publicIdOf, async (c) => {
    const { publicId } = c.req.valid('param');
    const { platform } = parseOr422(AdHarnessQuery, c.req.query());
    const { bot, ad } = await loadAdBot(deps.db, publicId);
    const html = harnessCreativeHtml(platform, { origin, publicId, name: bot.name, settings: ad, landingUrl: landingUrlOf(bot.actions, origin, publicId) });
    return c.html(html, 200, { 'Cache-Control': 'no-store' });
  });

  r.get('/ad-harness/:publicId/click', publicIdOf, async (c) => {
    const { publicId } = c.req.valid('param');
    await loadAdBot(deps.db, publicId);
    // The raw query: the ad appends the destination after `adurl=` (or Adform's `;cpdir=`).
    const raw = new URL(c.req.url).search.slice(1);
    const dest = /(?:adurl=|cpdir=)(.*)$/.exec(raw)?.[1];
    let destination: string | null = null;
    try {
      destination = dest ? decodeURIComponent(dest) : null;
    } catch {
      destination = dest ?? null;
    }
    const platform = /(?:^|[&;])platform=([a-z0-9]+)/.exec(raw)?.[1] ?? null;
    record(publicId, { kind: 'click', platform, destination, at: new Date().toISOString() });
    const safe = destination && isHttpUrl(destination) ? destination : null;
    const body = `<h1>Click recorded</h1>
<p>Platform: <strong id="click-platform">${escapeHtml(platform ?? '—')}</strong></p>
<p>Destination: <span id="click-destination">${escapeHtml(destination ?? '—')}</span></p>
${safe ? `<p><a href="${escapeHtml(safe)}" rel="noopener noreferrer">Continue to the destination</a></p>` : ''}
<p>A real click tracker would count the click and redirect there.</p>`;
    return c.html(harnessPage('Click recorded', body), 200, { 'Cache-Control': 'no-store' });
  });

  r.get('/ad-harness/:publicId/impression', publicIdOf, async (c) => {
    const { publicId } = c.req.valid('param');
    await loadAdBot(deps.db, publicId);
    record(publicId, { kind: 'impression', platform: c.req.query('platform') ?? null, destination: null, at: new Date().toISOString() });
    return c.body(new Uint8Array(PIXEL), 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
  });

  r.get('/ad-harness/:publicId/log', publicIdOf, async (c) => {
    const { publicId } = c.req.valid('param');
    await loadAdBot(deps.db, publicId);
    return c.json({ events: log.get(publicId) ?? [] }, 200, { 'Cache-Control': 'no-store' });
  });

  return r;
}
