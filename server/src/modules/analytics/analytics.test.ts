/**
 * Analytics reads (issue 13 "The calls of §7", "Live status becomes real", "Metrics of §9"; spec 002
 * §6, §7, §9; docs/api.md "Analytics") on PGlite and PostgreSQL. Rollup rows are inserted directly
 * (the reads use nothing else), then every endpoint's numbers are checked: §9 rates with one decimal
 * and null on a zero denominator, average / median engagement, zero-filled days, the range fallback
 * and clamping (with a controlled clock), filters, paging, ordering, permissions, settings, admin tiers,
 * billing's hasFeatureOnly and the staff live status list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { accounts, auditEvents, botRevisions, bots, featureFlags, media, widgets } from '../../db/schema';
import { botTags, tags } from '../../db/schema.tag';
import {
  analyticsDaily,
  analyticsDailyAction,
  analyticsDailyPath,
  analyticsDailySlide,
  analyticsDailySource,
  analyticsDailyTransition,
} from '../../db/schema.analytics';
import type { AuthUser } from '../../lib/context';
import type { Channel } from '../../../../embed/shared/analytics';
import * as service from './analytics.service';
import type * as S from './analytics.schemas';
import { utcDay } from './range';
import * as v from 'valibot';
import fc from 'fast-check';
import { CHANNELS } from '../../../../embed/shared/analytics';
import { AnalyticsChartQuery, AnalyticsListQuery } from './analytics.schemas';

let ctx: TestContext;
let D: number; // demo account (business type SaaS)
let X: number; // another account (Retail), with the ad feature
let E: number; // an account with the ad feature and no impressions
let editorId: number;
let ownerId: number;
const tok: Record<string, string> = {};
const bot: Record<'alpha' | 'beta' | 'gamma' | 'delta' | 'zeta', number> = { alpha: 0, beta: 0, gamma: 0, delta: 0, zeta: 0 };
let tagId: number;

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const get = <T>(url: string, as: string, status = 200) => ctx.call('GET', url, { token: tok[as] }).then((r) => json<T>(r, status));
const put = <T>(url: string, as: string, body: unknown, status = 200) => ctx.call('PUT', url, { token: tok[as], body }).then((r) => json<T>(r, status));

type Daily = Partial<Omit<typeof analyticsDaily.$inferInsert, 'day' | 'botId' | 'accountId' | 'channel'>>;
/** One analytics_daily row (the test's rollup helper). */
async function daily(day: string, botId: number, accountId: number, channel: Channel, counters: Daily): Promise<void> {
  await ctx.deps.db.insert(analyticsDaily).values({ day, botId, accountId, channel, ...counters });
}

async function newBot(accountId: number, name: string, status: 'Draft' | 'Published', authorId: number | null, content?: Record<string, unknown>): Promise<number> {
  const [b] = await ctx.deps.db.insert(bots).values({ publicId: randomUUID().slice(0, 12), accountId, name, status, authorId }).returning();
  if (content) {
    const [r] = await ctx.deps.db.insert(botRevisions).values({ botId: b!.id, revNumber: 1, content, status: status === 'Published' ? 'Published' : 'Draft' }).returning();
    await ctx.deps.db
      .update(bots)
      .set(status === 'Published' ? { latestRevisionId: r!.id, publishedRevisionId: r!.id } : { latestRevisionId: r!.id })
      .where(eq(bots.id, b!.id));
  }
  return b!.id;
}

const RANGE = 'from_date=2026-03-01&to_date=2026-03-10';

