/**
 * Media API end to end (docs/api.md "Media"; spec 001 §3–§5, §7) on PGlite and PostgreSQL, with the
 * real fixtures: a real tus upload with tus-js-client against a listening server, the processing job
 * (probe, poster, transcode), the multipart image upload, magic-byte refusals, permissions and
 * `/files` serving with Range.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { accounts, jobs, media } from '../../db/schema';
import { claimNextJob, runNextJob, type JobRow } from '../../jobs/queue';
import { ffprobe } from '../../media/ffmpeg';
import { mediaJobHandlers, MEDIA_PROCESS } from '../../media/process';
import type { MediaJson } from './media.schemas';

const FIX = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/media');
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;
let demoId: number;
let otherAccountId: number;
const tokens: Record<string, string> = {};
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vidbot-media-test-'));

beforeAll(async () => {
  ctx = await createTestContext();
  const [demo] = await ctx.deps.db.select().from(accounts).where(eq(accounts.publicId, 'demo'));
  demoId = demo!.id;
  const [other] = await ctx.deps.db.insert(accounts).values({ publicId: 'other', businessName: 'Other Oy' }).returning();
  otherAccountId = other!.id;
  for (const who of ['editor', 'viewer', 'owner']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
  rmSync(tmp, { recursive: true, force: true });
});

interface TusOutcome {
  mediaId: number | null;
  error: { status: number; body: string } | null;
}

/** A real tus upload with tus-js-client (1 MiB chunks, so large files take several PATCHes). */
function tusUpload(file: Buffer, opts: { token: string; accountId: number | string; name: string; type: string; filename?: string }): Promise<TusOutcome> {
  return new Promise((resolve) => {
    let mediaId: number | null = null;
    const upload = new tus.Upload(file, {
      endpoint: `${baseUrl}/api/media/tus`,
      chunkSize: 1024 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${opts.token}`, 'Account-Id': String(opts.accountId) },
      metadata: { name: opts.name, type: opts.type, ...(opts.filename ? { filename: opts.filename } : {}) },
      onAfterResponse(_req, res) {
        const id = res.getHeader('Media-Id');
        if (id) mediaId = Number(id);
      },
      onSuccess: () => resolve({ mediaId, error: null }),
      onError(err) {
        const res = (err as tus.DetailedError).originalResponse;
        resolve({ mediaId, error: { status: res?.getStatus() ?? 0, body: res?.getBody() ?? String(err) } });
      },
    });
    upload.start();
  });
}

const getMedia = async (id: number, token = tokens.editor!): Promise<MediaJson> => {
  const res = await ctx.call('GET', `/api/media/${id}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as MediaJson;
};

const jobOf = async (mediaId: number): Promise<JobRow | undefined> => {
  const rows = await ctx.deps.db.select().from(jobs).where(sql`${jobs.type} = ${MEDIA_PROCESS} AND ${jobs.payload} ->> 'mediaId' = ${String(mediaId)}`);
  return rows[0];
};

/** Runs queued media jobs until the one of `mediaId` has ended (making retries due at once). */
async function processMedia(mediaId: number): Promise<JobRow> {
  for (let i = 0; i < 5; i++) {
    await runNextJob(ctx.deps, mediaJobHandlers);
    const job = await jobOf(mediaId);
    if (!job) throw new Error(`no job for media ${mediaId}`);
    if (job.status === 'done' || job.status === 'failed') return job;
    await ctx.deps.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, job.id));
  }
  throw new Error('job did not finish');
}

async function multipart(uploadUrl: string, uploadToken: string, body: Blob, filename: string, token = tokens.editor!) {
  const form = new FormData();
  form.append('file', body, filename);
  return fetch(`${baseUrl}${uploadUrl}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Upload-Token': uploadToken }, body: form });
}

async function createMedia(body: Record<string, unknown>, token = tokens.editor!) {
  return ctx.call('POST', '/api/media', { token, body });
}

describe('tus upload → media.process job', () => {
  it('uploads the WebM with tus-js-client, then the job makes it Ready with duration and a poster', async () => {
    const file = readFileSync(path.join(FIX, 'echo-hereweare.webm'));
    const out = await tusUpload(file, { token: tokens.editor!, accountId: demoId, name: 'Echo', type: 'SlideVideo', filename: 'echo-hereweare.webm' });
    expect(out.error).toBeNull();
    expect(out.mediaId).toEqual(expect.any(Number));
    const mediaId = out.mediaId!;

    const draft = await getMedia(mediaId);
    expect(draft).toMatchObject({ status: 'Draft', name: 'Echo', type: 'SlideVideo', mediaType: 'VIDEO', accountId: demoId, size: file.length, url: null });
    expect((await jobOf(mediaId))?.status).toBe('queued');

    const job = await processMedia(mediaId);
    expect(job).toMatchObject({ status: 'done', progress: 1, result: expect.objectContaining({ transcoded: false }) });
    const ready = await getMedia(mediaId);
    expect(ready.status).toBe('Ready');
    expect(ready.duration).toBeCloseTo(44.7, 0);
    expect(ready).toMatchObject({ width: 480, height: 270, errorReason: null });
    // VP8/Vorbis WebM plays in browsers: the source is the playback file.
    expect(ready.url).toMatch(new RegExp(`^/files/${demoId}/[0-9a-f-]{36}/source\\.webm$`));
    expect(ready.thumbnailUrl).toMatch(/\/poster\.jpg$/);

    const poster = await fetch(`${baseUrl}${ready.thumbnailUrl}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await poster.arrayBuffer());
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const part = await fetch(`${baseUrl}${ready.url}`, { headers: { Range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/webm');
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${file.length}`);
    expect([...Buffer.from(await part.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const whole = await fetch(`${baseUrl}${ready.url}`, { method: 'HEAD' });
    expect(whole.headers.get('content-length')).toBe(String(file.length));
    expect((await fetch(`${baseUrl}${ready.url}`, { headers: { Range: `bytes=${file.length}-` } })).status).toBe(416);
  });

  it('transcodes the AVI to H.264/AAC MP4 with faststart, also after an interrupted first run', async () => {
    const out = await tusUpload(readFileSync(path.join(FIX, 'sample.avi')), { token: tokens.owner!, accountId: demoId, name: 'Sample AVI', type: 'LogoVideo' });
    expect(out.error).toBeNull();
    const mediaId = out.mediaId!;
    // A worker claims the job and dies (restart): its lease runs out and the job is claimed again.
    const claimed = await claimNextJob(ctx.deps.db, 'crashed', [MEDIA_PROCESS]);
    expect(claimed?.payload).toEqual({ mediaId });
    await ctx.deps.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, claimed!.id));

    const job = await processMedia(mediaId);
    expect(job).toMatchObject({ status: 'done', attempts: 2, result: expect.objectContaining({ transcoded: true }) });
    const ready = await getMedia(mediaId);
    expect(ready.status).toBe('Ready');
    expect(ready.url).toMatch(/\/playback\.mp4$/);
    expect(ready.duration).toBeCloseTo(4.1, 0);
    expect(ready).toMatchObject({ width: 960, height: 400 });

    const key = ready.url!.replace(/^\/files\//, '');
    const probe = await ctx.deps.storage.withLocalPath(key, (p) => ffprobe(ctx.deps.env, p));
    expect(probe.video?.codec).toBe('h264');
    expect(probe.video?.pixFmt).toBe('yuv420p');
    expect(probe.audio?.codec).toBe('aac');
    const bytes = await ctx.deps.storage.withLocalPath(key, async (p) => readFileSync(p));
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const head = await fetch(`${baseUrl}${ready.url}`, { method: 'HEAD' });
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
  });

  it('refuses a text file named .mp4 with a message naming the file; the media is Error', async () => {
    const text = Buffer.from('This is a shopping list, not a video.\n'.repeat(50));
    const out = await tusUpload(text, { token: tokens.editor!, accountId: demoId, name: 'Fake', type: 'SlideVideo', filename: 'list.mp4' });
    expect(out.error?.status).toBe(422);
    expect(out.error?.body).toContain('\\"list.mp4\\" is not a supported video file');
    const m = await getMedia(out.mediaId!);
    expect(m.status).toBe('Error');
    expect(m.errorReason).toMatch(/^"list\.mp4" is not a supported video file \(accepted: mp4, quicktime, avi, webm/);
    expect(await jobOf(out.mediaId!)).toBeUndefined();
  });

  it('marks the media Error with a reason when processing fails for good', async () => {
    // A WebM header and nothing decodable after it: the magic bytes pass, ffmpeg cannot make a poster.
    const broken = Buffer.concat([readFileSync(path.join(FIX, 'echo-hereweare.webm')).subarray(0, 6000)]);
    const out = await tusUpload(broken, { token: tokens.editor!, accountId: demoId, name: 'Broken', type: 'SlideVideo', filename: 'broken.webm' });
    expect(out.error).toBeNull();
    const job = await processMedia(out.mediaId!);
    expect(job.status).toBe('failed');
    const m = await getMedia(out.mediaId!);
    expect(m.status).toBe('Error');
    expect(job.attempts).toBe(3);
    expect(m.errorReason).toBe('Processing "Broken" failed: no video frame could be decoded.');
  });

  it('refuses a Viewer (403), another account (404), bad metadata (422) and an empty upload (422)', async () => {
    const file = readFileSync(path.join(FIX, 'sample.mp4'));
    const viewer = await tusUpload(file, { token: tokens.viewer!, accountId: demoId, name: 'V', type: 'SlideVideo' });
    expect(viewer.error?.status).toBe(403);
    expect(viewer.mediaId).toBeNull();
    const other = await tusUpload(file, { token: tokens.editor!, accountId: otherAccountId, name: 'O', type: 'SlideVideo' });
    expect(other.error?.status).toBe(404);
    const image = await tusUpload(file, { token: tokens.editor!, accountId: demoId, name: 'I', type: 'SlideImage' });
    expect(image.error?.status).toBe(422);
    expect(JSON.parse(image.error!.body).errors.type).toMatch(/SlideVideo, LogoVideo/);
    const empty = await tusUpload(Buffer.alloc(0), { token: tokens.editor!, accountId: demoId, name: 'E', type: 'SlideVideo' });
    expect(empty.error?.status).toBe(422);
    expect(JSON.parse(empty.error!.body).detail).toBe('File has zero length');
    const anonymous = await fetch(`${baseUrl}/api/media/tus`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' } });
    expect(anonymous.status).toBe(401);
  });

  it('lets only uploaders of the account touch an upload in progress, and a cancel removes the Draft', async () => {
    const res = await fetch(`${baseUrl}/api/media/tus`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${tokens.editor}`,
        'Account-Id': String(demoId),
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '1000',
        'Upload-Metadata': `name ${Buffer.from('Partial').toString('base64')},type ${Buffer.from('SlideVideo').toString('base64')}`,
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('media-id')).toMatch(/^\d+$/);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/api\/media\/tus\/\w+$/);
    const head = (token: string) => fetch(`${baseUrl}${location}`, { method: 'HEAD', headers: { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' } });
    expect((await head(tokens.owner!)).headers.get('upload-offset')).toBe('0');
    expect((await head(tokens.viewer!)).status).toBe(403);
    const mediaId = Number(res.headers.get('media-id'));
    expect((await getMedia(mediaId)).status).toBe('Draft');
    // Cancelling (tus termination) removes the upload and its Draft media row.
    const del = await fetch(`${baseUrl}${location}`, { method: 'DELETE', headers: { Authorization: `Bearer ${tokens.editor}`, 'Tus-Resumable': '1.0.0' } });
    expect(del.status).toBe(204);
    expect((await ctx.call('GET', `/api/media/${mediaId}`, { token: tokens.editor })).status).toBe(404);
    expect((await head(tokens.editor!)).status).toBe(404);
  });
});

describe('POST /media and the multipart upload', () => {
  it('creates an image, uploads big_buck_bunny.jpg, and it is Ready with its size; the token is single use', async () => {
    const res = await createMedia({ type: 'SlideImage', name: 'Bunny', accountId: demoId });
    expect(res.status).toBe(201);
    const created = (await res.json()) as MediaJson & { uploadUrl: { uploadUrl: string; uploadToken: string } };
    expect(created).toMatchObject({ status: 'Draft', mediaType: 'IMAGE', url: null, uploadUrl: { uploadUrl: `/api/media/${created.id}/upload` } });
    expect(created.uploadUrl.uploadToken.length).toBeGreaterThanOrEqual(24);

    const jpg = readFileSync(path.join(FIX, 'big_buck_bunny.jpg'));
    const wrong = await multipart(created.uploadUrl.uploadUrl, 'not-the-token', new Blob([jpg]), 'bbb.jpg');
    expect(wrong.status).toBe(403);
    const up = await multipart(created.uploadUrl.uploadUrl, created.uploadUrl.uploadToken, new Blob([jpg], { type: 'image/jpeg' }), 'bbb.jpg');
    expect(up.status).toBe(200);
    const ready = (await up.json()) as MediaJson;
    expect(ready).toMatchObject({ status: 'Ready', width: 640, height: 360, size: jpg.length, duration: null, errorReason: null });
    expect(ready.url).toMatch(/\/source\.jpg$/);
    expect(ready.thumbnailUrl).toBe(ready.url);
    const file = await fetch(`${baseUrl}${ready.url}`);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(jpg)).toBe(true);

    const again = await multipart(created.uploadUrl.uploadUrl, created.uploadUrl.uploadToken, new Blob([jpg]), 'bbb.jpg');
    expect(again.status).toBe(409);
  });

  it('refuses a zero-length file with "File has zero length"', async () => {
    const created = (await (await createMedia({ type: 'CoverImage', name: 'Empty', accountId: demoId })).json()) as { id: number; uploadUrl: { uploadUrl: string; uploadToken: string } };
    const res = await multipart(created.uploadUrl.uploadUrl, created.uploadUrl.uploadToken, new Blob([]), 'empty.png');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ detail: 'File has zero length', errors: { file: 'File has zero length' } });
    expect((await getMedia(created.id)).status).toBe('Error');
  });

  it('refuses an image over 20 MiB with 413 and keeps the token for a retry', async () => {
    const created = (await (await createMedia({ type: 'ProfileImage', name: 'Huge', accountId: demoId })).json()) as { id: number; uploadUrl: { uploadUrl: string; uploadToken: string } };
    const res = await multipart(created.uploadUrl.uploadUrl, created.uploadUrl.uploadToken, new Blob([Buffer.alloc(21 * 1024 * 1024, 1)]), 'huge.png');
    expect(res.status).toBe(413);
    const jpg = readFileSync(path.join(FIX, 'echo-hereweare.jpg'));
    const retry = await multipart(created.uploadUrl.uploadUrl, created.uploadUrl.uploadToken, new Blob([jpg]), 'echo.jpg');
    expect(await retry.json()).toMatchObject({ status: 'Ready', size: jpg.length });
  });

  it('sets Error naming the file for a video sent as an image, and 422 without a file field', async () => {
    const created = (await (await createMedia({ type: 'LogoImage', name: 'Logo', accountId: demoId })).json()) as { id: number; uploadUrl: { uploadUrl: string; uploadToken: string } };
    const noFile = await fetch(`${baseUrl}${created.uploadUrl.uploadUrl}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.editor}`, 'Upload-Token': created.uploadUrl.uploadToken },
      body: new FormData(),
    });
    expect(noFile.status).toBe(422);
    const res = await multipart(created.uploadUrl.uploadUrl, created.uploadUrl.uploadToken, new Blob([readFileSync(path.join(FIX, 'sample.mp4'))]), 'logo.png');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'Error', errorReason: expect.stringMatching(/^"logo\.png" is not a supported image file \(accepted: jpeg, png, gif\)/) });
  });

  it('accepts a short video through multipart and queues its processing', async () => {
    const created = (await (await createMedia({ type: 'SlideVideo', name: 'Clip', accountId: demoId })).json()) as { id: number; uploadUrl: { uploadUrl: string; uploadToken: string } };
    const res = await multipart(created.uploadUrl.uploadUrl, created.uploadUrl.uploadToken, new Blob([readFileSync(path.join(FIX, 'sample.mp4'))]), 'clip.mp4');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'Draft', errorReason: null });
    await processMedia(created.id);
    const ready = await getMedia(created.id);
    expect(ready).toMatchObject({ status: 'Ready', width: 1080, height: 720 });
    expect(ready.url).toMatch(/\/source\.mp4$/);
  });

  it('validates the body (422), refuses a Viewer (403) and another account (404)', async () => {
    const bad = await createMedia({ type: 'Song', name: ' ', accountId: demoId });
    expect(bad.status).toBe(422);
    const errors = ((await bad.json()) as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['name', 'type']);
    expect((await createMedia({ type: 'SlideImage', name: 'x', accountId: demoId }, tokens.viewer)).status).toBe(403);
    expect((await createMedia({ type: 'SlideImage', name: 'x', accountId: otherAccountId })).status).toBe(404);
  });
});

