/**
 * Media on S3-compatible storage (issue 5 "Storage"), end to end through the app with `S3_*` set
 * against a local s3rver (server/test/s3.ts): tus uploads go to @tus/s3-store in the bucket, the
 * finished upload is checked by its first bytes and moved to the media's source key, the processing
 * job reads it back through `withLocalPath`, `/files` serves byte ranges from the bucket, and deleting
 * the media removes its objects.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { serve, type ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { startTestS3, type TestS3 } from '../../../test/s3';
import { accounts, jobs, media } from '../../db/schema';
import { runNextJob, type JobRow } from '../../jobs/queue';
import { mediaJobHandlers, MEDIA_PROCESS } from '../../media/process';
import { S3Storage } from '../../media/storage.s3';
import type { MediaJson } from './media.schemas';

const FIX = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/media');
const PREFIX = 'vb/';
const MiB = 1024 * 1024;
let s3: TestS3;
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;
let demoId: number;
const tokens: Record<string, string> = {};

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  s3 = await startTestS3({ prefix: PREFIX });
  ctx = await createTestContext(s3.env);
  const [demo] = await ctx.deps.db.select().from(accounts).where(eq(accounts.publicId, 'demo'));
  demoId = demo!.id;
  for (const who of ['editor', 'viewer']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx?.close();
  await s3?.close();
});

/** The bytes of one object in the test bucket (full key, prefix included). */
async function objectBytes(key: string): Promise<Buffer> {
  const res = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

/** The full object key of a media row's source file. */
async function sourceObjectOf(mediaId: number): Promise<string> {
  const [row] = await ctx.deps.db.select({ sourceKey: media.sourceKey }).from(media).where(eq(media.id, mediaId));
  expect(row?.sourceKey).toMatch(/^\d+\/[0-9a-f-]{36}\/source\.mp4$/);
  return `${PREFIX}${row!.sourceKey}`;
}

/** The full object key of a `/files/{key}` URL. */
const objectKeyOf = (url: string) => `${PREFIX}${url.replace(/^\/files\//, '')}`;

const getMedia = async (id: number): Promise<MediaJson> => {
  const res = await ctx.call('GET', `/api/media/${id}`, { token: tokens.editor });
  expect(res.status).toBe(200);
  return (await res.json()) as MediaJson;
};

const jobOf = async (mediaId: number): Promise<JobRow | undefined> => {
  const rows = await ctx.deps.db.select().from(jobs).where(sql`${jobs.type} = ${MEDIA_PROCESS} AND ${jobs.payload} ->> 'mediaId' = ${String(mediaId)}`);
  return rows[0];
};

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

/** A tus-js-client upload in 1 MiB PATCHes; resolves with the Media-Id and the error answer, if any. */
function tusUpload(file: Buffer, opts: { name: string; type: string; filename: string }): Promise<{ mediaId: number | null; error: { status: number; body: string } | null; patches: number }> {
  return new Promise((resolve) => {
    let mediaId: number | null = null;
    let patches = 0;
    const upload = new tus.Upload(file, {
      endpoint: `${baseUrl}/api/media/tus`,
      chunkSize: MiB,
      retryDelays: [],
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${tokens.editor}`, 'Account-Id': String(demoId) },
      metadata: { name: opts.name, type: opts.type, filename: opts.filename },
      onAfterResponse(req, res) {
        if (req.getMethod() === 'PATCH') patches++;
        const id = res.getHeader('Media-Id');
        if (id) mediaId = Number(id);
      },
      onSuccess: () => resolve({ mediaId, error: null, patches }),
      onError(err) {
        const res = (err as tus.DetailedError).originalResponse;
        resolve({ mediaId, error: { status: res?.getStatus() ?? 0, body: res?.getBody() ?? String(err) }, patches });
      },
    });
    upload.start();
  });
}

const tusHeaders = (token = tokens.editor!) => ({ Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' });

/** `POST /api/media/tus` by hand; answers the Location and Media-Id. */
async function createUpload(length: number, name: string): Promise<{ location: string; mediaId: number }> {
  const res = await fetch(`${baseUrl}/api/media/tus`, {
    method: 'POST',
    headers: {
      ...tusHeaders(),
      'Account-Id': String(demoId),
      'Upload-Length': String(length),
      'Upload-Metadata': `name ${Buffer.from(name).toString('base64')},type ${Buffer.from('SlideVideo').toString('base64')}`,
    },
  });
  expect(res.status).toBe(201);
  return { location: res.headers.get('location')!, mediaId: Number(res.headers.get('media-id')) };
}

const patch = (location: string, offset: number, body: Buffer) =>
  fetch(`${baseUrl}${location}`, {
    method: 'PATCH',
    headers: { ...tusHeaders(), 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body,
  });

const headOffset = async (location: string, token = tokens.editor!) => {
  const res = await fetch(`${baseUrl}${location}`, { method: 'HEAD', headers: tusHeaders(token) });
  return { status: res.status, offset: res.headers.get('upload-offset') };
};

describe('media on S3 storage', () => {
  it('runs on S3Storage with the tus uploads in the same bucket', () => {
    expect(ctx.deps.storage).toBeInstanceOf(S3Storage);
    expect((ctx.deps.storage as S3Storage).prefix).toBe(PREFIX);
  });

  it('tus upload in several PATCHes → job → Ready; /files answers ranges from the bucket; delete removes the objects', async () => {
    const file = readFileSync(path.join(FIX, 'sample_with_increasing_timestamps_360p.mp4'));
    const out = await tusUpload(file, { name: 'Timestamps', type: 'SlideVideo', filename: 'timestamps.mp4' });
    expect(out.error).toBeNull();
    expect(out.patches).toBe(Math.ceil(file.length / MiB));
    const mediaId = out.mediaId!;

    // The finished upload was moved to the media's source key; no tus object is left behind.
    const draft = await getMedia(mediaId);
    expect(draft).toMatchObject({ status: 'Draft', size: file.length });
    expect(await s3.listKeys(`${PREFIX}tus/`)).toEqual([]);
    const sources = (await s3.listKeys(`${PREFIX}${demoId}/`)).filter((k) => k.endsWith('/source.mp4'));
    const sourceObject = await sourceObjectOf(mediaId);
    expect(sources).toContain(sourceObject);
    expect(sha256(await objectBytes(sourceObject))).toBe(sha256(file));

    const job = await processMedia(mediaId);
    expect(job.status).toBe('done');
    const ready = await getMedia(mediaId);
    expect(ready).toMatchObject({ status: 'Ready', width: expect.any(Number), height: expect.any(Number) });
    expect(ready.duration).toBeGreaterThan(0);
    const folder = path.posix.dirname(sourceObject);
    expect(await s3.listKeys(`${folder}/`)).toEqual(expect.arrayContaining([sourceObject, `${folder}/poster.jpg`]));

    // Ranges of the playback file come from the bucket.
    const playback = await objectBytes(objectKeyOf(ready.url!));
    const part = await fetch(`${baseUrl}${ready.url}`, { headers: { Range: 'bytes=1000-5999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-5999/${playback.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(playback.subarray(1000, 6000))).toBe(true);
    const tail = await fetch(`${baseUrl}${ready.url}`, { headers: { Range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(playback.subarray(playback.length - 100))).toBe(true);
    if (ready.url!.endsWith('/source.mp4')) expect(sha256(playback)).toBe(sha256(file));
    const poster = await fetch(`${baseUrl}${ready.thumbnailUrl}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    const del = await ctx.call('DELETE', `/api/media/${mediaId}`, { token: tokens.editor });
    expect(del.status).toBe(200);
    expect(await s3.listKeys(`${folder}/`)).toEqual([]);
    expect((await fetch(`${baseUrl}${ready.url}`)).status).toBe(404);
  });

  it('assembles a 13 MiB upload from several multipart parts, resuming at the offset HEAD reports', async () => {
    const head = readFileSync(path.join(FIX, 'sample.mp4'));
    const file = Buffer.concat([head, randomBytes(13 * MiB + 4321 - head.length)]);
    const { location, mediaId } = await createUpload(file.length, 'Big');
    expect(location).toMatch(/^\/api\/media\/tus\/[0-9a-f]{32}$/);
    // 6 MiB: one complete part; 3 MiB: kept aside as an incomplete part; the rest: the final part.
    const cuts = [0, 6 * MiB, 9 * MiB, file.length];
    for (let i = 0; i < cuts.length - 1; i++) {
      expect(await headOffset(location)).toEqual({ status: 200, offset: String(cuts[i]) });
      const res = await patch(location, cuts[i]!, file.subarray(cuts[i], cuts[i + 1]));
      expect(res.status).toBe(204);
      expect(res.headers.get('upload-offset')).toBe(String(cuts[i + 1]));
    }
    const row = await getMedia(mediaId);
    expect(row).toMatchObject({ status: 'Draft', size: file.length });
    expect((await jobOf(mediaId))?.status).toBe('queued');
    expect(sha256(await objectBytes(await sourceObjectOf(mediaId)))).toBe(sha256(file));
    expect(await s3.listKeys(`${PREFIX}tus/`)).toEqual([]);
    expect((await ctx.call('DELETE', `/api/media/${mediaId}`, { token: tokens.editor })).status).toBe(200);
  });

  it('refuses an HTML file named .mp4 with 422 by its first bytes and leaves nothing in the bucket', async () => {
    const before = await s3.listKeys(PREFIX);
    const html = Buffer.from(`<!doctype html><html><body>${'<p>not a video</p>'.repeat(100_000)}</body></html>`);
    const out = await tusUpload(html, { name: 'Fake', type: 'SlideVideo', filename: 'page.mp4' });
    expect(out.error?.status).toBe(422);
    expect(JSON.parse(out.error!.body)).toMatchObject({ code: 'unsupported_media_type', detail: expect.stringContaining('"page.mp4" is not a supported video file') });
    expect(await getMedia(out.mediaId!)).toMatchObject({ status: 'Error', errorReason: expect.stringContaining('page.mp4') });
    expect(await s3.listKeys(PREFIX)).toEqual(before);
  });

  it('checks access to uploads in progress; a cancel aborts the multipart upload and removes the Draft', async () => {
    const { location, mediaId } = await createUpload(8 * MiB, 'Cancelled');
    expect((await patch(location, 0, randomBytes(6 * MiB))).status).toBe(204);
    expect(await headOffset(location)).toEqual({ status: 200, offset: String(6 * MiB) });
    expect((await headOffset(location, tokens.viewer)).status).toBe(403);
    expect((await headOffset('/api/media/tus/0123456789abcdef0123456789abcdef')).status).toBe(404);
    expect((await s3.listKeys(`${PREFIX}tus/`)).length).toBeGreaterThan(0);
    const del = await fetch(`${baseUrl}${location}`, { method: 'DELETE', headers: tusHeaders() });
    expect(del.status).toBe(204);
    expect((await ctx.call('GET', `/api/media/${mediaId}`, { token: tokens.editor })).status).toBe(404);
    expect((await headOffset(location)).status).toBe(404);
    expect(await s3.listKeys(`${PREFIX}tus/`)).toEqual([]);
  });

  it('a cancel after a short PATCH (kept as an incomplete part) leaves no object either', async () => {
    const { location, mediaId } = await createUpload(4 * MiB, 'Short');
    expect((await patch(location, 0, randomBytes(MiB))).status).toBe(204);
    expect(await headOffset(location)).toEqual({ status: 200, offset: String(MiB) });
    expect(await s3.listKeys(`${PREFIX}tus/`)).toEqual(expect.arrayContaining([expect.stringMatching(/\.part$/)]));
    expect((await fetch(`${baseUrl}${location}`, { method: 'DELETE', headers: tusHeaders() })).status).toBe(204);
    expect((await ctx.call('GET', `/api/media/${mediaId}`, { token: tokens.editor })).status).toBe(404);
    expect(await s3.listKeys(`${PREFIX}tus/`)).toEqual([]);
  });
});
