/**
 * List housekeeping of issue 11 over HTTP on PGlite and PostgreSQL (docs/api.md "Bots", "Tags";
 * spec 001 §2 list, §4, §6, §7, §8): tags and the tag filter, clone, copy to another account with
 * its media (the copy still plays after the source media is deleted), delete, and the live status
 * with a controllable clock and its §2 sort order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD, userIdByEmail } from '../../../test/accounts';
import { auditEvents, bots, media, mediaCaptions, roles } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { contentMediaIds, copyName, remapContentMedia } from './bot.copy';
import { getPublicBot, listBots, liveStatusOf, type BotDetail, type BotListItem } from './bot.service';
import { BotListQuery } from './bot.schemas';
import * as v from 'valibot';

const FIX = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/media');

let ctx: TestContext;
let D: number;
let X: number; // a second account: owner@example.com is its Editor, viewer@example.com its Viewer
let Y: number; // owner@example.com is only a Viewer here
const tok: Record<string, string> = {};

type Tag = { id: number; name: string; account_id: number };
type ErrorBody = { detail: string; code?: string; errors?: Record<string, string> };
type List<T> = { records: T[]; metadata: { totalCount: number } };

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const call = (method: string, url: string, as: string, body?: unknown) => ctx.call(method, url, { token: tok[as], body });

async function newBot(name: string, content?: unknown, extra: Record<string, unknown> = {}, as = 'owner', accountId = D): Promise<BotDetail> {
  const bot = await json<BotDetail>(await call('POST', '/api/bot', as, { accountId, name, ...extra }), 201);
  if (!content) return bot;
  return json<BotDetail>(await call('PATCH', `/api/bot/${bot.id}`, as, { content }), 200);
}
async function newTag(name: string, as = 'owner', accountId = D): Promise<Tag> {
  return json<Tag>(await call('POST', '/api/tag', as, { name, account_id: accountId }), 201);
}
const listOf = async (query: string, as = 'owner') => json<List<BotListItem>>(await call('GET', `/api/bot?account_id=${D}&size=250&${query}`, as), 200);

/** A Ready media row of `accountId` whose files are really in storage (copied from the fixtures). */
async function storedMedia(accountId: number, kind: 'SlideVideo' | 'SlideImage', withCaption = false): Promise<number> {
  const folder = `${accountId}/${randomUUID()}`;
  const video = kind === 'SlideVideo';
  const playbackKey = video ? `${folder}/playback.mp4` : `${folder}/source.jpg`;
  await ctx.deps.storage.putFile(playbackKey, path.join(FIX, video ? 'sample.mp4' : 'big_buck_bunny.jpg'));
  const posterKey = `${folder}/poster.jpg`;
  await ctx.deps.storage.putFile(posterKey, path.join(FIX, 'big_buck_bunny.jpg'));
  const [row] = await ctx.deps.db
    .insert(media)
    .values({ accountId, name: `${kind} fixture`, type: kind, status: 'Ready', sourceKey: playbackKey, playbackKey, posterKey, playbackMime: video ? 'video/mp4' : 'image/jpeg', duration: video ? 5 : null, width: 640, height: 360 })
    .returning();
  if (withCaption) {
    const capFolder = `${accountId}/${randomUUID()}`;
    await ctx.deps.storage.putFile(`${capFolder}/caption.vtt`, path.join(FIX, 'english.vtt'));
    await ctx.deps.db.insert(mediaCaptions).values({ mediaId: row!.id, languageCode: 'en', fileKey: `${capFolder}/caption.vtt`, size: 10 });
  }
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  D = await demoAccountId(ctx);
  X = await createAccount(ctx, 'Copy Target Oy');
  Y = await createAccount(ctx, 'Viewer Only Oy');
  for (const who of ['superadmin', 'owner', 'editor', 'viewer']) tok[who] = await ctx.signIn(`${who}@example.com`);
  const ownerId = await userIdByEmail(ctx, 'owner@example.com');
  const viewerId = await userIdByEmail(ctx, 'viewer@example.com');
  await ctx.deps.db.insert(roles).values([
    { userId: ownerId, accountId: X, role: 'Editor', status: 'Active' },
    { userId: ownerId, accountId: Y, role: 'Viewer', status: 'Active' },
    { userId: viewerId, accountId: X, role: 'Owner', status: 'Active' },
  ]);
  await createUser(ctx, 'stranger@example.org', { roles: [[X, 'Owner']] });
  tok.stranger = await ctx.signIn('stranger@example.org', TEST_PASSWORD);
  // sign in again: roles travel with the user row, not the token, but keep the tokens fresh anyway
  tok.owner = await ctx.signIn('owner@example.com');
});
afterAll(async () => {
  await ctx?.close();
});

