/**
 * tus resume with real processes (issue 5 "Tests and figures"; spec 001 §4 "Media upload", DESIGN §4):
 *
 * (a) the server process is SIGKILLed mid-PATCH once ~40 % of the file has arrived, restarted on the
 *     same DATA_DIR and port, and the same upload resumes (HEAD answers the bytes already stored, not 0);
 *     the media becomes Ready, the stored source's SHA-256 equals the file's and the playback URL answers.
 * (b) a client process is SIGKILLed mid-PATCH at seeded random offsets (3 runs; seed in the test names,
 *     `RESUME_SEED=<n>` reproduces a run); a second client resumes from the stored upload URL; the
 *     stored SHA-256 equals the file's every run and no second media row appears.
 *
 * Kills are triggered by conditions, not time: the PATCH spanning the cut byte sends exactly the bytes
 * before it and stalls (tus-resume.ts `cuttingHttpStack`), and the kill waits until the server's
 * partial tus file holds exactly that many bytes. PGlite only: the spawned servers use their own
 * embedded database (the path under test does not depend on the database kind).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbVariant } from './harness';
import {
  FIXTURES,
  countMediaNamed,
  cuttingHttpStack,
  demoAccountId,
  freePort,
  killAndResume,
  mulberry32,
  partialSize,
  sha256,
  sha256File,
  signIn,
  startServerProcess,
  storedSourcePath,
  waitFor,
  waitForProcessed,
  type ServerProcess,
} from './tus-resume';

/** The largest video fixture (3.3 MB WebM, 44.7 s). */
const FILE = path.join(FIXTURES, 'echo-hereweare.webm');
const CHUNK = 256 * 1024;
/** Limit for a server start or a kill-and-resume run: generous, the 2 shared cores can be very busy. */
const BOOT_TIMEOUT = 180_000;
const SEED = Number(process.env.RESUME_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** A cut byte strictly inside a chunk (never on a chunk boundary), so the kill lands mid-PATCH. */
function midChunk(offset: number): number {
  return offset % CHUNK === 0 ? offset + CHUNK / 2 : offset;
}

const rand = mulberry32(SEED);
const source = readFileSync(FILE);
const sourceSha = sha256(source);
const clientCuts = [0, 1, 2].map(() => midChunk(Math.floor(CHUNK + rand() * (source.length - 2 * CHUNK))));

describe.skipIf(dbVariant === 'postgres')('tus resume across killed processes', () => {
  let dataDir = '';
  let port = 0;
  let server: ServerProcess | undefined;
  let token = '';
  let accountId = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-resume-'));
    port = await freePort();
    server = await startServerProcess({ dataDir, port, timeoutMs: BOOT_TIMEOUT - 10_000 });
    token = await signIn(server.url);
    accountId = await demoAccountId(server.url, token);
  }, BOOT_TIMEOUT);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, BOOT_TIMEOUT);

  it('server SIGKILLed mid-PATCH at 40 %: restarted on the same DATA_DIR, the upload resumes from the stored offset to the same SHA-256', async () => {
    const name = `server-kill-${SEED}.webm`;
    const cutAt = midChunk(Math.floor(source.length * 0.4));
    const headers = { Authorization: `Bearer ${token}`, 'Account-Id': String(accountId) };
    let uploadUrl = '';
    let cut!: () => void;
    const wasCut = new Promise<void>((resolve) => (cut = resolve));
    const firstError = new Promise<Error>((resolve, reject) => {
      const upload = new tus.Upload(source, {
        endpoint: `${server!.url}/api/media/tus`,
        chunkSize: CHUNK,
        retryDelays: null,
        storeFingerprintForResuming: false,
        headers,
        metadata: { name, type: 'SlideVideo', filename: name },
        httpStack: cuttingHttpStack(cutAt, () => cut()),
        onUploadUrlAvailable: () => (uploadUrl = new URL(upload.url ?? '', server!.url).toString()),
        onSuccess: () => reject(new Error('the first upload must not finish')),
        onError: resolve,
      });
      upload.start();
    });
    await wasCut;
    await waitFor('the server to hold the bytes before the cut', async () => ((await partialSize(dataDir, uploadUrl)) === cutAt ? true : undefined));
    await server!.kill('SIGKILL');
    await firstError; // the client saw the connection drop

    server = await startServerProcess({ dataDir, port, timeoutMs: BOOT_TIMEOUT - 10_000 });
    let headOffset = -1;
    let mediaId = 0;
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(source, {
        uploadUrl,
        chunkSize: CHUNK,
        retryDelays: null,
        storeFingerprintForResuming: false,
        headers,
        onAfterResponse(req, res) {
          if (req.getMethod() === 'HEAD') headOffset = Number(res.getHeader('Upload-Offset'));
          const id = res.getHeader('Media-Id');
          if (id) mediaId = Number(id);
        },
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    expect(headOffset).toBe(cutAt);
    expect(mediaId).toBeGreaterThan(0);

    const media = await waitForProcessed(server.url, token, mediaId);
    expect(media.status).toBe('Ready');
    expect(await sha256File(storedSourcePath(dataDir, media))).toBe(sourceSha);
    const playback = await fetch(`${server.url}${media.url}`, { headers: { range: 'bytes=0-15' } });
    expect(playback.status).toBe(206);
    expect(playback.headers.get('content-type')).toMatch(/^video\//);
    expect((await playback.arrayBuffer()).byteLength).toBe(16);
    expect(await countMediaNamed(server.url, token, accountId, name)).toBe(1);
  }, 2 * BOOT_TIMEOUT);

  it.each(clientCuts.map((cutAt, i) => ({ cutAt, run: i + 1 })))(
    `client SIGKILLed mid-PATCH at byte $cutAt (seed ${SEED}, run $run) resumes to the same SHA-256 without a second media row`,
    async ({ cutAt, run }) => {
      const name = `client-kill-${SEED}-${run}.webm`;
      const work = mkdtempSync(path.join(os.tmpdir(), 'vidbot-resume-client-'));
      try {
        const result = await killAndResume({
          url: server!.url,
          token,
          accountId,
          file: FILE,
          name,
          stateFile: path.join(work, 'upload.json'),
          chunkSize: CHUNK,
          cutAt,
          dataDir,
        });
        expect(result.chunkStart).toBe(cutAt - (cutAt % CHUNK));
        expect(result.headOffset).toBe(cutAt);
        const media = await waitForProcessed(server!.url, token, result.mediaId);
        expect(media.status).toBe('Ready');
        expect(await sha256File(storedSourcePath(dataDir, media))).toBe(sourceSha);
        expect(await countMediaNamed(server!.url, token, accountId, name)).toBe(1);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    BOOT_TIMEOUT,
  );

  it('a finished upload whose last answer was lost: resuming it (endpoint set, as the SPA does) reports it complete, without a new upload or media row', async () => {
    const name = `lost-answer-${SEED}.webm`;
    const headers = { Authorization: `Bearer ${token}`, 'Account-Id': String(accountId) };
    let uploadUrl = '';
    let mediaId = 0;
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(source, {
        endpoint: `${server!.url}/api/media/tus`,
        chunkSize: CHUNK,
        retryDelays: null,
        storeFingerprintForResuming: false,
        headers,
        metadata: { name, type: 'SlideVideo', filename: name },
        onAfterResponse(_req, res) {
          const id = res.getHeader('Media-Id');
          if (id) mediaId = Number(id);
        },
        onUploadUrlAvailable: () => (uploadUrl = new URL(upload.url ?? '', server!.url).toString()),
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    // The client never saw that answer (connection lost, tab closed): it resumes the same URL.
    const methods: string[] = [];
    let head = { status: 0, offset: '', length: '', mediaId: '' };
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(source, {
        endpoint: `${server!.url}/api/media/tus`,
        uploadUrl,
        chunkSize: CHUNK,
        retryDelays: null,
        storeFingerprintForResuming: false,
        headers,
        metadata: { name, type: 'SlideVideo', filename: name },
        onAfterResponse(req, res) {
          methods.push(req.getMethod());
          if (req.getMethod() === 'HEAD') {
            head = {
              status: res.getStatus(),
              offset: res.getHeader('Upload-Offset') ?? '',
              length: res.getHeader('Upload-Length') ?? '',
              mediaId: res.getHeader('Media-Id') ?? '',
            };
          }
        },
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    expect(methods).toEqual(['HEAD']);
    expect(head).toEqual({ status: 200, offset: String(source.length), length: String(source.length), mediaId: String(mediaId) });
    expect(await countMediaNamed(server!.url, token, accountId, name)).toBe(1);
    // Access as for an unfinished upload: staff may upload to any account, a Viewer may not.
    const other = await fetch(uploadUrl, { method: 'HEAD', headers: { authorization: `Bearer ${await signIn(server!.url, 'superadmin@example.com')}`, 'tus-resumable': '1.0.0' } });
    expect(other.status).toBe(200);
    const viewer = await fetch(uploadUrl, { method: 'HEAD', headers: { authorization: `Bearer ${await signIn(server!.url, 'viewer@example.com')}`, 'tus-resumable': '1.0.0' } });
    expect(viewer.status).toBe(403);
    const media = await waitForProcessed(server!.url, token, mediaId);
    expect(await sha256File(storedSourcePath(dataDir, media))).toBe(sourceSha);
  }, BOOT_TIMEOUT);
});
