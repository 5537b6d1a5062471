/**
 * The media sweep (media/sweep.ts): an unfinished tus upload older than the expiration and the Draft
 * it created go; a fresh upload, its Draft and Ready media stay; the next sweep is queued 6 h later.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { demoAccountId } from '../../test/accounts';
import { jobs, media } from '../db/schema';
import { runNextJob } from '../jobs/queue';
import { mediaJobHandlers } from './process';
import { MEDIA_SWEEP, scheduleMediaSweep, SWEEP_INTERVAL_MS } from './sweep';
import { TUS_EXPIRATION_MS } from './tus-store';

let ctx: TestContext;
let demoId: number;
let token: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  token = await ctx.signIn('owner@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const tusRequest = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array) =>
  ctx.app.fetch(new Request(`http://localhost${url}`, { method, headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...headers }, body }));

/** Starts a tus upload of `size` bytes and sends its first half. Resolves with the upload path and media id. */
async function halfUpload(name: string, size = 4096): Promise<{ location: string; mediaId: number; uploadId: string }> {
  const created = await tusRequest('POST', '/api/media/tus', {
    'Upload-Length': String(size),
    'Upload-Metadata': `name ${b64(name)},type ${b64('SlideVideo')}`,
    'Account-Id': String(demoId),
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get('location')!, 'http://localhost').pathname;
  const patched = await tusRequest('PATCH', location, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, new Uint8Array(size / 2));
  expect(patched.status).toBe(204);
  return { location, mediaId: Number(created.headers.get('media-id')), uploadId: location.split('/').pop()! };
}

/** Moves an upload's creation (tus config) and its Draft's created_at `ms` into the past. */
async function age(upload: { uploadId: string; mediaId: number }, ms: number): Promise<void> {
  const config = path.join(ctx.deps.env.dataDir, 'tus', `${upload.uploadId}.json`);
  const info = JSON.parse(await readFile(config, 'utf8')) as { creation_date: string };
  info.creation_date = new Date(Date.now() - ms).toISOString();
  await writeFile(config, JSON.stringify(info));
  await ctx.deps.db.update(media).set({ createdAt: new Date(Date.now() - ms) }).where(eq(media.id, upload.mediaId));
}

describe('media sweep', () => {
  it('removes expired unfinished uploads and their Drafts, keeps fresh ones and Ready media, and queues the next run', async () => {
    const stale = await halfUpload('stale.mp4');
    const fresh = await halfUpload('fresh.mp4');
    await age(stale, TUS_EXPIRATION_MS + 2 * DAY);
    await age(fresh, DAY);
    const [ready] = await ctx.deps.db
      .insert(media)
      .values({ accountId: demoId, name: 'old but ready', type: 'SlideVideo', status: 'Ready', sourceKey: `${demoId}/x/source.mp4`, createdAt: new Date(Date.now() - 30 * DAY) })
      .returning();

    expect(await scheduleMediaSweep(ctx.deps.db)).toBe(true);
    expect(await scheduleMediaSweep(ctx.deps.db)).toBe(false); // one pending sweep at a time
    const job = await runNextJob(ctx.deps, mediaJobHandlers);
    expect(job).toMatchObject({ type: MEDIA_SWEEP, status: 'done', result: { expiredUploads: 1, abandonedDrafts: 1 } });

    expect((await tusRequest('HEAD', stale.location, {})).status).toBeGreaterThanOrEqual(404);
    const freshHead = await tusRequest('HEAD', fresh.location, {});
    expect([freshHead.status, freshHead.headers.get('upload-offset')]).toEqual([200, '2048']);
    const left = await ctx.deps.db.select({ id: media.id }).from(media).where(sql`${media.id} IN (${stale.mediaId}, ${fresh.mediaId}, ${ready!.id})`);
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([fresh.mediaId, ready!.id].sort((a, b) => a - b));

    const [next] = await ctx.deps.db.select().from(jobs).where(and(eq(jobs.type, MEDIA_SWEEP), eq(jobs.status, 'queued')));
    expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(SWEEP_INTERVAL_MS - 60_000);
  });
});