// --- pure helpers ----------------------------------------------------------------------------------

describe('content media references', () => {
  const content = {
    slides: [
      { id: 1, videoId: 10, imageId: null },
      { id: 2, videoId: null, imageId: 11 },
      { id: 3, videoId: 10 },
    ],
    actions: [
      { id: 4, type: 'SHARE_MEDIA', mediaId: 12 },
      { id: 5, type: 'POST_MESSAGE', mediaId: 99 }, // not a media reference
    ],
    settings: { logoId: 13, widgetCoverId: 14, thumbnailCoverId: 15, chatVideoId: 16, widgetSettings: { chatVideoId: 17, widgetThumbnailId: 18 } },
  };

  it('finds every referenced media id once', () => {
    expect(contentMediaIds(content)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  it('remaps them without touching the source, unknown ids become null', () => {
    const map = new Map([10, 11, 12, 13, 14, 15, 16, 17].map((id) => [id, id + 100]));
    const out = remapContentMedia(content, map) as typeof content;
    expect(out.slides.map((s) => [s.videoId, s.imageId])).toEqual([[110, null], [null, 111], [110, undefined]]);
    expect(out.actions.map((a) => a.mediaId)).toEqual([112, 99]);
    expect(out.settings).toEqual({ logoId: 113, widgetCoverId: 114, thumbnailCoverId: 115, chatVideoId: 116, widgetSettings: { chatVideoId: 117, widgetThumbnailId: null } });
    expect(content.slides[0]!.videoId).toBe(10);
  });

  it('names copies "(Copy)" within 255 characters', () => {
    expect(copyName('Welcome')).toBe('Welcome (Copy)');
    const long = copyName('x'.repeat(255));
    expect(long).toHaveLength(255);
    expect(long.endsWith(' (Copy)')).toBe(true);
  });

  it('derives the live status from the last player load', () => {
    const now = new Date('2026-01-02T12:00:00Z');
    const at = (h: number) => new Date(now.getTime() - h * 3600_000);
    expect(liveStatusOf({ status: 'Published', lastViewedAt: null }, now)).toBe('inactive');
    expect(liveStatusOf({ status: 'Published', lastViewedAt: at(23.9) }, now)).toBe('live');
    expect(liveStatusOf({ status: 'Published', lastViewedAt: at(24.1) }, now)).toBe('offline');
    expect(liveStatusOf({ status: 'Deactivated', lastViewedAt: at(1) }, now)).toBe('inactive');
    expect(liveStatusOf({ status: 'Draft', lastViewedAt: at(1) }, now)).toBe('inactive');
  });

  it('parses tag_ids as a comma list', () => {
    expect(v.parse(BotListQuery, { account_id: '1', tag_ids: '3, 1,3' }).tag_ids).toEqual([3, 1]);
    expect(v.parse(BotListQuery, { account_id: '1', tag_ids: '' }).tag_ids).toBeUndefined();
    expect(v.safeParse(BotListQuery, { account_id: '1', tag_ids: '1,x' }).success).toBe(false);
  });
});

// --- tags ------------------------------------------------------------------------------------------

describe('tags', () => {
  it('creates, lists by name, renames; blank 422; duplicates (any case) 400 with a detail', async () => {
    const b = await newTag('beta');
    const a = await newTag('  Alpha ');
    expect(a).toMatchObject({ name: 'Alpha', account_id: D });
    const list = await json<List<Tag>>(await call('GET', `/api/tag?account_id=${D}`, 'viewer'), 200);
    const names = list.records.map((t) => t.name);
    expect(names.indexOf('Alpha')).toBeLessThan(names.indexOf('beta'));

    const blank = await json<ErrorBody>(await call('POST', '/api/tag', 'owner', { name: '   ', account_id: D }), 422);
    expect(blank.errors?.name).toBe('Name is required.');
    const dup = await json<ErrorBody>(await call('POST', '/api/tag', 'editor', { name: 'ALPHA', account_id: D }), 400);
    expect(dup).toMatchObject({ code: 'tagExists', detail: 'A tag named "ALPHA" already exists in this account.' });
    // the same name in another account is fine
    await newTag('alpha', 'owner', X);

    const renamed = await json<Tag>(await call('PATCH', `/api/tag/${b.id}`, 'editor', { name: 'Beta' }), 200);
    expect(renamed).toEqual({ id: b.id, name: 'Beta', account_id: D });
    expect((await call('PATCH', `/api/tag/${b.id}`, 'owner', { name: 'alpha' })).status).toBe(400);
    expect((await call('PATCH', `/api/tag/${b.id}`, 'owner', { name: '' })).status).toBe(422);
  });

  it('refuses Viewers (403) and strangers (404)', async () => {
    expect((await call('POST', '/api/tag', 'viewer', { name: 'Nope', account_id: D })).status).toBe(403);
    const t = await newTag('Guarded');
    expect((await call('PATCH', `/api/tag/${t.id}`, 'viewer', { name: 'x' })).status).toBe(403);
    expect((await call('PATCH', `/api/tag/${t.id}`, 'stranger', { name: 'x' })).status).toBe(404);
    expect((await call('GET', `/api/tag?account_id=${D}`, 'stranger')).status).toBe(404);
    expect((await call('POST', '/api/tag', 'stranger', { name: 'x', account_id: D })).status).toBe(404);
  });

  it('puts tags on bots (own account only) and filters the list by ANY of them in SQL', async () => {
    const red = await newTag('Red');
    const blue = await newTag('Blue');
    const foreign = await newTag('Foreign', 'owner', X);
    const b1 = await newBot('Tagged red');
    const b2 = await newBot('Tagged blue');
    const b3 = await newBot('Untagged');
    const set1 = await json<BotDetail>(await call('PATCH', `/api/bot/${b1.id}`, 'editor', { tagIds: [red.id, red.id] }), 200);
    expect(set1.tagsList).toEqual([{ id: red.id, name: 'Red' }]);
    await json(await call('PATCH', `/api/bot/${b2.id}`, 'owner', { tagIds: [blue.id, red.id] }), 200);
    const bad = await json<ErrorBody>(await call('PATCH', `/api/bot/${b3.id}`, 'owner', { tagIds: [foreign.id] }), 422);
    expect(bad.errors?.tagIds).toBe(`Tag ${foreign.id} does not belong to this account.`);
    expect((await call('PATCH', `/api/bot/${b3.id}`, 'owner', { tagIds: ['x'] })).status).toBe(422);
    expect((await call('PATCH', `/api/bot/${b3.id}`, 'viewer', { tagIds: [red.id] })).status).toBe(403);

    const byRed = await listOf(`tag_ids=${red.id}`);
    expect(byRed.records.map((r) => r.id).sort()).toEqual([b1.id, b2.id].sort());
    expect(byRed.metadata.totalCount).toBe(2);
    const byBlue = await listOf(`tag_ids=${blue.id}`);
    expect(byBlue.records.map((r) => r.id)).toEqual([b2.id]);
    expect(byBlue.records[0]!.tagsList).toEqual([{ id: blue.id, name: 'Blue' }, { id: red.id, name: 'Red' }]);
    const either = await listOf(`tag_ids=${blue.id},${red.id}&bot_name=tagged`);
    expect(either.records).toHaveLength(2);
    expect((await call('GET', `/api/bot?account_id=${D}&tag_ids=1,a`, 'owner')).status).toBe(422);

    // the tag list counts the vidbots carrying each tag (issue 15 tags tab)
    const counted = await json<List<Tag & { botCount: number }>>(await call('GET', `/api/tag?account_id=${D}`, 'viewer'), 200);
    const countOf = (id: number) => counted.records.find((t) => t.id === id)?.botCount;
    expect([countOf(red.id), countOf(blue.id)]).toEqual([2, 1]);
    expect(counted.records.every((t) => typeof t.botCount === 'number')).toBe(true);

    // renaming shows on the bots; clearing removes them; the audit names the change
    await json(await call('PATCH', `/api/tag/${red.id}`, 'owner', { name: 'Crimson' }), 200);
    expect((await json<BotDetail>(await call('GET', `/api/bot/${b1.id}`, 'viewer'), 200)).tagsList).toEqual([{ id: red.id, name: 'Crimson' }]);
    expect((await json<BotDetail>(await call('PATCH', `/api/bot/${b1.id}`, 'owner', { tagIds: [] }), 200)).tagsList).toEqual([]);
    const audits = await ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'bot.update'), eq(auditEvents.targetId, b1.id)));
    expect(audits.map((a) => a.details)).toContainEqual({ fields: ['tagIds'] });
  });
});

