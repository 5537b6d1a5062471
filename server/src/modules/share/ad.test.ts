/**
 * Display ads (issue 12 "Display ads"; spec 001 §3 adSettings, §5 empty custom ad fields, §6 feature
 * vidbot_as_ads and share permissions, §9 vendor 1219): the HTML5 package per platform (unzipped with
 * fflate), the ad frame page, the harness, and the pure rules.
 */
import { randomUUID } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD } from '../../../test/accounts';
import { featureFlags, media } from '../../db/schema';
import { routeClass } from '../../lib/security-headers';
import { defaultBotSettings } from '../bot/content.rules';
import { AD_PACKAGE_PLATFORMS, adPackageIndexHtml, clickThroughUrl, expandImpressionTag, isUnexpandedMacro, jsString } from './ad.rules';
import { adFrameConfig } from './ad.pages';

let t: TestContext;
let D: number;
let owner: string;
let viewer: string;
let other: string;
let superadmin: string;
let botId: number;
let publicId: string;
let draftBotId: number;
const LINK = 'https://example.com/landing?utm=ad&x=1';
const CLICK = 'https://click.example/track?c=1&adurl=';

async function readyImage(accountId: number): Promise<number> {
  const key = `${accountId}/${randomUUID()}/source.png`;
  const [row] = await t.deps.db
    .insert(media)
    .values({ accountId, name: 'Ad image', type: 'SlideImage', status: 'Ready', playbackKey: key, posterKey: key, sourceKey: key, width: 1, height: 1 })
    .returning();
  return row!.id;
}

async function call(method: string, url: string, token?: string, body?: unknown): Promise<Response> {
  return t.app.request(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function setAdsFlag(accountIds: number[]): Promise<void> {
  await t.deps.db.delete(featureFlags).where(eq(featureFlags.name, 'vidbot_as_ads'));
  if (accountIds.length) await t.deps.db.insert(featureFlags).values({ name: 'vidbot_as_ads', flagType: 'dashboard', accountIds });
}

async function unzip(res: Response): Promise<Record<string, string>> {
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]));
}

beforeAll(async () => {
  t = await createTestContext();
  D = await demoAccountId(t);
  const O = await createAccount(t, 'Ads Other Oy');
  await createUser(t, 'ads-other@example.com', { roles: [[O, 'Owner']] });
  owner = await t.signIn('owner@example.com');
  viewer = await t.signIn('viewer@example.com');
  superadmin = await t.signIn('superadmin@example.com');
  other = await t.signIn('ads-other@example.com', TEST_PASSWORD);
  await setAdsFlag([D]);
  const image = await readyImage(D);
  const created = (await (await call('POST', '/api/bot', owner, { accountId: D, name: 'Ad <bot> "quoted"' })).json()) as { id: number; publicId: string };
  const settings = defaultBotSettings();
  settings.adSettings = { ...settings.adSettings, placement: 'billboard', adPlatform: 'custom', clickTag: CLICK, impressionTag: 'https://pixel.example/i?cb=[timestamp]&c=${GDPR_CONSENT_1219}', consentString: 'CONSENT-XYZ', loopIntroSlide: true };
  const content = {
    slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'IMAGE', imageId: image, options: [{ id: 1, name: 'Visit us', type: 'EXTERNAL_LINK', targetId: 5 }] }],
    actions: [{ id: 5, name: 'Landing', type: 'EXTERNAL_LINK', url: LINK, externalLinkType: 'url', linkType: 'new_tab' }],
    settings,
  };
  const saved = await call('PATCH', `/api/bot/${created.id}`, owner, { content, status: 'Published' });
  expect(saved.status, await saved.clone().text()).toBe(200);
  botId = created.id;
  publicId = created.publicId;
  draftBotId = ((await (await call('POST', '/api/bot', owner, { accountId: D, name: 'Draft ad' })).json()) as { id: number }).id;
});
afterAll(() => t?.close());

