/**
 * Vidbot API (docs/api.md "Bots"; spec 001 §2–§7) over HTTP on PGlite and PostgreSQL, plus the pure
 * policy and content rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { botRevisions, bots, media } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { canCreateBot, canEditBot, canReactivateBot, canStarBot, canViewBots } from './bot.policy';
import { BotListQuery, contentIssues, hasIntroSlide, type StoredContent } from './bot.schemas';
import { fileUrl, publicActions, type BotDetail, type BotListItem, type PlayerBot } from './bot.service';

// --- pure rules ----------------------------------------------------------------------------------

const user = (over: Partial<AuthUser> = {}): AuthUser => ({
  id: 7,
  username: 'u',
  email: 'u@example.com',
  firstName: null,
  lastName: null,
  isSuperuser: false,
  isCustomerSuccess: false,
  isReseller: false,
  roles: [],
  ...over,
});
const withRole = (role: AuthUser['roles'][number]['role'], status: 'Active' | 'Invited' = 'Active', id = 7) =>
  user({ id, roles: [{ id: 1, accountId: 1, role, status }] });

describe('bot.policy', () => {
  const publicBot = { accountId: 1, authorId: 99, privacy: 'Public' as const };
  const privateBot = { accountId: 1, authorId: 99, privacy: 'Private' as const };

  it('lets only Active roles and staff see an account', () => {
    expect(canViewBots(withRole('Viewer'), 1)).toBe(true);
    expect(canViewBots(withRole('Owner', 'Invited'), 1)).toBe(false);
    expect(canViewBots(withRole('Owner'), 2)).toBe(false);
    expect(canViewBots(user({ isCustomerSuccess: true }), 2)).toBe(true);
    expect(canViewBots(user({ isSuperuser: true }), 2)).toBe(true);
  });

  it('creates for every non-Viewer role and staff', () => {
    for (const r of ['Owner', 'Admin', 'Editor', 'Reseller'] as const) expect(canCreateBot(withRole(r), 1)).toBe(true);
    expect(canCreateBot(withRole('Viewer'), 1)).toBe(false);
    expect(canCreateBot(withRole('Editor', 'Invited'), 1)).toBe(false);
    expect(canCreateBot(user({ isSuperuser: true }), 1)).toBe(true);
  });

  it('edits per spec 001 §6', () => {
    expect(canEditBot(withRole('Editor'), publicBot)).toBe(true);
    expect(canEditBot(withRole('Editor'), privateBot)).toBe(false);
    expect(canEditBot(withRole('Editor', 'Active', 99), privateBot)).toBe(true); // the author
    expect(canEditBot(withRole('Admin'), privateBot)).toBe(true);
    expect(canEditBot(withRole('Owner'), privateBot)).toBe(true);
    expect(canEditBot(withRole('Viewer'), publicBot)).toBe(false);
    expect(canEditBot(withRole('Viewer', 'Active', 99), privateBot)).toBe(true); // author even as Viewer
    expect(canEditBot(user({ id: 99 }), privateBot)).toBe(false); // author without a role in the account
    expect(canEditBot(user({ isCustomerSuccess: true }), privateBot)).toBe(true);
  });

  it('reserves reactivation and stars for staff', () => {
    expect(canReactivateBot(withRole('Owner'))).toBe(false);
    expect(canReactivateBot(user({ isSuperuser: true }))).toBe(true);
    expect(canReactivateBot(user({ isCustomerSuccess: true }))).toBe(true);
    expect(canStarBot(withRole('Owner'))).toBe(false);
    expect(canStarBot(user({ isSuperuser: true }))).toBe(true);
  });
});

const slide = (id: number, category: 'INTRO' | 'SLIDE' = 'SLIDE', options: StoredContent['slides'][number]['options'] = []) => ({
  id,
  name: `Slide ${id}`,
  category,
  type: 'VIDEO' as const,
  videoId: null,
  imageId: null,
  options,
});

describe('bot content rules', () => {
  it('accepts a consistent document', () => {
    const doc: StoredContent = {
      slides: [slide(1, 'INTRO', [{ id: 1, name: 'Next', type: 'SLIDE', targetId: 2, videoEndListener: true }]), slide(2)],
      actions: [{ id: 3, name: 'Close', type: 'CLOSE_VIDBOT' }],
      theme: {},
      settings: {},
    };
    expect(contentIssues(doc)).toEqual({});
    expect(hasIntroSlide(doc)).toBe(true);
    expect(hasIntroSlide({ slides: [slide(1)] })).toBe(false);
  });

  it('names every inconsistency by path', () => {
    const doc: StoredContent = {
      slides: [
        slide(1, 'INTRO', [
          { id: 1, name: 'Gone', type: 'SLIDE', targetId: 9 },
          { id: 1, name: 'Dup', type: 'SLIDE', targetId: null, videoEndListener: true },
          { id: 2, name: 'End', type: 'CLOSE_VIDBOT', targetId: null, videoEndListener: true },
        ]),
        slide(1, 'INTRO'),
      ],
      actions: [
        { id: 5, name: 'A', type: 'POST_MESSAGE', value: 'a' },
        { id: 5, name: 'B', type: 'POST_MESSAGE', value: 'b' },
      ],
      theme: {},
      settings: {},
    };
    expect(contentIssues(doc)).toEqual({
      'slides.1.id': 'Slide id 1 is used twice.',
      'slides.1.category': 'Only one INTRO slide is allowed.',
      'slides.0.options.0.targetId': 'Target slide 9 does not exist.',
      'slides.0.options.1.id': 'Button id 1 is used twice in this slide.',
      'slides.0.options.1.targetId': 'A SLIDE button needs a target slide.',
      'slides.0.options.2.videoEndListener': 'Only one button per slide may be the video-end trigger.',
      'actions.1.id': 'Action id 5 is used twice.',
    });
  });

  it('parses list queries with defaults and bounds', () => {
    expect(v.parse(BotListQuery, { account_id: '3' })).toEqual({
      account_id: 3,
      page: 1,
      size: 10,
      order_by: 'created_at',
      order_direction: 'desc',
      bot_name: undefined,
    });
    expect(v.safeParse(BotListQuery, { account_id: '3', size: '250' }).success).toBe(true);
    expect(v.safeParse(BotListQuery, { account_id: '3', size: '251' }).success).toBe(false);
    expect(v.safeParse(BotListQuery, { account_id: '3', page: '1.5' }).success).toBe(false);
  });

  it('strips form recipients from public actions and encodes file urls', () => {
    const [form, link] = publicActions([
      { id: 1, name: 'Form', type: 'REGULAR_FORM', description: 'Tell us', email: 'sales@x.fi', emailBcc: 'b@x.fi', subject: 'Lead', hubspot: { enabled: true }, fields: [] },
      { id: 2, name: 'Link', type: 'EXTERNAL_LINK', url: 'https://x.fi', externalLinkType: 'url', linkType: 'new_tab' },
    ]);
    expect(form).toEqual({ id: 1, name: 'Form', type: 'REGULAR_FORM', description: 'Tell us', fields: [] });
    expect(link).toEqual({ id: 2, name: 'Link', type: 'EXTERNAL_LINK', url: 'https://x.fi', externalLinkType: 'url', linkType: 'new_tab' });
    expect(fileUrl('media/a b/x.mp4')).toBe('/files/media/a%20b/x.mp4');
    expect(fileUrl(null)).toBeNull();
  });
});

// --- HTTP ----------------------------------------------------------------------------------------

let ctx: TestContext;
let demoId: number;
const tokens: Record<string, string> = {};
let otherAccountId: number;
let otherToken: string;

type ErrorBody = { detail: string; code?: string; errors?: Record<string, string> };
type List = { records: BotListItem[]; metadata: { page: number; pageSize: number; pageCount: number; totalCount: number } };

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function createBot(as: string, name: string, extra: Record<string, unknown> = {}, accountId = demoId): Promise<BotDetail> {
  return json<BotDetail>(await ctx.call('POST', '/api/bot', { token: tokens[as], body: { accountId, name, ...extra } }), 201);
}

const patch = (as: string, id: number, body: unknown) => ctx.call('PATCH', `/api/bot/${id}`, { token: tokens[as], body });

const introContent = (videoId: number | null = null) => ({
  slides: [
    { ...slide(1, 'INTRO', [{ id: 1, name: 'Go on', type: 'SLIDE', targetId: 2 }]), videoId },
    slide(2, 'SLIDE', [{ id: 1, name: 'Close', type: 'CLOSE_VIDBOT', targetId: 3 }]),
  ],
  actions: [
    { id: 3, name: 'Bye', type: 'CLOSE_VIDBOT' },
    { id: 4, name: 'Contact', type: 'REGULAR_FORM', description: 'Tell us about you.', email: 'sales@example.com', subject: 'New lead', fields: [] },
  ],
  theme: { textColor: '#fff' },
});

beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  for (const who of ['superadmin', 'owner', 'admin', 'editor', 'viewer']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  otherAccountId = await createAccount(ctx, 'Other Oy');
  await createUser(ctx, 'other@example.org', { roles: [[otherAccountId, 'Owner']] });
  otherToken = await ctx.signIn('other@example.org', TEST_PASSWORD);
  tokens.other = otherToken;
});
afterAll(async () => {
  await ctx?.close();
});

describe('authentication and input errors', () => {
  it('answers 401 without a token and for a bad token', async () => {
    expect((await ctx.call('GET', `/api/bot?account_id=${demoId}`)).status).toBe(401);
    expect((await ctx.call('GET', `/api/bot?account_id=${demoId}`, { token: 'nope' })).status).toBe(401);
    expect((await ctx.call('POST', '/api/bot', { body: { accountId: demoId, name: 'x' } })).status).toBe(401);
  });

  it('answers 422 with field messages for a bad list query', async () => {
    const body = await json<ErrorBody>(
      await ctx.call('GET', `/api/bot?account_id=x&page=0&size=251&order_by=colour&order_direction=up`, { token: tokens.owner }),
      422,
    );
    expect(body.code).toBe('validation_error');
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['account_id', 'order_by', 'order_direction', 'page', 'size']);
    expect(body.errors?.size).toBe('size must be an integer between 1 and 250.');
    const missing = await json<ErrorBody>(await ctx.call('GET', '/api/bot', { token: tokens.owner }), 422);
    expect(missing.errors).toHaveProperty('account_id');
  });

  it('answers 400 for malformed JSON and 422 for a bad body', async () => {
    const bad = await ctx.call('POST', '/api/bot', { token: tokens.owner, body: '{"accountId": 1, "name": ' });
    expect(bad.status).toBe(400);
    const blank = await json<ErrorBody>(await ctx.call('POST', '/api/bot', { token: tokens.owner, body: { accountId: demoId, name: '   ' } }), 422);
    expect(blank.errors).toEqual({ name: 'Name is required.' });
  });
});

describe('POST /bot', () => {
  it('creates the bot and revision 1 for an Editor', async () => {
    const bot = await createBot('editor', 'First vidbot');
    expect(bot).toMatchObject({
      accountId: demoId,
      name: 'First vidbot',
      status: 'Draft',
      privacy: 'Public',
      revNumber: 1,
      revisionStatus: 'Draft',
      slideCount: 0,
      hasDraft: false,
      publishedRevisionId: null,
      liveStatus: 'inactive',
      slides: [],
      actions: [],
      theme: {},
      author: { email: 'editor@example.com' },
    });
    expect(bot.publicId).toMatch(/^[A-Za-z0-9_-]{10}$/);
    const revs = await ctx.deps.db.select().from(botRevisions).where(eq(botRevisions.botId, bot.id));
    expect(revs).toHaveLength(1);
    expect(revs[0]).toMatchObject({ id: bot.botRevisionId, revNumber: 1, status: 'Draft', content: { slides: [], actions: [], theme: {} } });
  });

  it('forbids a Viewer (403) and hides other accounts (404)', async () => {
    const res = await ctx.call('POST', '/api/bot', { token: tokens.viewer, body: { accountId: demoId, name: 'Nope' } });
    expect(res.status).toBe(403);
    expect((await ctx.call('POST', '/api/bot', { token: tokens.owner, body: { accountId: otherAccountId, name: 'Nope' } })).status).toBe(404);
    expect((await ctx.call('POST', '/api/bot', { token: tokens.superadmin, body: { accountId: 999999, name: 'Nope' } })).status).toBe(404);
  });

  it('lets staff without a role create', async () => {
    const bot = await createBot('superadmin', 'Staff made', { privacy: 'Private' });
    expect(bot.privacy).toBe('Private');
  });
});

describe('GET /bot list', () => {
  let accountId: number;
  let token: string;
  const names = Array.from({ length: 23 }, (_, i) => `Bot ${String(i + 1).padStart(2, '0')}`);

  beforeAll(async () => {
    accountId = await createAccount(ctx, 'List Oy');
    await createUser(ctx, 'lister@example.org', { roles: [[accountId, 'Editor']] });
    token = await ctx.signIn('lister@example.org', TEST_PASSWORD);
    tokens.lister = token;
    for (const name of names) await createBot('lister', name, {}, accountId);
    await createBot('lister', 'alpha 100%_off', {}, accountId);
    await createBot('lister', 'ALPHABET', {}, accountId);
    // Deterministic timestamps: Bot 01 oldest … ALPHABET newest, updated_at in the reverse order.
    const rows = await ctx.deps.db.select({ id: bots.id }).from(bots).where(eq(bots.accountId, accountId)).orderBy(bots.id);
    for (const [i, r] of rows.entries()) {
      await ctx.deps.db
        .update(bots)
        .set({ createdAt: new Date(Date.UTC(2024, 0, 1 + i)), updatedAt: new Date(Date.UTC(2025, 0, 30 - i)) })
        .where(eq(bots.id, r.id));
    }
    const byName = async (n: string) => (await ctx.deps.db.select({ id: bots.id }).from(bots).where(and(eq(bots.accountId, accountId), eq(bots.name, n))))[0]!.id;
    await ctx.deps.db.update(bots).set({ status: 'Published' }).where(eq(bots.id, await byName('Bot 03')));
    await ctx.deps.db.update(bots).set({ status: 'Deactivated' }).where(eq(bots.id, await byName('Bot 05')));
  });

  const list = async (q: string) => json<List>(await ctx.call('GET', `/api/bot?account_id=${accountId}&${q}`, { token }), 200);

  it('pages by 10 by default, newest first', async () => {
    const p1 = await list('');
    expect(p1.metadata).toEqual({ page: 1, pageSize: 10, pageCount: 3, totalCount: 25 });
    expect(p1.records.map((r) => r.name).slice(0, 3)).toEqual(['ALPHABET', 'alpha 100%_off', 'Bot 23']);
    const p3 = await list('page=3');
    expect(p3.records.map((r) => r.name)).toEqual(['Bot 05', 'Bot 04', 'Bot 03', 'Bot 02', 'Bot 01']);
    const beyond = await list('page=9');
    expect(beyond.records).toEqual([]);
    expect(beyond.metadata.totalCount).toBe(25);
    const all = await list('size=250');
    expect(new Set(all.records.map((r) => r.id)).size).toBe(25);
  });

  it('sorts by name, created_at, updated_at both ways', async () => {
    const asc = await list('order_by=name&order_direction=asc&size=3');
    expect(asc.records.map((r) => r.name)).toEqual(['alpha 100%_off', 'ALPHABET', 'Bot 01']);
    const desc = await list('order_by=name&order_direction=desc&size=2');
    expect(desc.records.map((r) => r.name)).toEqual(['Bot 23', 'Bot 22']);
    const created = await list('order_by=created_at&order_direction=asc&size=2');
    expect(created.records.map((r) => r.name)).toEqual(['Bot 01', 'Bot 02']);
    const updated = await list('order_by=updated_at&order_direction=asc&size=2');
    expect(updated.records.map((r) => r.name)).toEqual(['ALPHABET', 'alpha 100%_off']);
  });

  it('sorts status Draft, Deactivated, Published (spec 001 §2)', async () => {
    const asc = await list('order_by=status&order_direction=asc&size=250');
    expect(asc.records.map((r) => r.status).slice(-2)).toEqual(['Deactivated', 'Published']);
    expect(asc.records.slice(0, 23).every((r) => r.status === 'Draft')).toBe(true);
    const desc = await list('order_by=status&order_direction=desc&size=2');
    expect(desc.records.map((r) => r.name)).toEqual(['Bot 03', 'Bot 05']);
  });

  it('searches names case-insensitively, wildcards literal', async () => {
    const alpha = await list('bot_name=ALPHA');
    expect(alpha.records.map((r) => r.name).sort()).toEqual(['ALPHABET', 'alpha 100%_off']);
    const pct = await list(`bot_name=${encodeURIComponent('%_')}`);
    expect(pct.records.map((r) => r.name)).toEqual(['alpha 100%_off']);
    const none = await list('bot_name=zzz');
    expect(none.metadata).toEqual({ page: 1, pageSize: 10, pageCount: 0, totalCount: 0 });
  });

  it('hides another account: 404', async () => {
    expect((await ctx.call('GET', `/api/bot?account_id=${accountId}`, { token: tokens.owner })).status).toBe(404);
    expect((await ctx.call('GET', `/api/bot?account_id=${accountId}`, { token: tokens.superadmin })).status).toBe(200);
  });
});

describe('saving and publishing', () => {
  it('saves each draft as a new revision row (2, 3)', async () => {
    const bot = await createBot('editor', 'Saver');
    const first = await json<BotDetail>(await patch('editor', bot.id, { content: introContent() }), 200);
    const second = await json<BotDetail>(await patch('editor', bot.id, { content: { ...introContent(), theme: { textColor: '#000' } } }), 200);
    expect([first.revNumber, second.revNumber]).toEqual([2, 3]);
    expect(second.botRevisionId).not.toBe(first.botRevisionId);
    const revs = await ctx.deps.db
      .select({ revNumber: botRevisions.revNumber, status: botRevisions.status, theme: sql<unknown>`${botRevisions.content}->'theme'` })
      .from(botRevisions)
      .where(eq(botRevisions.botId, bot.id))
      .orderBy(botRevisions.revNumber);
    expect(revs).toEqual([
      { revNumber: 1, status: 'Draft', theme: {} },
      { revNumber: 2, status: 'Draft', theme: { textColor: '#fff' } },
      { revNumber: 3, status: 'Draft', theme: { textColor: '#000' } },
    ]);
    expect(second.slideCount).toBe(2);
    expect(second.slides[0]).toMatchObject({ id: 1, category: 'INTRO', videoUrl: null, posterUrl: null, captions: [] });
  });

  it('never loses one of two simultaneous saves', async () => {
    const bot = await createBot('editor', 'Double click');
    const [a, b] = await Promise.all([
      patch('editor', bot.id, { content: introContent() }),
      patch('editor', bot.id, { content: { ...introContent(), theme: { textColor: 'red' } } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const revs = await ctx.deps.db.select({ n: botRevisions.revNumber }).from(botRevisions).where(eq(botRevisions.botId, bot.id));
    expect(revs.map((r) => r.n).sort()).toEqual([1, 2, 3]);
  });

  it('rejects inconsistent content with field paths (422)', async () => {
    const bot = await createBot('editor', 'Checker');
    const badTarget = await json<ErrorBody>(
      await patch('editor', bot.id, { content: { slides: [slide(1, 'INTRO', [{ id: 1, name: 'x', type: 'SLIDE', targetId: 5 }])] } }),
      422,
    );
    expect(badTarget.errors).toEqual({ 'content.slides.0.options.0.targetId': 'Target slide 5 does not exist.' });
    const twoIntros = await json<ErrorBody>(await patch('editor', bot.id, { content: { slides: [slide(1, 'INTRO'), slide(2, 'INTRO')] } }), 422);
    expect(twoIntros.errors).toHaveProperty(['content.slides.1.category']);
    const zeroId = await json<ErrorBody>(await patch('editor', bot.id, { content: { slides: [slide(0)] } }), 422);
    expect(zeroId.errors).toHaveProperty(['content.slides.0.id']);
    const unknownKey = await json<ErrorBody>(await patch('editor', bot.id, { content: { slides: [{ ...slide(1), colour: 'red' }] } }), 422);
    expect(Object.keys(unknownKey.errors ?? {})[0]).toMatch(/^content\.slides\.0/);
    const topLevel = await json<ErrorBody>(await patch('editor', bot.id, { slides: [] }), 422);
    expect(topLevel.errors).toHaveProperty('slides');
    const revs = await ctx.deps.db.select().from(botRevisions).where(eq(botRevisions.botId, bot.id));
    expect(revs).toHaveLength(1);
  });

  it('accepts only media of the same account, of the right kind (422)', async () => {
    const [own, image, foreign] = await ctx.deps.db
      .insert(media)
      .values([
        { accountId: demoId, name: 'v.mp4', type: 'SlideVideo', status: 'Ready' },
        { accountId: demoId, name: 'i.png', type: 'SlideImage', status: 'Ready' },
        { accountId: otherAccountId, name: 'x.mp4', type: 'SlideVideo', status: 'Ready' },
      ])
      .returning();
    const bot = await createBot('editor', 'Media refs');
    const res = await json<ErrorBody>(
      await patch('editor', bot.id, {
        content: { slides: [{ ...slide(1, 'INTRO'), videoId: foreign!.id }, { ...slide(2), videoId: image!.id }, { ...slide(3), videoId: own!.id }] },
      }),
      422,
    );
    expect(res.errors).toEqual({
      'content.slides.0.videoId': `Media ${foreign!.id} does not exist in this account.`,
      'content.slides.1.videoId': `Media ${image!.id} is not a video.`,
    });
    await json<BotDetail>(await patch('editor', bot.id, { content: introContent(own!.id) }), 200);
  });

  it('refuses to publish without an INTRO slide (422 noSlidesPublish)', async () => {
    const bot = await createBot('editor', 'No intro');
    const viaStatus = await json<ErrorBody>(await patch('editor', bot.id, { status: 'Published' }), 422);
    expect(viaStatus.code).toBe('noSlidesPublish');
    const saved = await json<BotDetail>(await patch('editor', bot.id, { content: { slides: [slide(1)] } }), 200);
    const viaRevision = await json<ErrorBody>(
      await ctx.call('PATCH', `/api/bot/${bot.id}/revision/${saved.botRevisionId}/status`, { token: tokens.editor, body: { status: 'Published' } }),
      422,
    );
    expect(viaRevision.code).toBe('noSlidesPublish');
    const [row] = await ctx.deps.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row).toMatchObject({ status: 'Draft', publishedRevisionId: null });
  });

  it('publishes a revision, archives the previous one, deactivates and reactivates', async () => {
    const [video] = await ctx.deps.db
      .insert(media)
      .values({
        accountId: demoId,
        name: 'intro.mp4',
        type: 'SlideVideo',
        status: 'Ready',
        playbackKey: 'media/abc/playback.mp4',
        posterKey: 'media/abc/poster.jpg',
        duration: 12.5,
      })
      .returning();
    const bot = await createBot('editor', 'Publisher');
    const r2 = await json<BotDetail>(await patch('editor', bot.id, { content: introContent(video!.id) }), 200);
    const publish = (revisionId: number | null, as = 'editor') =>
      ctx.call('PATCH', `/api/bot/${bot.id}/revision/${revisionId}/status`, { token: tokens[as], body: { status: 'Published' } });

    const p2 = await json<BotDetail>(await publish(r2.botRevisionId), 200);
    expect(p2).toMatchObject({ status: 'Published', publishedRevisionId: r2.botRevisionId, revisionStatus: 'Published', hasDraft: false });
    expect(p2.posterUrl).toBe('/files/media/abc/poster.jpg');

    const r3 = await json<BotDetail>(await patch('editor', bot.id, { content: { ...introContent(video!.id), theme: { textColor: 'blue' } } }), 200);
    expect(r3).toMatchObject({ revNumber: 3, revisionStatus: 'Draft', hasDraft: true, publishedRevisionId: r2.botRevisionId });
    const published = await json<BotDetail>(await ctx.call('GET', `/api/bot/${bot.id}?mode=published`, { token: tokens.viewer }), 200);
    expect(published).toMatchObject({ botRevisionId: r2.botRevisionId, revNumber: 2, theme: { textColor: '#fff' } });
    const draft = await json<BotDetail>(await ctx.call('GET', `/api/bot/${bot.id}`, { token: tokens.viewer }), 200);
    expect(draft).toMatchObject({ botRevisionId: r3.botRevisionId, revNumber: 3 });
    expect(draft.slides[0]).toMatchObject({
      videoUrl: '/files/media/abc/playback.mp4',
      posterUrl: '/files/media/abc/poster.jpg',
      duration: 12.5,
    });

    const p3 = await json<BotDetail>(await publish(r3.botRevisionId), 200);
    expect(p3).toMatchObject({ publishedRevisionId: r3.botRevisionId, hasDraft: false });
    const revs = await ctx.deps.db
      .select({ id: botRevisions.id, status: botRevisions.status, publishedAt: botRevisions.publishedAt })
      .from(botRevisions)
      .where(inArray(botRevisions.id, [r2.botRevisionId!, r3.botRevisionId!]))
      .orderBy(botRevisions.id);
    expect(revs.map((r) => r.status)).toEqual(['Archived', 'Published']);
    expect(revs[1]!.publishedAt).toBeInstanceOf(Date);

    // the list shows the same facts
    const list = await json<List>(await ctx.call('GET', `/api/bot?account_id=${demoId}&bot_name=Publisher`, { token: tokens.viewer }), 200);
    expect(list.records[0]).toMatchObject({
      id: bot.id,
      status: 'Published',
      slideCount: 2,
      posterUrl: '/files/media/abc/poster.jpg',
      revisionStatus: 'Published',
      botRevisionId: r3.botRevisionId,
      hasDraft: false,
      liveStatus: 'inactive',
      author: { email: 'editor@example.com' },
    });

    // public player read
    const player = await json<PlayerBot>(await ctx.call('GET', `/api/public/bot/${bot.publicId}`), 200);
    expect(player).toMatchObject({ id: bot.id, revisionId: r3.botRevisionId, revNumber: 3, theme: { textColor: 'blue' } });
    expect(player.slides[0]).toMatchObject({ videoUrl: '/files/media/abc/playback.mp4', duration: 12.5 });
    expect(player.actions.find((a) => a.type === 'REGULAR_FORM')).not.toHaveProperty('email');

    // publish a revision of another bot → 404
    const stranger = await createBot('editor', 'Stranger');
    expect((await publish(stranger.botRevisionId)).status).toBe(404);

    // deactivate → public 404; editor may not reactivate; superuser may
    expect((await json<BotDetail>(await patch('editor', bot.id, { status: 'Deactivated' }), 200)).status).toBe('Deactivated');
    expect((await ctx.call('GET', `/api/public/bot/${bot.publicId}`)).status).toBe(404);
    expect((await patch('editor', bot.id, { status: 'Published' })).status).toBe(403);
    expect((await publish(r3.botRevisionId, 'owner')).status).toBe(403);
    const back = await json<BotDetail>(await patch('superadmin', bot.id, { status: 'Published' }), 200);
    expect(back).toMatchObject({ status: 'Published', publishedRevisionId: r3.botRevisionId });
    expect((await ctx.call('GET', `/api/public/bot/${bot.publicId}`)).status).toBe(200);
  });

  it('publishes the latest revision through PATCH status and refuses to deactivate a Draft', async () => {
    const bot = await createBot('editor', 'Status patch');
    const notYet = await json<ErrorBody>(await patch('editor', bot.id, { status: 'Deactivated' }), 422);
    expect(notYet.code).toBe('invalidStatusTransition');
    const both = await json<BotDetail>(await patch('editor', bot.id, { content: introContent(), status: 'Published', name: 'Renamed' }), 200);
    expect(both).toMatchObject({ name: 'Renamed', status: 'Published', revNumber: 2, revisionStatus: 'Published', publishedRevisionId: both.botRevisionId });
    expect((await ctx.call('GET', `/api/public/bot/${bot.publicId}`)).status).toBe(200);
    expect((await ctx.call('GET', `/api/public/bot/nope-nope`)).status).toBe(404);
  });
});

describe('who may edit', () => {
  it('applies spec 001 §6 to private and public bots', async () => {
    const privateBot = await createBot('owner', 'Owner private', { privacy: 'Private' });
    const publicBot = await createBot('owner', 'Owner public');
    const ownPrivate = await createBot('editor', 'Editor private', { privacy: 'Private' });
    expect((await patch('editor', privateBot.id, { name: 'Mine now' })).status).toBe(403);
    expect((await patch('viewer', publicBot.id, { name: 'Viewer edit' })).status).toBe(403);
    expect((await patch('editor', publicBot.id, { name: 'Editor edit' })).status).toBe(200);
    expect((await patch('editor', ownPrivate.id, { name: 'Author edit' })).status).toBe(200);
    expect((await patch('admin', privateBot.id, { name: 'Admin edit' })).status).toBe(200);
    expect((await patch('owner', publicBot.id, { isStarred: true })).status).toBe(403);
    expect((await json<BotDetail>(await patch('superadmin', publicBot.id, { isStarred: true }), 200)).isStarred).toBe(true);
    // the viewer still reads it
    expect((await ctx.call('GET', `/api/bot/${privateBot.id}`, { token: tokens.viewer })).status).toBe(200);
  });

  it('hides another account’s bot (404) on every call', async () => {
    const foreign = await createBot('other', 'Foreign', {}, otherAccountId);
    const id = foreign.id;
    expect((await ctx.call('GET', `/api/bot/${id}`, { token: tokens.owner })).status).toBe(404);
    expect((await patch('owner', id, { name: 'Hijack' })).status).toBe(404);
    expect(
      (await ctx.call('PATCH', `/api/bot/${id}/revision/${foreign.botRevisionId}/status`, { token: tokens.owner, body: { status: 'Published' } })).status,
    ).toBe(404);
    expect((await ctx.call('GET', `/api/bot/${id}`, { token: otherToken })).status).toBe(200);
    expect((await ctx.call('GET', '/api/bot/abc', { token: otherToken })).status).toBe(404);
    expect((await ctx.call('GET', '/api/bot/99999999', { token: otherToken })).status).toBe(404);
    const ownerId = await userIdByEmail(ctx, 'other@example.org');
    expect(foreign.author?.id).toBe(ownerId);
  });
});