// --- clone, copy, delete --------------------------------------------------------------------------

/** A branching bot using a video (with a caption) and an image, and a share-media action. */
function richContent(videoId: number, imageId: number) {
  return {
    slides: [
      {
        id: 1,
        name: 'Intro',
        category: 'INTRO',
        type: 'VIDEO',
        videoId,
        options: [
          { id: 1, name: 'Picture', type: 'SLIDE', targetId: 2, videoEndListener: true },
          { id: 2, name: 'Share', type: 'SHARE_MEDIA', targetId: 7 },
          { id: 3, name: 'Bye', type: 'CLOSE_VIDBOT', targetId: 8 },
        ],
      },
      { id: 2, name: 'Picture', category: 'SLIDE', type: 'IMAGE', imageId, options: [{ id: 1, name: 'Back', type: 'SLIDE', targetId: 1 }] },
    ],
    actions: [
      { id: 7, name: 'Share it', type: 'SHARE_MEDIA', mediaId: imageId, value: 'Share' },
      { id: 8, name: 'Close', type: 'CLOSE_VIDBOT' },
    ],
    theme: { textColor: '#ffffff', backgroundColor: '#112233' },
  };
}

const stripMedia = (b: BotDetail) => ({
  slides: b.slides.map(({ videoId: _v, imageId: _i, videoUrl: _vu, posterUrl: _pu, imageUrl: _iu, captions: _c, ...rest }) => rest),
  actions: b.actions.map((a) => {
    const { mediaId: _m, media: _md, ...rest } = a as Record<string, unknown>;
    return rest;
  }),
  theme: b.theme,
});

