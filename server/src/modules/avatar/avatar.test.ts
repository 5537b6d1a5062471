/**
 * Avatar video generator (issue 16 "Avatar generator"; spec 001 §2, §3, §5, §7, §9) on PGlite and
 * PostgreSQL: rights (feature video_generation, Viewer, other accounts), request validation (422 with
 * field messages), the embedded ffmpeg provider end to end — a fixture JPEG uploaded to the media
 * library becomes a talking photo, the `avatar.render` job renders it with real ffmpeg and the MP4
 * lands in the media library through `media.process` (ffprobe: 720×1280 H.264 with AAC audio, burned-in
 * captions visible) — and the HeyGen adapter against the local fake of HeyGen's API.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { loadEnv } from '../../env';
import { createAccount, demoAccountId } from '../../../test/accounts';
import { startFakeHeyGen, type FakeHeyGen } from '../../../test/fakes/heygen';
import { featureFlags, media } from '../../db/schema';
import { runNextJob, type JobHandlers } from '../../jobs/queue';
import { ffprobe } from '../../media/ffmpeg';
import { mediaJobHandlers } from '../../media/process';
import { findAiJob } from '../ai/ai.repo';
import { readingSeconds, splitCaptions, TAIL_SECONDS, timeCaptions } from './avatar.captions';
import { chromiumPackageFont, readTarMember } from './avatar.fonts';
import { avatarJobHandlers } from './avatar.job';

const MEDIA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/media');
const HANDLERS: JobHandlers = { ...avatarJobHandlers, ...mediaJobHandlers };

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

/** Runs due jobs (render, then processing) until none is left; the last rows of each. */
async function drainJobs(ctx: TestContext): Promise<void> {
  for (let i = 0; i < 10; i++) if (!(await runNextJob(ctx.deps, HANDLERS))) return;
}

/** Uploads the fixture JPEG as a Ready SlideImage of `accountId` through the API; its id. */
async function uploadImage(ctx: TestContext, token: string, accountId: number, name: string): Promise<number> {
  const created = await json<{ id: number; uploadUrl: { uploadUrl: string; uploadToken: string } }>(
    await ctx.call('POST', '/api/media', { token, body: { type: 'SlideImage', name, accountId } }),
    201,
  );
  const form = new FormData();
  form.append('file', new Blob([await readFile(path.join(MEDIA_DIR, 'big_buck_bunny.jpg'))], { type: 'image/jpeg' }), 'big_buck_bunny.jpg');
  const res = await ctx.app.request(created.uploadUrl.uploadUrl, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'Upload-Token': created.uploadUrl.uploadToken }, body: form });
  expect((await json<{ status: string }>(res, 200)).status).toBe('Ready');
  return created.id;
}

const request = (accountId: number, talkingPhotoId: string, over: { title?: string; script?: string; style?: string; caption?: boolean; voiceId?: string | null } = {}) => ({
  accountId,
  title: over.title ?? 'Avatar hello',
  caption: over.caption ?? true,
  dimension: { width: 720, height: 1280 },
  videoInputs: [
    {
      character: { type: 'talking_photo', talkingPhotoId, talkingPhotoStyle: over.style ?? 'square', scale: 1.1 },
      voice: { type: 'text', voiceId: over.voiceId ?? null, inputText: over.script ?? 'Welcome to Aurora Bakery. Fresh bread every morning!' },
    },
  ],
});

