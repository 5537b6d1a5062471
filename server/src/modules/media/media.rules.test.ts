/**
 * Issue 5 media rules (spec 001 §4 "Media upload", §5, §7; docs/api.md "Media") on PGlite and
 * PostgreSQL with the real fixtures: the account option `maxVideoDuration` (also for replacements),
 * tus protocol semantics (409 offset mismatch, 413 over the maximum, a stalled PATCH's lock taken
 * over), magic bytes deciding over names, cross-origin reading of `/files` (CORS), who can read
 * media (anonymous viewers of a published vidbot; not another account), and the ≤ 1080p portrait
 * transcode with faststart.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { expectJson, tusUploadMedia } from '../../../test/media';
import * as tus from 'tus-js-client';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD } from '../../../test/accounts';
import { accounts, jobs, media } from '../../db/schema';
import { runNextJob } from '../../jobs/queue';
import { ffprobe } from '../../media/ffmpeg';
import { durationLimitReason, formatDuration, mediaJobHandlers } from '../../media/process';
import { MAX_BYTES } from '../../media/sniff';
import type { MediaJson } from './media.schemas';

const FIX = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/media');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vidbot-media-rules-'));
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;
let demoId: number;
let otherAccountId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  otherAccountId = await createAccount(ctx, 'Rules Other Oy');
  await createUser(ctx, 'rules-other@example.org', { roles: [[otherAccountId, 'Owner']] });
  for (const who of ['editor', 'viewer', 'owner']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  tokens.other = await ctx.signIn('rules-other@example.org', TEST_PASSWORD);
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
  rmSync(tmp, { recursive: true, force: true });
});

const json = expectJson;

/** A real tus upload to the demo account (server/test/media.ts); resolves with the Media-Id. */
const tusUpload = (file: Buffer, metadata: Record<string, string>, token = tokens.editor!) =>
  tusUploadMedia({ baseUrl, token, accountId: demoId, file, metadata });

const getMedia = async (id: number, token = tokens.editor!) => json<MediaJson>(await ctx.call('GET', `/api/media/${id}`, { token }), 200);
const mediaRow = async (id: number) => (await ctx.deps.db.select().from(media).where(eq(media.id, id)))[0]!;
const setMaxVideoDuration = (seconds: number | null) =>
  ctx.deps.db.update(accounts).set({ options: { maxVideoDuration: seconds } }).where(eq(accounts.id, demoId));

