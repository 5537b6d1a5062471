/**
 * Media library operations (spec 001 §2 "Media library", §3 Media / Crop, §5, §7; docs/api.md
 * "Media" rename, crop, usage, delete, replace, captions) on PGlite and PostgreSQL with the real
 * fixtures: permissions (Viewer 403, other account 404), validation (422), audit rows, files removed
 * from storage, the replaced media keeping its id, WebVTT captions served to the player.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { expectJson, tusUploadMedia } from '../../../test/media';
import { accounts, auditEvents, media } from '../../db/schema';
import { runNextJob } from '../../jobs/queue';
import { mediaJobHandlers } from '../../media/process';
import type { MediaJson } from './media.schemas';

const FIX = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/media');
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;
let demoId: number;
let otherAccountId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const [demo] = await ctx.deps.db.select().from(accounts).where(eq(accounts.publicId, 'demo'));
  demoId = demo!.id;
  const [other] = await ctx.deps.db.insert(accounts).values({ publicId: 'other-lib', businessName: 'Other Oy' }).returning();
  otherAccountId = other!.id;
  for (const who of ['editor', 'viewer', 'owner']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

type Created = MediaJson & { uploadUrl: { uploadUrl: string; uploadToken: string } };

const json = expectJson;

async function multipart(url: string, fields: { token?: string; uploadToken?: string; file: Blob; filename: string }, method = 'POST') {
  const form = new FormData();
  form.append('file', fields.file, fields.filename);
  const headers: Record<string, string> = { Authorization: `Bearer ${fields.token ?? tokens.editor}` };
  if (fields.uploadToken) headers['Upload-Token'] = fields.uploadToken;
  return fetch(`${baseUrl}${url}`, { method, headers, body: form });
}

/** Uploads a fixture image through POST /media + multipart; answers the Ready media. */
async function image(file = 'big_buck_bunny.jpg', name = 'Bunny', accountId = demoId, token = tokens.editor!): Promise<MediaJson> {
  const created = await json<Created>(await ctx.call('POST', '/api/media', { token, body: { type: 'SlideImage', name, accountId } }), 201);
  const bytes = readFileSync(path.join(FIX, file));
  return json<MediaJson>(await multipart(created.uploadUrl.uploadUrl, { token, uploadToken: created.uploadUrl.uploadToken, file: new Blob([bytes]), filename: file }), 200);
}

/** A real tus upload to the demo account (server/test/media.ts); resolves with the Media-Id. */
const tusUpload = (file: Buffer, metadata: Record<string, string>, token = tokens.editor!) =>
  tusUploadMedia({ baseUrl, token, accountId: demoId, file, metadata });

const getMedia = async (id: number, token = tokens.editor!) => json<MediaJson>(await ctx.call('GET', `/api/media/${id}`, { token }), 200);
const fileStatus = async (url: string) => (await fetch(`${baseUrl}${url}`)).status;
const auditTypes = async (mediaId: number) =>
  (await ctx.deps.db.select().from(auditEvents).where(and(eq(auditEvents.targetType, 'media'), eq(auditEvents.targetId, mediaId)))).map((r) => r.type);