describe('clone', () => {
  it('makes a Draft "(Copy)" with every slide, button, action and tag, new ids', async () => {
    const video = await storedMedia(D, 'SlideVideo');
    const image = await storedMedia(D, 'SlideImage');
    const tag = await newTag('Clone me');
    const source = await newBot('Original', richContent(video, image), { privacy: 'Private' });
    await json(await call('PATCH', `/api/bot/${source.id}`, 'owner', { tagIds: [tag.id], status: 'Published' }), 200);
    const clone = await json<BotDetail>(await call('POST', `/api/bot/${source.id}/clone`, 'editor'), 201);
    expect(clone).toMatchObject({ name: 'Original (Copy)', status: 'Draft', privacy: 'Private', accountId: D, revNumber: 1, hasDraft: false, liveStatus: 'inactive' });
    expect(clone.id).not.toBe(source.id);
    expect(clone.publicId).not.toBe(source.publicId);
    expect(clone.tagsList).toEqual([{ id: tag.id, name: 'Clone me' }]);
    const again = await json<BotDetail>(await call('GET', `/api/bot/${source.id}`, 'owner'), 200);
    expect(clone.slides).toEqual(again.slides); // same media, same ids, same buttons
    expect(clone.actions).toEqual(again.actions);
    expect(clone.theme).toEqual(again.theme);
    expect(clone.author?.email).toBe('editor@example.com');
    const [audit] = await ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'bot.clone'), eq(auditEvents.targetId, clone.id)));
    expect(audit?.details).toEqual({ sourceBotId: source.id });
  });

  it('refuses Viewers (403), strangers (404) and Deactivated bots (422)', async () => {
    const b = await newBot('Clone guard', richContent(await storedMedia(D, 'SlideVideo'), await storedMedia(D, 'SlideImage')));
    expect((await call('POST', `/api/bot/${b.id}/clone`, 'viewer')).status).toBe(403);
    expect((await call('POST', `/api/bot/${b.id}/clone`, 'stranger')).status).toBe(404);
    await json(await call('PATCH', `/api/bot/${b.id}`, 'owner', { status: 'Published' }), 200);
    await json(await call('PATCH', `/api/bot/${b.id}`, 'owner', { status: 'Deactivated' }), 200);
    expect((await json<ErrorBody>(await call('POST', `/api/bot/${b.id}/clone`, 'owner'), 422)).code).toBe('botDeactivated');
    // the row menu's reactivate: staff only, 403 for the account's Owner
    expect((await call('PATCH', `/api/bot/${b.id}`, 'owner', { status: 'Published' })).status).toBe(403);
    expect((await json<BotDetail>(await call('PATCH', `/api/bot/${b.id}`, 'superadmin', { status: 'Published' }), 200)).status).toBe('Published');
    expect((await call('POST', `/api/bot/${b.id}/clone`, 'owner')).status).toBe(201);
  });
});

