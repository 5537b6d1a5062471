/**
 * The analytics ingest over HTTP (issue 13 "Ingest"; docs/api.md "Events (analytics ingest)"):
 * accepted / duplicate / dropped counts, a retried batch counted once, the fields each event name
 * needs, the time window, unpublished bots, analytics turned off, text/plain bodies, 400/413/415/429,
 * CORS, monthly partitions (and moving rows out of the default partition), and the live status.
 * PGlite; PostgreSQL with TEST_DATABASE_URL (server-pg).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { MAX_BATCH_BYTES, MAX_EVENT_AGE_MS, MAX_EVENT_SKEW_MS } from '../../../../embed/shared/analytics';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, demoAccountId } from '../../../test/accounts';
import { accounts, widgetRevisions, widgets } from '../../db/schema';
import { defaultWidgetContent } from '../widget/widget.schemas';
import { analyticsEvents } from '../../db/schema.analytics';
import { ensureEventPartitions, monthPartition, partitionsOf } from './ingest.repo';
import { RATE_LIMIT, SessionRateLimiter, utcDay } from './ingest.service';

let ctx: TestContext;
let demoId: number;
let owner: string;
let bot: { id: number; publicId: string };

type Ack = { accepted: number; duplicates: number; dropped: number };
type ErrorBody = {
  detail: string;
  code?: string;
  errors?: Record<string, string>;
};

/** A published carousel widget of `accountId` (inserted directly; the widget API is another module); its id. */
async function insertWidget(accountId: number, analytics = true): Promise<number> {
  const [w] = await ctx.deps.db.insert(widgets).values({ publicId: `w${randomUUID().slice(0, 8)}`, accountId, name: 'Carousel', status: 'Published' }).returning();
  const [r] = await ctx.deps.db
    .insert(widgetRevisions)
    .values({ widgetId: w!.id, revNumber: 1, status: 'Published', content: { ...defaultWidgetContent(), isAnalyticsEnabled: analytics } as never })
    .returning();
  await ctx.deps.db.update(widgets).set({ latestRevisionId: r!.id, publishedRevisionId: r!.id }).where(eq(widgets.id, w!.id));
  return w!.id;
}

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const content = (settings: Record<string, unknown> = {}) => ({
  slides: [
    {
      id: 1,
      name: 'Intro',
      category: 'INTRO',
      type: 'VIDEO',
      videoId: null,
      imageId: null,
      options: [],
    },
  ],
  actions: [],
  settings,
});

async function createBot(name: string, opts: { publish?: boolean; settings?: Record<string, unknown> } = {}): Promise<{ id: number; publicId: string }> {
  const created = await json<{ id: number; publicId: string }>(
    await ctx.call('POST', '/api/bot', {
      token: owner,
      body: { accountId: demoId, name },
    }),
    201,
  );
  if (opts.publish ?? true) {
    await json(
      await ctx.call('PATCH', `/api/bot/${created.id}`, {
        token: owner,
        body: { content: content(opts.settings), status: 'Published' },
      }),
      200,
    );
  }
  return created;
}

const newSession = () => `s${randomUUID().replace(/-/g, '')}`;
const batch = (publicId: string, sessionId: string, events: unknown[], extra: Record<string, unknown> = {}) => ({ v: 1, publicId, channel: 'iframe', sessionId, events, ...extra });
const send = (body: unknown, headers?: Record<string, string>) => ctx.call('POST', '/api/events', { body, headers });
const storedIds = async (ids: string[]) => (await ctx.deps.db.select({ id: analyticsEvents.id }).from(analyticsEvents).where(inArray(analyticsEvents.id, ids))).map((r) => r.id).sort();

beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  owner = await ctx.signIn('owner@example.com');
  bot = await createBot('Ingest bot');
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/events', () => {
  it('stores valid events, drops invalid ones and counts a retried batch once', async () => {
    const s = newSession();
    const at = Date.now() - 1000;
    const events = [
      { id: `${s}.session`, name: 'session', at },
      { id: `${s}.opened`, name: 'opened', at },
      { id: `${s}.1`, name: 'slide_nav', at, fromSlideId: null, slideId: 1 },
      { id: `${s}.2`, name: 'slide_played', at, slideId: 1, seconds: 12.5 },
      { id: `${s}.3`, name: 'click', at, slideId: 1, optionId: 4, seconds: 99 },
      // Dropped: unknown name, slide_played without seconds, an id of another session, once-per-session id not `${s}.${name}`, not an object.
      { id: `${s}.4`, name: 'teleported', at },
      { id: `${s}.5`, name: 'slide_played', at, slideId: 1 },
      { id: `other-session-id.6`, name: 'click', at, slideId: 1, optionId: 4 },
      { id: `${s}.7`, name: 'session', at },
      'not an event',
    ];
    expect(await json<Ack>(await send(batch(bot.publicId, s, events)), 202)).toEqual({ accepted: 5, duplicates: 0, dropped: 5 });
    expect(await json<Ack>(await send(batch(bot.publicId, s, events)), 202)).toEqual({ accepted: 0, duplicates: 5, dropped: 5 });
    expect(await storedIds([`${s}.session`, `${s}.opened`, `${s}.1`, `${s}.2`, `${s}.3`, `${s}.4`, `${s}.5`, `${s}.7`, 'other-session-id.6'])).toEqual(
      [`${s}.1`, `${s}.2`, `${s}.3`, `${s}.opened`, `${s}.session`].sort(),
    );
    const [click] = await ctx.deps.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.id, `${s}.3`));
    // Fields a name does not list are not stored (click has no seconds); the bot and account come from the publicId.
    expect(click).toMatchObject({
      name: 'click',
      slideId: 1,
      optionId: 4,
      seconds: null,
      fromSlideId: null,
      botId: bot.id,
      accountId: demoId,
      channel: 'iframe',
      sliderId: 0,
      sessionId: s,
      day: utcDay(at),
    });
    // A retry mixing stored and new events: only the new one is accepted; the same id twice in a batch is stored once.
    const more = [...events.slice(0, 2), { id: `${s}.8`, name: 'liked', at, slideId: 1 }, { id: `${s}.8`, name: 'liked', at, slideId: 1 }];
    expect(await json<Ack>(await send(batch(bot.publicId, s, more)), 202)).toEqual({ accepted: 1, duplicates: 3, dropped: 0 });
  });

  it('counts each event once when the same batch arrives many times at once (group commit)', async () => {
    const s = newSession();
    const at = Date.now();
    const events = Array.from({ length: 5 }, (_, i) => ({ id: `${s}.g${i}`, name: 'contacted', at }));
    const acks = await Promise.all(Array.from({ length: 8 }, () => send(batch(bot.publicId, s, events)).then((r) => json<Ack>(r, 202))));
    expect(acks.reduce((a, b) => a + b.accepted, 0)).toBe(5);
    expect(acks.reduce((a, b) => a + b.duplicates, 0)).toBe(35);
    expect(await storedIds(events.map((e) => e.id))).toEqual(events.map((e) => e.id).sort());
  });

  it('accepts text/plain (navigator.sendBeacon) and stores slider and source', async () => {
    const s = newSession();
    const sliderId = await insertWidget(demoId);
    const body = JSON.stringify(batch(bot.publicId, s, [{ id: `${s}.viewed`, name: 'viewed', at: Date.now() }], { channel: 'slider', sliderId, source: 'https://shop.example/page' }));
    expect(await json<Ack>(await send(body, { 'content-type': 'text/plain;charset=UTF-8' }), 202)).toEqual({ accepted: 1, duplicates: 0, dropped: 0 });
    const [row] = await ctx.deps.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.id, `${s}.viewed`));
    expect(row).toMatchObject({
      channel: 'slider',
      sliderId,
      source: 'https://shop.example/page',
    });
  });

  it("slider channel: drops batches whose sliderId is not a widget of the bot's account, or whose widget has analytics off (issue 13 / 15)", async () => {
    const other = await createAccount(ctx, 'Other carousel account');
    const foreign = await insertWidget(other);
    const off = await insertWidget(demoId, false);
    for (const sliderId of [foreign, off, 999_999]) {
      const s = newSession();
      const body = (batch(bot.publicId, s, [{ id: `${s}.viewed`, name: 'viewed', at: Date.now() }], { channel: 'slider', sliderId }));
      expect(await json<Ack>(await send(body), 202), String(sliderId)).toEqual({ accepted: 0, duplicates: 0, dropped: 1 });
    }
    // Another channel stores no slider.
    const s = newSession();
    const body = (batch(bot.publicId, s, [{ id: `${s}.viewed`, name: 'viewed', at: Date.now() }], { channel: 'iframe', sliderId: foreign }));
    expect(await json<Ack>(await send(body), 202)).toEqual({ accepted: 1, duplicates: 0, dropped: 0 });
    const [row] = await ctx.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.id, `${s}.viewed`));
    expect(row).toMatchObject({ channel: 'iframe', sliderId: 0 });
  });

  it('drops events outside [now − 48 h, now + 5 min] and files each under the UTC day of its time', async () => {
    const s = newSession();
    const now = Date.now();
    const events = [
      { id: `${s}.1`, name: 'contacted', at: now - MAX_EVENT_AGE_MS + 60_000 },
      { id: `${s}.2`, name: 'contacted', at: now + MAX_EVENT_SKEW_MS - 60_000 },
      { id: `${s}.3`, name: 'contacted', at: now - MAX_EVENT_AGE_MS - 60_000 },
      { id: `${s}.4`, name: 'contacted', at: now + MAX_EVENT_SKEW_MS + 60_000 },
    ];
    expect(await json<Ack>(await send(batch(bot.publicId, s, events)), 202)).toEqual({ accepted: 2, duplicates: 0, dropped: 2 });
    const rows = await ctx.deps.db
      .select({ id: analyticsEvents.id, day: analyticsEvents.day })
      .from(analyticsEvents)
      .where(inArray(analyticsEvents.id, [`${s}.1`, `${s}.2`]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.day]))).toEqual({
      [`${s}.1`]: utcDay(events[0]!.at),
      [`${s}.2`]: utcDay(events[1]!.at),
    });
  });

  it('answers 400 with field messages for a bad body, 413 over the limit, 415 for other content types', async () => {
    const s = newSession();
    expect(await json<ErrorBody>(await send('{"v":1,', { 'content-type': 'text/plain' }), 400)).toMatchObject({ code: 'bad_json' });
    const bad = await json<ErrorBody>(
      await send({
        v: 2,
        publicId: bot.publicId,
        channel: 'tv',
        sessionId: 'short',
        events: [],
      }),
      400,
    );
    expect(bad.code).toBe('validation_error');
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['channel', 'events', 'sessionId', 'v']);
    expect((await json<ErrorBody>(await send({ v: 1, channel: 'iframe', sessionId: s, events: [{}] }), 400)).errors).toEqual({ publicId: 'publicId is required.' });
    expect((await json<ErrorBody>(await send([1, 2]), 400)).code).toBe('validation_error');
    const events = Array.from({ length: 100 }, (_, i) => ({
      id: `${s}.${i}`,
      name: 'contacted',
      at: Date.now(),
      padding: 'x'.repeat(400),
    }));
    expect(JSON.stringify(batch(bot.publicId, s, events)).length).toBeGreaterThan(MAX_BATCH_BYTES);
    expect((await json<ErrorBody>(await send(batch(bot.publicId, s, events)), 413)).code).toBe('too_large');
    const form = await send('v=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect((await json<ErrorBody>(form, 415)).code).toBe('unsupported_media_type');
  });

  it('answers 404 for an unknown, draft or unpublished bot', async () => {
    const s = newSession();
    const ev = [{ id: `${s}.session`, name: 'session', at: Date.now() }];
    await json(await send(batch('no-such-bot', s, ev)), 404);
    const draft = await createBot('Draft bot', { publish: false });
    await json(await send(batch(draft.publicId, s, ev)), 404);
    expect(await storedIds([`${s}.session`])).toEqual([]);
  });

  it('stores nothing when analytics is off for the bot or for the account (202, all dropped)', async () => {
    const off = await createBot('No analytics bot', {
      settings: { isAnalyticEnabled: false },
    });
    const s = newSession();
    const ev = [
      { id: `${s}.session`, name: 'session', at: Date.now() },
      { id: `${s}.1`, name: 'contacted', at: Date.now() },
    ];
    expect(await json<Ack>(await send(batch(off.publicId, s, ev)), 202)).toEqual({ accepted: 0, duplicates: 0, dropped: 2 });
    expect(await storedIds([`${s}.session`, `${s}.1`])).toEqual([]);

    const [account] = await ctx.deps.db.select({ options: accounts.options }).from(accounts).where(eq(accounts.id, demoId));
    await ctx.deps.db
      .update(accounts)
      .set({ options: { ...account!.options, disableAnalytics: true } })
      .where(eq(accounts.id, demoId));
    try {
      const other = await createBot('Account without analytics');
      const s2 = newSession();
      const ev2 = [{ id: `${s2}.session`, name: 'session', at: Date.now() }];
      expect(await json<Ack>(await send(batch(other.publicId, s2, ev2)), 202)).toEqual({ accepted: 0, duplicates: 0, dropped: 1 });
      expect(await storedIds([`${s2}.session`])).toEqual([]);
    } finally {
      await ctx.deps.db.update(accounts).set({ options: account!.options }).where(eq(accounts.id, demoId));
    }
  });

  it('rate-limits a session: 20 batches / 10 s (429 + Retry-After), other sessions unaffected', async () => {
    const s = newSession();
    const ev = (i: number) => [{ id: `${s}.r${i}`, name: 'contacted', at: Date.now() }];
    for (let i = 0; i < RATE_LIMIT.batches; i++) await json(await send(batch(bot.publicId, s, ev(i))), 202);
    const refused = await send(batch(bot.publicId, s, ev(99)));
    expect((await json<ErrorBody>(refused, 429)).code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await storedIds([`${s}.r99`])).toEqual([]);
    const other = newSession();
    await json(await send(batch(bot.publicId, other, [{ id: `${other}.1`, name: 'contacted', at: Date.now() }])), 202);
  });

  it('answers CORS for any origin without credentials', async () => {
    const pre = await ctx.app.request('/api/events', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const s = newSession();
    const res = await send(batch(bot.publicId, s, [{ id: `${s}.session`, name: 'session', at: Date.now() }]), { origin: 'https://shop.example' });
    expect(res.status).toBe(202);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('turns the bot live at once on a session event', async () => {
    const fresh = await createBot('Live status bot');
    const status = async () => (await json<{ liveStatus: string }>(await ctx.call('GET', `/api/bot/${fresh.id}`, { token: owner }), 200)).liveStatus;
    expect(await status()).toBe('inactive');
    const s = newSession();
    await json(await send(batch(fresh.publicId, s, [{ id: `${s}.1`, name: 'contacted', at: Date.now() }])), 202);
    expect(await status()).toBe('inactive');
    await json(await send(batch(fresh.publicId, s, [{ id: `${s}.session`, name: 'session', at: Date.now() }])), 202);
    expect(await status()).toBe('live');
  });
});

describe('SessionRateLimiter', () => {
  it('refills over time, limits events per minute and stays bounded', () => {
    const l = new SessionRateLimiter({ ...RATE_LIMIT, maxSessions: 3 });
    const t = 1_000_000;
    for (let i = 0; i < 10; i++) expect(l.take('a', 100, t)).toBe(0);
    // 1,000 events used: the next 100 need 6 s of refill (1,000 / 60 s).
    expect(l.take('a', 100, t)).toBe(6);
    expect(l.take('a', 100, t + 6000)).toBe(0);
    for (let i = 0; i < 20; i++) expect(l.take('b', 1, t)).toBe(0);
    expect(l.take('b', 1, t)).toBe(1);
    expect(l.take('b', 1, t + 500)).toBe(0);
    l.take('c', 1, t);
    l.take('d', 1, t + 70_000);
    expect(l.size).toBeLessThanOrEqual(3);
  });
});

describe('ensureEventPartitions', () => {
  it('creates the previous, current and next two months once; events land in their month', async () => {
    const now = new Date();
    const names = [-1, 0, 1, 2].map((o) => monthPartition(now, o).name);
    expect((await ensureEventPartitions(ctx.deps.db, now)).sort()).toEqual([...names].sort());
    expect(await ensureEventPartitions(ctx.deps.db, now)).toEqual([]);
    const s = newSession();
    await json(await send(batch(bot.publicId, s, [{ id: `${s}.session`, name: 'session', at: now.getTime() }])), 202);
    expect(Object.fromEntries(await partitionsOf(ctx.deps.db, [`${s}.session`]))).toEqual({ [`${s}.session`]: monthPartition(new Date(), 0).name });
  });

  it('moves rows a new month already has in the default partition', async () => {
    const row = (id: string, day: string) => ({
      day,
      id,
      occurredAt: new Date(`${day}T12:00:00Z`),
      accountId: demoId,
      botId: bot.id,
      channel: 'iframe' as const,
      sessionId: 'moved-session-0001',
      name: 'contacted' as const,
    });
    await ctx.deps.db.insert(analyticsEvents).values([row('old.1', '2020-01-15'), row('old.2', '2020-02-01'), row('old.3', '2019-11-30')]);
    expect(Object.fromEntries(await partitionsOf(ctx.deps.db, ['old.1', 'old.2']))).toEqual({
      'old.1': 'analytics_events_default',
      'old.2': 'analytics_events_default',
    });
    const made = await ensureEventPartitions(ctx.deps.db, new Date('2020-01-20T00:00:00Z'));
    expect(made.sort()).toEqual(['analytics_events_2019_12', 'analytics_events_2020_01', 'analytics_events_2020_02', 'analytics_events_2020_03']);
    expect(Object.fromEntries(await partitionsOf(ctx.deps.db, ['old.1', 'old.2', 'old.3']))).toEqual({
      'old.1': 'analytics_events_2020_01',
      'old.2': 'analytics_events_2020_02',
      'old.3': 'analytics_events_default',
    });
    const counted = (await ctx.deps.db.execute(sql`select count(*)::int as n from analytics_events where id like 'old.%'`)) as unknown as { rows: { n: number }[] };
    const n = counted.rows[0]?.n;
    expect(n).toBe(3);
  });
});