describe('PATCH /media/{id}: rename and crop', () => {
  it('renames (name required), stores a crop in range, resets it with null, and audits', async () => {
    const m = await image();
    expect(m.crop).toEqual({ x: 50, y: 50, scale: 1 });
    const renamed = await json<MediaJson>(await ctx.call('PATCH', `/api/media/${m.id}`, { token: tokens.editor, body: { name: '  Bunny poster ' } }), 200);
    expect(renamed.name).toBe('Bunny poster');
    const blank = await json<{ errors: Record<string, string> }>(await ctx.call('PATCH', `/api/media/${m.id}`, { token: tokens.editor, body: { name: '  ' } }), 422);
    expect(blank.errors.name).toBe('Name is required.');
    await json(await ctx.call('PATCH', `/api/media/${m.id}`, { token: tokens.editor, body: {} }), 422);

    const cropped = await json<MediaJson>(await ctx.call('PATCH', `/api/media/${m.id}`, { token: tokens.editor, body: { crop: { x: 12.5, y: 100, scale: 2.34 } } }), 200);
    expect(cropped.crop).toEqual({ x: 12.5, y: 100, scale: 2.3 });
    expect((await getMedia(m.id)).crop).toEqual({ x: 12.5, y: 100, scale: 2.3 });
    for (const crop of [{ x: -1, y: 50, scale: 1 }, { x: 50, y: 101, scale: 1 }, { x: 50, y: 50, scale: 0.4 }, { x: 50, y: 50, scale: 5.1 }, { x: '5', y: 50, scale: 1 }]) {
      await json(await ctx.call('PATCH', `/api/media/${m.id}`, { token: tokens.editor, body: { crop } }), 422);
    }
    const reset = await json<MediaJson>(await ctx.call('PATCH', `/api/media/${m.id}`, { token: tokens.editor, body: { crop: null } }), 200);
    expect(reset.crop).toEqual({ x: 50, y: 50, scale: 1 });
    expect((await auditTypes(m.id)).filter((t) => t === 'media.update')).toHaveLength(3);
  });

  it('refuses a Viewer (403) and hides another account (404)', async () => {
    const m = await image();
    expect((await ctx.call('PATCH', `/api/media/${m.id}`, { token: tokens.viewer, body: { name: 'x' } })).status).toBe(403);
    const foreign = await image('echo-hereweare.jpg', 'Foreign', otherAccountId, await ctx.signIn('superadmin@example.com'));
    expect((await ctx.call('PATCH', `/api/media/${foreign.id}`, { token: tokens.owner, body: { name: 'x' } })).status).toBe(404);
    expect((await ctx.call('DELETE', `/api/media/${foreign.id}`, { token: tokens.owner })).status).toBe(404);
    expect((await ctx.call('GET', `/api/media/${foreign.id}/usage`, { token: tokens.owner })).status).toBe(404);
    expect((await ctx.call('POST', `/api/media/${foreign.id}/replace`, { token: tokens.owner })).status).toBe(404);
    expect((await getMedia(m.id)).name).toBe('Bunny');
  });
});

describe('usage and DELETE /media/{id}', () => {
  it('names the published bots using it, deletes the row and its files, and audits', async () => {
    const m = await image();
    const unused = await json<{ publishedBots: unknown[] }>(await ctx.call('GET', `/api/media/${m.id}/usage`, { token: tokens.viewer }), 200);
    expect(unused.publishedBots).toEqual([]);

    const bot = await json<{ id: number; publicId: string }>(await ctx.call('POST', '/api/bot', { token: tokens.editor, body: { accountId: demoId, name: 'Uses bunny' } }), 201);
    const content = { slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'IMAGE', videoId: null, imageId: m.id, options: [] }], actions: [], theme: {} };
    const saved = await json<{ botRevisionId: number }>(await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: tokens.editor, body: { content } }), 200);
    const draftOnly = await json<{ publishedBots: unknown[] }>(await ctx.call('GET', `/api/media/${m.id}/usage`, { token: tokens.editor }), 200);
    expect(draftOnly.publishedBots).toEqual([]);
    await json(await ctx.call('PATCH', `/api/bot/${bot.id}/revision/${saved.botRevisionId}/status`, { token: tokens.editor, body: { status: 'Published' } }), 200);
    const used = await json<{ publishedBots: { id: number; name: string; publicId: string }[] }>(await ctx.call('GET', `/api/media/${m.id}/usage`, { token: tokens.editor }), 200);
    expect(used.publishedBots).toEqual([{ id: bot.id, name: 'Uses bunny', publicId: bot.publicId }]);

    expect((await ctx.call('DELETE', `/api/media/${m.id}`, { token: tokens.viewer })).status).toBe(403);
    expect(await fileStatus(m.url!)).toBe(200);
    const deleted = await json<{ id: number; publishedBots: { id: number }[] }>(await ctx.call('DELETE', `/api/media/${m.id}`, { token: tokens.editor }), 200);
    expect(deleted).toMatchObject({ id: m.id, publishedBots: [{ id: bot.id }] });
    expect((await ctx.call('GET', `/api/media/${m.id}`, { token: tokens.editor })).status).toBe(404);
    expect(await fileStatus(m.url!)).toBe(404);
    expect(await auditTypes(m.id)).toContain('media.delete');
    const player = await json<{ slides: { imageUrl: string | null }[] }>(await ctx.call('GET', `/api/public/bot/${bot.publicId}`), 200);
    expect(player.slides[0]!.imageUrl).toBeNull();
  });
});