/** Mean absolute difference of two equally sized gray8 frames, 0..255. */
function meanDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('captions (pure)', () => {
  it('splits a script into ≤ 2 lines of ≤ 22 characters, words whole, long words cut', () => {
    const chunks = splitCaptions('Welcome to Aurora Bakery. Fresh bread every morning, and cakes for every celebration! Supercalifragilisticexpialidocious');
    expect(chunks.flat().every((l) => l.length <= 22)).toBe(true);
    expect(chunks.every((c) => c.length >= 1 && c.length <= 2)).toBe(true);
    expect(chunks[0]).toEqual(['Welcome to Aurora', 'Bakery. Fresh bread']);
    expect(chunks.flat().join(' ').replace(/ /g, '')).toBe('Welcome to Aurora Bakery. Fresh bread every morning, and cakes for every celebration! Supercalifragilisticexpialidocious'.replace(/ /g, ''));
    expect(splitCaptions('   ')).toEqual([]);
  });

  it('times chunks in proportion to their length and ends with the speech', () => {
    // Weights: characters + 1 (the gap after a chunk): 4 and 12 of 16.
    const timed = timeCaptions([['aaa'], ['bbbbbbbbbbb']], 8);
    expect(timed[0]).toMatchObject({ start: 0, end: 2 });
    expect(timed[1]).toMatchObject({ start: 2, end: 8 });
    expect(readingSeconds('one two three')).toBe(2);
    expect(readingSeconds(Array(300).fill('word').join(' '))).toBe(120);
  });

  it('reads a member of a tar archive (the packaged caption font)', () => {
    const header = Buffer.alloc(512);
    header.write('fonts/x/Font.ttf', 0);
    header.write('00000000005\0', 124);
    const tar = Buffer.concat([header, Buffer.from('hello'), Buffer.alloc(507), Buffer.alloc(1024)]);
    expect(readTarMember(tar, 'Font.ttf')?.toString()).toBe('hello');
    expect(readTarMember(tar, 'Other.ttf')).toBeNull();
  });

  it('unpacks the fallback caption font from the npm package @sparticuz/chromium', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fonts-'));
    try {
      const font = await chromiumPackageFont(dir);
      expect(font).toBe(path.join(dir, 'OpenSans-Bold.ttf'));
      // A TrueType file: sfnt version 0x00010000.
      expect((await readFile(font!)).subarray(0, 4).toString('hex')).toBe('00010000');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('avatar generator with the embedded ffmpeg provider', () => {
  let ctx: TestContext;
  let D: number;
  let O: number;
  let photoId: string;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    D = await demoAccountId(ctx);
    O = await createAccount(ctx, 'Avatar Other');
    await ctx.deps.db.insert(featureFlags).values({ name: 'video_generation', flagType: 'dashboard', accountIds: [D] });
    for (const who of ['owner', 'editor', 'viewer', 'superadmin']) tok[who] = await ctx.signIn(`${who}@example.com`);
    photoId = `media-${await uploadImage(ctx, tok.editor!, D, 'Bunny portrait')}`;
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses without the feature (403 featureDisabled), for a Viewer (403), another account (404), no token (401)', async () => {
    const off = await json<{ code: string }>(await ctx.call('GET', `/api/generate/avatar-groups?account_id=${O}`, { token: tok.superadmin }), 403);
    expect(off.code).toBe('featureDisabled');
    expect((await json<{ code: string }>(await ctx.call('POST', '/api/generate/avatar', { token: tok.superadmin, body: request(O, photoId) }), 403)).code).toBe('featureDisabled');
    await json(await ctx.call('GET', `/api/generate/voices?account_id=${D}`, { token: tok.viewer }), 403);
    await json(await ctx.call('POST', '/api/generate/avatar', { token: tok.viewer, body: request(D, photoId) }), 403);
    await json(await ctx.call('GET', `/api/generate/avatar-groups?account_id=${O}`, { token: tok.editor }), 404);
    await json(await ctx.call('GET', `/api/generate/avatar-groups?account_id=999999`, { token: tok.superadmin }), 404);
    await json(await ctx.call('GET', `/api/generate/avatar-groups?account_id=${D}`), 401);
  });

  it('answers 422 with field messages for a bad request (title, avatar style, script required; spec 001 §5)', async () => {
    const bad = request(D, photoId, { title: '   ', script: '', style: 'oval' });
    const res = await json<{ errors: Record<string, string> }>(await ctx.call('POST', '/api/generate/avatar', { token: tok.editor, body: bad }), 422);
    expect(res.errors).toMatchObject({
      title: 'Title is required.',
      'videoInputs.0.character.talkingPhotoStyle': 'Avatar style is required.',
      'videoInputs.0.voice.inputText': 'Script is required.',
    });
    const wrongSize = { ...request(D, photoId), dimension: { width: 1920, height: 1080 } };
    expect(Object.keys((await json<{ errors: Record<string, string> }>(await ctx.call('POST', '/api/generate/avatar', { token: tok.editor, body: wrongSize }), 422)).errors)).toContain('dimension.width');
    const q = await json<{ errors: Record<string, string> }>(await ctx.call('GET', `/api/generate/avatar-groups?account_id=${D}&size=0`, { token: tok.editor }), 422);
    expect(q.errors.size).toBe('size must be an integer between 1 and 50.');
    expect((await json<{ errors: Record<string, string> }>(await ctx.call('GET', '/api/generate/voices', { token: tok.editor }), 422)).errors.account_id).toBeTruthy();
  });

  it('lists the account\'s Ready images as avatar groups (4 per page), their avatar and the voices', async () => {
    for (let i = 0; i < 4; i++) await uploadImage(ctx, tok.editor!, D, `Extra photo ${i}`);
    const page1 = await json<{ records: Array<{ id: string; name: string; numLooks: number; previewImage: string }>; metadata: Record<string, number> }>(
      await ctx.call('GET', `/api/generate/avatar-groups?account_id=${D}`, { token: tok.editor }),
      200,
    );
    expect(page1.metadata).toEqual({ page: 1, pageSize: 4, pageCount: 2, totalCount: 5 });
    expect(page1.records.map((g) => g.name)).toEqual(['Extra photo 3', 'Extra photo 2', 'Extra photo 1', 'Extra photo 0']);
    expect(page1.records[0]).toMatchObject({ numLooks: 1, previewImage: expect.stringMatching(/^\/files\/\d+\/.+\/source\.jpg$/) });
    const page2 = await json<{ records: Array<{ id: string; name: string }> }>(await ctx.call('GET', `/api/generate/avatar-groups?account_id=${D}&page=2`, { token: tok.editor }), 200);
    expect(page2.records).toEqual([expect.objectContaining({ id: photoId, name: 'Bunny portrait' })]);
    const avatars = await json<{ records: unknown[] }>(await ctx.call('GET', `/api/generate/avatar-groups/${photoId}/avatars?account_id=${D}`, { token: tok.editor }), 200);
    expect(avatars.records).toEqual([{ avatarId: photoId, avatarName: 'Bunny portrait', voiceId: expect.any(String), previewImageUrl: expect.stringMatching(/^\/files\//), previewVideoUrl: null }]);
    // Another account's image is not a group of this one; nonsense ids are unknown.
    const foreign = await uploadImage(ctx, tok.superadmin!, O, 'Foreign');
    await json(await ctx.call('GET', `/api/generate/avatar-groups/media-${foreign}/avatars?account_id=${D}`, { token: tok.editor }), 404);
    await json(await ctx.call('GET', `/api/generate/avatar-groups/nope/avatars?account_id=${D}`, { token: tok.editor }), 404);
    const voices = await json<{ records: Array<{ voiceId: string }> }>(await ctx.call('GET', `/api/generate/voices?account_id=${D}`, { token: tok.editor }), 200);
    expect(voices.records.length).toBeGreaterThan(0);
    expect(voices.records.map((v) => v.voiceId)).toContain(avatars.records.length ? (avatars.records[0] as { voiceId: string }).voiceId : '');
  });

  it('renders the photo to a 720×1280 H.264/AAC video that lands in the media library (job → ready { mediaId })', async () => {
    const script = 'Welcome to Aurora Bakery. Fresh bread every morning!';
    const created = await json<{ jobId: string; type: string; status: string }>(await ctx.call('POST', '/api/generate/avatar', { token: tok.editor, body: request(D, photoId, { title: 'Bakery hello', script }) }), 202);
    expect(created).toMatchObject({ type: 'avatar', status: 'queued' });
    await drainJobs(ctx);
    const job = await findAiJob(ctx.deps.db, created.jobId);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'ready', progress: 1, error: null, type: 'avatar' });
    const mediaId = (job!.result as { mediaId: number }).mediaId;
    const [row] = await ctx.deps.db.select().from(media).where(eq(media.id, mediaId));
    expect(row).toMatchObject({ accountId: D, name: 'Bakery hello', type: 'SlideVideo', status: 'Ready', width: 720, height: 1280 });
    expect(row!.posterKey).toBeTruthy();
    const probe = await ctx.deps.storage.withLocalPath(row!.playbackKey!, (p) => ffprobe(ctx.deps.env, p));
    expect(probe.video).toMatchObject({ codec: 'h264', width: 720, height: 1280, pixFmt: 'yuv420p' });
    expect(probe.audio).toMatchObject({ codec: 'aac' });
    // Silent reading of the script (espeak-ng absent) + the tail; speech (espeak-ng present) differs.
    expect(probe.duration).toBeGreaterThan(2);
    if (!(await ctx.call('GET', `/api/generate/voices?account_id=${D}`, { token: tok.editor }).then((r) => r.text())).includes('espeak')) {
      expect(probe.duration).toBeCloseTo(readingSeconds(script) + TAIL_SECONDS, 0);
    }
    // Listed in the media library like any upload.
    const list = await json<{ records: Array<{ id: number }> }>(await ctx.call('GET', `/api/media?account_id=${D}&media_types=VIDEO`, { token: tok.editor }), 200);
    expect(list.records.map((r) => r.id)).toContain(mediaId);

    // Captions are burned in: the caption band differs from a render without them; the top of the frame does not.
    const plain = await json<{ jobId: string }>(await ctx.call('POST', '/api/generate/avatar', { token: tok.editor, body: request(D, photoId, { title: 'No captions', script, caption: false }) }), 202);
    await drainJobs(ctx);
    const plainId = ((await findAiJob(ctx.deps.db, plain.jobId))!.result as { mediaId: number }).mediaId;
    const [plainRow] = await ctx.deps.db.select().from(media).where(eq(media.id, plainId));
    const band = async (key: string, crop: string) =>
      ctx.deps.storage.withLocalPath(key, async (p) => {
        const out = await runRaw(ctx.deps.env.ffmpegPath, ['-v', 'error', '-ss', '0.6', '-i', p, '-frames:v', '1', '-vf', `crop=${crop},format=gray`, '-f', 'rawvideo', 'pipe:1']);
        return out;
      });
    const captionBand = '720:200:0:930';
    const topBand = '720:200:0:100';
    expect(meanDiff(await band(row!.playbackKey!, captionBand), await band(plainRow!.playbackKey!, captionBand))).toBeGreaterThan(4);
    expect(meanDiff(await band(row!.playbackKey!, topBand), await band(plainRow!.playbackKey!, topBand))).toBeLessThan(2);
  });

  it('renders the circle style too', async () => {
    const created = await json<{ jobId: string }>(await ctx.call('POST', '/api/generate/avatar', { token: tok.owner, body: request(D, photoId, { title: 'Circle', style: 'circle', script: 'Hi there!' }) }), 202);
    await drainJobs(ctx);
    const job = await findAiJob(ctx.deps.db, created.jobId);
    expect(job?.status, JSON.stringify(job)).toBe('ready');
  });

  it('fails the job with a clear error for an unknown avatar or voice (no media created)', async () => {
    const before = (await ctx.deps.db.select().from(media)).length;
    const unknown = await json<{ jobId: string }>(await ctx.call('POST', '/api/generate/avatar', { token: tok.editor, body: request(D, 'media-999999') }), 202);
    const voice = await json<{ jobId: string }>(await ctx.call('POST', '/api/generate/avatar', { token: tok.editor, body: request(D, photoId, { voiceId: 'klingon' }) }), 202);
    await drainJobs(ctx);
    expect(await findAiJob(ctx.deps.db, unknown.jobId)).toMatchObject({ status: 'failed', error: "The avatar was not found: choose one of the account's Ready images." });
    expect(await findAiJob(ctx.deps.db, voice.jobId)).toMatchObject({ status: 'failed', error: 'Unknown voice "klingon".' });
    expect((await ctx.deps.db.select().from(media)).length).toBe(before);
  });
});

/** ffmpeg's stdout as bytes (raw frames). */
async function runRaw(cmd: string, args: string[]): Promise<Buffer> {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

describe('avatar generator with a HeyGen-compatible API (local fake)', () => {
  let ctx: TestContext;
  let fake: FakeHeyGen;
  let D: number;
  let editor: string;

  beforeAll(async () => {
    fake = await startFakeHeyGen({ videoFile: path.join(MEDIA_DIR, 'sample.mp4'), processingPolls: 2 });
    ctx = await createTestContext(fake.env);
    D = await demoAccountId(ctx);
    await ctx.deps.db.insert(featureFlags).values({ name: 'video_generation', flagType: 'dashboard', accountIds: [D] });
    editor = await ctx.signIn('editor@example.com');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('lists HeyGen\'s avatar groups 4 per page, the looks of a group and the voices', async () => {
    const page1 = await json<{ records: Array<{ id: string; numLooks: number; previewImage: string }>; metadata: Record<string, number> }>(
      await ctx.call('GET', `/api/generate/avatar-groups?account_id=${D}`, { token: editor }),
      200,
    );
    expect(page1.metadata).toEqual({ page: 1, pageSize: 4, pageCount: 2, totalCount: 5 });
    expect(page1.records[0]).toEqual({ id: 'grp_anna', name: 'Anna', numLooks: 2, previewImage: `${fake.url}/previews/grp_anna.jpg` });
    const page2 = await json<{ records: Array<{ id: string }> }>(await ctx.call('GET', `/api/generate/avatar-groups?account_id=${D}&page=2`, { token: editor }), 200);
    expect(page2.records.map((g) => g.id)).toEqual(['grp_eeva']);
    const avatars = await json<{ records: unknown[] }>(await ctx.call('GET', `/api/generate/avatar-groups/grp_anna/avatars?account_id=${D}`, { token: editor }), 200);
    expect(avatars.records).toEqual([
      { avatarId: 'tp_anna_office', avatarName: 'Anna in the office', voiceId: 'voice_en_1', previewImageUrl: `${fake.url}/previews/tp_anna_office.jpg`, previewVideoUrl: `${fake.url}/previews/tp_anna_office.mp4` },
      { avatarId: 'tp_anna_cafe', avatarName: 'Anna at a café', voiceId: 'voice_en_1', previewImageUrl: `${fake.url}/previews/tp_anna_cafe.jpg`, previewVideoUrl: `${fake.url}/previews/tp_anna_cafe.mp4` },
    ]);
    await json(await ctx.call('GET', `/api/generate/avatar-groups/grp_nobody/avatars?account_id=${D}`, { token: editor }), 404);
    const voices = await json<{ records: unknown[] }>(await ctx.call('GET', `/api/generate/voices?account_id=${D}`, { token: editor }), 200);
    expect(voices.records).toContainEqual({ voiceId: 'voice_fi_1', name: 'Aino', language: 'Finnish' });
    expect(fake.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/v2/avatar_group.list', '/v2/avatar_group/grp_anna/avatars', '/v2/voices']));
  });

  it('generates through POST /v2/video/generate, polls the status, downloads the video into the media library', async () => {
    const created = await json<{ jobId: string }>(
      await ctx.call('POST', '/api/generate/avatar', { token: editor, body: request(D, 'tp_bruno', { title: 'From HeyGen', style: 'circle', voiceId: 'voice_en_2', script: 'Hello from Bruno.' }) }),
      202,
    );
    await drainJobs(ctx);
    const job = await findAiJob(ctx.deps.db, created.jobId);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'ready', progress: 1 });
    const generate = fake.requests.find((r) => r.path === '/v2/video/generate');
    expect(generate?.body).toEqual({
      title: 'From HeyGen',
      caption: true,
      dimension: { width: 720, height: 1280 },
      video_inputs: [
        { character: { type: 'talking_photo', talking_photo_id: 'tp_bruno', talking_photo_style: 'circle', scale: 1.1 }, voice: { type: 'text', voice_id: 'voice_en_2', input_text: 'Hello from Bruno.' } },
      ],
    });
    expect(fake.requests.filter((r) => r.path.startsWith('/v1/video_status.get')).length).toBe(3);
    const [row] = await ctx.deps.db.select().from(media).where(eq(media.id, (job!.result as { mediaId: number }).mediaId));
    expect(row).toMatchObject({ name: 'From HeyGen', type: 'SlideVideo', status: 'Ready' });
    const stored = await ctx.deps.storage.withLocalPath(row!.sourceKey!, (p) => readFile(p));
    expect(stored.equals(await readFile(path.join(MEDIA_DIR, 'sample.mp4')))).toBe(true);
  });

  it('fails the job with HeyGen\'s reason (failed video, unknown talking photo)', async () => {
    fake.options.failWith = 'Insufficient credits';
    try {
      const failed = await json<{ jobId: string }>(await ctx.call('POST', '/api/generate/avatar', { token: editor, body: request(D, 'tp_bruno', { voiceId: 'voice_en_2' }) }), 202);
      const unknown = await json<{ jobId: string }>(await ctx.call('POST', '/api/generate/avatar', { token: editor, body: request(D, 'tp_nobody') }), 202);
      await drainJobs(ctx);
      expect(await findAiJob(ctx.deps.db, failed.jobId)).toMatchObject({ status: 'failed', error: 'HeyGen could not render the video: Insufficient credits.' });
      expect(await findAiJob(ctx.deps.db, unknown.jobId)).toMatchObject({ status: 'failed', error: 'HeyGen refused the request: Talking photo tp_nobody not found.' });
    } finally {
      fake.options.failWith = undefined;
    }
  });

  it('says so when HeyGen refuses the API key (502 avatarProviderError)', async () => {
    const wrong = await createTestContext({ ...fake.env, HEYGEN_API_KEY: 'hg_wrong' });
    try {
      const id = await demoAccountId(wrong);
      await wrong.deps.db.insert(featureFlags).values({ name: 'video_generation', flagType: 'dashboard', accountIds: [id] });
      // (app.request: the contract check of the harness knows 4xx error bodies only; 502 is declared in the route's errors.)
      const token = await wrong.signIn('editor@example.com');
      const res = await json<{ code: string; detail: string }>(await wrong.app.request(`/api/generate/voices?account_id=${id}`, { headers: { authorization: `Bearer ${token}` } }), 502);
      expect(res).toMatchObject({ code: 'avatarProviderError', detail: 'HeyGen refused the API key (HTTP 401); check HEYGEN_API_KEY.' });
    } finally {
      await wrong.close();
    }
  });
});

describe('avatar generator with speech (an espeak-ng stand-in at ESPEAK_PATH)', () => {
  // espeak-ng is not installed on the test machines: a stand-in with its command line (`--version`;
  // `-v <voice> -s <wpm> -w <wav> -f <text file>`) writes 0.5 s of tone per word with the real ffmpeg,
  // and logs its arguments, so the provider's use of espeak-ng is exercised end to end.
  let ctx: TestContext;
  let dir: string;
  let D: number;
  let editor: string;
  let photoId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'espeak-'));
    const ffmpeg = loadEnv({ DATA_DIR: dir }).ffmpegPath;
    const script = `#!/bin/sh
if [ "$1" = "--version" ]; then echo "eSpeak NG text-to-speech: 1.51 (stand-in)"; exit 0; fi
echo "$@" >> "${dir}/args.log"
while [ $# -gt 0 ]; do case "$1" in -w) out="$2"; shift;; -f) txt="$2"; shift;; esac; shift; done
n=$(wc -w < "$txt")
exec "${ffmpeg}" -v error -y -f lavfi -i "sine=frequency=440:duration=$((n * 500))ms" -ac 1 "$out"
`;
    await writeFile(path.join(dir, 'espeak-ng'), script);
    await chmod(path.join(dir, 'espeak-ng'), 0o755);
    ctx = await createTestContext({ ESPEAK_PATH: path.join(dir, 'espeak-ng') });
    D = await demoAccountId(ctx);
    await ctx.deps.db.insert(featureFlags).values({ name: 'video_generation', flagType: 'dashboard', accountIds: [D] });
    editor = await ctx.signIn('editor@example.com');
    photoId = `media-${await uploadImage(ctx, editor, D, 'Speaker')}`;
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('offers the en and fi voices, speaks the script in the chosen voice and the video lasts as long as the speech', async () => {
    const voices = await json<{ records: Array<{ voiceId: string }> }>(await ctx.call('GET', `/api/generate/voices?account_id=${D}`, { token: editor }), 200);
    expect(voices.records.map((v) => v.voiceId)).toEqual(['en', 'fi']);
    const avatars = await json<{ records: Array<{ voiceId: string }> }>(await ctx.call('GET', `/api/generate/avatar-groups/${photoId}/avatars?account_id=${D}`, { token: editor }), 200);
    expect(avatars.records[0]?.voiceId).toBe('en');

    const created = await json<{ jobId: string }>(
      await ctx.call('POST', '/api/generate/avatar', { token: editor, body: request(D, photoId, { title: 'Puhe', voiceId: 'fi', script: 'Tervetuloa leipomoon, tuoretta leipää joka aamu' }) }),
      202,
    );
    // The statuses the job writes while it runs (spec 001 §4; architecture decision 2).
    const seen: string[] = [];
    const watch = setInterval(() => {
      void findAiJob(ctx.deps.db, created.jobId).then((j) => {
        if (j && seen.at(-1) !== j.status) seen.push(j.status);
      });
    }, 25);
    try {
      await drainJobs(ctx);
    } finally {
      clearInterval(watch);
    }
    const job = await findAiJob(ctx.deps.db, created.jobId);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'ready', progress: 1 });
    expect(seen).toContain('generating_script');
    const order = ['queued', 'generating_script', 'completed', 'ready'];
    expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort((a, b) => a - b));
    expect(await readFile(path.join(dir, 'args.log'), 'utf8')).toMatch(/^-v fi -s 160 -w speech\.wav -f script\.txt$/m);
    const [row] = await ctx.deps.db.select().from(media).where(eq(media.id, (job!.result as { mediaId: number }).mediaId));
    const probe = await ctx.deps.storage.withLocalPath(row!.playbackKey!, (p) => ffprobe(ctx.deps.env, p));
    // 6 words × 0.5 s of speech + the 0.5 s tail (a silent reading would take 2.4 s + 0.5 s).
    expect(probe.duration).toBeCloseTo(3.5, 0);
    expect(probe.audio).toMatchObject({ codec: 'aac' });
  });
});
