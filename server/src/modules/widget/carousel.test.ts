/**
 * The carousel's resolver and routes (issue 15 "Widgets"; spec 002 §3, §4 content and sort rules,
 * §2 widget preview; architecture note §2, §3): which vidbots a widget shows and in which order,
 * covers / preview videos / frames, custom CSS, analytics flags, the public config (404s, CORS,
 * caching), the editor's preview-config and the play / preview pages. Widget rows are inserted
 * directly (the widget API is another module). PGlite; PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, TEST_PASSWORD } from '../../../test/accounts';
import { accounts, botRevisions, botTags, media, tags, widgetRevisions, widgets } from '../../db/schema';
import { CAROUSEL_CSS } from '../../../../embed/carousel/styles';
import { orderCandidates, resolveCarousel } from './carousel';
import { rollupDay } from '../analytics/rollup';
import { defaultWidgetContent, MAX_CAROUSEL_ITEMS, type CarouselConfig, type WidgetContent } from './widget.schemas';

let ctx: TestContext;
let accountId: number;
let owner: string;
let stranger: string;
let V: string;
const ids: Record<string, { id: number; publicId: string }> = {};
const mediaIds: Record<string, number> = {};
let tagId: number;

async function addMedia(name: string, type: string, playbackKey: string, posterKey: string | null) {
  const [row] = await ctx.deps.db
    .insert(media)
    .values({ accountId, name, type: type as never, status: 'Ready', playbackKey, posterKey })
    .returning();
  return row!.id;
}

async function makeBot(name: string, content: Record<string, unknown>, publishedAt: Date | null) {
  const res = await ctx.call('POST', '/api/bot', { token: owner, body: { accountId, name } });
  expect(res.status, await res.clone().text()).toBe(201);
  const bot = (await res.json()) as { id: number; publicId: string };
  const saved = await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: owner, body: { content, ...(publishedAt ? { status: 'Published' } : {}) } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  if (publishedAt) {
    const detail = (await saved.json()) as { publishedRevisionId: number };
    await ctx.deps.db.update(botRevisions).set({ publishedAt }).where(eq(botRevisions.id, detail.publishedRevisionId));
  }
  return bot;
}

const videoIntro = () => [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', videoId: mediaIds.video, imageId: null, options: [] }];

/** Inserts a widget and its revision(s) directly; `published` content becomes the published revision. */
async function insertWidget(name: string, content: WidgetContent, status: 'Draft' | 'Published' | 'Deactivated' = 'Published', draft?: WidgetContent) {
  const publicId = `w${Math.random().toString(36).slice(2, 12)}`;
  const [w] = await ctx.deps.db.insert(widgets).values({ publicId, accountId, name, type: content.type, status }).returning();
  const [rev] = await ctx.deps.db
    .insert(widgetRevisions)
    .values({ widgetId: w!.id, revNumber: 1, status: status === 'Draft' ? 'Draft' : 'Published', content: content as never, publishedAt: status === 'Draft' ? null : new Date() })
    .returning();
  let latest = rev!.id;
  if (draft) {
    const [d] = await ctx.deps.db.insert(widgetRevisions).values({ widgetId: w!.id, revNumber: 2, content: draft as never }).returning();
    latest = d!.id;
  }
  await ctx.deps.db
    .update(widgets)
    .set({ latestRevisionId: latest, publishedRevisionId: status === 'Draft' ? null : rev!.id })
    .where(eq(widgets.id, w!.id));
  return { id: w!.id, publicId, accountId, name };
}

const content = (over: Partial<WidgetContent> = {}): WidgetContent => ({ ...defaultWidgetContent('Slider'), ...over });
const names = (c: CarouselConfig) => c.items.map((i) => i.name);

