/**
 * Display ads (issue 12 "Display ads", spec 001 §3 adSettings, §6 feature `vidbot_as_ads`, §9 "Ad
 * consent vendor id 1219 for dv360, with consent and click macros per platform";
 * docs/embedding.md `## Display ads`). Pure functions, no server imports, so the SPA's share tab can
 * import them like content.rules.ts.
 *
 * One model for every platform: the ad is an iframe of `V/ad/{publicId}?platform=…&click=…&gdpr=…
 * &gdpr_consent=…` at the placement's size (`AD_PLACEMENT_SIZES`). `click` is the platform's click
 * tracking redirect **prefix**: when the viewer presses a button that leaves the ad (an EXTERNAL_LINK
 * action), the ad frame opens `click + encodeURIComponent(destination)` in a new tab (Adform: `click`
 * ends in `;cpdir=`, Adform's parameter for the landing page). Without `click` the destination opens
 * directly. What differs per platform is how the creative learns `click` and the consent string:
 *
 * | platform | HTML5 zip (`index.html`)                                                       | third-party tag (`tag.html`)                  |
 * |----------|--------------------------------------------------------------------------------|-----------------------------------------------|
 * | gam      | `var clickTag = "%%CLICK_URL_UNESC%%"` in `<head>` (GAM/CM360 replace it)        | `click=%%CLICK_URL_ESC%%`, `%%CACHEBUSTER%%`   |
 * | dv360    | `var clickTag = "${CLICK_URL}"`, `${GDPR}`, `${GDPR_CONSENT_1219}`               | `click=${CLICK_URL_ENC}`, same consent macros |
 * | xandr    | appnexus-html5-lib, `APPNEXUS.getClickTag()` (the `clickTag` URL parameter)     | `click=${CLICK_URL_ENC}`                       |
 * | adform   | `manifest.json` declaring `clicktags.clickTAG`, Adform.DHTML.js, `dhtml.getVar('clickTAG', …)` | — (the zip is Adform's format)   |
 * | custom   | the stored `clickTag`, `consentString` (impressionTag is fired by the ad frame) | the same values in the iframe URL             |
 *
 * HTML5 ads are wrapped by the ad server, so the creative's `index.html` uses inline script (ad
 * servers require the `clickTag` global in it); the ad frame itself is our page under our strict
 * CSP. Strings from the bot (name, custom fields) are escaped for HTML and for inline script.
 */
import { AD_PLACEMENT_SIZES, type BotSettings } from '../bot/content.rules';

/** adSettings of a bot (spec 001 §3), complete. */
export type AdSettings = BotSettings['adSettings'];

/** Platforms an ad package can be built for: the adSettings platforms plus Google Ad Manager / CM360. */
export const AD_PACKAGE_PLATFORMS = ['adform', 'xandr', 'dv360', 'gam', 'custom'] as const;
export type AdPackagePlatform = (typeof AD_PACKAGE_PLATFORMS)[number];

import { AD_CONSENT_VENDOR_ID } from './ad.click';

export { AD_CONSENT_VENDOR_ID, clickThroughUrl, expandImpressionTag } from './ad.click';

/** The platform libraries an HTML5 creative loads (the harness swaps them for local simulations). */
export const AD_PLATFORM_LIBS = {
  adform: 'https://s1.adform.net/banners/scripts/rmb/Adform.DHTML.js?bv=2',
  xandr: 'https://acdn.adnxs.com/html5-lib/1.3.0/appnexus-html5-lib.min.js',
} as const;

/**
 * The click and consent macros each platform's ad server expands in a creative or tag (research
 * embedding.md §3). `click*` are prefixes the destination is appended to.
 */
export const AD_MACROS = {
  gam: { click: '%%CLICK_URL_UNESC%%', clickEncoded: '%%CLICK_URL_ESC%%', cacheBuster: '%%CACHEBUSTER%%', gdpr: null, gdprConsent: null },
  dv360: { click: '${CLICK_URL}', clickEncoded: '${CLICK_URL_ENC}', cacheBuster: '${CACHEBUSTER}', gdpr: '${GDPR}', gdprConsent: `\${GDPR_CONSENT_${AD_CONSENT_VENDOR_ID}}` },
  xandr: { click: '${CLICK_URL}', clickEncoded: '${CLICK_URL_ENC}', cacheBuster: '${CACHEBUSTER}', gdpr: '${GDPR}', gdprConsent: `\${GDPR_CONSENT_${AD_CONSENT_VENDOR_ID}}` },
} as const;

