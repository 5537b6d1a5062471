/**
 * Display ads in Chromium (issue 12 "Display ads", "Cross-origin e2e … each ad platform's harness";
 * docs/embedding.md `## Display ads`): for every platform (Google Ad Manager / CM360, DV360, Xandr,
 * Adform, custom) the harness page `/ad-harness/{publicId}?platform=` serves the platform's HTML5
 * package the way the ad server would (macros expanded, the platform library simulated, sandboxed),
 * the package's iframe loads the ad frame `/ad/{publicId}` and:
 * - the intro video plays (currentTime advances; muted autoplay);
 * - the impression tag (adSettings.impressionTag → the harness's pixel) fires exactly once;
 * - pressing the CTA (an EXTERNAL_LINK button) opens the platform's click tracker with the
 *   destination (the harness's tracker records it and shows it);
 * - the package itself is downloadable (`GET /api/bot/{id}/ad-package`) with the same `index.html`.
 *
 * Setup through the API as staff would do it: superadmin@ turns `vidbot_as_ads` on for the demo
 * account (`/api/feature/flags`), owner@ saves and publishes a one-slide ad bot that reuses the
 * sample vidbot's intro video (already processed by the seed).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, idToken, test } from './support';
import { startHost, strictHostCsp, vidbotOrigin } from './hosts';

const DESTINATION = 'https://shop.example/landing?utm_source=vidbot&x=1';
const PLATFORMS = ['gam', 'dv360', 'xandr', 'adform', 'custom'] as const;


/**
 * Sets the accounts of `vidbot_as_ads` as a superuser (POST when new, else PUT).
 * @returns the accounts it had before (null when the flag did not exist), to restore afterwards.
 */
async function setAdsAccounts(request: APIRequestContext, accountIds: (current: number[]) => number[]): Promise<number[] | null> {
  const headers = { Authorization: `Bearer ${await idToken(request, 'superadmin@example.com')}` };
  const list = (await (await request.get('/api/feature/flags?flag_name=vidbot_as_ads', { headers })).json()) as { records: { name: string; account_ids: number[] }[] };
  const before = list.records.find((f) => f.name === 'vidbot_as_ads')?.account_ids ?? null;
  if (before === null) {
    const created = await request.post('/api/feature/flags', { headers, data: { name: 'vidbot_as_ads', flag_type: 'dashboard', account_ids: accountIds([]) } });
    expect(created.status()).toBe(201);
  } else {
    const updated = await request.put('/api/feature/flags', { headers, data: { name: 'vidbot_as_ads', account_ids: accountIds(before) } });
    expect(updated.status()).toBe(200);
  }
  return before;
}

/** The flag's accounts before this file turned it on for the demo account (restored after all tests: other specs share the server). */
let adsBefore: number[] | null = null;

interface AdBot {
  id: number;
  publicId: string;
  /** The saved content document (to republish with other adSettings). */
  content?: { slides: unknown[]; actions: unknown[]; settings: { adSettings: Record<string, unknown> } & Record<string, unknown> };
}

/** A published ad bot: intro = the sample's intro video with a "Shop now" EXTERNAL_LINK button; mpu, custom click/impression tags at the harness. */
async function createAdBot(request: APIRequestContext): Promise<AdBot> {
  const auth = { Authorization: `Bearer ${await idToken(request, 'owner@example.com')}` };
  const accounts = (await (await request.get('/api/account?page=1&size=100', { headers: auth })).json()) as { records: { id: number; publicId: string }[] };
  const accountId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  adsBefore = await setAdsAccounts(request, (current) => [...new Set([...current, accountId])]);
  const list = (await (await request.get(`/api/bot?account_id=${accountId}&size=100`, { headers: auth })).json()) as { records: { id: number; name: string }[] };
  const sample = list.records.find((b) => b.name === 'Welcome to Vidbot')!;
  const published = (await (await request.get(`/api/bot/${sample.id}?mode=published`, { headers: auth })).json()) as {
    slides: { category: string; type: string; videoId: number | null }[];
    settings: Record<string, unknown> & { adSettings: Record<string, unknown> };
  };
  const videoId = published.slides.find((s) => s.category === 'INTRO' && s.type === 'VIDEO')!.videoId;
  const bot = (await (await request.post('/api/bot', { headers: auth, data: { accountId, name: 'Display ad journey' } })).json()) as AdBot;
  const v = vidbotOrigin();
  const settings = {
    ...published.settings,
    adSettings: {
      ...published.settings.adSettings,
      placement: 'mpu',
      adPlatform: 'custom',
      clickTag: `${v}/ad-harness/${bot.publicId}/click?platform=custom&adurl=`,
      impressionTag: `${v}/ad-harness/${bot.publicId}/impression?cb=[timestamp]`,
      consentString: '',
      loopIntroSlide: true,
      autoplayOnScroll: false,
    },
  };
  const content = {
    slides: [{ id: 1, name: 'Meet the shop', category: 'INTRO', type: 'VIDEO', videoId, imageId: null, options: [{ id: 1, name: 'Shop now', type: 'EXTERNAL_LINK', targetId: 7 }] }],
    actions: [{ id: 7, name: 'Shop', type: 'EXTERNAL_LINK', url: DESTINATION, externalLinkType: 'url', linkType: 'new_tab' }],
    settings,
  };
  const saved = await request.patch(`/api/bot/${bot.id}`, { headers: auth, data: { status: 'Published', content } });
  expect(saved.status(), await saved.text()).toBe(200);
  // Empty custom ad fields are stored as null (spec 001 §5).
  const stored = (await (await request.get(`/api/bot/${bot.id}?mode=published`, { headers: auth })).json()) as { settings: { adSettings: { consentString: unknown } } };
  expect(stored.settings.adSettings.consentString).toBeNull();
  return { ...bot, content };
}