beforeAll(async () => {
  ctx = await createTestContext();
  D = await demoAccountId(ctx);
  X = await createAccount(ctx, 'Xylo Retail Oy');
  E = await createAccount(ctx, 'Ad Feature Only Oy');
  await ctx.deps.db.update(accounts).set({ businessType: 'SaaS' }).where(eq(accounts.id, D));
  await ctx.deps.db.update(accounts).set({ businessType: 'Retail' }).where(eq(accounts.id, X));
  for (const who of ['superadmin', 'owner', 'admin', 'editor', 'viewer']) tok[who] = await ctx.signIn(`${who}@example.com`);
  await createUser(ctx, 'cs@analytics.example', { isCustomerSuccess: true });
  tok.cs = await ctx.signIn('cs@analytics.example', TEST_PASSWORD);
  await createUser(ctx, 'stranger@analytics.example', { roles: [[X, 'Owner']] });
  tok.other = await ctx.signIn('stranger@analytics.example', TEST_PASSWORD);
  ownerId = await userIdByEmail(ctx, 'owner@example.com');
  editorId = await userIdByEmail(ctx, 'editor@example.com');

  const content = {
    slides: [
      { id: 1, name: 'Welcome', category: 'INTRO', type: 'VIDEO', options: [{ id: 7, name: 'Book a demo', type: 'SLIDE', targetId: 2 }] },
      { id: 2, name: 'Pricing', category: 'SLIDE', type: 'VIDEO', options: [] },
    ],
    actions: [],
    settings: { useCase: 'Lead generation' },
  };
  bot.alpha = await newBot(D, 'Alpha', 'Published', ownerId, content);
  bot.beta = await newBot(D, 'Beta', 'Draft', editorId);
  bot.gamma = await newBot(D, 'Gamma', 'Published', ownerId);
  bot.delta = await newBot(D, 'Delta', 'Published', ownerId);
  bot.zeta = await newBot(X, 'Zeta', 'Published', null);
  const [tag] = await ctx.deps.db.insert(tags).values({ accountId: D, name: 'Campaign' }).returning();
  tagId = tag!.id;
  await ctx.deps.db.insert(botTags).values({ botId: bot.delta, tagId });

  await daily('2026-03-01', bot.alpha, D, 'iframe', { session: 100, viewed: 80, opened: 40, introViewed: 30, engaged: 10, cta: 4, played: 50, watchedSeconds: 123.45, liked: 2, watermarkClicked: 1 });
  await daily('2026-03-03', bot.alpha, D, 'widget', { session: 50, viewed: 45, opened: 10, engaged: 5, cta: 1 });
  await ctx.deps.db.insert(analyticsDaily).values({ day: '2026-03-03', botId: bot.alpha, accountId: D, channel: 'slider', sliderId: 7, session: 20, opened: 5, played: 9, introViewed: 3 });
  await daily('2026-03-02', bot.beta, D, 'direct', { session: 30 });
  await ctx.deps.db.insert(analyticsDaily).values({ day: '2026-03-05', botId: bot.beta, accountId: D, channel: 'slider', sliderId: 9, session: 10, opened: 2, engaged: 1 });
  await daily('2026-03-04', bot.beta, D, 'display_ad', { impressions: 500, adClicks: 5 });
  await daily('2026-03-06', bot.delta, D, 'iframe', { session: 10, opened: 10, engaged: 1 });
  await daily('2026-03-01', bot.zeta, X, 'iframe', { session: 6000, opened: 600 });
  // outside the range: must not count
  await daily('2026-02-28', bot.alpha, D, 'iframe', { session: 999, opened: 999 });

  // the detail rollups of Alpha
  const base = { botId: bot.alpha, accountId: D, channel: 'iframe' as const, day: '2026-03-01' };
  await ctx.deps.db.insert(analyticsDailySlide).values([
    { ...base, slideId: 1, played: 30, watchedSeconds: 60.5, liked: 1 },
    { ...base, slideId: 2, played: 20, watchedSeconds: 10 },
    { ...base, slideId: 99, played: 1 },
  ]);
  await ctx.deps.db.insert(analyticsDailyAction).values({ ...base, slideId: 1, optionId: 7, clicked: 6 });
  await ctx.deps.db.insert(analyticsDailySource).values([
    { ...base, source: 'https://example.com/a', session: 80, opened: 30 },
    { ...base, source: '', session: 20, opened: 10 },
  ]);
  await ctx.deps.db.insert(analyticsDailyTransition).values([
    { ...base, fromSlideId: 0, toSlideId: 1, count: 40 },
    { ...base, fromSlideId: 1, toSlideId: 2, count: 15 },
  ]);
  await ctx.deps.db.insert(analyticsDailyPath).values([
    { ...base, path: '1', sessions: 20 },
    { ...base, day: '2026-03-02', path: '1', sessions: 5 },
    { ...base, path: '1>2', sessions: 10 },
    { ...base, path: '1>2>1', sessions: 5 },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const row = (list: { records: S.AnalyticsRow[] }, id: number) => list.records.find((r) => r.botId === id);

describe('GET /analytics (per-bot rows and totals)', () => {
  it('sums the range per bot and channel-derived fields, zeros for bots without data, §9 rates and totals', async () => {
    const list = await get<S.AnalyticsList>(`/api/analytics?account_id=${D}&${RANGE}&size=100`, 'viewer');
    const ours = list.records.filter((r) => Object.values(bot).includes(r.botId));
    expect(ours.map((r) => r.bot)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']); // default: most sessions first
    expect(row(list, bot.zeta)).toBeUndefined();
    expect(row(list, bot.alpha)).toMatchObject({
      publicId: expect.any(String),
      accountId: D,
      status: 'Published',
      authorEmail: 'owner@example.com',
      session: 170,
      opened: 55,
      engaged: 15,
      cta: 5,
      watched: 123.5,
      iframeViewed: 80,
      widgetViewed: 45,
      iframeIntroViewed: 30,
      sliderIntroViewed: 3,
      directIntroViewed: 0,
      sliderSession: 20,
      sliderPlayed: 9,
      liked: 2,
      watermarkClicked: 1,
      ctr: 32.4,
      ctaRate: 9.1,
      engagementRate: 27.3,
    });
    expect(row(list, bot.beta)).toMatchObject({ session: 40, opened: 2, impressions: 500, adClicks: 5, ctr: 5, engagementRate: 50, status: 'Draft', authorEmail: 'editor@example.com' });
    expect(row(list, bot.gamma)).toMatchObject({ session: 0, opened: 0, ctr: null, ctaRate: null, engagementRate: null, liveStatus: 'inactive' });
    expect(list.totals).toMatchObject({ from: '2026-03-01', to: '2026-03-10', channel: null, session: 220, opened: 67, engaged: 17, cta: 5 });
    expect(list.totals.ctr).toBe(30.5);
    expect(list.totals.ctaRate).toBe(7.5);
    expect(list.totals.engagementRate).toBe(25.4);
    // per-bot engagement over bots with opens: Alpha 27.27, Beta 50, Delta 10 (+ any seed bots, which have no rollups)
    expect(list.totals.avgEngagementRate).toBe(29.1);
    expect(list.totals.medianEngagementRate).toBe(27.3);
  });

  it('one channel: only that channel counts', async () => {
    const list = await get<S.AnalyticsList>(`/api/analytics?account_id=${D}&${RANGE}&channel=iframe&size=100`, 'owner');
    expect(list.totals).toMatchObject({ channel: 'iframe', session: 110, opened: 50, widgetViewed: 0 });
    expect(row(list, bot.beta)).toMatchObject({ session: 0, impressions: 0 });
  });

  it('filters bot_ids, user_ids (author), bot_name, status, tag_ids, slider_ids — totals follow the filter', async () => {
    const q = (s: string) => get<S.AnalyticsList>(`/api/analytics?account_id=${D}&${RANGE}&size=100&${s}`, 'owner');
    expect((await q(`bot_ids=${bot.alpha},${bot.delta},${bot.zeta}`)).records.map((r) => r.bot)).toEqual(['Alpha', 'Delta']);
    const byAuthor = await q(`user_ids=${editorId}`);
    expect(byAuthor.records.map((r) => r.bot)).toEqual(['Beta']);
    expect(byAuthor.totals).toMatchObject({ bots: 1, session: 40 });
    expect((await q('bot_name=LPH')).records.map((r) => r.bot)).toEqual(['Alpha']);
    expect((await q('bot_name=%25')).records).toEqual([]); // % is literal
    expect((await q('status=Draft')).records.map((r) => r.bot)).toEqual(['Beta']);
    expect((await q(`tag_ids=${tagId}`)).records.map((r) => r.bot)).toEqual(['Delta']);
    const slider = await q(`slider_ids=7&bot_ids=${bot.alpha}`);
    expect(slider.records[0]).toMatchObject({ session: 20, sliderSession: 20 });
  });

  it('orders by every key (ties by id) and pages in SQL', async () => {
    const q = (s: string) => get<S.AnalyticsList>(`/api/analytics?account_id=${D}&${RANGE}&bot_ids=${Object.values(bot).join(',')}&${s}`, 'owner');
    expect((await q('order_by=session&order_direction=asc')).records.map((r) => r.bot)).toEqual(['Gamma', 'Delta', 'Beta', 'Alpha']);
    expect((await q('order_by=bot&order_direction=asc')).records.map((r) => r.bot)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect((await q('order_by=ctr')).records.map((r) => r.bot)).toEqual(['Delta', 'Alpha', 'Beta', 'Gamma']);
    expect((await q('order_by=opened')).records.map((r) => r.bot)).toEqual(['Alpha', 'Delta', 'Beta', 'Gamma']);
    const p2 = await q('size=2&page=2');
    expect(p2.records.map((r) => r.bot)).toEqual(['Delta', 'Gamma']);
    expect(p2.metadata).toEqual({ page: 2, pageSize: 2, pageCount: 2, totalCount: 4 });
    expect(p2.totals.session).toBe(220); // totals over all matching bots, not the page
    await ctx.deps.db.update(bots).set({ lastViewedAt: new Date(Date.now() - 3600_000) }).where(eq(bots.id, bot.delta));
    await ctx.deps.db.update(bots).set({ lastViewedAt: new Date(Date.now() - 48 * 3600_000) }).where(eq(bots.id, bot.alpha));
    const live = await q('order_by=live_status');
    expect(live.records.map((r) => [r.bot, r.liveStatus])).toEqual([
      ['Delta', 'live'],
      ['Alpha', 'offline'],
      ['Gamma', 'inactive'],
      ['Beta', 'inactive'], // Draft: no live status, rank 0
    ]);
  });

  it('422 on a bad parameter, 404 outside the account', async () => {
    const bad = await json<{ errors: Record<string, string> }>(await ctx.call('GET', `/api/analytics?account_id=${D}&order_by=nope`, { token: tok.owner }), 422);
    expect(bad.errors.order_by).toMatch(/order_by must be one of/);
    await get(`/api/analytics?account_id=${D}`, 'other', 404);
    await get('/api/analytics?account_id=999999', 'superadmin', 404);
  });
});

describe('ranges (controlled clock)', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  let viewer: AuthUser;
  beforeAll(async () => {
    viewer = { id: 0, username: 'x', email: 'x', firstName: null, lastName: null, isSuperuser: true, isCustomerSuccess: false, isReseller: false, roles: [] };
    await daily('2026-03-15', bot.alpha, D, 'direct', { session: 3, opened: 1 });
  });
  const chart = (q: Record<string, string | undefined>) => v.parse(AnalyticsChartQuery, q);

  it('an invalid or missing date falls back to the last 30 days ending yesterday', async () => {
    for (const q of [{} as Record<string, string>, { from_date: 'x', to_date: '2026-03-10' }, { from_date: '2026-02-30', to_date: '2026-03-10' }, { from_date: '2026-03-10', to_date: '2026-03-01' }]) {
      const t = await service.analyticsTotals(ctx.deps, viewer, D, chart(q), now);
      expect([t.from, t.to]).toEqual(['2026-02-13', '2026-03-14']);
    }
  });

  it('the end is clamped to yesterday, or today with include_today (today’s rollup counts)', async () => {
    const q = { from_date: '2026-03-14', to_date: '2026-03-20', bot_ids: String(bot.alpha) };
    const y = await service.analyticsTotals(ctx.deps, viewer, D, chart(q), now);
    expect([y.from, y.to, y.session]).toEqual(['2026-03-14', '2026-03-14', 0]);
    const t = await service.analyticsTotals(ctx.deps, viewer, D, chart({ ...q, include_today: 'true' }), now);
    expect([t.from, t.to, t.session, t.ctr]).toEqual(['2026-03-14', '2026-03-15', 3, 33.3]);
    const list = await service.listAnalytics(ctx.deps, viewer, v.parse(AnalyticsListQuery, { account_id: String(D), ...q, include_today: '1' }), now);
    expect(list.records[0]!.session).toBe(3);
  });
});

describe('chart, sliders, detail', () => {
  it('/total/{id}/daily: every day of the range with zeros', async () => {
    const c = await get<S.ChartPoints>(`/api/analytics/total/${D}/daily?from_date=2026-03-01&to_date=2026-03-07`, 'viewer');
    expect(c.points.map((p) => p.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    expect(c.points[0]!.analytics).toEqual({ session: 100, sliderSession: 0, opened: 40 });
    expect(c.points[2]!.analytics).toEqual({ session: 70, sliderSession: 20, opened: 15 });
    expect(c.points[6]!.analytics).toEqual({ session: 0, sliderSession: 0, opened: 0 });
    const filtered = await get<S.ChartPoints>(`/api/analytics/total/${D}/daily?from_date=2026-03-01&to_date=2026-03-07&user_ids=${editorId}`, 'viewer');
    expect(filtered.points.map((p) => p.analytics.session)).toEqual([0, 30, 0, 0, 10, 0, 0]);
  });

  it('/total/{id}: totals with the filters', async () => {
    const t = await get<S.AnalyticsTotals>(`/api/analytics/total/${D}?${RANGE}&status=Published`, 'editor');
    expect(t).toMatchObject({ session: 180, opened: 65, engaged: 16 });
  });

  it('/widget/{id}: one row per slider on the slider channel, named by the carousel (else Carousel {id})', async () => {
    const before = await get<S.SliderRows>(`/api/analytics/widget/${D}?${RANGE}`, 'viewer');
    expect(before.records.map((r) => r.sliderName)).toEqual(['Carousel 7', 'Carousel 9']);
    // carousel 9 is the account's; 7 belongs to another account, whose name must not show here
    const other = await createAccount(ctx, 'Slider Owner Elsewhere Oy');
    await ctx.deps.db.insert(widgets).values([
      { id: 9, publicId: 'slider9pub', accountId: D, name: 'Front page' },
      { id: 7, publicId: 'slider7pub', accountId: other, name: 'Foreign carousel' },
    ]);
    try {
      const w = await get<S.SliderRows>(`/api/analytics/widget/${D}?${RANGE}`, 'viewer');
      expect(w.records).toEqual([
        expect.objectContaining({ sliderId: 7, sliderName: 'Carousel 7', bots: 1, session: 20, sliderSession: 20, opened: 5, sliderPlayed: 9, ctr: 25 }),
        expect.objectContaining({ sliderId: 9, sliderName: 'Front page', bots: 1, session: 10, opened: 2, engagementRate: 50 }),
      ]);
    } finally {
      await ctx.deps.db.delete(widgets).where(inArray(widgets.id, [7, 9]));
    }
  });

  it('/bot/{id}: slides, actions, sources, transitions, top paths with share, drop-off — names from the published revision', async () => {
    const b = await get<S.BotAnalyticsDetail>(`/api/analytics/bot/${bot.alpha}?${RANGE}`, 'viewer');
    expect(b).toMatchObject({ botId: bot.alpha, name: 'Alpha', from: '2026-03-01', to: '2026-03-10', channel: null });
    expect(b.slides).toEqual([
      { slideId: 1, name: 'Welcome', played: 30, liked: 1, watched: 60.5 },
      { slideId: 2, name: 'Pricing', played: 20, liked: 0, watched: 10 },
      { slideId: 99, name: 'Slide 99', played: 1, liked: 0, watched: 0 },
    ]);
    expect(b.actions).toEqual([{ slideId: 1, slideName: 'Welcome', optionId: 7, actionName: 'Book a demo', actionClicked: 6 }]);
    expect(b.sources).toEqual([
      { source: 'https://example.com/a', session: 80, opened: 30 },
      { source: '', session: 20, opened: 10 },
    ]);
    expect(b.transitions).toEqual([
      { from: 0, fromName: 'Start', to: 1, toName: 'Welcome', count: 40 },
      { from: 1, fromName: 'Welcome', to: 2, toName: 'Pricing', count: 15 },
    ]);
    expect(b.paths).toEqual([
      { slides: [{ id: 1, name: 'Welcome' }], sessions: 25, share: 62.5 },
      { slides: [{ id: 1, name: 'Welcome' }, { id: 2, name: 'Pricing' }], sessions: 10, share: 25 },
      { slides: [{ id: 1, name: 'Welcome' }, { id: 2, name: 'Pricing' }, { id: 1, name: 'Welcome' }], sessions: 5, share: 12.5 },
    ]);
    expect(b.dropOff).toEqual([
      { slideId: 1, name: 'Welcome', reached: 40, endedHere: 30, dropOffRate: 75 },
      { slideId: 2, name: 'Pricing', reached: 15, endedHere: 10, dropOffRate: 66.7 },
    ]);
    const other = await get<S.BotAnalyticsDetail>(`/api/analytics/bot/${bot.alpha}?${RANGE}&channel=widget`, 'viewer');
    expect([other.slides, other.paths, other.dropOff]).toEqual([[], [], []]);
    await get(`/api/analytics/bot/${bot.zeta}`, 'owner', 404);
    await get('/api/analytics/bot/99999999', 'superadmin', 404);
  });
});

describe('report', () => {
  it('rows, sliders, totals, points, filter bots and users (this account only), watermark by hide_watermark', async () => {
    const strangerId = await userIdByEmail(ctx, 'stranger@analytics.example');
    const url = `/api/analytics/report?account_id=${D}&${RANGE}&bot_ids=${bot.alpha},${bot.beta},${bot.zeta}&user_ids=${ownerId},${editorId},${strangerId}`;
    const r = await get<S.AnalyticsReport>(url, 'admin');
    expect(r.bots).toEqual([
      { id: bot.alpha, name: 'Alpha' },
      { id: bot.beta, name: 'Beta' },
    ]);
    expect(r.users).toEqual([
      { id: ownerId, email: 'owner@example.com' },
      { id: editorId, email: 'editor@example.com' },
    ].sort((a, b) => a.id - b.id));
    expect(r.rows.map((x) => x.bot)).toEqual(['Alpha', 'Beta']);
    expect(r.sliders.map((s) => s.sliderId)).toEqual([7, 9]);
    expect(r.totals).toMatchObject({ session: 210, bots: 2 });
    expect(r.points).toHaveLength(10);
    expect(r.watermark).toBe(false);
    await ctx.deps.db.insert(featureFlags).values({ name: 'hide_watermark', flagType: 'embed', accountIds: [D] });
    expect((await get<S.AnalyticsReport>(url, 'owner')).watermark).toBe(true);
    await ctx.deps.db.delete(featureFlags).where(eq(featureFlags.name, 'hide_watermark'));
  });

  it('403 for Editor and Viewer, 404 outside the account', async () => {
    await get(`/api/analytics/report?account_id=${D}`, 'editor', 403);
    await get(`/api/analytics/report?account_id=${D}`, 'viewer', 403);
    await get(`/api/analytics/report?account_id=${D}`, 'other', 404);
    await get(`/api/analytics/report?account_id=${D}`, 'cs', 200);
  });
});

describe('settings', () => {
  it('round trip for the Owner, audited; 403 for Admin, 404 outside; 422 with field messages', async () => {
    expect(await get(`/api/analytics/settings/${D}`, 'viewer')).toEqual({ analyticsDefaultChannel: null, analyticsDisplayFields: { email: true, cta: true, watermark_clicked: false } });
    const body = { analyticsDefaultChannel: 'widget', analyticsDisplayFields: { email: false, cta: true, watermark_clicked: true } };
    expect(await put(`/api/analytics/settings/${D}`, 'owner', body)).toEqual(body);
    expect(await get(`/api/analytics/settings/${D}`, 'editor')).toEqual(body);
    const audit = await ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, D), eq(auditEvents.type, 'account.analytics_settings_update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: ownerId, targetType: 'account', targetId: D, details: body });
    await put(`/api/analytics/settings/${D}`, 'admin', body, 403);
    await put(`/api/analytics/settings/${D}`, 'cs', body, 403);
    await put(`/api/analytics/settings/${D}`, 'other', body, 404);
    await put(`/api/analytics/settings/${X}`, 'superadmin', { ...body, analyticsDefaultChannel: null }, 200);
    const bad = await put<{ errors: Record<string, string> }>(`/api/analytics/settings/${D}`, 'owner', { analyticsDefaultChannel: 'tv', analyticsDisplayFields: { email: 'yes', cta: true, watermark_clicked: false } }, 422);
    expect(bad.errors.analyticsDefaultChannel).toMatch(/analyticsDefaultChannel must be one of/);
    expect(bad.errors['analyticsDisplayFields.email']).toBe('email must be true or false.');
  });
});

describe('staff', () => {
  it('/admin: every account’s bots with account name, business type, use case; tiers, business_type, use_case, bot_ids', async () => {
    const q = (s: string) => get<S.AdminAnalyticsList>(`/api/analytics/admin?${RANGE}&size=1000&${s}`, 'cs');
    const all = await q('');
    const zeta = all.records.find((r) => r.botId === bot.zeta);
    expect(zeta).toMatchObject({ accountName: 'Xylo Retail Oy', businessType: 'Retail', useCase: null, session: 6000, ctr: 10 });
    expect(all.records.find((r) => r.botId === bot.alpha)).toMatchObject({ businessType: 'SaaS', useCase: 'Lead generation', session: 170 });
    expect(all.records[0]!.botId).toBe(bot.zeta); // most sessions first
    const tier2 = await q('lower=5000&upper=25000');
    expect(tier2.records.map((r) => r.botId)).toEqual([bot.zeta]);
    expect(tier2.totals).toMatchObject({ bots: 1, session: 6000 });
    const tier1 = await q('lower=0&upper=5000');
    expect(tier1.records.map((r) => r.botId)).toEqual(expect.arrayContaining([bot.alpha, bot.beta, bot.gamma, bot.delta]));
    expect(tier1.records.map((r) => r.botId)).not.toContain(bot.zeta);
    expect((await q('lower=500000')).records).toEqual([]);
    expect((await q('business_type=Retail&business_type=Other')).records.map((r) => r.botId)).toEqual([bot.zeta]);
    expect((await q('use_case=Lead%20generation')).records.map((r) => r.botId)).toEqual([bot.alpha]);
    expect((await q(`bot_ids=${bot.beta},${bot.zeta}`)).records.map((r) => r.botId)).toEqual([bot.zeta, bot.beta]);
    const paged = await get<S.AdminAnalyticsList>(`/api/analytics/admin?${RANGE}&bot_ids=${bot.beta},${bot.zeta}&size=1&page=2`, 'superadmin');
    expect([paged.records.map((r) => r.botId), paged.metadata.totalCount]).toEqual([[bot.beta], 2]);
    const bad = await json<{ errors: Record<string, string> }>(await ctx.call('GET', '/api/analytics/admin?lower=-1', { token: tok.cs }), 422);
    expect(bad.errors.lower).toBe('lower must be a non-negative integer.');
    await get('/api/analytics/admin', 'owner', 403);
  });

  it('/admin-daily: points over the admin filters', async () => {
    const c = await get<S.ChartPoints>(`/api/analytics/admin-daily?from_date=2026-03-01&to_date=2026-03-03&business_type=Retail`, 'superadmin');
    expect(c.points.map((p) => p.analytics.session)).toEqual([6000, 0, 0]);
    const t = await get<S.ChartPoints>(`/api/analytics/admin-daily?from_date=2026-03-01&to_date=2026-03-03&lower=0&upper=5000`, 'superadmin');
    expect(t.points.map((p) => p.analytics.session)).toEqual([100, 30, 70]);
    await get('/api/analytics/admin-daily', 'admin', 403);
  });

  it('/admin-billing: impressions per bot, hasFeatureOnly accounts, account_ids, totalImpressions; superuser only', async () => {
    await ctx.deps.db.insert(featureFlags).values({ name: 'vidbot_as_ads', flagType: 'dashboard', accountIds: [X, E] });
    const b = await get<S.BillingList>('/api/analytics/admin-billing?from_date=2026-03-01&to_date=2026-03-31&size=100', 'superadmin');
    expect(b.totalImpressions).toBe(500);
    const demo = b.records.find((r) => r.accountId === D);
    expect(demo).toMatchObject({ botId: bot.beta, botName: 'Beta', impressions: 500, hasAdFeature: false, hasFeatureOnly: false, logo: null });
    expect(b.records.filter((r) => r.hasFeatureOnly).map((r) => [r.accountId, r.botId, r.impressions, r.hasAdFeature])).toEqual(
      expect.arrayContaining([
        [E, null, 0, true],
        [X, null, 0, true],
      ]),
    );
    expect(b.metadata.totalCount).toBe(b.records.length);
    const onlyE = await get<S.BillingList>(`/api/analytics/admin-billing?from_date=2026-03-01&to_date=2026-03-31&account_ids=${E}`, 'superadmin');
    expect(onlyE.records).toEqual([{ accountId: E, accountName: 'Ad Feature Only Oy', logo: null, botId: null, publicId: null, botName: null, impressions: 0, hasAdFeature: true, hasFeatureOnly: true }]);
    // the logo: the account profile's appearance.logoId when that media is Ready
    const key = `${E}/${randomUUID()}/logo.png`;
    const [logo] = await ctx.deps.db
      .insert(media)
      .values({ accountId: E, name: 'Logo', type: 'LogoImage', status: 'Ready', sourceKey: key, playbackKey: key, playbackMime: 'image/png', width: 1, height: 1 })
      .returning();
    await ctx.deps.db.update(accounts).set({ appearance: { logoId: logo!.id } }).where(eq(accounts.id, E));
    const withLogo = await get<S.BillingList>(`/api/analytics/admin-billing?from_date=2026-03-01&to_date=2026-03-31&account_ids=${E}`, 'superadmin');
    expect(withLogo.records[0]!.logo).toBe(`/files/${key}`);
    expect(onlyE.totalImpressions).toBe(0);
    // impressions on X: X is listed with its bot, no longer as feature-only
    await daily('2026-03-02', bot.zeta, X, 'display_ad', { impressions: 12 });
    const withX = await get<S.BillingList>(`/api/analytics/admin-billing?from_date=2026-03-01&to_date=2026-03-31&account_ids=${X}`, 'superadmin');
    expect(withX.records).toEqual([expect.objectContaining({ accountId: X, botId: bot.zeta, impressions: 12, hasAdFeature: true, hasFeatureOnly: false })]);
    await get('/api/analytics/admin-billing', 'cs', 403);
    const bad = await json<{ errors: Record<string, string> }>(await ctx.call('GET', '/api/analytics/admin-billing?account_ids=x', { token: tok.superadmin }), 422);
    expect(bad.errors.account_ids).toBe('account_ids must be positive integer ids.');
  });

  it('GET /bot/status: published bots with live status, lastViewedAt, sessions7d; order and filter; staff only', async () => {
    const today = utcDay(new Date());
    await daily(today, bot.delta, D, 'iframe', { session: 4 });
    await ctx.deps.db.update(bots).set({ lastViewedAt: new Date(Date.now() - 3600_000) }).where(eq(bots.id, bot.delta));
    await ctx.deps.db.update(bots).set({ lastViewedAt: new Date(Date.now() - 48 * 3600_000) }).where(eq(bots.id, bot.alpha));
    const list = await get<S.LiveStatusList>('/api/bot/status?order_by=live_status&size=100', 'cs');
    const ids = list.records.map((r) => r.id);
    expect(ids).not.toContain(bot.beta); // Draft
    expect(ids.indexOf(bot.delta)).toBeLessThan(ids.indexOf(bot.alpha));
    expect(ids.indexOf(bot.alpha)).toBeLessThan(ids.indexOf(bot.gamma));
    expect(list.records.find((r) => r.id === bot.delta)).toMatchObject({ liveStatus: 'live', sessions7d: 4, accountName: expect.any(String), status: 'Published' });
    expect(list.records.find((r) => r.id === bot.alpha)).toMatchObject({ liveStatus: 'offline', sessions7d: 0 });
    expect(list.records.find((r) => r.id === bot.gamma)).toMatchObject({ liveStatus: 'inactive', lastViewedAt: null });
    const named = await get<S.LiveStatusList>('/api/bot/status?bot_name=zet', 'superadmin');
    expect(named.records.map((r) => r.id)).toEqual([bot.zeta]);
    expect(named.metadata).toMatchObject({ pageSize: 30, totalCount: 1 });
    const byName = await get<S.LiveStatusList>('/api/bot/status?order_by=bot_name&order_direction=asc&size=100', 'cs');
    const names = byName.records.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const lastViewed = await get<S.LiveStatusList>('/api/bot/status?order_by=last_viewed_at&size=100', 'cs');
    expect(lastViewed.records.at(-1)!.lastViewedAt).toBeNull(); // never seen last
    await get('/api/bot/status', 'owner', 403);
  });
});

describe('property: SQL aggregation equals a reference computation over random rollups', () => {
  it('per-bot sums, channel-derived fields, §9 rates, totals, avg and median engagement', async () => {
    const P = await createAccount(ctx, 'Property Oy');
    const pb: number[] = [];
    for (let i = 0; i < 4; i++) pb.push(await newBot(P, `P${i}`, 'Published', null));
    const days = ['2026-01-01', '2026-01-02', '2026-01-03'];
    const rowArb = fc.record({
      bot: fc.integer({ min: 0, max: 3 }),
      day: fc.integer({ min: 0, max: 3 }), // 3 = outside the range
      channel: fc.constantFrom(...CHANNELS),
      session: fc.nat(1000),
      viewed: fc.nat(1000),
      opened: fc.nat(300),
      engaged: fc.nat(300),
      cta: fc.nat(50),
      introViewed: fc.nat(100),
    });
    const superuser: AuthUser = { id: 0, username: 'p', email: 'p', firstName: null, lastName: null, isSuperuser: true, isCustomerSuccess: false, isReseller: false, roles: [] };
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(rowArb, { maxLength: 25, selector: (r) => `${r.bot}|${r.day}|${r.channel}` }), fc.option(fc.constantFrom(...CHANNELS), { nil: undefined }), async (rows, channel) => {
        await ctx.deps.db.delete(analyticsDaily).where(eq(analyticsDaily.accountId, P));
        for (const r of rows) {
          const { bot: b, day, ...c } = r;
          await daily(day === 3 ? '2026-01-04' : days[day]!, pb[b]!, P, r.channel, { ...c });
        }
        const q = v.parse(AnalyticsListQuery, { account_id: String(P), from_date: days[0], to_date: days[2], size: '10', ...(channel ? { channel } : {}) });
        const list = await service.listAnalytics(ctx.deps, superuser, q, new Date('2026-02-01T00:00:00Z'));
        const counted = rows.filter((r) => r.day < 3 && (!channel || r.channel === channel));
        const sum = (xs: typeof counted, k: 'session' | 'opened' | 'engaged' | 'cta' | 'viewed' | 'introViewed') => xs.reduce((n, r) => n + r[k], 0);
        const rates: number[] = [];
        for (let i = 0; i < 4; i++) {
          const mine = counted.filter((r) => r.bot === i);
          const [session, opened, engaged, cta] = [sum(mine, 'session'), sum(mine, 'opened'), sum(mine, 'engaged'), sum(mine, 'cta')];
          const got = list.records.find((r) => r.botId === pb[i])!;
          expect(got).toMatchObject({
            session,
            opened,
            engaged,
            cta,
            iframeViewed: sum(mine.filter((r) => r.channel === 'iframe'), 'viewed'),
            widgetViewed: sum(mine.filter((r) => r.channel === 'widget'), 'viewed'),
            sliderIntroViewed: sum(mine.filter((r) => r.channel === 'slider'), 'introViewed'),
            sliderSession: sum(mine.filter((r) => r.channel === 'slider'), 'session'),
            ctr: service.percent(opened, session),
            ctaRate: service.percent(cta, opened),
            engagementRate: service.percent(engaged, opened),
          });
          if (opened > 0) rates.push((engaged / opened) * 100);
        }
        const [session, opened, engaged] = [sum(counted, 'session'), sum(counted, 'opened'), sum(counted, 'engaged')];
        expect(list.totals).toMatchObject({ bots: 4, session, opened, engaged, ctr: service.percent(opened, session), engagementRate: service.percent(engaged, opened) });
        expect(list.records.map((r) => r.session)).toEqual([...list.records.map((r) => r.session)].sort((a, b) => b - a));
        rates.sort((a, b) => a - b);
        const mean = rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : null;
        const mid = rates.length / 2;
        const median = rates.length ? (rates.length % 2 ? rates[Math.floor(mid)]! : (rates[mid - 1]! + rates[mid]!) / 2) : null;
        for (const [got, want] of [
          [list.totals.avgEngagementRate, mean],
          [list.totals.medianEngagementRate, median],
        ] as const) {
          if (want === null) expect(got).toBeNull();
          else expect(Math.abs(got! - want)).toBeLessThanOrEqual(0.05 + 1e-9);
        }
      }),
      { numRuns: 30 },
    );
  });
});