describe('GET /api/bot/{id}/ad-package', () => {
  it('zips index.html with the click convention of each platform, Adform with manifest.json', async () => {
    const expected: Record<string, RegExp[]> = {
      gam: [/var clickTag = "%%CLICK_URL_UNESC%%";/],
      dv360: [/var clickTag = "\$\{CLICK_URL\}"/, /"\$\{GDPR\}"/, /"\$\{GDPR_CONSENT_1219\}"/],
      xandr: [/appnexus-html5-lib\.min\.js/, /APPNEXUS\.getClickTag\(\)/],
      adform: [/Adform\.DHTML\.js/, /dhtml\.getVar\("clickTAG", ""\)/, /;cpdir=/],
      custom: [new RegExp(`var clickTag = ${jsString(CLICK).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`), /var consentString = "CONSENT-XYZ"/],
    };
    for (const platform of AD_PACKAGE_PLATFORMS) {
      const res = await call('GET', `/api/bot/${botId}/ad-package?platform=${platform}`, viewer);
      expect(res.status, platform).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="vidbot-ad-${publicId}-${platform}-970x250.zip"`);
      const files = await unzip(res);
      const names = Object.keys(files).sort();
      expect(names, platform).toEqual(platform === 'adform' ? ['index.html', 'manifest.json'] : ['index.html', 'tag.html']);
      const html = files['index.html']!;
      for (const re of expected[platform]!) expect(html, `${platform} ${re}`).toMatch(re);
      // The iframe of the ad frame at the placement size (billboard 970×250), platform in its URL.
      expect(html).toContain('<iframe id="vidbot-ad"');
      expect(html).toContain('width="970" height="250"');
      expect(html).toContain(`"${t.env.publicUrl}/ad/${publicId}"`);
      expect(html).toContain(`var q = "platform=${platform}"`);
      expect(html).toContain('<meta name="ad.size" content="width=970,height=250">');
      // The bot's name is escaped in HTML.
      expect(html).toContain('<title>Ad &lt;bot&gt; &quot;quoted&quot;</title>');
      if (platform === 'adform') {
        const manifest = JSON.parse(files['manifest.json']!) as Record<string, unknown>;
        expect(manifest).toMatchObject({ width: '970', height: '250', source: 'index.html', clicktags: { clickTAG: LINK } });
      }
    }
  });

  it('third-party tags carry the escaped click macro and, for DV360, the consent macros of vendor 1219', async () => {
    const tag = async (platform: string) => (await unzip(await call('GET', `/api/bot/${botId}/ad-package?platform=${platform}`, owner)))['tag.html']!;
    expect(await tag('gam')).toContain(`/ad/${publicId}?platform=gam&amp;click=%%CLICK_URL_ESC%%&amp;cb=%%CACHEBUSTER%%`);
    expect(await tag('dv360')).toContain('click=${CLICK_URL_ENC}&amp;gdpr=${GDPR}&amp;gdpr_consent=${GDPR_CONSENT_1219}');
    expect(await tag('custom')).toContain(`click=${encodeURIComponent(CLICK)}&amp;gdpr=1&amp;gdpr_consent=CONSENT-XYZ`);
  });

  it('defaults to adSettings.adPlatform', async () => {
    const res = await call('GET', `/api/bot/${botId}/ad-package`, owner);
    expect(res.headers.get('content-disposition')).toContain('-custom-970x250.zip');
  });

  it('answers 403 featureRequired without vidbot_as_ads, 422 unpublished, 404 unknown or another account, 422 bad platform, 401 without a token', async () => {
    await setAdsFlag([]);
    try {
      const res = await call('GET', `/api/bot/${botId}/ad-package?platform=gam`, owner);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'featureRequired' });
      // Superusers too: the feature is the account's.
      expect((await call('GET', `/api/bot/${botId}/ad-package?platform=gam`, superadmin)).status).toBe(403);
    } finally {
      await setAdsFlag([D]);
    }
    const draft = await call('GET', `/api/bot/${draftBotId}/ad-package?platform=gam`, owner);
    expect(draft.status).toBe(422);
    expect(await draft.json()).toMatchObject({ code: 'notPublished' });
    expect((await call('GET', '/api/bot/999999/ad-package', owner)).status).toBe(404);
    expect((await call('GET', `/api/bot/${botId}/ad-package`, other)).status).toBe(404);
    const bad = await call('GET', `/api/bot/${botId}/ad-package?platform=flash`, owner);
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.platform).toMatch(/platform must be one of/);
    expect((await call('GET', `/api/bot/${botId}/ad-package`)).status).toBe(401);
  });

  it('is on for every account when the flag is on for everyone', async () => {
    await t.deps.db.delete(featureFlags).where(eq(featureFlags.name, 'vidbot_as_ads'));
    await t.deps.db.insert(featureFlags).values({ name: 'vidbot_as_ads', flagType: 'embed', isEveryone: true });
    try {
      expect((await call('GET', `/api/bot/${botId}/ad-package`, owner)).status).toBe(200);
    } finally {
      await setAdsFlag([D]);
    }
  });
});

describe('GET /ad/{publicId}', () => {
  const dataOf = (html: string, id: string) => JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)![1]!) as Record<string, unknown>;

  it('renders the player page: PlayerBot and ad options as JSON blocks, /embed/ad.js, framed by anyone, cached 60 s', async () => {
    const res = await call('GET', `/ad/${publicId}?platform=dv360&click=${encodeURIComponent(CLICK)}&gdpr=1&gdpr_consent=TCSTRING`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const csp = res.headers.get('content-security-policy')!;
    // Framed by anyone, sandboxed ad-server iframes included (no frame-ancestors source matches an opaque origin).
    expect(csp).not.toContain('frame-ancestors');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/img-src[^;]*https:/);
    const html = await res.text();
    expect(html).toContain('<div id="vidbot-root"></div>');
    expect(html).toContain('<script type="module" src="/embed/ad.js"></script>');
    // `<` inside the JSON is escaped, so the bot's name cannot close the script element.
    expect(html).toContain('Ad \\u003cbot> \\"quoted\\"');
    const bot = dataOf(html, 'vidbot-data');
    expect(bot).toMatchObject({ publicId, name: 'Ad <bot> "quoted"' });
    const ad = dataOf(html, 'vidbot-ad');
    expect(ad).toMatchObject({
      publicId,
      platform: 'dv360',
      click: CLICK,
      gdpr: '1',
      gdprConsent: 'TCSTRING',
      consentVendorId: 1219,
      width: 970,
      height: 250,
      placement: 'billboard',
      loopIntroSlide: true,
      impressionTag: 'https://pixel.example/i?cb=[timestamp]&c=${GDPR_CONSENT_1219}',
    });
  });

  it('ignores unexpanded macros; custom falls back to the stored clickTag and consent string', async () => {
    const html = await (await call('GET', `/ad/${publicId}?platform=gam&click=%25%25CLICK_URL_UNESC%25%25`)).text();
    expect(dataOf(html, 'vidbot-ad')).toMatchObject({ platform: 'gam', click: null, gdprConsent: null, consentVendorId: null });
    const custom = await (await call('GET', `/ad/${publicId}`)).text();
    expect(dataOf(custom, 'vidbot-ad')).toMatchObject({ platform: 'custom', click: CLICK, gdpr: '1', gdprConsent: 'CONSENT-XYZ' });
  });

  it('refuses a click URL that is not http(s) with a field message', async () => {
    const res = await call('GET', `/ad/${publicId}?click=${encodeURIComponent('javascript:alert(1)//')}`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.click).toMatch(/http/);
  });

  it('answers 404 without the feature, for a draft and for an unknown id', async () => {
    await setAdsFlag([]);
    try {
      expect((await call('GET', `/ad/${publicId}`)).status).toBe(404);
      expect((await call('GET', `/ad-harness/${publicId}`)).status).toBe(404);
    } finally {
      await setAdsFlag([D]);
    }
    expect((await call('GET', '/ad/nope-nope')).status).toBe(404);
    expect((await call('GET', '/ad/bad%20id')).status).toBe(404);
  });
});

describe('the harness', () => {
  it('serves the creative with macros expanded to its click tracker, sandboxed, and records clicks and impressions', async () => {
    const page = await call('GET', `/ad-harness/${publicId}?platform=dv360`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/ad-harness/${publicId}/creative?platform=dv360`);
    const creativeRes = await call('GET', `/ad-harness/${publicId}/creative?platform=dv360`);
    expect(creativeRes.headers.get('content-security-policy')).toMatch(/script-src [^;]*'unsafe-inline'.*; sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox$/);
    const creative = await creativeRes.text();
    expect(creative).toContain(`var clickTag = "${t.env.publicUrl}/ad-harness/${publicId}/click?platform=dv360&adurl="`);
    expect(creative).toContain('var gdprConsent = "HARNESS-TCF-CONSENT-1219"');
    expect(creative).not.toContain('${');
    const adform = await (await call('GET', `/ad-harness/${publicId}/creative?platform=adform`)).text();
    expect(adform).toContain('<script src="/ad-harness/lib/adform-dhtml.js"></script>');
    expect((await call('GET', '/ad-harness/lib/adform-dhtml.js')).headers.get('content-type')).toMatch(/javascript/);

    const click = await call('GET', `/ad-harness/${publicId}/click?platform=adform;cpdir=${encodeURIComponent(LINK)}`);
    expect(await click.text()).toContain(`<span id="click-destination">${LINK.replace(/&/g, '&amp;')}</span>`);
    await call('GET', `/ad-harness/${publicId}/impression`);
    const log = (await (await call('GET', `/ad-harness/${publicId}/log`)).json()) as { events: { kind: string; platform: string | null; destination: string | null }[] };
    expect(log.events.map((e) => [e.kind, e.platform, e.destination])).toEqual([
      ['click', 'adform', LINK],
      ['impression', null, null],
    ]);
  });
});

