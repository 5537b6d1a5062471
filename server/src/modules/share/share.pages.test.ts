/**
 * The server-rendered player pages (share.pages.ts; issue 12 "Direct link", "iframe"): link-preview
 * tags parsed from the HTML as a crawler gets it (no JavaScript), noindex rules, language, the
 * embedded PlayerBot and page options, hostile names escaped, 404 pages, caching and the framed
 * security headers — through the real app on PGlite.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId } from '../../../test/accounts';
import { media } from '../../db/schema';
import type { BotDetail, PlayerBot } from '../bot/bot.schemas';
import type { PageOptions } from './page.types';
import { escapeHtml, pageOptions, renderPlayerPage, scriptJson } from './share.pages';

let ctx: TestContext;
let token: string;
let demoId: number;
let videoId: number;
let imageId: number;

const HOSTILE = `</script><script>alert(1)</script>"><img src=x onerror=alert(2)>`;

/** Attributes of the `<meta>` elements of a page, as a crawler reads them. */
function metas(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)">/g)) {
    out[m[2]!] = m[3]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  }
  return out;
}

function jsonScript<T>(html: string, id: string): T {
  const m = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  expect(m, `#${id}`).not.toBeNull();
  return JSON.parse(m![1]!) as T;
}

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A Published bot with a video intro (slide 1) and an image slide (2), with `settings`. */
async function publishedBot(name: string, settings: Record<string, unknown> = {}, theme: Record<string, unknown> = {}): Promise<BotDetail> {
  const bot = await json<BotDetail>(await ctx.call('POST', '/api/bot', { token, body: { accountId: demoId, name } }), 201);
  const content = {
    slides: [
      { id: 1, name: 'Welcome', category: 'INTRO', type: 'VIDEO', videoId, imageId: null, options: [{ id: 1, name: 'Next', type: 'SLIDE', targetId: 2 }] },
      { id: 2, name: 'Picture', category: 'SLIDE', type: 'IMAGE', videoId: null, imageId, options: [] },
    ],
    actions: [],
    theme,
    settings,
  };
  const saved = await json<BotDetail>(await ctx.call('PATCH', `/api/bot/${bot.id}`, { token, body: { content } }), 200);
  await json(await ctx.call('PATCH', `/api/bot/${bot.id}/revision/${saved.botRevisionId}/status`, { token, body: { status: 'Published' } }), 200);
  return saved;
}

beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  token = await ctx.signIn('owner@example.com');
  const [v] = await ctx.deps.db
    .insert(media)
    .values({ accountId: demoId, name: 'intro.mp4', type: 'SlideVideo', status: 'Ready', playbackKey: 'm/v/playback.mp4', posterKey: 'm/v/poster.jpg', duration: 8 })
    .returning();
  const [i] = await ctx.deps.db
    .insert(media)
    .values({ accountId: demoId, name: 'pic.png', type: 'SlideImage', status: 'Ready', playbackKey: 'm/i/image.png', posterKey: null })
    .returning();
  videoId = v!.id;
  imageId = i!.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /v/{publicId} (direct link)', () => {
  it('has title, description, Open Graph and Twitter card tags from seoMeta and the start slide poster, absolute', async () => {
    const bot = await publishedBot('Direct', { seoMeta: { title: 'Meet our bot', description: 'A short tour.', isIndexingDisabled: false } });
    const V = ctx.env.publicUrl;
    const res = await ctx.call('GET', `/v/${bot.publicId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en" data-channel="direct">/);
    expect(html).toContain('<title>Meet our bot</title>');
    expect(metas(html)).toEqual({
      viewport: 'width=device-width, initial-scale=1',
      description: 'A short tour.',
      'og:type': 'video.other',
      'og:title': 'Meet our bot',
      'og:description': 'A short tour.',
      'og:url': `${V}/v/${bot.publicId}`,
      'og:image': `${V}/files/m/v/poster.jpg`,
      'og:video': `${V}/files/m/v/playback.mp4`,
      'og:video:type': 'video/mp4',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Meet our bot',
      'twitter:description': 'A short tour.',
      'twitter:image': `${V}/files/m/v/poster.jpg`,
    });
    expect(html).toContain('<link rel="stylesheet" href="/embed/page.css">');
    expect(html).toContain('<script type="module" src="/embed/page.js"></script>');
    // No inline script may run: the only scripts are the module and two JSON data blocks.
    expect([...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1])).toEqual([' type="module" src="/embed/page.js"', ' type="application/json" id="vidbot-data"', ' type="application/json" id="vidbot-page"']);
    const data = jsonScript<PlayerBot>(html, 'vidbot-data');
    expect(data).toMatchObject({ id: bot.id, publicId: bot.publicId, name: 'Direct', directUrl: `${V}/v/${bot.publicId}`, customCss: null });
    expect(jsonScript<PageOptions>(html, 'vidbot-page')).toEqual({
      channel: 'direct',
      publicId: bot.publicId,
      lang: 'en',
      startSlideId: null,
      host: null,
      autoplay: true,
      muted: false,
      hideActionButtonsUntilPlay: false,
      autoplayOnScroll: false,
      thumbnail: null,
      apiBase: V,
      source: null,
    });
  });

  it('uses the bot name without seoMeta, noindex when indexing is disabled, linkSettings and the query', async () => {
    const bot = await publishedBot('Plain bot', {
      seoMeta: { title: null, description: null, isIndexingDisabled: true },
      linkSettings: { language: 'fi', slideId: 2, thumbnail: null, autoplayMuted: true, hideActionButtonsUntilPlay: true },
      linkThumbnail: '/files/m/custom/thumb.jpg',
    });
    const html = await (await ctx.call('GET', `/v/${bot.publicId}`)).text();
    expect(html).toContain('<html lang="fi"');
    expect(html).toContain('<title>Plain bot</title>');
    const m = metas(html);
    expect(m.robots).toBe('noindex');
    expect(m.description).toBeUndefined();
    expect(m['og:title']).toBe('Plain bot');
    expect(m['og:image']).toBe(`${ctx.env.publicUrl}/files/m/custom/thumb.jpg`);
    // the start slide is the image slide: no og:video
    expect(m['og:video']).toBeUndefined();
    expect(jsonScript<PageOptions>(html, 'vidbot-page')).toMatchObject({ lang: 'fi', startSlideId: 2, muted: true, hideActionButtonsUntilPlay: true });

    // query wins; bad values fall back
    const q = await (await ctx.call('GET', `/v/${bot.publicId}?lang=en&slide=1`)).text();
    expect(q).toContain('<html lang="en"');
    expect(jsonScript<PageOptions>(q, 'vidbot-page')).toMatchObject({ lang: 'en', startSlideId: 1 });
    const bad = await (await ctx.call('GET', `/v/${bot.publicId}?lang=xx&slide=abc`)).text();
    expect(jsonScript<PageOptions>(bad, 'vidbot-page')).toMatchObject({ lang: 'fi', startSlideId: 2 });
  });

  it('escapes a hostile name and SEO text everywhere; the JSON still reads back unchanged', async () => {
    const bot = await publishedBot(HOSTILE, { seoMeta: { title: null, description: HOSTILE, isIndexingDisabled: false } }, { stylesRaw: '.vb-option{color:red} body{display:none} @import "x.css";' });
    const html = await (await ctx.call('GET', `/v/${bot.publicId}`)).text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(metas(html)['og:title']).toBe(HOSTILE);
    expect(metas(html).description).toBe(HOSTILE);
    const data = jsonScript<PlayerBot>(html, 'vidbot-data');
    expect(data.name).toBe(HOSTILE);
    expect(data.customCss).toBe('.vb-player .vb-option{color:red}');
  });

  it('answers a 404 HTML page for unknown, malformed, unpublished and deactivated bots', async () => {
    for (const path of ['/v/no-such-bot', '/v/bad%20id!', '/e/no-such-bot']) {
      const res = await ctx.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<title>Vidbot not found</title>');
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
    expect(await (await ctx.call('GET', '/v/no-such-bot?lang=fi')).text()).toContain('Vidbotia ei löytynyt');

    const draft = await json<BotDetail>(await ctx.call('POST', '/api/bot', { token, body: { accountId: demoId, name: 'Draft only' } }), 201);
    expect((await ctx.call('GET', `/v/${draft.publicId}`)).status).toBe(404);

    const live = await publishedBot('Soon gone');
    expect((await ctx.call('GET', `/v/${live.publicId}`)).status).toBe(200);
    const superToken = await ctx.signIn('superadmin@example.com');
    await json(await ctx.call('PATCH', `/api/bot/${live.id}`, { token: superToken, body: { status: 'Deactivated' } }), 200);
    expect((await ctx.call('GET', `/v/${live.publicId}`)).status).toBe(404);
    expect((await ctx.call('GET', `/e/${live.publicId}`)).status).toBe(404);
  });

  it('gets the framed security headers: any site may frame it, its own strict CSP, no cookies', async () => {
    const bot = await publishedBot('Framed');
    for (const path of [`/v/${bot.publicId}`, `/e/${bot.publicId}`, '/v/missing']) {
      const res = await ctx.call('GET', path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain('frame-ancestors *');
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('GET /e/{publicId} (frame)', () => {
  it('is always noindex; iframe options from iframeSettings with a thumbnail facade; query host, autoplay, muted, channel', async () => {
    const bot = await publishedBot('Framed bot', {
      iframeSettings: { language: 'fi', width: 650, height: 340, thumbnail: { thumbnailType: 'frame', slide: 1, time: 2.5 }, autoplayOnScroll: true, hideActionButtonsUntilPlay: true },
    });
    const V = ctx.env.publicUrl;
    const res = await ctx.call('GET', `/e/${bot.publicId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metas(html).robots).toBe('noindex');
    expect(html).toContain('<html lang="fi" data-channel="iframe">');
    expect(jsonScript<PageOptions>(html, 'vidbot-page')).toEqual({
      channel: 'iframe',
      publicId: bot.publicId,
      lang: 'fi',
      startSlideId: null,
      host: null,
      autoplay: false,
      muted: true,
      hideActionButtonsUntilPlay: true,
      autoplayOnScroll: true,
      thumbnail: { url: '/files/m/v/poster.jpg', videoUrl: '/files/m/v/playback.mp4', time: 2.5 },
      apiBase: V,
      source: null,
    });

    const q = await (await ctx.call('GET', `/e/${bot.publicId}?host=${encodeURIComponent('https://customer.example/page?x=1')}&autoplay=1&muted=0&lang=en`)).text();
    expect(jsonScript<PageOptions>(q, 'vidbot-page')).toMatchObject({ host: 'https://customer.example', autoplay: true, muted: false, thumbnail: null, lang: 'en' });
    const badHost = await (await ctx.call('GET', `/e/${bot.publicId}?host=javascript:alert(1)`)).text();
    expect(jsonScript<PageOptions>(badHost, 'vidbot-page').host).toBeNull();

    const widget = await (await ctx.call('GET', `/e/${bot.publicId}?channel=widget&host=${encodeURIComponent('http://localhost:5000')}`)).text();
    expect(widget).toContain('data-channel="widget"');
    expect(jsonScript<PageOptions>(widget, 'vidbot-page')).toMatchObject({ channel: 'widget', lang: 'en', autoplay: true, muted: true, thumbnail: null, host: 'http://localhost:5000' });
  });

  it('shows a custom thumbnail (iframeThumbnail) as og:image and facade', async () => {
    const bot = await publishedBot('Custom thumb', { iframeThumbnail: '/files/m/cover.jpg' });
    const html = await (await ctx.call('GET', `/e/${bot.publicId}`)).text();
    expect(metas(html)['og:image']).toBe(`${ctx.env.publicUrl}/files/m/cover.jpg`);
    expect(jsonScript<PageOptions>(html, 'vidbot-page').thumbnail).toEqual({ url: '/files/m/cover.jpg', videoUrl: null, time: 0 });
  });

  it('resolves a custom CoverImage thumbnail (thumbnail.widgetThumbnailId)', async () => {
    const [cover] = await ctx.deps.db
      .insert(media)
      .values({ accountId: demoId, name: 'cover.jpg', type: 'CoverImage', status: 'Ready', playbackKey: 'm/c/cover.jpg', posterKey: null })
      .returning();
    const bot = await publishedBot('Cover thumb', {
      linkSettings: { language: 'en', slideId: null, thumbnail: { thumbnailType: 'custom', slide: null, time: 0, widgetThumbnailId: cover!.id }, autoplayMuted: false, hideActionButtonsUntilPlay: false },
    });
    const html = await (await ctx.call('GET', `/v/${bot.publicId}`)).text();
    expect(metas(html)['og:image']).toBe(`${ctx.env.publicUrl}/files/m/c/cover.jpg`);
    await ctx.deps.db.update(media).set({ status: 'Error' }).where(eq(media.id, cover!.id));
    const after = await (await ctx.call('GET', `/v/${bot.publicId}`)).text();
    expect(metas(after)['og:image']).toBe(`${ctx.env.publicUrl}/files/m/v/poster.jpg`);
  });
});

