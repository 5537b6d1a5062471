/**
 * Issue 10 §1 "Bare machine": a server whose ffmpeg cannot run still starts, says so in
 * GET /api/config, and refuses video uploads at creation — `POST /api/media` (multipart flow), tus
 * `POST /api/media/tus` and `POST /api/media/{id}/replace` — with a 422 naming what to install,
 * before any media row is stored. Images (ffprobe only) are still accepted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { expectJson } from '../../../test/media';
import { accounts, media } from '../../db/schema';
import { loadEnv } from '../../env';
import { mediaToolsProblem, MEDIA_TOOLS_MISSING } from './media.service';

let ctx: TestContext;
let demoId: number;
let owner: string;

beforeAll(async () => {
  // An explicit setting that does not run is reported, never replaced by the system's or npm's ffmpeg.
  ctx = await createTestContext({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
  const [demo] = await ctx.deps.db.select().from(accounts).where(eq(accounts.publicId, 'demo'));
  demoId = demo!.id;
  owner = await ctx.signIn('owner@example.com');
});

afterAll(async () => {
  await ctx.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const mediaCount = async () => (await ctx.deps.db.select({ id: media.id }).from(media).where(eq(media.accountId, demoId))).length;

describe('no runnable ffmpeg', () => {
  it('GET /api/config says video cannot be processed and what to install; images still can', async () => {
    const config = await expectJson<{ mediaProcessing: { video: boolean; images: boolean; message?: string } }>(await ctx.call('GET', '/api/config'), 200);
    expect(config.mediaProcessing.video).toBe(false);
    expect(config.mediaProcessing.images).toBe(true);
    expect(config.mediaProcessing.message).toMatch(/ffmpeg cannot run/);
    expect(config.mediaProcessing.message).toMatch(/apt-get install ffmpeg/);
    expect(config.mediaProcessing.message).toMatch(/@ffmpeg-installer\/ffmpeg/);
    // The public endpoint does not reveal the server's paths.
    expect(JSON.stringify(config)).not.toContain('/nonexistent');
  });

  it('POST /api/media for a video answers 422 media_tools_missing and stores nothing', async () => {
    const before = await mediaCount();
    const body = await expectJson<{ detail: string; code: string; errors: Record<string, string> }>(
      await ctx.call('POST', '/api/media', { token: owner, body: { accountId: demoId, name: 'Clip', type: 'SlideVideo' } }),
      422,
    );
    expect(body.code).toBe(MEDIA_TOOLS_MISSING);
    expect(body.detail).toMatch(/install ffmpeg/);
    expect(body.errors.type).toBe(body.detail);
    expect(await mediaCount()).toBe(before);
  });

  it('tus POST for a video answers 422 naming what to install and creates no media', async () => {
    const before = await mediaCount();
    const res = await ctx.call('POST', '/api/media/tus', {
      token: owner,
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1024', 'Account-Id': String(demoId), 'Upload-Metadata': `name ${b64('Clip')},type ${b64('SlideVideo')}` },
    });
    const body = await expectJson<{ detail: string; code: string }>(res, 422);
    expect(body.code).toBe(MEDIA_TOOLS_MISSING);
    expect(body.detail).toMatch(/install ffmpeg/);
    expect(await mediaCount()).toBe(before);
  });

  it('permissions come first: a Viewer still gets 403', async () => {
    const viewer = await ctx.signIn('viewer@example.com');
    expect((await ctx.call('POST', '/api/media', { token: viewer, body: { accountId: demoId, name: 'Clip', type: 'SlideVideo' } })).status).toBe(403);
  });

  it('an image (ffprobe only) is still created', async () => {
    await expectJson(await ctx.call('POST', '/api/media', { token: owner, body: { accountId: demoId, name: 'Picture', type: 'SlideImage' } }), 201);
  });

  it('without ffprobe images are refused too, with their own message', () => {
    const env = loadEnv({ DATA_DIR: ctx.env.dataDir, FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' });
    expect(env.mediaTools.ffprobe.ok).toBe(false);
    expect(mediaToolsProblem(env, 'SlideImage')).toMatch(/^Image uploads are unavailable: ffprobe cannot run/);
    expect(mediaToolsProblem(env, 'LogoVideo')).toMatch(/ffmpeg and ffprobe cannot run/);
    expect(mediaToolsProblem(ctx.env, 'SlideImage')).toBeNull();
  });
});