describe('ad rules', () => {
  const input = { origin: 'https://v.example', publicId: 'abc', name: 'A', settings: defaultBotSettings().adSettings, landingUrl: LINK };

  it('route classes: /ad and the harness pages are class ad, the harness creative is the sandboxed class creative', () => {
    expect(routeClass('/ad/abc')).toBe('ad');
    expect(routeClass('/ad-harness/abc')).toBe('ad');
    expect(routeClass('/ad-harness/abc/creative')).toBe('creative');
    expect(routeClass('/admin')).toBe('app');
  });

  it('clicks go through the click prefix with the encoded destination, or straight to it', () => {
    expect(clickThroughUrl(CLICK, LINK)).toBe(`${CLICK}${encodeURIComponent(LINK)}`);
    expect(clickThroughUrl(null, LINK)).toBe(LINK);
  });

  it('expands the impression tag macros, consent of vendor 1219', () => {
    expect(expandImpressionTag('https://p.example/?r=[timestamp]&r2=%%CACHEBUSTER%%&g=${GDPR}&c=${GDPR_CONSENT_1219}', { random: '42', gdpr: '1', gdprConsent: 'a b' })).toBe(
      'https://p.example/?r=42&r2=42&g=1&c=a%20b',
    );
  });

  it('recognises unexpanded macros', () => {
    expect(isUnexpandedMacro('%%CLICK_URL_UNESC%%')).toBe(true);
    expect(isUnexpandedMacro('${CLICK_URL}')).toBe(true);
    expect(isUnexpandedMacro('https://click.example/?a=1')).toBe(false);
  });

  it('escapes custom values inside the inline script', () => {
    const html = adPackageIndexHtml('custom', { ...input, settings: { ...input.settings, clickTag: 'https://x.example/</script><script>alert(1)</script>' } });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('frame config: empty stored fields stay null and gdpr only 0 or 1', () => {
    const ad = { ...input.settings, adPlatform: 'custom' as const };
    expect(adFrameConfig('abc', ad, { gdpr: 'yes' })).toMatchObject({ click: null, gdpr: null, gdprConsent: null, impressionTag: null, width: 300, height: 250 });
  });
});