describe('replace: the media keeps its id', () => {
  it('replaces an image through POST /media/{id}/replace + multipart; old files go, the replacement row stays hidden', async () => {
    const m = await image('big_buck_bunny.jpg', 'Poster');
    expect((await ctx.call('POST', `/api/media/${m.id}/replace`, { token: tokens.viewer })).status).toBe(403);
    const started = await json<Created>(await ctx.call('POST', `/api/media/${m.id}/replace`, { token: tokens.editor }), 201);
    expect(started).toMatchObject({ status: 'Draft', replacesId: m.id, type: 'SlideImage', name: 'Poster' });
    expect(started.id).not.toBe(m.id);
    const list = await json<{ records: MediaJson[] }>(await ctx.call('GET', `/api/media?account_id=${demoId}&size=250`, { token: tokens.editor }), 200);
    expect(list.records.map((r) => r.id)).not.toContain(started.id);

    const bytes = readFileSync(path.join(FIX, 'echo-hereweare.jpg'));
    const done = await json<MediaJson>(
      await multipart(started.uploadUrl.uploadUrl, { uploadToken: started.uploadUrl.uploadToken, file: new Blob([bytes]), filename: 'echo.jpg' }),
      200,
    );
    expect(done).toMatchObject({ id: m.id, name: 'Poster', status: 'Ready', size: bytes.length, replacesId: null });
    expect(done.url).not.toBe(m.url);
    const served = Buffer.from(await (await fetch(`${baseUrl}${done.url}`)).arrayBuffer());
    expect(served.equals(bytes)).toBe(true);
    expect(await fileStatus(m.url!)).toBe(404);
    expect((await getMedia(started.id)).id).toBe(m.id);
    expect(await auditTypes(m.id)).toContain('media.replace');
  });

  it('replaces a video through tus (metadata replaces) once the job has processed the new file', async () => {
    const originalId = await tusUpload(readFileSync(path.join(FIX, 'sample.mp4')), { name: 'Clip', type: 'SlideVideo', filename: 'sample.mp4' });
    await runNextJob(ctx.deps, mediaJobHandlers);
    const original = await getMedia(originalId);
    expect(original).toMatchObject({ status: 'Ready', width: 1080, height: 720 });

    const replacementId = await tusUpload(readFileSync(path.join(FIX, 'echo-hereweare.webm')), { name: 'ignored', type: 'SlideVideo', filename: 'echo.webm', replaces: String(originalId) });
    expect(replacementId).not.toBe(originalId);
    expect((await getMedia(originalId)).url).toBe(original.url);
    await runNextJob(ctx.deps, mediaJobHandlers);
    const replaced = await getMedia(originalId);
    expect(replaced).toMatchObject({ id: originalId, name: 'Clip', status: 'Ready', width: 480, height: 270 });
    expect(replaced.duration).toBeGreaterThan(44);
    expect(await fileStatus(original.url!)).toBe(404);
    expect((await getMedia(replacementId)).id).toBe(originalId);
    const [row] = await ctx.deps.db.select().from(media).where(eq(media.id, replacementId));
    expect(row).toMatchObject({ replacesId: originalId, sourceKey: null, playbackKey: null });

    await expect(tusUpload(Buffer.from('x'.repeat(10)), { name: 'n', type: 'SlideVideo', replaces: '999999' })).rejects.toThrow(/404/);
  });
});