describe('copy to account', () => {
  it('copies content, tags by name and every referenced media (files and captions) so the copy plays after the source media is deleted', async () => {
    const video = await storedMedia(D, 'SlideVideo', true);
    const image = await storedMedia(D, 'SlideImage');
    const tag = await newTag('Travels');
    const source = await newBot('Traveller', richContent(video, image));
    await json(await call('PATCH', `/api/bot/${source.id}`, 'owner', { tagIds: [tag.id] }), 200);
    const src = await json<BotDetail>(await call('GET', `/api/bot/${source.id}`, 'owner'), 200);

    const copy = await json<BotDetail>(await call('POST', `/api/bot/${source.id}/copy-to-account?target_account_id=${X}`, 'owner'), 201);
    expect(copy).toMatchObject({ accountId: X, name: 'Traveller (Copy)', status: 'Draft' });
    expect(copy.tagsList.map((t) => t.name)).toEqual(['Travels']);
    expect(stripMedia(copy)).toEqual(stripMedia(src)); // every slide, button target and action kept

    const newVideo = copy.slides[0]!.videoId!;
    const newImage = copy.slides[1]!.imageId!;
    expect(newVideo).not.toBe(video);
    expect(newImage).not.toBe(image);
    expect((copy.actions[0] as { mediaId?: number }).mediaId).toBe(newImage);
    const rows = await ctx.deps.db.select().from(media).where(eq(media.accountId, X));
    expect(rows.map((r) => r.id).sort()).toEqual([newVideo, newImage].sort());
    expect(copy.slides[0]!.captions.map((c) => c.languageCode)).toEqual(['en']);
    const urls = [copy.slides[0]!.videoUrl!, copy.slides[0]!.posterUrl!, copy.slides[1]!.imageUrl!, copy.slides[0]!.captions[0]!.url];
    for (const u of urls) expect(u).not.toBe(null);
    expect(urls).not.toContain(src.slides[0]!.videoUrl);

    // delete the source media: the source loses them, the copy still plays
    for (const id of [video, image]) await json(await call('DELETE', `/api/media/${id}`, 'owner'), 200);
    expect((await ctx.app.request(src.slides[0]!.videoUrl!)).status).toBe(404);
    for (const u of urls) {
      const res = await ctx.app.request(u);
      expect(res.status, u).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // … and it can be published and served in its own account
    const published = await json<BotDetail>(await ctx.call('PATCH', `/api/bot/${copy.id}`, { token: tok.viewer, body: { status: 'Published' } }), 200);
    const player = await json<{ slides: Array<{ videoUrl: string | null }> }>(await ctx.call('GET', `/api/public/bot/${published.publicId}`), 200);
    expect(player.slides[0]!.videoUrl).toBe(copy.slides[0]!.videoUrl);

    const [audit] = await ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'bot.copy'), eq(auditEvents.targetId, copy.id)));
    expect(audit).toMatchObject({ accountId: X, details: { sourceBotId: source.id, sourceAccountId: D, mediaCopied: 2 } });
  });

  it('checks the target role on the server, never copies Deactivated bots or into the own account', async () => {
    const b = await newBot('Guarded copy', richContent(await storedMedia(D, 'SlideVideo'), await storedMedia(D, 'SlideImage')));
    const to = (acc: number, as: string) => call('POST', `/api/bot/${b.id}/copy-to-account?target_account_id=${acc}`, as);
    expect((await to(Y, 'owner')).status).toBe(403); // Viewer in the target
    expect((await to(X, 'editor')).status).toBe(404); // no role in the target
    expect((await to(X, 'viewer')).status).toBe(403); // Owner of X but Viewer of the source
    expect((await to(D, 'owner')).status).toBe(422);
    expect((await to(999_999, 'superadmin')).status).toBe(404);
    expect((await call('POST', `/api/bot/${b.id}/copy-to-account`, 'owner')).status).toBe(422);
    await json(await call('PATCH', `/api/bot/${b.id}`, 'owner', { status: 'Published' }), 200);
    await json(await call('PATCH', `/api/bot/${b.id}`, 'owner', { status: 'Deactivated' }), 200);
    expect((await json<ErrorBody>(await to(X, 'owner'), 422)).code).toBe('botDeactivated');
    expect((await json<ErrorBody>(await to(X, 'superadmin'), 422)).code).toBe('botDeactivated');
    // nothing was copied by the refused calls
    const copies = await ctx.deps.db.select().from(bots).where(eq(bots.name, 'Guarded copy (Copy)'));
    expect(copies).toEqual([]);
  });
});

