/**
 * The widget's public endpoints over HTTP (issue 12 architecture §5, §7; issue 12 "URL maps", widget
 * script, sync variant; spec 001 §3, §4, §6; spec 002 §2 widget preview): URL maps of every match
 * type and their priority, unavailable mapped bots, defaultBotDisabled, the scheduler (server time),
 * feature gates, 404 / 400, CORS and caching, the sync script and the preview page. PGlite;
 * PostgreSQL with TEST_DATABASE_URL (server-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId } from '../../../test/accounts';
import { featureFlags, media } from '../../db/schema';
import { defaultBotSettings } from '../bot/content.rules';
import type { WidgetConfig, WidgetShown } from './widget.schemas';

let ctx: TestContext;
let demoId: number;
let owner: string;
let videoId: number;
const bots: Record<string, { id: number; publicId: string }> = {};
const FLAGS = ['url_map', 'vidbot_scheduler', 'hide_widget_on_scroll', 'close_button', 'widget_sync'];

async function setFlag(name: string, on: boolean) {
  await ctx.deps.db
    .insert(featureFlags)
    .values({ name, flagType: 'dashboard', accountIds: on ? [demoId] : [] })
    .onConflictDoUpdate({ target: featureFlags.name, set: { accountIds: on ? [demoId] : [], isEveryone: null } });
}

async function makeBot(name: string, settings: Record<string, unknown>, publish = true) {
  const res = await ctx.call('POST', '/api/bot', { token: owner, body: { accountId: demoId, name } });
  expect(res.status, await res.clone().text()).toBe(201);
  const bot = (await res.json()) as { id: number; publicId: string };
  const content = { slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', videoId, imageId: null, options: [] }], settings };
  const saved = await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: owner, body: { content, ...(publish ? { status: 'Published' } : {}) } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return bot;
}

const widget = (overrides: Record<string, unknown> = {}) => ({ widgetSettings: { ...defaultBotSettings().widgetSettings, chatVideoId: videoId, ...overrides } });

async function config(publicId: string, url: string): Promise<WidgetConfig> {
  const res = await ctx.call('GET', `/api/public/bot/${publicId}/widget?url=${encodeURIComponent(url)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as WidgetConfig;
}
const shownId = async (publicId: string, url: string) => {
  const c = await config(publicId, url);
  return c.show ? c.publicId : c.reason;
};

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'vidbot-dist-'));
  mkdirSync(path.join(dist, 'embed'));
  writeFileSync(path.join(dist, 'embed', 'loader.js'), '"use strict";(()=>{window.__loaderRan=typeof __vidbotConfig})();\n//# sourceMappingURL=loader.js.map\n');
  ctx = await createTestContext({ DIST_DIR: dist });
  demoId = await demoAccountId(ctx);
  owner = await ctx.signIn('owner@example.com');
  for (const f of FLAGS) await setFlag(f, true);
  const [row] = await ctx.deps.db
    .insert(media)
    .values({ accountId: demoId, name: 'chat.mp4', type: 'SlideVideo', status: 'Ready', playbackKey: `${demoId}/chat/playback.mp4`, posterKey: `${demoId}/chat/poster.jpg` })
    .returning();
  videoId = row!.id;
  for (const n of ['exact', 'prefix', 'wildcard', 'regex']) bots[n] = await makeBot(`Mapped ${n}`, widget());
  bots.draft = await makeBot('Mapped draft', widget(), false);
  bots.main = await makeBot('Main', {
    ...widget({ hideOnScroll: 'both', closeButtonEnabled: true, align: 'top_left', verticalOffset: 12 }),
    urlMapsSettings: { enabled: true, defaultBotDisabled: false },
    urlMaps: [
      { matchType: 'regex', url: '^https://docs\\.example\\.net/v\\d+/', botId: bots.regex!.id },
      { matchType: 'wildcard', url: 'https://*.example.org/*/help', botId: bots.wildcard!.id },
      { matchType: 'prefix', url: 'https://shop.example/', botId: bots.prefix!.id },
      { url: 'https://shop.example/pricing', botId: bots.exact!.id },
      { matchType: 'exact', url: 'https://shop.example/draft', botId: bots.draft!.id },
    ],
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/public/bot/{publicId}/widget', () => {
  it('answers the bubble with absolute URLs, the bubble settings, CSS properties, CORS * and 60 s caching', async () => {
    const res = await ctx.call('GET', `/api/public/bot/${bots.main!.publicId}/widget?url=${encodeURIComponent('https://elsewhere.example/')}`, { headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const c = (await res.json()) as WidgetShown;
    const V = ctx.env.publicUrl;
    expect(c).toMatchObject({
      show: true,
      publicId: bots.main!.publicId,
      name: 'Main',
      lang: 'en',
      frameUrl: `${V}/e/${bots.main!.publicId}?channel=widget&lang=en&src=${encodeURIComponent('https://elsewhere.example/')}`,
      chatVideoUrl: `${V}/files/${demoId}/chat/playback.mp4`,
      posterUrl: `${V}/files/${demoId}/chat/poster.jpg`,
      customCss: null,
    });
    expect(c.settings).toMatchObject({ align: 'top_left', hideOnScroll: 'both', closeButtonEnabled: true, loopLimit: 15, text: 'See how it works!', openAfter: 4000 });
    expect(c.vars).toMatchObject({ '--vb-t': '12px', '--vb-l': '0px' });
    expect(c.css).toContain(':host');
  });

  it('serves widgetSettings.stylesRaw allow-listed and scoped under the bubble root; hostile CSS is dropped', async () => {
    const V = ctx.env.publicUrl;
    const raw = [
      '.o { border-radius: 4px; background: url(/files/1/bg.png) }',
      '.t { color: #123456 }',
      '@import url(https://evil.example/x.css);',
      'body { display: none }',
      ':host { position: fixed; top: 0 }',
      '.d { position: fixed; behavior: url(x.htc); -moz-binding: url(https://evil.example/x.xml#x) }',
      '.x { background: url(https://evil.example/track.png); width: expression(alert(1)) }',
    ].join('\n');
    const bot = await makeBot('Styled widget', widget({ stylesRaw: raw }));
    const c = (await config(bot.publicId, 'https://a.example/')) as WidgetShown;
    expect(c.customCss).toBe(`.w .o{border-radius:4px;background:url(${V}/files/1/bg.png)}\n.w .t{color:#123456}`);
    for (const hostile of ['@import', 'evil.example', 'body', ':host', 'fixed', 'behavior', 'binding', 'expression', 'display']) expect(c.customCss).not.toContain(hostile);
    // Nothing left after the allow-list → null.
    const only = await makeBot('Only hostile CSS', widget({ stylesRaw: '@import url(https://evil.example/x.css); html { display: none }' }));
    expect(((await config(only.publicId, 'https://a.example/')) as WidgetShown).customCss).toBeNull();
  });

  it('shows the bot mapped to the page: exact, prefix, wildcard, regex, in that priority', async () => {
    const id = bots.main!.publicId;
    expect(await shownId(id, 'https://shop.example/pricing')).toBe(bots.exact!.publicId);
    expect(await shownId(id, 'https://shop.example/pricing/#plans')).toBe(bots.exact!.publicId);
    expect(await shownId(id, 'https://shop.example/cart')).toBe(bots.prefix!.publicId);
    expect(await shownId(id, 'https://fi.example.org/tuotteet/help')).toBe(bots.wildcard!.publicId);
    expect(await shownId(id, 'https://docs.example.net/v3/start')).toBe(bots.regex!.publicId);
    expect(await shownId(id, 'https://unmapped.example/')).toBe(id);
  });

  it('answers mapped_bot_unavailable for a map to a bot that is not Published', async () => {
    expect(await config(bots.main!.publicId, 'https://shop.example/draft')).toEqual({ show: false, reason: 'mapped_bot_unavailable' });
  });

  it('shows nothing on unmapped pages with defaultBotDisabled, and ignores maps without url_map', async () => {
    const bot = await makeBot('Only mapped', {
      ...widget(),
      urlMapsSettings: { enabled: true, defaultBotDisabled: true },
      urlMaps: [{ matchType: 'prefix', url: 'https://shop.example/', botId: bots.prefix!.id }],
    });
    expect(await config(bot.publicId, 'https://unmapped.example/')).toEqual({ show: false, reason: 'not_mapped' });
    expect(await shownId(bot.publicId, 'https://shop.example/a')).toBe(bots.prefix!.publicId);
    await setFlag('url_map', false);
    try {
      expect(await shownId(bot.publicId, 'https://shop.example/a')).toBe(bot.publicId);
      expect(await shownId(bot.publicId, 'https://unmapped.example/')).toBe(bot.publicId);
    } finally {
      await setFlag('url_map', true);
    }
  });

  it('hides the widget outside the scheduler window (server time), only with vidbot_scheduler', async () => {
    const past = await makeBot('Ended', widget({ vidbotScheduler: { enabled: true, startTime: '2020-01-01T00:00:00.000Z', endTime: '2020-02-01T00:00:00.000Z' } }));
    const future = await makeBot('Later', widget({ vidbotScheduler: { enabled: true, startTime: '2999-01-01T00:00:00.000Z', endTime: null } }));
    const now = await makeBot('Now', widget({ vidbotScheduler: { enabled: true, startTime: '2020-01-01T00:00:00.000Z', endTime: '2999-01-01T00:00:00.000Z' } }));
    expect(await config(past.publicId, 'https://a.example/')).toEqual({ show: false, reason: 'outside_schedule' });
    expect(await config(future.publicId, 'https://a.example/')).toEqual({ show: false, reason: 'outside_schedule' });
    expect(await shownId(now.publicId, 'https://a.example/')).toBe(now.publicId);
    await setFlag('vidbot_scheduler', false);
    try {
      expect(await shownId(past.publicId, 'https://a.example/')).toBe(past.publicId);
    } finally {
      await setFlag('vidbot_scheduler', true);
    }
  });

  it('turns gated options off without their features (hide_widget_on_scroll, close_button)', async () => {
    await setFlag('hide_widget_on_scroll', false);
    await setFlag('close_button', false);
    try {
      const c = (await config(bots.main!.publicId, 'https://unmapped.example/')) as WidgetShown;
      expect(c.settings).toMatchObject({ hideOnScroll: 'none', closeButtonEnabled: false });
    } finally {
      await setFlag('hide_widget_on_scroll', true);
      await setFlag('close_button', true);
    }
  });

  it('answers no_widget_video without a Ready widget video', async () => {
    const none = await makeBot('No video', { widgetSettings: { ...defaultBotSettings().widgetSettings } });
    expect(await config(none.publicId, 'https://a.example/')).toEqual({ show: false, reason: 'no_widget_video' });
    const [draft] = await ctx.deps.db.insert(media).values({ accountId: demoId, name: 'raw.mp4', type: 'SlideVideo', status: 'Draft' }).returning();
    const processing = await makeBot('Processing video', widget({ chatVideoId: draft!.id }));
    expect(await config(processing.publicId, 'https://a.example/')).toEqual({ show: false, reason: 'no_widget_video' });
  });

  it('answers 404 for unknown, malformed and unpublished bots', async () => {
    for (const id of ['nope123', 'bad%20id', bots.draft!.publicId]) {
      const res = await ctx.call('GET', `/api/public/bot/${id}/widget?url=${encodeURIComponent('https://a.example/')}`);
      expect(res.status, id).toBe(404);
    }
  });

  it('answers 400 with a field message for a missing or bad url', async () => {
    for (const [q, message] of [
      ['', 'url is required.'],
      ['?url=', 'Must be a full http:// or https:// URL.'],
      ['?url=ftp%3A%2F%2Fa.example%2F', 'Must be a full http:// or https:// URL.'],
      [`?url=${encodeURIComponent(`https://a.example/${'x'.repeat(2000)}`)}`, 'Must be at most 2000 characters.'],
    ] as const) {
      const res = await ctx.call('GET', `/api/public/bot/${bots.main!.publicId}/widget${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ url: message });
    }
  });
});

describe('GET /embed/sync/{publicId}.js', () => {
  it('answers the loader with the config injected, cached 60 s, varying by Referer (URL maps)', async () => {
    const res = await ctx.app.request(`/embed/sync/${bots.main!.publicId}.js`, { headers: { referer: 'https://shop.example/pricing' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('vary')).toContain('Referer');
    const js = await res.text();
    expect(js).toContain('window.__loaderRan=typeof __vidbotConfig');
    expect(js).not.toContain('sourceMappingURL');
    const m = /^\/\* Vidbot widget \(sync\) \*\/\(function\(__vidbotConfig\)\{\n([\s\S]*)\n\}\)\((.*)\);\n$/.exec(js);
    expect(m).not.toBeNull();
    const injected = JSON.parse(m![2]!) as WidgetShown;
    expect(injected).toMatchObject({ show: true, publicId: bots.exact!.publicId });
    // The config runs as the loader's argument: evaluating the script sees it.
    const win: Record<string, unknown> = {};
    new Function('window', js)(win);
    expect(win.__loaderRan).toBe('object');
  });

  it('escapes < in the injected JSON', async () => {
    const bot = await makeBot('</script><b>', widget({ text: '</script>' }));
    const js = await (await ctx.app.request(`/embed/sync/${bot.publicId}.js`)).text();
    expect(js).not.toContain('</script>');
    expect(js).toContain('\\u003c/script>');
  });

  it('answers 404 without widget_sync, for unknown bots and malformed names', async () => {
    expect((await ctx.app.request('/embed/sync/nope123.js')).status).toBe(404);
    expect((await ctx.app.request(`/embed/sync/${bots.main!.publicId}.css`)).status).toBe(404);
    await setFlag('widget_sync', false);
    try {
      const res = await ctx.app.request(`/embed/sync/${bots.main!.publicId}.js`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('widget_sync');
    } finally {
      await setFlag('widget_sync', true);
    }
  });
});

describe('GET /widget-preview/{publicId}', () => {
  it('renders the preview page with the published widget and the allowed dashboard origins', async () => {
    const res = await ctx.app.request(`/widget-preview/${bots.main!.publicId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script src="/embed/widget-preview.js"></script>');
    const data = JSON.parse(/<script type="application\/json" id="vidbot-widget-data">(.*)<\/script>/.exec(html)![1]!) as { config: WidgetShown; allow: string[] };
    expect(data.config.publicId).toBe(bots.main!.publicId);
    expect(data.allow).toContain(ctx.env.publicUrl);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors *");
  });

  it('renders an empty preview for current and unknown bots', async () => {
    for (const id of ['current', 'nope123']) {
      const html = await (await ctx.app.request(`/widget-preview/${id}`)).text();
      expect(html).toContain('"config":null');
    }
  });
});