describe('captions', () => {
  const vtt = (name: string) => new Blob([readFileSync(path.join(FIX, name))], { type: 'text/vtt' });

  it('uploads per language, replaces the same language, downloads as .vtt, deletes, and the player gets text tracks', async () => {
    const videoId = await tusUpload(readFileSync(path.join(FIX, 'sample.mp4')), { name: 'Talk.mp4', type: 'SlideVideo', filename: 'sample.mp4' });
    await runNextJob(ctx.deps, mediaJobHandlers);

    const en = await json<MediaJson>(await multipart(`/api/media/${videoId}/caption?account_id=${demoId}&language=en`, { file: vtt('english.vtt'), filename: 'english.vtt' }, 'PUT'), 200);
    expect(en.captions).toHaveLength(1);
    const first = en.captions[0]!;
    expect(first).toMatchObject({ languageCode: 'en' });
    const served = await fetch(`${baseUrl}${first.url}`);
    expect(served.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await served.text()).toContain('Lorem ipsum dolor sit amet');

    const fi = await json<MediaJson>(await multipart(`/api/media/${videoId}/caption?language=FI`, { file: vtt('german.vtt'), filename: 'german.vtt' }, 'PUT'), 200);
    expect(fi.captions.map((c) => c.languageCode).sort()).toEqual(['en', 'fi']);
    const again = await json<MediaJson>(await multipart(`/api/media/${videoId}/caption?language=en`, { file: vtt('german.vtt'), filename: 'german.vtt' }, 'PUT'), 200);
    const enAgain = again.captions.find((c) => c.languageCode === 'en')!;
    expect(again.captions).toHaveLength(2);
    expect(await (await fetch(`${baseUrl}${enAgain.url}`)).text()).toContain('LOREM IPSUM');
    expect(await fileStatus(first.url)).toBe(404);

    const download = await ctx.call('GET', `/api/media/${videoId}/caption/${enAgain.id}`, { token: tokens.viewer });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Talk.en.vtt"; filename*=UTF-8''Talk.en.vtt`);
    expect(await download.text()).toMatch(/^WEBVTT/);

    // The player resolves the slide's captions.
    const bot = await json<{ id: number; publicId: string }>(await ctx.call('POST', '/api/bot', { token: tokens.editor, body: { accountId: demoId, name: 'Captioned' } }), 201);
    const content = { slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', videoId, imageId: null, options: [] }], actions: [], theme: {} };
    const saved = await json<{ botRevisionId: number }>(await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: tokens.editor, body: { content } }), 200);
    await json(await ctx.call('PATCH', `/api/bot/${bot.id}/revision/${saved.botRevisionId}/status`, { token: tokens.editor, body: { status: 'Published' } }), 200);
    const player = await json<{ slides: { captions: { languageCode: string; url: string }[] }[] }>(await ctx.call('GET', `/api/public/bot/${bot.publicId}`), 200);
    expect(player.slides[0]!.captions.map((c) => c.languageCode).sort()).toEqual(['en', 'fi']);

    expect((await ctx.call('DELETE', `/api/media/${videoId}/caption/${enAgain.id}`, { token: tokens.viewer })).status).toBe(403);
    const afterDelete = await json<MediaJson>(await ctx.call('DELETE', `/api/media/${videoId}/caption/${enAgain.id}`, { token: tokens.editor }), 200);
    expect(afterDelete.captions.map((c) => c.languageCode)).toEqual(['fi']);
    expect(await fileStatus(enAgain.url)).toBe(404);
    expect((await ctx.call('GET', `/api/media/${videoId}/caption/${enAgain.id}`, { token: tokens.editor })).status).toBe(404);
    expect(await auditTypes(videoId)).toEqual(expect.arrayContaining(['media.caption.upload', 'media.caption.delete']));
  });

  it('refuses an unknown language, invalid WebVTT, an empty file, a Viewer (403) and another account (404)', async () => {
    const m = await image();
    const put = (query: string, file: Blob, filename = 'subs.vtt', token = tokens.editor) => multipart(`/api/media/${m.id}/caption?${query}`, { token, file, filename }, 'PUT');
    const unknown = await json<{ errors: Record<string, string> }>(await put('language=xx', vtt('english.vtt')), 422);
    expect(unknown.errors.language).toBe('language must be an ISO 639-1 language code.');
    await json(await put('', vtt('english.vtt')), 422);
    const invalid = await json<{ detail: string }>(await put('language=en', new Blob(['not a subtitle file\n']), 'bad.vtt'), 422);
    expect(invalid.detail).toBe('"bad.vtt" is not a valid WebVTT file: No valid signature. (File needs to start with "WEBVTT".) (line 1).');
    const badCue = await json<{ detail: string }>(await put('language=en', new Blob(['WEBVTT\n\n00:00.000 --> nope\nHi\n']), 'cue.vtt'), 422);
    expect(badCue.detail).toMatch(/^"cue\.vtt" is not a valid WebVTT file: /);
    const empty = await json<{ detail: string }>(await put('language=en', new Blob([]), 'empty.vtt'), 422);
    expect(empty.detail).toBe('File has zero length');
    expect((await put('language=en', vtt('english.vtt'), 'e.vtt', tokens.viewer)).status).toBe(403);
    expect((await put(`language=en&account_id=${otherAccountId}`, vtt('english.vtt'))).status).toBe(404);
    expect((await getMedia(m.id)).captions).toEqual([]);
  });
});