describe('delete', () => {
  it('deletes a published bot: it stops serving, the list loses it, an audit row stays', async () => {
    const b = await newBot('Short lived', richContent(await storedMedia(D, 'SlideVideo'), await storedMedia(D, 'SlideImage')));
    await json(await call('PATCH', `/api/bot/${b.id}`, 'owner', { status: 'Published', tagIds: [(await newTag('Doomed tag')).id] }), 200);
    expect((await ctx.call('GET', `/api/public/bot/${b.publicId}`)).status).toBe(200);
    expect((await call('DELETE', `/api/bot/${b.id}`, 'viewer')).status).toBe(403);
    expect((await call('DELETE', `/api/bot/${b.id}`, 'stranger')).status).toBe(404);
    expect(await json(await call('DELETE', `/api/bot/${b.id}`, 'editor'), 200)).toEqual({ id: b.id });
    expect((await ctx.call('GET', `/api/public/bot/${b.publicId}`)).status).toBe(404);
    expect((await call('GET', `/api/bot/${b.id}`, 'owner')).status).toBe(404);
    expect((await call('DELETE', `/api/bot/${b.id}`, 'owner')).status).toBe(404);
    expect((await listOf('bot_name=Short lived')).records).toEqual([]);
    const [audit] = await ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'bot.delete'), eq(auditEvents.targetId, b.id)));
    expect(audit).toMatchObject({ accountId: D, targetName: 'Short lived', details: { status: 'Published', publicId: b.publicId } });
  });

  it('lets only editors delete a Private bot (spec 001 §6)', async () => {
    const b = await newBot('Private one', undefined, { privacy: 'Private' });
    expect((await call('DELETE', `/api/bot/${b.id}`, 'editor')).status).toBe(403);
    expect((await call('DELETE', `/api/bot/${b.id}`, 'superadmin')).status).toBe(200);
  });
});

// --- live status ----------------------------------------------------------------------------------