describe('analytics (issue 13)', () => {
  const integrationSettings = { jsInjectEnabled: false, ga4Id: 'G-ABCD1234', gtmId: 'GTM-ABCD12', adStorage: 'denied', analyticsStorage: 'granted', functionalityStorage: 'denied', personalizationStorage: 'denied', securityStorage: 'granted' };

  it('PlayerBot.analytics combines the bot settings with the account options', async () => {
    const bot = await publishedBot('Analytics on', { analyticsIntegration: 'direct_ga4', analyticsIntegrationSettings: integrationSettings });
    const read = async () => jsonScript<PlayerBot>(await (await ctx.call('GET', `/e/${bot.publicId}`)).text(), 'vidbot-data').analytics;
    expect(await read()).toEqual({
      enabled: true,
      consentRequired: false,
      integration: 'direct_ga4',
      ga4Id: 'G-ABCD1234',
      gtmId: null,
      consentDefaults: { ad_storage: 'denied', analytics_storage: 'granted', functionality_storage: 'denied', personalization_storage: 'denied', security_storage: 'granted' },
    });
    const account = await json<{ options?: Record<string, unknown> }>(await ctx.call('GET', `/api/account/${demoId}`, { token }), 200);
    const options = account.options ?? {};
    try {
      await ctx.deps.db.execute(sql`update accounts set options = ${JSON.stringify({ ...options, analyticsConsentRequired: true })}::jsonb where id = ${demoId}`);
      expect(await read()).toMatchObject({ enabled: true, consentRequired: true });
      await ctx.deps.db.execute(sql`update accounts set options = ${JSON.stringify({ ...options, disableAnalytics: true })}::jsonb where id = ${demoId}`);
      expect(await read()).toMatchObject({ enabled: false });
    } finally {
      await ctx.deps.db.execute(sql`update accounts set options = ${JSON.stringify(options)}::jsonb where id = ${demoId}`);
    }
    const off = await publishedBot('Analytics off', { isAnalyticEnabled: false, isAnalyticsConsentRequired: false });
    const offAnalytics = jsonScript<PlayerBot>(await (await ctx.call('GET', `/v/${off.publicId}`)).text(), 'vidbot-data').analytics;
    expect(offAnalytics).toMatchObject({ enabled: false, integration: 'none', ga4Id: null, gtmId: null });
  });

  it("allows Google's tag in the frame's CSP only for a direct_ga4 / direct_gtm bot", async () => {
    const ga4 = await publishedBot('GA4 in frame', { analyticsIntegration: 'direct_ga4', analyticsIntegrationSettings: integrationSettings });
    const parent = await publishedBot('GTM on the page', { analyticsIntegration: 'parent_gtm', analyticsIntegrationSettings: integrationSettings });
    const plain = await publishedBot('No GA');
    const csp = async (path: string) => (await ctx.call('GET', path)).headers.get('content-security-policy') ?? '';
    for (const path of [`/e/${ga4.publicId}`, `/v/${ga4.publicId}`, `/e/${ga4.publicId}?channel=widget`]) {
      const value = await csp(path);
      expect(value, path).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
      expect(value).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
      expect(value).toContain('frame-ancestors *');
    }
    for (const path of [`/e/${parent.publicId}`, `/e/${plain.publicId}`, `/v/${plain.publicId}`]) expect(await csp(path), path).not.toContain('google');
  });

  it('widget frame: query src becomes the analytics source only under its host origin', () => {
    const bot = { publicId: 'p', settings: { linkSettings: {}, iframeSettings: { thumbnail: {} }, widgetSettings: { language: 'en', autoplayMuted: true } }, slides: [] } as unknown as PlayerBot;
    const host = 'https://shop.example';
    expect(pageOptions(bot, 'widget', { host, src: 'https://shop.example/a/b' }, 'V').source).toBe('https://shop.example/a/b');
    expect(pageOptions(bot, 'widget', { host, src: 'https://evil.example/a' }, 'V').source).toBeNull();
    expect(pageOptions(bot, 'widget', { src: 'https://shop.example/a' }, 'V').source).toBeNull();
  });
});

describe('pure helpers', () => {
  it('escapeHtml and scriptJson cannot be broken out of', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
    const json = scriptJson({ s: '</script><!-- \u2028' });
    expect(json).not.toMatch(/<|\u2028/);
    expect(JSON.parse(json)).toEqual({ s: '</script><!-- \u2028' });
  });

  it('renderPlayerPage without slides still renders (no image, no video)', () => {
    const bot = {
      id: 1, publicId: 'p1', name: 'Empty', revisionId: 1, revNumber: 1, slides: [], actions: [], theme: {}, customCss: null, directUrl: 'https://v.example/v/p1', logoUrl: null,
      settings: { seoMeta: { title: null, description: null, isIndexingDisabled: false }, linkSettings: { language: 'en', slideId: null, thumbnail: null, autoplayMuted: false, hideActionButtonsUntilPlay: false }, linkThumbnail: null },
    } as unknown as PlayerBot;
    const html = renderPlayerPage(bot, pageOptions(bot, 'direct', {}, 'https://v.example'), 'https://v.example');
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('og:video');
    expect(html).toContain('<title>Empty</title>');
  });
});