describe('GET /media', () => {
  it('lists the account media with filters and paging; another account is 404', async () => {
    const res = await ctx.call('GET', `/api/media?account_id=${demoId}&media_types=SlideImage,CoverImage&size=1&order_by=name&order_direction=asc`, { token: tokens.viewer });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { records: MediaJson[]; metadata: { page: number; pageSize: number; pageCount: number; totalCount: number } };
    expect(body.metadata).toEqual({ page: 1, pageSize: 1, pageCount: 2, totalCount: 2 });
    expect(body.records.map((r) => r.name)).toEqual(['Bunny']);

    const byName = (await (await ctx.call('GET', `/api/media?account_id=${demoId}&name=ECH`, { token: tokens.editor })).json()) as { records: MediaJson[] };
    expect(byName.records.map((r) => r.name)).toEqual(['Echo']);
    const videos = (await (await ctx.call('GET', `/api/media?account_id=${demoId}&media_types=VIDEO&size=100`, { token: tokens.editor })).json()) as { records: MediaJson[] };
    expect(videos.records.length).toBeGreaterThan(0);
    expect(videos.records.every((r) => r.mediaType === 'VIDEO')).toBe(true);

    expect((await ctx.call('GET', `/api/media?account_id=${otherAccountId}`, { token: tokens.editor })).status).toBe(404);
    expect((await ctx.call('GET', `/api/media?account_id=abc&order_by=size`, { token: tokens.editor })).status).toBe(422);
    expect((await ctx.call('GET', '/api/media', { token: tokens.editor })).status).toBe(422);
  });

  it('hides media of another account (404) and 404s a missing file', async () => {
    const [row] = await ctx.deps.db.insert(media).values({ accountId: otherAccountId, name: 'Secret', type: 'SlideImage' }).returning();
    expect((await ctx.call('GET', `/api/media/${row!.id}`, { token: tokens.owner })).status).toBe(404);
    expect((await ctx.call('GET', '/api/media/999999', { token: tokens.owner })).status).toBe(404);
    expect((await fetch(`${baseUrl}/files/1/nope/poster.jpg`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/files/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});