describe('live status', () => {
  const staff: AuthUser = { id: 1, username: 'staff', email: 's@x', firstName: null, lastName: null, isSuperuser: true, isCustomerSuccess: false, isReseller: false, roles: [] };

  it('is inactive until the player loads the bot, live for 24 h after, then offline; views are written at most once a minute', async () => {
    const account = await createAccount(ctx, 'Clock Oy');
    const b = await newBot('Watched', richContent(await storedMedia(D, 'SlideVideo'), await storedMedia(D, 'SlideImage')), {}, 'superadmin');
    // move the bot into its own account so the list holds only it
    await ctx.deps.db.update(bots).set({ accountId: account }).where(eq(bots.id, b.id));
    const t0 = new Date('2030-05-01T08:00:00Z');
    const h = (n: number) => new Date(t0.getTime() + n * 3600_000);
    const q = v.parse(BotListQuery, { account_id: String(account) });
    const statusAt = async (now: Date) => (await listBots(ctx.deps.db, staff, q, now)).records[0]!.liveStatus;
    const lastViewed = async () => (await ctx.deps.db.select().from(bots).where(eq(bots.id, b.id)))[0]!.lastViewedAt;

    // a Draft is never served, so never seen
    await expect(getPublicBot(ctx.deps.db, b.publicId, t0)).rejects.toThrow('Vidbot not found.');
    await json(await call('PATCH', `/api/bot/${b.id}`, 'superadmin', { status: 'Published' }), 200);
    expect(await statusAt(t0)).toBe('inactive');

    await getPublicBot(ctx.deps.db, b.publicId, t0);
    expect(await lastViewed()).toEqual(t0);
    expect(await statusAt(h(1))).toBe('live');
    await getPublicBot(ctx.deps.db, b.publicId, new Date(t0.getTime() + 30_000)); // throttled
    expect(await lastViewed()).toEqual(t0);
    const t2 = new Date(t0.getTime() + 61_000);
    await getPublicBot(ctx.deps.db, b.publicId, t2);
    expect(await lastViewed()).toEqual(t2);
    expect(await statusAt(h(24))).toBe('live');
    expect(await statusAt(h(25))).toBe('offline');
    await getPublicBot(ctx.deps.db, b.publicId, h(30));
    expect(await statusAt(h(30))).toBe('live');
  });

  it('is recorded by the real public endpoint', async () => {
    const b = await newBot('Seen now', richContent(await storedMedia(D, 'SlideVideo'), await storedMedia(D, 'SlideImage')));
    await json(await call('PATCH', `/api/bot/${b.id}`, 'owner', { status: 'Published' }), 200);
    expect((await json<BotDetail>(await call('GET', `/api/bot/${b.id}`, 'owner'), 200)).liveStatus).toBe('inactive');
    await json(await ctx.call('GET', `/api/public/bot/${b.publicId}`), 200);
    expect((await json<BotDetail>(await call('GET', `/api/bot/${b.id}`, 'owner'), 200)).liveStatus).toBe('live');
    expect((await listOf('bot_name=Seen now')).records[0]!.liveStatus).toBe('live');
  });

  it('sorts by status Draft, Deactivated, Published, then live status inactive, offline, live (in SQL)', async () => {
    const account = await createAccount(ctx, 'Sort Oy');
    const now = new Date('2031-01-10T12:00:00Z');
    const mk = async (name: string, status: 'Draft' | 'Published' | 'Deactivated', seenHoursAgo: number | null) => {
      const b = await newBot(name, undefined, {}, 'superadmin');
      await ctx.deps.db
        .update(bots)
        .set({ accountId: account, status, lastViewedAt: seenHoursAgo === null ? null : new Date(now.getTime() - seenHoursAgo * 3600_000) })
        .where(eq(bots.id, b.id));
    };
    // created in an order that is neither the answer nor its reverse
    await mk('live', 'Published', 1);
    await mk('draft', 'Draft', null);
    await mk('inactive', 'Published', null);
    await mk('deactivated', 'Deactivated', 2);
    await mk('offline', 'Published', 48);
    const names = async (dir: 'asc' | 'desc') =>
      (await listBots(ctx.deps.db, staff, v.parse(BotListQuery, { account_id: String(account), order_by: 'status', order_direction: dir }), now)).records.map((r) => r.name);
    expect(await names('asc')).toEqual(['draft', 'deactivated', 'inactive', 'offline', 'live']);
    expect(await names('desc')).toEqual(['live', 'offline', 'inactive', 'deactivated', 'draft']);
  });
});