interface HarnessEvent {
  kind: 'click' | 'impression';
  platform: string | null;
  destination: string | null;
}
async function harnessLog(request: APIRequestContext, publicId: string): Promise<HarnessEvent[]> {
  return ((await (await request.get(`/ad-harness/${publicId}/log`)).json()) as { events: HarnessEvent[] }).events;
}

/** The ad frame (`/ad/…`) inside the creative inside the harness page. */
async function adFrame(page: Page) {
  await expect.poll(() => page.frames().some((f) => new URL(f.url()).pathname.startsWith('/ad/'))).toBe(true);
  return page.frames().find((f) => new URL(f.url()).pathname.startsWith('/ad/'))!;
}

let bot: AdBot;
test.beforeAll(async ({ request }) => {
  bot = await createAdBot(request);
});
test.afterAll(async ({ request }) => {
  const before = adsBefore ?? [];
  await setAdsAccounts(request, () => before);
});

for (const platform of PLATFORMS) {
  test(`${platform}: the harness plays the ad, fires the impression once and a CTA click reaches the click tracker with the destination`, async ({ page, context, request }) => {
    const before = await harnessLog(request, bot.publicId);
    const impressionsBefore = before.filter((e) => e.kind === 'impression').length;

    const messages: unknown[] = [];
    await page.goto(`/ad-harness/${bot.publicId}?platform=${platform}`);
    const creative = page.frames().find((f) => f.url().includes('/creative'));
    expect(creative, 'the creative frame').toBeTruthy();
    const frame = await adFrame(page);
    // The creative passed the platform's click tag on to the frame.
    const frameUrl = new URL(frame.url());
    expect(frameUrl.searchParams.get('platform')).toBe(platform);
    if (platform !== 'custom') expect(frameUrl.searchParams.get('click')).toContain(`/ad-harness/${bot.publicId}/click?platform=${platform}`);
    if (platform === 'dv360') expect(frameUrl.searchParams.get('gdpr_consent')).toBe('HARNESS-TCF-CONSENT-1219');
    await creative!.evaluate(() => {
      (window as unknown as { __vb: unknown[] }).__vb = [];
      window.addEventListener('message', (e) => (window as unknown as { __vb: unknown[] }).__vb.push(e.data));
    });

    // Sized to the placement (mpu 300×250) and playing: currentTime advances.
    const box = await page.locator('#vidbot-harness-creative').boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([302, 252]); // + the dashed 1 px border
    await frame.waitForFunction(() => {
      const video = document.querySelector('[data-vidbot-player]')?.shadowRoot?.querySelector('video');
      return !!video && video.currentTime > 0.5 && !video.paused && video.muted && video.loop;
    }, undefined, { timeout: 60_000 });
    const t1 = await frame.evaluate(() => document.querySelector('[data-vidbot-player]')!.shadowRoot!.querySelector('video')!.currentTime);
    await expect.poll(() => frame.evaluate(() => document.querySelector('[data-vidbot-player]')!.shadowRoot!.querySelector('video')!.currentTime)).toBeGreaterThan(t1);

    // One impression for this view.
    await expect.poll(async () => (await harnessLog(request, bot.publicId)).filter((e) => e.kind === 'impression').length).toBe(impressionsBefore + 1);

    // The CTA goes through the platform's click tracker with the destination.
    const popup = context.waitForEvent('page');
    await frame.getByRole('button', { name: 'Shop now' }).click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/ad-harness/${bot.publicId}/click`);
    await expect(tab.locator('#click-destination')).toHaveText(DESTINATION);
    await expect(tab.locator('#click-platform')).toHaveText(platform);
    const after = await harnessLog(request, bot.publicId);
    expect(after.slice(before.length).filter((e) => e.kind === 'click')).toEqual([{ kind: 'click', platform, destination: DESTINATION, at: expect.any(String) }]);
    await tab.close();
    // The viewer interacted: the intro no longer loops.
    expect(await frame.evaluate(() => document.querySelector('[data-vidbot-player]')!.shadowRoot!.querySelector('video')?.loop ?? false)).toBe(false);

    // Still one impression after the interaction; the frame told its creative what happened.
    await page.waitForTimeout(500);
    expect((await harnessLog(request, bot.publicId)).filter((e) => e.kind === 'impression').length).toBe(impressionsBefore + 1);
    messages.push(...(await creative!.evaluate(() => (window as unknown as { __vb: unknown[] }).__vb)));
    expect(messages).toContainEqual(expect.objectContaining({ source: 'vidbot', v: 1, type: 'VIDBOT_CTA', publicId: bot.publicId, name: 'Shop now' }));
    expect(messages).toContainEqual(expect.objectContaining({ type: 'VIDBOT_ANALYTICS_EVENT', name: 'click', data: { destination: DESTINATION, platform } }));
  });
}

test('the package download holds the same index.html the harness plays', async ({ request }) => {
  const { unzipSync, strFromU8 } = await import('fflate');
  const auth = { Authorization: `Bearer ${await idToken(request, 'viewer@example.com')}` };
  const res = await request.get(`/api/bot/${bot.id}/ad-package?platform=adform`, { headers: auth });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await res.body()));
  expect(Object.keys(files).sort()).toEqual(['index.html', 'manifest.json']);
  const html = strFromU8(files['index.html']!);
  expect(html).toContain('https://s1.adform.net/banners/scripts/rmb/Adform.DHTML.js');
  const harness = await (await request.get(`/ad-harness/${bot.publicId}/creative?platform=adform`)).text();
  expect(harness.replace('/ad-harness/lib/adform-dhtml.js', 'https://s1.adform.net/banners/scripts/rmb/Adform.DHTML.js?bv=2')).toBe(html);
});

test('autoplayOnScroll on another origin under a strict CSP: the thumbnail frame waits below the fold, the ad plays and counts its impression when scrolled into view, pauses when scrolled away', async ({ page, request }) => {
  const auth = { Authorization: `Bearer ${await idToken(request, 'owner@example.com')}` };
  const content = structuredClone(bot.content!);
  content.settings.adSettings = { ...content.settings.adSettings, autoplayOnScroll: true, loopIntroSlide: false, thumbnail: { slide: 1, time: 1.5 } };
  const saved = await request.patch(`/api/bot/${bot.id}`, { headers: auth, data: { status: 'Published', content } });
  expect(saved.status(), await saved.text()).toBe(200);

  const v = vidbotOrigin();
  // The custom platform's third-party tag: an iframe of the ad frame (no click prefix in the URL: the stored clickTag applies).
  const html = `<!DOCTYPE html><html><head><title>Publisher</title></head><body><h1>News</h1>${'<p>Story text.</p>'.repeat(60)}<iframe id="ad" src="${v}/ad/${bot.publicId}?platform=custom" width="300" height="250" title="Advertisement"></iframe>${'<p>More.</p>'.repeat(10)}</body></html>`;
  const host = await startHost({ '/article.html': { html, csp: strictHostCsp(v) } });
  try {
    await page.addInitScript(() => {
      const w = window as unknown as { __vb: unknown[]; __csp: string[] };
      w.__vb = [];
      w.__csp = [];
      window.addEventListener('message', (e) => w.__vb.push(e.data));
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const impressionsBefore = (await harnessLog(request, bot.publicId)).filter((e) => e.kind === 'impression').length;
    await page.goto(host.url('/article.html'));
    const frame = await adFrame(page);
    const videoState = () => frame.evaluate(() => {
      const video = document.querySelector('[data-vidbot-player]')?.shadowRoot?.querySelector('video');
      return video ? { paused: video.paused, time: video.currentTime } : null;
    });
    // Below the fold: paused on the thumbnail frame (1.5 s), no impression.
    await expect.poll(async () => (await videoState())?.time).toBeCloseTo(1.5, 1);
    await page.waitForTimeout(1000);
    expect((await videoState())!.paused).toBe(true);
    expect((await harnessLog(request, bot.publicId)).filter((e) => e.kind === 'impression').length).toBe(impressionsBefore);

    // Scrolled into view: plays (from the start) and counts one impression.
    await page.locator('#ad').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await videoState())?.paused).toBe(false);
    const t1 = (await videoState())!.time;
    await expect.poll(async () => (await videoState())!.time).toBeGreaterThan(t1);
    await expect.poll(async () => (await harnessLog(request, bot.publicId)).filter((e) => e.kind === 'impression').length).toBe(impressionsBefore + 1);

    // Scrolled away: paused; back again: plays; still one impression.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await videoState())?.paused).toBe(true);
    await page.locator('#ad').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await videoState())?.paused).toBe(false);
    await page.waitForTimeout(500);
    expect((await harnessLog(request, bot.publicId)).filter((e) => e.kind === 'impression').length).toBe(impressionsBefore + 1);

    // The host got VIDBOT_LOADED once (channel display_ad) and its page has no CSP violation.
    const { messages, csp } = await page.evaluate(() => {
      const w = window as unknown as { __vb: { type?: string; channel?: string }[]; __csp: string[] };
      return { messages: w.__vb, csp: w.__csp };
    });
    expect(messages.filter((m) => m.type === 'VIDBOT_LOADED')).toEqual([expect.objectContaining({ source: 'vidbot', channel: 'display_ad', publicId: bot.publicId })]);
    expect(csp).toEqual([]);
  } finally {
    await host.close();
  }
});