/** Whether a query value is an ad-server macro left unexpanded (a preview outside the ad server). */
export function isUnexpandedMacro(value: string): boolean {
  return /%%[A-Z0-9_]+%%|\$\{[A-Z0-9_]+\}|\[(timestamp|CACHEBUSTER)\]/i.test(value);
}

/** The bot fields a package needs. */
export interface AdPackageInput {
  /** Vidbot public origin V, without a trailing slash (`env.publicUrl`). */
  origin: string;
  publicId: string;
  name: string;
  settings: AdSettings;
  /** The first http(s) EXTERNAL_LINK destination (Adform's default clickTAG), else the direct link. */
  landingUrl: string;
  /** Replace the platform library URLs (the harness serves local simulations). */
  libs?: Partial<Record<keyof typeof AD_PLATFORM_LIBS, string>>;
}

/** `V/ad/{publicId}` — the ad frame's URL without query. */
export function adFrameBase(origin: string, publicId: string): string {
  return `${origin}/ad/${encodeURIComponent(publicId)}`;
}

/** HTML text / attribute escaping. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** A JS string literal safe inside an inline `<script>` (no `</script>`, no `<!--`, no line separators). */
export function jsString(s: string | null | undefined): string {
  return JSON.stringify(s ?? '').replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The placement's size in px. */
export function adSize(settings: Pick<AdSettings, 'placement'>): { width: number; height: number } {
  return AD_PLACEMENT_SIZES[settings.placement];
}

/** What each platform's `<head>` script declares and how the body script reads click and consent. */
function platformScript(platform: AdPackagePlatform, input: AdPackageInput): { head: string; read: string } {
  const s = input.settings;
  switch (platform) {
    case 'gam':
      return {
        // GAM / CM360 look for a global `clickTag` (regex clickTag\d*) in <head> and replace its value.
        head: `<script>var clickTag = ${jsString(AD_MACROS.gam.click)};</script>`,
        read: `var click = clickTag; var gdpr = ""; var gdprConsent = "";`,
      };
    case 'dv360':
      return {
        head: `<script>var clickTag = ${jsString(AD_MACROS.dv360.click)}; var gdpr = ${jsString(AD_MACROS.dv360.gdpr)}; var gdprConsent = ${jsString(AD_MACROS.dv360.gdprConsent)};</script>`,
        read: `var click = clickTag;`,
      };
    case 'xandr':
      return {
        head: `<script src="${escapeHtml(input.libs?.xandr ?? AD_PLATFORM_LIBS.xandr)}"></script>`,
        // The library reads the clickTag parameter Xandr puts on the creative's URL.
        read: `var click = (window.APPNEXUS && APPNEXUS.getClickTag()) || ""; var gdpr = ""; var gdprConsent = "";`,
      };
    case 'adform':
      return {
        head: `<script src="${escapeHtml(input.libs?.adform ?? AD_PLATFORM_LIBS.adform)}"></script>`,
        // clickTAG is declared in manifest.json; `;cpdir=` carries the landing page of each button.
        read: `var clickTAG = dhtml.getVar("clickTAG", ""); var click = clickTAG ? clickTAG + ";cpdir=" : ""; var gdpr = dhtml.getVar("gdpr", ""); var gdprConsent = dhtml.getVar("gdpr_consent", "");`,
      };
    case 'custom':
      return {
        head: `<script>var clickTag = ${jsString(s.clickTag)}; var consentString = ${jsString(s.consentString)};</script>`,
        read: `var click = clickTag; var gdpr = consentString ? "1" : ""; var gdprConsent = consentString;`,
      };
  }
}

/**
 * The HTML5 creative's `index.html` for `platform`: the platform's click convention in `<head>`, an
 * iframe of the ad frame at the placement size whose URL the body script completes with `click`,
 * `gdpr` and `gdpr_consent`, and `<meta name="ad.size">` (GAM / CM360 read it).
 */
export function adPackageIndexHtml(platform: AdPackagePlatform, input: AdPackageInput): string {
  const { width, height } = adSize(input.settings);
  const { head, read } = platformScript(platform, input);
  const frame = adFrameBase(input.origin, input.publicId);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(input.settings.language)}">
<head>
<meta charset="utf-8">
<meta name="ad.size" content="width=${width},height=${height}">
<meta name="viewport" content="width=${width}">
<title>${escapeHtml(input.name)}</title>
${head}
<style>html,body{margin:0;padding:0;width:${width}px;height:${height}px;overflow:hidden;background:#000}iframe{display:block;border:0}</style>
</head>
<body>
<iframe id="vidbot-ad" title="${escapeHtml(input.name)}" width="${width}" height="${height}" allow="autoplay; fullscreen; encrypted-media" scrolling="no"></iframe>
<script>
(function () {
  ${read}
  var q = "platform=${platform}";
  var add = function (k, v) { if (v) q += "&" + k + "=" + encodeURIComponent(v); };
  add("click", click);
  add("gdpr", gdpr);
  add("gdpr_consent", gdprConsent);
  document.getElementById("vidbot-ad").src = ${jsString(frame)} + "?" + q;
})();
</script>
</body>
</html>
`;
}

/** Adform's `manifest.json` (HTML5 banner standard): size, source file and the declared clicktags. */
export function adformManifest(input: AdPackageInput): string {
  const { width, height } = adSize(input.settings);
  return `${JSON.stringify(
    {
      version: '1.0',
      title: input.name,
      description: 'Vidbot display ad',
      width: String(width),
      height: String(height),
      events: { enabled: 1, list: {} },
      clicktags: { clickTAG: input.landingUrl },
      source: 'index.html',
    },
    null,
    2,
  )}\n`;
}

/**
 * The third-party tag (an HTML snippet the ad server pastes into the page) for the platforms whose
 * macros expand in tags: an iframe of the ad frame with the click prefix and consent in its URL.
 * Adform has none (its HTML5 zip is the format); custom gets the stored values.
 */
export function adThirdPartyTag(platform: AdPackagePlatform, input: AdPackageInput): string | null {
  const { width, height } = adSize(input.settings);
  const s = input.settings;
  let query: string;
  switch (platform) {
    case 'gam':
      query = `platform=gam&click=${AD_MACROS.gam.clickEncoded}&cb=${AD_MACROS.gam.cacheBuster}`;
      break;
    case 'dv360':
    case 'xandr': {
      const m = AD_MACROS[platform];
      query = `platform=${platform}&click=${m.clickEncoded}&gdpr=${m.gdpr}&gdpr_consent=${m.gdprConsent}&cb=${m.cacheBuster}`;
      break;
    }
    case 'custom': {
      query = 'platform=custom';
      if (s.clickTag) query += `&click=${encodeURIComponent(s.clickTag)}`;
      if (s.consentString) query += `&gdpr=1&gdpr_consent=${encodeURIComponent(s.consentString)}`;
      break;
    }
    case 'adform':
      return null;
  }
  const src = `${adFrameBase(input.origin, input.publicId)}?${query}`;
  return `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(input.name)}" allow="autoplay; fullscreen; encrypted-media" scrolling="no" style="border:0;display:block"></iframe>\n`;
}

/** Files of the downloadable package for `platform` (path → text), see the module comment. */
export function adPackageFiles(platform: AdPackagePlatform, input: AdPackageInput): Record<string, string> {
  const files: Record<string, string> = { 'index.html': adPackageIndexHtml(platform, input) };
  if (platform === 'adform') files['manifest.json'] = adformManifest(input);
  const tag = adThirdPartyTag(platform, input);
  if (tag) files['tag.html'] = tag;
  return files;
}

/** `vidbot-ad-<publicId>-<platform>-<width>x<height>.zip` */
export function adPackageFileName(platform: AdPackagePlatform, publicId: string, settings: Pick<AdSettings, 'placement'>): string {
  const { width, height } = adSize(settings);
  return `vidbot-ad-${publicId.replace(/[^A-Za-z0-9_-]/g, '')}-${platform}-${width}x${height}.zip`;
}