beforeAll(async () => {
  ctx = await createTestContext();
  V = ctx.env.publicUrl;
  accountId = await createAccount(ctx, 'Carousel Co');
  await createUser(ctx, 'carousel-owner@example.com', { roles: [[accountId, 'Owner']] });
  await createUser(ctx, 'carousel-stranger@example.com', { roles: [] });
  owner = await ctx.signIn('carousel-owner@example.com', TEST_PASSWORD);
  stranger = await ctx.signIn('carousel-stranger@example.com', TEST_PASSWORD);
  mediaIds.video = await addMedia('intro.mp4', 'SlideVideo', `${accountId}/v/play.mp4`, `${accountId}/v/poster.jpg`);
  mediaIds.image = await addMedia('intro.jpg', 'SlideImage', `${accountId}/i/image.jpg`, null);
  mediaIds.cover = await addMedia('cover.jpg', 'CoverImage', `${accountId}/c/cover.jpg`, null);
  ids.A = await makeBot('Alpha', { slides: videoIntro(), settings: { widgetCoverId: mediaIds.cover, thumbnailDescription: 'The first one' } }, new Date('2026-01-01T00:00:00Z'));
  ids.B = await makeBot(
    'Bravo',
    { slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'IMAGE', videoId: null, imageId: mediaIds.image, options: [] }] },
    new Date('2026-02-01T00:00:00Z'),
  );
  ids.C = await makeBot('Charlie', { slides: videoIntro() }, new Date('2026-03-01T00:00:00Z'));
  ids.D = await makeBot('Delta draft', { slides: videoIntro() }, null);
  const [tag] = await ctx.deps.db.insert(tags).values({ accountId, name: 'featured' }).returning();
  tagId = tag!.id;
  await ctx.deps.db.insert(botTags).values([
    { botId: ids.A.id, tagId },
    { botId: ids.C.id, tagId },
    { botId: ids.D.id, tagId },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('resolveCarousel (spec 002 §3, §4)', () => {
  const resolve = async (over: Partial<WidgetContent>, random?: () => number) =>
    resolveCarousel(ctx.deps.db, V, { id: 41, publicId: 'pub41', accountId, name: 'Shop' }, content(over), { random });

  it('All / Latest: every Published vidbot of the account, newest published first; drafts left out', async () => {
    const c = await resolve({ contentType: 'All', contentSortBy: 'Latest' });
    expect(names(c)).toEqual(['Charlie', 'Bravo', 'Alpha']);
  });

  it('items: widget cover, else the intro poster (video poster or image); intro video; description; slider frame', async () => {
    const c = await resolve({ contentType: 'All' });
    const by = Object.fromEntries(c.items.map((i) => [i.name, i]));
    expect(by.Alpha).toEqual({
      botPublicId: ids.A!.publicId,
      botId: ids.A!.id,
      name: 'Alpha',
      description: 'The first one',
      coverUrl: `${V}/files/${accountId}/c/cover.jpg`,
      previewVideoUrl: `${V}/files/${accountId}/v/play.mp4`,
      frameUrl: `${V}/e/${ids.A!.publicId}?channel=slider&slider_id=41`,
    });
    expect(by.Bravo!.coverUrl).toBe(`${V}/files/${accountId}/i/image.jpg`);
    expect(by.Bravo!.previewVideoUrl).toBeNull();
    expect(by.Charlie!.coverUrl).toBe(`${V}/files/${accountId}/v/poster.jpg`);
    expect(by.Charlie!.description).toBe('');
  });

  it('Selected / Custom keeps the picked order and skips unpublished, unknown and foreign vidbots', async () => {
    const c = await resolve({ contentType: 'Selected', contentSortBy: 'Custom', selectedBotIds: [ids.B!.id, ids.D!.id, 999_999, ids.A!.id] });
    expect(names(c)).toEqual(['Bravo', 'Alpha']);
  });

  it('Selected / Latest sorts the selection newest first', async () => {
    const c = await resolve({ contentType: 'Selected', contentSortBy: 'Latest', selectedBotIds: [ids.A!.id, ids.C!.id] });
    expect(names(c)).toEqual(['Charlie', 'Alpha']);
  });

  it('Selected with nothing picked, ByTags without tags: no items', async () => {
    expect((await resolve({ contentType: 'Selected', selectedBotIds: [] })).items).toEqual([]);
    expect((await resolve({ contentType: 'ByTags', selectedTagIds: [] })).items).toEqual([]);
  });

  it('ByTags: published vidbots with any of the tags; Custom puts the listed ones first', async () => {
    expect(names(await resolve({ contentType: 'ByTags', selectedTagIds: [tagId] }))).toEqual(['Charlie', 'Alpha']);
    expect(names(await resolve({ contentType: 'ByTags', contentSortBy: 'Custom', selectedTagIds: [tagId], selectedBotIds: [ids.A!.id] }))).toEqual(['Alpha', 'Charlie']);
  });

  it('Random shuffles with the given random numbers (Fisher–Yates)', async () => {
    // [C, B, A] with j = 0 each step: swap(2,0) → [A, B, C]; swap(1,0) → [B, A, C].
    expect(names(await resolve({ contentType: 'All', contentSortBy: 'Random' }, () => 0))).toEqual(['Bravo', 'Alpha', 'Charlie']);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) seen.add(names(await resolve({ contentType: 'All', contentSortBy: 'Random' })).join());
    expect(seen.size).toBeGreaterThan(1);
  });

  it('caps the items at MAX_CAROUSEL_ITEMS', () => {
    const many = Array.from({ length: MAX_CAROUSEL_ITEMS + 5 }, (_, i) => ({ id: i + 1, publishedAt: i }));
    const out = orderCandidates(many, { contentType: 'All', contentSortBy: 'Latest', selectedBotIds: [] });
    expect(out).toHaveLength(MAX_CAROUSEL_ITEMS);
    expect(out[0]!.id).toBe(MAX_CAROUSEL_ITEMS + 5);
  });

  it('type, visible counts, appearance without the raw CSS, scoped custom CSS, the stylesheet', async () => {
    const c = await resolve({
      type: 'Card',
      cardsVisible: { mobile: 2, tablet: 3, desktop: 7 },
      appearanceSettings: { ...defaultWidgetContent().appearanceSettings, radius: 4, stylesRaw: '.nm { color: #c00 } body { display: none } @import url(https://x.example/a.css);' },
    });
    expect(c.type).toBe('Card');
    expect(c.visible).toEqual({ mobile: 2, tablet: 3, desktop: 7 });
    expect(c.appearance.radius).toBe(4);
    expect(c.appearance).not.toHaveProperty('stylesRaw');
    expect(c.customCss).toContain('.vb-carousel .nm');
    expect(c.customCss).not.toContain('body');
    expect(c.customCss).not.toContain('@import');
    expect(c.css).toBe(CAROUSEL_CSS);
    expect((await resolve({})).customCss).toBeNull();
  });

  it("analytics: the widget's switches, and the account's disableAnalytics / analyticsConsentRequired", async () => {
    expect((await resolve({})).analytics).toEqual({ enabled: true, consentRequired: false, integration: 'none', overrideBotSettings: false });
    expect((await resolve({ isAnalyticsEnabled: false })).analytics.enabled).toBe(false);
    expect((await resolve({ isAnalyticsConsentRequired: true })).analytics.consentRequired).toBe(true);
    await ctx.deps.db.update(accounts).set({ options: { disableAnalytics: true, analyticsConsentRequired: true } }).where(eq(accounts.id, accountId));
    try {
      const a = (await resolve({})).analytics;
      expect(a.enabled).toBe(false);
      expect(a.consentRequired).toBe(true);
    } finally {
      await ctx.deps.db.update(accounts).set({ options: {} }).where(eq(accounts.id, accountId));
    }
  });
});

describe('GET /api/public/widget/{publicId}', () => {
  it('answers the published revision (not a newer draft), CORS *, cached 60 s', async () => {
    const w = await insertWidget('Front page', content({ contentType: 'Selected', contentSortBy: 'Custom', selectedBotIds: [ids.C!.id, ids.A!.id] }), 'Published', content({ contentType: 'All' }));
    const res = await ctx.call('GET', `/api/public/widget/${w.publicId}`, { headers: { Origin: 'https://host.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const c = (await res.json()) as CarouselConfig;
    expect(c.publicId).toBe(w.publicId);
    expect(c.sliderId).toBe(w.id);
    expect(c.name).toBe('Front page');
    expect(names(c)).toEqual(['Charlie', 'Alpha']);
    expect(c.items[0]!.frameUrl).toBe(`${V}/e/${ids.C!.publicId}?channel=slider&slider_id=${w.id}`);
  });

  it('404 for a Draft, a Deactivated, an unknown widget, a bad id and a suspended account', async () => {
    const draft = await insertWidget('Draft', content(), 'Draft');
    const off = await insertWidget('Off', content(), 'Deactivated');
    for (const id of [draft.publicId, off.publicId, 'nope123', 'bad%20id']) {
      const res = await ctx.call('GET', `/api/public/widget/${id}`);
      expect(res.status, id).toBe(404);
    }
    const live = await insertWidget('Live', content());
    await ctx.deps.db.update(accounts).set({ status: 'Suspended' }).where(eq(accounts.id, accountId));
    try {
      expect((await ctx.call('GET', `/api/public/widget/${live.publicId}`)).status).toBe(404);
    } finally {
      await ctx.deps.db.update(accounts).set({ status: 'Active' }).where(eq(accounts.id, accountId));
    }
  });
});

describe('POST /api/widget/{id}/preview-config', () => {
  it("resolves the posted content for the account's members", async () => {
    const w = await insertWidget('Editing', content(), 'Draft');
    const res = await ctx.call('POST', `/api/widget/${w.id}/preview-config`, {
      token: owner,
      body: { content: content({ type: 'Thumbnail', contentType: 'Selected', contentSortBy: 'Custom', selectedBotIds: [ids.B!.id, ids.A!.id] }) },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const c = (await res.json()) as CarouselConfig;
    expect(c.type).toBe('Thumbnail');
    expect(names(c)).toEqual(['Bravo', 'Alpha']);
  });

  it('404 for another account and unknown widgets, 401 without a token, 422 with field messages', async () => {
    const w = await insertWidget('Private', content(), 'Draft');
    expect((await ctx.call('POST', `/api/widget/${w.id}/preview-config`, { token: stranger, body: { content: content() } })).status).toBe(404);
    expect((await ctx.call('POST', `/api/widget/999999/preview-config`, { token: owner, body: { content: content() } })).status).toBe(404);
    expect((await ctx.call('POST', `/api/widget/${w.id}/preview-config`, { body: { content: content() } })).status).toBe(401);
    const bad = await ctx.call('POST', `/api/widget/${w.id}/preview-config`, {
      token: owner,
      body: { content: { ...content(), slidesVisible: { mobile: 9, tablet: 1, desktop: 1 } } },
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors['content.slidesVisible.mobile']).toMatch(/at most 2/);
  });
});

describe('pages: /w/{publicId} and the carousel previews', () => {
  it('the play page holds only the carousel embed, framed by anyone under a strict policy', async () => {
    const w = await insertWidget('Play me', content());
    const res = await ctx.call('GET', `/w/${w.publicId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<div data-vidbot-carousel="${w.publicId}"></div>`);
    expect(html).toContain(`<script async src="${V}/embed/carousel.js"></script>`);
    expect(html).toContain('<title>Play me</title>');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('set-cookie')).toBeNull();
    const draft = await insertWidget('Hidden', content(), 'Draft');
    expect((await ctx.call('GET', `/w/${draft.publicId}`)).status).toBe(404);
    expect((await ctx.call('GET', `/w/nope`)).status).toBe(404);
  });

  it("/widget-preview/{widget's publicId} and current?type=carousel run the carousel preview; others the bubble's", async () => {
    const w = await insertWidget('Previewed', content({ contentType: 'Selected', contentSortBy: 'Custom', selectedBotIds: [ids.A!.id] }));
    const page = await (await ctx.call('GET', `/widget-preview/${w.publicId}`)).text();
    expect(page).toContain('/embed/carousel-preview.js');
    const data = JSON.parse(/id="vidbot-carousel-data">([^<]*)</.exec(page)![1]!) as { config: CarouselConfig; allow: string[] };
    expect(data.config.publicId).toBe(w.publicId);
    expect(data.allow).toContain(V);
    const current = await (await ctx.call('GET', '/widget-preview/current?type=carousel&embed=true')).text();
    expect(current).toContain('/embed/carousel-preview.js');
    expect(JSON.parse(/id="vidbot-carousel-data">([^<]*)</.exec(current)![1]!).config).toBeNull();
    expect(await (await ctx.call('GET', '/widget-preview/current?embed=true')).text()).toContain('/embed/widget-preview.js');
    expect(await (await ctx.call('GET', `/widget-preview/${ids.A!.publicId}`)).text()).toContain('/embed/widget-preview.js');
  });
});

describe('the player frame in a carousel: /e/{publicId}?channel=slider&slider_id= (issue 13 / 15)', () => {
  const json = (html: string, id: string) => JSON.parse(new RegExp(`id="${id}">([^<]*)<`).exec(html)![1]!) as Record<string, any>;

  it('serves channel slider with the sliderId of a widget of the bot\'s account; the widget\'s analytics switches apply', async () => {
    const w = await insertWidget('Slider A', content());
    const html = await (await ctx.call('GET', `/e/${ids.A!.publicId}?channel=slider&slider_id=${w.id}&autoplay=1`)).text();
    expect(json(html, 'vidbot-page')).toMatchObject({ channel: 'slider', sliderId: w.id, autoplay: true });
    expect(json(html, 'vidbot-data').analytics).toMatchObject({ enabled: true, consentRequired: false });

    const off = await insertWidget('Slider off', content({ isAnalyticsEnabled: false }));
    expect(json(await (await ctx.call('GET', `/e/${ids.A!.publicId}?channel=slider&slider_id=${off.id}`)).text(), 'vidbot-data').analytics.enabled).toBe(false);
    const consent = await insertWidget('Slider consent', content({ isAnalyticsConsentRequired: true }));
    expect(json(await (await ctx.call('GET', `/e/${ids.A!.publicId}?channel=slider&slider_id=${consent.id}`)).text(), 'vidbot-data').analytics.consentRequired).toBe(true);
    const ga = await insertWidget(
      'Slider GA',
      content({
        analyticsIntegration: 'parent_ga4',
        analyticsIntegrationSettings: { ...defaultWidgetContent().analyticsIntegrationSettings, overrideBotSettings: true, ga4Id: 'G-CAROUSEL', analyticsStorage: 'granted' },
      }),
    );
    expect(json(await (await ctx.call('GET', `/e/${ids.A!.publicId}?channel=slider&slider_id=${ga.id}`)).text(), 'vidbot-data').analytics).toMatchObject({
      integration: 'parent_ga4',
      ga4Id: 'G-CAROUSEL',
      consentDefaults: { analytics_storage: 'granted' },
    });
  });

  it('a slider_id that is not a widget of the account (or junk) serves the plain iframe channel', async () => {
    const other = await createAccount(ctx, 'Elsewhere');
    const [foreign] = await ctx.deps.db.insert(widgets).values({ publicId: 'wforeign1', accountId: other, name: 'Foreign' }).returning();
    for (const q of [`slider_id=${foreign!.id}`, 'slider_id=abc', '']) {
      const html = await (await ctx.call('GET', `/e/${ids.A!.publicId}?channel=slider&${q}`)).text();
      expect(json(html, 'vidbot-page').channel, q).toBe('iframe');
    }
  });
});

describe('slider analytics reach GET /analytics/widget/{accountId} (issue 13 / 15)', () => {
  it("events a carousel's player sends are rolled up per carousel", async () => {
    const w = await insertWidget('Counted carousel', content());
    const sessionId = `s${Math.random().toString(36).slice(2, 20)}abcdef`;
    const at = Date.now();
    const res = await ctx.call('POST', '/api/events', {
      body: {
        v: 1,
        publicId: ids.A!.publicId,
        channel: 'slider',
        sliderId: w.id,
        sessionId,
        events: [
          { id: `${sessionId}.session`, name: 'session', at },
          { id: `${sessionId}.opened`, name: 'opened', at },
        ],
      },
    });
    expect(await res.json()).toEqual({ accepted: 2, duplicates: 0, dropped: 0 });
    const day = new Date(at).toISOString().slice(0, 10);
    await rollupDay(ctx.deps.db, day);
    const rows = (await (await ctx.call('GET', `/api/analytics/widget/${accountId}?from_date=${day}&to_date=${day}&include_today=true`, { token: owner })).json()) as {
      records: Array<{ sliderId: number; bots: number }>;
    };
    expect(rows.records.find((r) => r.sliderId === w.id)).toMatchObject({ sliderId: w.id, bots: 1 });
  });
});