/** Runs queued jobs until none is due; answers the media's job row. */
async function processAll(mediaId: number) {
  while (await runNextJob(ctx.deps, mediaJobHandlers));
  const all = await ctx.deps.db.select().from(jobs);
  return all.find((j) => (j.payload as { mediaId?: number }).mediaId === mediaId);
}

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** `POST /api/media/tus` creating an upload of `length` bytes; answers its Location and Media-Id. */
async function createUpload(length: number, name = 'Raw'): Promise<{ location: string; mediaId: number }> {
  const res = await fetch(`${baseUrl}/api/media/tus`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${tokens.editor}`,
      'Account-Id': String(demoId),
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(length),
      'Upload-Metadata': tusMetadata({ name, type: 'SlideVideo', filename: 'raw.mp4' }),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { location: res.headers.get('location')!, mediaId: Number(res.headers.get('media-id')) };
}

const tusHeaders = (extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${tokens.editor}`, 'Tus-Resumable': '1.0.0', ...extra });
const patch = (location: string, offset: number, body: Buffer) =>
  fetch(`${baseUrl}${location}`, {
    method: 'PATCH',
    headers: tusHeaders({ 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
    body,
  });

describe('account option maxVideoDuration (spec 000 §3 options; spec 001 §4)', () => {
  it('formats the reason in whole seconds, minutes and hours', () => {
    expect(durationLimitReason(125, 60)).toBe('The video is 2 min 05 s long; this account allows at most 60 s.');
    expect(durationLimitReason(44.65, 30)).toBe('The video is 45 s long; this account allows at most 30 s.');
    expect(durationLimitReason(60.4, 60)).toBeNull();
    expect(durationLimitReason(60.5, 60)).toBe('The video is 1 min 01 s long; this account allows at most 60 s.');
    expect(durationLimitReason(3725, 120)).toBe('The video is 1 h 02 min 05 s long; this account allows at most 2 min 00 s.');
    expect(durationLimitReason(9999, null)).toBeNull();
    expect(durationLimitReason(9999, undefined)).toBeNull();
    expect(durationLimitReason(null, 10)).toBeNull();
    expect(formatDuration(0)).toBe('0 s');
  });

  it('refuses a longer video: Error with a clear reason, no retries, its stored file deleted', async () => {
    await setMaxVideoDuration(30);
    try {
      const id = await tusUpload(readFileSync(path.join(FIX, 'echo-hereweare.webm')), { name: 'Long talk', type: 'SlideVideo', filename: 'echo.webm' });
      const before = await mediaRow(id);
      expect(before.sourceKey).toMatch(/source\.webm$/);
      expect(await ctx.deps.storage.stat(before.sourceKey!)).not.toBeNull();

      const job = await processAll(id);
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
      const m = await getMedia(id);
      expect(m).toMatchObject({ status: 'Error', errorReason: 'The video is 45 s long; this account allows at most 30 s.', url: null, thumbnailUrl: null });
      expect(await ctx.deps.storage.stat(before.sourceKey!)).toBeNull();
      expect(await mediaRow(id)).toMatchObject({ sourceKey: null, playbackKey: null, posterKey: null });
      // The library lists it with the reason (the SPA shows it on hover).
      const list = await json<{ records: MediaJson[] }>(await ctx.call('GET', `/api/media?account_id=${demoId}&name=Long%20talk`, { token: tokens.viewer }), 200);
      expect(list.records.map((r) => [r.status, r.errorReason])).toEqual([['Error', 'The video is 45 s long; this account allows at most 30 s.']]);

      // A short video passes the same limit.
      const shortId = await tusUpload(readFileSync(path.join(FIX, 'sample.mp4')), { name: 'Short', type: 'SlideVideo', filename: 'sample.mp4' });
      expect((await processAll(shortId))?.status).toBe('done');
      expect((await getMedia(shortId)).status).toBe('Ready');
    } finally {
      await setMaxVideoDuration(null);
    }
  });

  it('a too long replacement leaves the original media and its files untouched', async () => {
    const originalId = await tusUpload(readFileSync(path.join(FIX, 'sample.mp4')), { name: 'Keep me', type: 'SlideVideo', filename: 'sample.mp4' });
    await processAll(originalId);
    const original = await getMedia(originalId);
    expect(original.status).toBe('Ready');

    await setMaxVideoDuration(30);
    try {
      const replacementId = await tusUpload(readFileSync(path.join(FIX, 'echo-hereweare.webm')), { name: 'x', type: 'SlideVideo', filename: 'echo.webm', replaces: String(originalId) });
      const job = await processAll(replacementId);
      expect(job?.status).toBe('failed');
      const replacement = await mediaRow(replacementId);
      expect(replacement).toMatchObject({ status: 'Error', errorReason: 'The video is 45 s long; this account allows at most 30 s.', replacesId: originalId, sourceKey: null });
      expect(await getMedia(originalId)).toEqual(original);
      const served = await fetch(`${baseUrl}${original.url}`, { method: 'HEAD' });
      expect(served.status).toBe(200);
      expect((await fetch(`${baseUrl}${original.thumbnailUrl}`, { method: 'HEAD' })).status).toBe(200);
    } finally {
      await setMaxVideoDuration(null);
    }
  });
});

describe('tus semantics (as @tus/server tests them)', () => {
  it('answers 409 for an Upload-Offset that is not the current offset, then accepts the right one', async () => {
    const bytes = readFileSync(path.join(FIX, 'sample.mp4'));
    const { location, mediaId } = await createUpload(bytes.length);
    expect((await patch(location, 10, bytes.subarray(10, 20))).status).toBe(409);
    const first = await patch(location, 0, bytes.subarray(0, 1000));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('1000');
    expect((await patch(location, 0, bytes.subarray(0, 1000))).status).toBe(409);
    const rest = await patch(location, 1000, bytes.subarray(1000));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    expect((await getMedia(mediaId)).status).toBe('Draft');
    expect((await mediaRow(mediaId)).sourceKey).toMatch(/source\.mp4$/);
  });

  it('answers 413 for an Upload-Length over the documented video maximum (2 GiB)', async () => {
    expect(MAX_BYTES.VIDEO).toBe(2 * 1024 ** 3);
    const before = (await ctx.deps.db.select().from(media)).length;
    const res = await fetch(`${baseUrl}/api/media/tus`, {
      method: 'POST',
      headers: { ...tusHeaders({ 'Account-Id': String(demoId), 'Upload-Length': String(MAX_BYTES.VIDEO + 1) }), 'Upload-Metadata': tusMetadata({ name: 'Huge', type: 'SlideVideo' }) },
    });
    expect(res.status).toBe(413);
    expect((await ctx.deps.db.select().from(media)).length).toBe(before);
    const options = await fetch(`${baseUrl}/api/media/tus`, { method: 'OPTIONS', headers: tusHeaders() });
    expect(options.headers.get('tus-max-size')).toBe(String(MAX_BYTES.VIDEO));
  });

  it('a HEAD takes over the lock of a PATCH whose body stalls, and the upload resumes from the offset', async () => {
    const bytes = readFileSync(path.join(FIX, 'sample.mp4'));
    const { location, mediaId } = await createUpload(bytes.length, 'Stalled');
    // A raw PATCH announcing the whole file, sending half of it, then hanging (connection kept open).
    const half = Math.floor(bytes.length / 2);
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      [
        `PATCH ${location} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${tokens.editor}`,
        'Tus-Resumable: 1.0.0',
        'Upload-Offset: 0',
        'Content-Type: application/offset+octet-stream',
        `Content-Length: ${bytes.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(bytes.subarray(0, half));
    try {
      // Every HEAD must answer although the PATCH never finishes (without the takeover the first one
      // waits for the lock until @tus/server gives up with 500). Ask until bytes of the stalled PATCH
      // show (bounded: a PATCH cancelled before writing anything leaves the offset at 0).
      let offset = 0;
      for (let i = 0; i < 100 && offset === 0; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 50));
        const head = await fetch(`${baseUrl}${location}`, { method: 'HEAD', headers: tusHeaders() });
        expect(head.status).toBe(200);
        offset = Number(head.headers.get('upload-offset'));
      }
      expect(offset).toBeLessThanOrEqual(half);
      // The stalled PATCH no longer blocks: the client resumes from the offset HEAD reported.
      const rest = await patch(location, offset, bytes.subarray(offset));
      expect(rest.status, await rest.clone().text()).toBe(204);
      expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
      const row = await mediaRow(mediaId);
      expect(row.sourceKey).toMatch(/source\.mp4$/);
      const stored = await ctx.deps.storage.withLocalPath(row.sourceKey!, async (p) => readFileSync(p));
      expect(stored.equals(bytes)).toBe(true);
    } finally {
      socket.destroy();
    }
  }, 60_000);
});

describe('magic bytes decide the type (spec 001 §5)', () => {
  const html = Buffer.from('<!DOCTYPE html>\n<html><head><title>x</title></head><body><script>alert(1)</script></body></html>\n'.repeat(20));

  it('refuses HTML named .mp4 through tus: 422 naming the file, the media is Error, nothing stored', async () => {
    const err = await tusUpload(html, { name: 'Page', type: 'SlideVideo', filename: 'clip.mp4' }).then(
      () => null,
      (e: unknown) => e as tus.DetailedError,
    );
    expect(err?.originalResponse?.getStatus()).toBe(422);
    const rows = await ctx.deps.db.select().from(media).where(eq(media.name, 'Page'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'Error', sourceKey: null, errorReason: expect.stringMatching(/^"clip\.mp4" is not a supported video file/) });
  });

  it('refuses HTML named .mp4 through multipart: Error naming the file, no file served', async () => {
    const created = await json<MediaJson & { uploadUrl: { uploadUrl: string; uploadToken: string } }>(
      await ctx.call('POST', '/api/media', { token: tokens.editor, body: { type: 'SlideVideo', name: 'Page 2', accountId: demoId } }),
      201,
    );
    const form = new FormData();
    form.append('file', new Blob([html], { type: 'video/mp4' }), 'movie.mp4');
    const res = await fetch(`${baseUrl}${created.uploadUrl.uploadUrl}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.editor}`, 'Upload-Token': created.uploadUrl.uploadToken },
      body: form,
    });
    const m = await json<MediaJson>(res, 200);
    expect(m).toMatchObject({ status: 'Error', url: null, errorReason: expect.stringMatching(/^"movie\.mp4" is not a supported video file/) });
    expect((await mediaRow(m.id)).sourceKey).toBeNull();
  });

  it('stores under server-generated names whatever the client calls the file', async () => {
    const id = await tusUpload(readFileSync(path.join(FIX, 'sample.mp4')), { name: 'Named', type: 'SlideVideo', filename: '../../../etc/evil name.html' });
    expect((await mediaRow(id)).sourceKey).toMatch(new RegExp(`^${demoId}/[0-9a-f-]{36}/source\\.mp4$`));
  });
});

describe('/files across origins (embedded players)', () => {
  it('allows any origin with the range headers exposed, and answers the preflight', async () => {
    const id = await tusUpload(readFileSync(path.join(FIX, 'sample.mp4')), { name: 'Cors', type: 'SlideVideo', filename: 'sample.mp4' });
    await processAll(id);
    const m = await getMedia(id);
    const get = await fetch(`${baseUrl}${m.url}`, { headers: { Origin: 'https://customer.example', Range: 'bytes=0-7' } });
    expect(get.status).toBe(206);
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (get.headers.get('access-control-expose-headers') ?? '').split(/,\s*/).map((h) => h.toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['content-range', 'accept-ranges', 'content-length']));
    expect(get.headers.get('access-control-allow-credentials')).toBeNull();
    expect(get.headers.get('content-type')).toBe('video/mp4');
    expect(get.headers.get('content-disposition')).toBeNull();

    const pre = await fetch(`${baseUrl}${m.url}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://customer.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'range' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('GET');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('range');

    const poster = await fetch(`${baseUrl}${m.thumbnailUrl}`, { method: 'HEAD', headers: { Origin: 'https://customer.example' } });
    expect(poster.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('who reads media', () => {
  it('an anonymous viewer of a published vidbot gets its video, poster and captions; other accounts get nothing', async () => {
    const videoId = await tusUpload(readFileSync(path.join(FIX, 'sample.mp4')), { name: 'Published clip', type: 'SlideVideo', filename: 'sample.mp4' });
    await processAll(videoId);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(path.join(FIX, 'english.vtt'))]), 'english.vtt');
    await json(await fetch(`${baseUrl}/api/media/${videoId}/caption?language=en`, { method: 'PUT', headers: { Authorization: `Bearer ${tokens.editor}` }, body: form }), 200);

    const bot = await json<{ id: number; publicId: string }>(await ctx.call('POST', '/api/bot', { token: tokens.editor, body: { accountId: demoId, name: 'Public media' } }), 201);
    const content = { slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', videoId, imageId: null, options: [] }], actions: [], theme: {} };
    const saved = await json<{ botRevisionId: number }>(await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: tokens.editor, body: { content } }), 200);
    // Still a draft: nothing public.
    expect((await ctx.call('GET', `/api/public/bot/${bot.publicId}`)).status).toBe(404);
    await json(await ctx.call('PATCH', `/api/bot/${bot.id}/revision/${saved.botRevisionId}/status`, { token: tokens.editor, body: { status: 'Published' } }), 200);

    const player = await json<{ slides: { videoUrl: string; posterUrl: string; captions: { url: string }[] }[] }>(await ctx.call('GET', `/api/public/bot/${bot.publicId}`), 200);
    const slide = player.slides[0]!;
    for (const url of [slide.videoUrl, slide.posterUrl, slide.captions[0]!.url]) {
      const res = await fetch(`${baseUrl}${url}`, { headers: { Origin: 'https://customer.example' } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await fetch(`${baseUrl}${slide.captions[0]!.url}`)).headers.get('content-type')).toMatch(/^text\/vtt/);

    // The media API stays account-scoped: anonymous 401, another account's owner 404 (list and item).
    expect((await ctx.call('GET', `/api/media/${videoId}`)).status).toBe(401);
    expect((await ctx.call('GET', `/api/media?account_id=${demoId}`)).status).toBe(401);
    expect((await ctx.call('GET', `/api/media/${videoId}`, { token: tokens.other })).status).toBe(404);
    expect((await ctx.call('GET', `/api/media?account_id=${demoId}`, { token: tokens.other })).status).toBe(404);
    const captionId = (await getMedia(videoId)).captions[0]!.id;
    expect((await ctx.call('GET', `/api/media/${videoId}/caption/${captionId}`, { token: tokens.other })).status).toBe(404);
    // …and a bot of another account cannot show this account's media.
    const foreign = await json<{ id: number }>(await ctx.call('POST', '/api/bot', { token: tokens.other, body: { accountId: otherAccountId, name: 'Borrower' } }), 201);
    expect((await ctx.call('PATCH', `/api/bot/${foreign.id}`, { token: tokens.other, body: { content } })).status).toBe(422);
  });
});

describe('processing: at most 1080p, portrait stays portrait, faststart', () => {
  it('transcodes a 1440×2560 portrait MPEG-4 AVI to 1080×1920 H.264/AAC MP4 with moov before mdat', async () => {
    const src = path.join(tmp, 'portrait.avi');
    execFileSync(ctx.deps.env.ffmpegPath, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=1440x2560:rate=5:duration=1',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1',
      '-c:v', 'mpeg4', '-q:v', '10', '-c:a', 'libmp3lame', '-shortest', src,
    ]);
    const id = await tusUpload(readFileSync(src), { name: 'Portrait', type: 'SlideVideo', filename: 'portrait.avi' });
    const job = await processAll(id);
    expect(job).toMatchObject({ status: 'done', result: expect.objectContaining({ transcoded: true }) });
    const m = await getMedia(id);
    expect(m).toMatchObject({ status: 'Ready', width: 1080, height: 1920 });
    expect(m.url).toMatch(/\/playback\.mp4$/);
    const key = m.url!.replace(/^\/files\//, '');
    const probe = await ctx.deps.storage.withLocalPath(key, (p) => ffprobe(ctx.deps.env, p));
    expect(probe.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920, pixFmt: 'yuv420p' });
    expect(probe.audio?.codec).toBe('aac');
    const bytes = await ctx.deps.storage.withLocalPath(key, async (p) => readFileSync(p));
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    // The poster is portrait too.
    const posterKey = m.thumbnailUrl!.replace(/^\/files\//, '');
    const poster = await ctx.deps.storage.withLocalPath(posterKey, (p) => ffprobe(ctx.deps.env, p));
    expect(poster.video).toMatchObject({ width: 1080, height: 1920 });
  }, 120_000);
});

describe('media size (docs/api.md "Media": the tus maximum is 2 GiB)', () => {
  it('stores and answers a size at the documented maximum (beyond a 32-bit integer)', async () => {
    const { insertMedia, updateMedia, getMedia } = await import('./media.repo');
    const row = await insertMedia(ctx.deps.db, { accountId: demoId, name: 'huge.mp4', type: 'SlideVideo', createdBy: null, uploadToken: null });
    await updateMedia(ctx.deps.db, row.id, { size: MAX_BYTES.VIDEO });
    expect((await getMedia(ctx.deps.db, row.id))?.size).toBe(2 * 1024 ** 3);
  });
});
