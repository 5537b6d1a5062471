/**
 * Graceful shutdown with real processes (issue 18 "SIGTERM: stop accepting, finish requests in flight
 * (up to SHUTDOWN_GRACE_MS), leave tus uploads resumable, release claimed jobs, then exit 0";
 * server/src/server.ts `close()`, server/src/index.ts), on PGlite (DATA_DIR) and on PostgreSQL
 * (DATABASE_URL; run in `server-pg`):
 *
 * 1. SIGTERM while a tus PATCH is in flight (its body held half-sent): the rest of the body is sent
 *    after the signal, the PATCH is answered 204 and the process exits 0 well within the grace.
 * 2. A new server on the same DATA_DIR / DATABASE_URL: that upload resumes from the offset the PATCH
 *    stored. A second upload's PATCH stalls past a short grace: the process cuts it when the grace ends
 *    and still exits 0 (not before the grace, not long after). The media job of the first upload, which
 *    that node was running (ffmpeg/ffprobe on its `source.webm` were its children), is back in the
 *    queue: queued, lease cleared, the attempt not counted (read from PostgreSQL, or from the PGlite
 *    directory once the process has exited).
 * 3. A third server: the second upload resumes from the bytes stored before the cut; both media end
 *    Ready with the SHA-256 of the fixture file.
 *
 * Waits are on conditions (bytes stored on disk, a log line, a job row), not on time; the time
 * assertions are the grace bounds themselves, with generous slack for the 2 shared cores.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createPgDatabase, dbVariant } from './harness';
import { openDatabase } from '../src/db/client';
import { loadMediaTools } from '../src/env';
import {
  FIXTURES,
  cuttingHttpStack,
  demoAccountId,
  freePort,
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

/** The largest video fixture (3.3 MB WebM, 44.7 s): its processing takes a few seconds. */
const FILE = path.join(FIXTURES, 'echo-hereweare.webm');
const CHUNK = 512 * 1024;
const BOOT_TIMEOUT = 180_000;
/** Grace of the first server: the held PATCH must finish well within it. */
const LONG_GRACE = 30_000;
/** Grace of the second server: the stalled PATCH outlives it. */
const SHORT_GRACE = 2_000;
/** Allowance for the rest of the shutdown (workers, database) on a busy machine. */
const SLACK = 15_000;

const source = readFileSync(FILE);
const sourceSha = sha256(source);

/**
 * An `ffprobe` (a shell script in `dir`) that waits `delayS` before probing an uploaded source
 * (`…/source.<ext>`) and then runs this machine's ffprobe; other calls (the start's version check)
 * go straight through. The fixture is browser-playable, so without the wait the media job is an
 * ffprobe and a poster frame of a few hundred ms, which a poll of /proc on a loaded machine can miss
 * entirely (CI saw it time out); with it the job is reliably in flight when the SIGTERM comes.
 */
function slowFfprobe(dir: string, delayS: number): string {
  const real = loadMediaTools(process.env).ffprobe.path ?? 'ffprobe';
  const file = path.join(dir, 'ffprobe');
  writeFileSync(file, `#!/bin/sh\ncase "$*" in *source.*) sleep ${delayS} ;; esac\nexec '${real.replace(/'/g, `'\\''`)}' "$@"\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Resolves when the server process prints a line containing `text` (from now on). */
function printed(server: ServerProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    const onData = (b: Buffer) => {
      seen += b.toString();
      if (seen.includes(text)) {
        server.child.stdout?.off('data', onData);
        resolve();
      }
    };
    server.child.stdout?.on('data', onData);
  });
}

/** Command lines of the live child processes of `pid` (Linux /proc). */
function childCommands(pid: number): string[] {
  const out: string[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** Everything `server` prints from now on (stdout and stderr). */
function collect(server: ServerProcess): () => string {
  let text = '';
  server.child.stdout?.on('data', (b: Buffer) => (text += b.toString()));
  server.child.stderr?.on('data', (b: Buffer) => (text += b.toString()));
  return () => text;
}

interface JobState {
  id: number;
  status: string;
  attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
}

/** SIGTERMs `server`; resolves with its exit code/signal and the ms from the signal to the exit. */
async function terminate(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const t0 = performance.now();
  await server.kill('SIGTERM');
  return { code: server.child.exitCode, signal: server.child.signalCode, ms: performance.now() - t0 };
}

/** Resumes `uploadUrl` to the end; resolves with the HEAD's `Upload-Offset` and the media id. */
function resume(url: string, uploadUrl: string, headers: Record<string, string>): Promise<{ headOffset: number; mediaId: number }> {
  let headOffset = -1;
  let mediaId = 0;
  return new Promise((resolve, reject) => {
    new tus.Upload(source, {
      uploadUrl: uploadUrl.replace(/^http:\/\/127\.0\.0\.1:\d+/, url),
      chunkSize: CHUNK,
      retryDelays: null,
      storeFingerprintForResuming: false,
      headers,
      onAfterResponse(req, res) {
        if (req.getMethod() === 'HEAD') headOffset = Number(res.getHeader('Upload-Offset'));
        const id = res.getHeader('Media-Id');
        if (id) mediaId = Number(id);
      },
      onSuccess: () => resolve({ headOffset, mediaId }),
      onError: reject,
    }).start();
  });
}

interface Started {
  uploadUrl: string;
  chunkStart: number;
  release: () => void;
  /** Settles when the upload ends: rejects with the client's error (the server went away). */
  ended: Promise<unknown>;
  /** `Upload-Offset` of every PATCH answer, in order. */
  acks: number[];
}

/** Starts uploading the fixture as `name` and resolves once its PATCH spanning `holdAt` is held there. */
async function startHeldUpload(url: string, headers: Record<string, string>, name: string, holdAt: number): Promise<Started> {
  const acks: number[] = [];
  let uploadUrl = '';
  let held!: (v: { chunkStart: number; release: () => void }) => void;
  const isHeld = new Promise<{ chunkStart: number; release: () => void }>((r) => (held = r));
  const ended = new Promise<unknown>((resolve, reject) => {
    const upload = new tus.Upload(source, {
      endpoint: `${url}/api/media/tus`,
      chunkSize: CHUNK,
      retryDelays: null,
      storeFingerprintForResuming: false,
      headers,
      metadata: { name, type: 'SlideVideo', filename: name },
      httpStack: cuttingHttpStack(holdAt, (chunkStart, release) => held({ chunkStart, release })),
      onUploadUrlAvailable: () => (uploadUrl = new URL(upload.url ?? '', url).toString()),
      onAfterResponse(req, res) {
        if (req.getMethod() === 'PATCH') acks.push(Number(res.getHeader('Upload-Offset')));
      },
      onSuccess: () => resolve('finished'),
      onError: reject,
    });
    upload.start();
  });
  ended.catch(() => undefined);
  const { chunkStart, release } = await isHeld;
  return { uploadUrl, chunkStart, release, ended, acks };
}

describe('graceful shutdown (SIGTERM) with a tus upload and a job in flight', () => {
  let dataDir = '';
  let port = 0;
  let pgDb: { url: string; drop(): Promise<void> } | undefined;
  let server: ServerProcess | undefined;
  let headers: Record<string, string> = {};
  const start = async (grace: number, env: Record<string, string> = {}) => {
    // A step that failed may have left its server running: one failure, not three.
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill('SIGKILL');
    server = await startServerProcess({
      dataDir,
      port,
      timeoutMs: BOOT_TIMEOUT - 10_000,
      env: { SHUTDOWN_GRACE_MS: String(grace), JOB_CONCURRENCY: '1', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), ...env },
    });
    const token = await signIn(server.url);
    headers = { Authorization: `Bearer ${token}`, 'Account-Id': String(await demoAccountId(server.url, token)) };
    return server;
  };
  // Shared by the steps (they run in order).
  const holdA = Math.floor(source.length * 0.3);
  const holdB = Math.floor(source.length * 0.6);
  let uploadA = '';
  let storedA = 0;
  let uploadB = '';
  let mediaA = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-shutdown-'));
    port = await freePort();
    if (dbVariant === 'postgres') pgDb = await createPgDatabase();
  }, BOOT_TIMEOUT);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await pgDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, BOOT_TIMEOUT);

  it('SIGTERM mid-PATCH: the PATCH finishes after the signal (204), the process exits 0 within the grace', async () => {
    const s1 = await start(LONG_GRACE);
    const up = await startHeldUpload(s1.url, headers, 'shutdown-a.webm', holdA);
    uploadA = up.uploadUrl;
    await waitFor('the server to hold the bytes before the hold', async () => ((await partialSize(dataDir, uploadA)) === holdA ? true : undefined));
    const acksBefore = up.acks.length;
    const stopping = printed(s1, 'SIGTERM: shutting down');
    const stopped = printed(s1, 'Vidbot stopped in');
    const exit = terminate(s1);
    await stopping;
    up.release();
    const { code, signal, ms } = await exit;
    await stopped;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(LONG_GRACE);
    // The PATCH in flight was answered after the signal with all of its chunk stored.
    storedA = up.chunkStart + CHUNK;
    expect(up.acks.slice(acksBefore)).toEqual([storedA]);
    expect(await partialSize(dataDir, uploadA)).toBe(storedA);
    // The client's next PATCH found no server: the upload is unfinished, not lost.
    await expect(up.ended).rejects.toThrow();
  }, 2 * BOOT_TIMEOUT);

  it('restarted: the upload resumes from the stored offset; a PATCH past a short grace is cut, the process still exits 0 at the grace; the claimed media job goes back to the queue', async () => {
    const tools = path.join(dataDir, 'slow-tools');
    mkdirSync(tools, { recursive: true });
    const s2 = await start(SHORT_GRACE, { FFPROBE_PATH: slowFfprobe(tools, 5) });
    const output = collect(s2);
    // Upload B held mid-PATCH, and never released.
    const upB = await startHeldUpload(s2.url, headers, 'shutdown-b.webm', holdB);
    uploadB = upB.uploadUrl;
    await waitFor('the server to hold the bytes of B before the hold', async () => ((await partialSize(dataDir, uploadB)) === holdB ? true : undefined));
    // Upload A resumes from what the first server stored and finishes: its media job is queued.
    const a = await resume(s2.url, uploadA, headers);
    expect(a.headOffset).toBe(storedA);
    mediaA = a.mediaId;
    expect(mediaA).toBeGreaterThan(0);

    const jobQuery = `SELECT id, status, attempts, locked_by, locked_until FROM jobs WHERE type = 'media.process' AND payload->>'mediaId' = '${mediaA}'`;
    let client: pg.Client | undefined;
    if (pgDb) {
      client = new pg.Client({ connectionString: pgDb.url });
      await client.connect();
    }
    try {
      // SIGTERM while this node's worker runs A's media job: its ffprobe on A's source (.webm; the
      // demo's sample videos are .mp4) runs as the server's child and waits 5 s (slowFfprobe).
      await waitFor('the media job of A to run ffprobe', () => (childCommands(s2.pid).some((c) => /ff(mpeg|probe)/.test(c) && c.includes('source.webm')) ? true : undefined)).catch(
        (err: Error) => {
          throw new Error(`${err.message}; the server printed:\n${output().slice(-3000)}`);
        },
      );
      if (client) expect((await client.query<JobState>(jobQuery)).rows[0]?.status).toBe('running');
      const { code, signal, ms } = await terminate(s2);
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      // The stalled PATCH held the drain for the whole grace, then was cut.
      expect(ms).toBeGreaterThanOrEqual(SHORT_GRACE - 100);
      expect(ms).toBeLessThan(SHORT_GRACE + SLACK);
      await expect(upB.ended).rejects.toThrow();
      expect(await partialSize(dataDir, uploadB)).toBe(holdB);
      // Claimed (running) when the signal came: handed back untouched for the next node.
      let job: JobState | undefined;
      if (client) job = (await client.query<JobState>(jobQuery)).rows[0];
      else {
        const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
        try {
          job = ((await database.db.execute(sql.raw(jobQuery))) as unknown as { rows: JobState[] }).rows[0];
        } finally {
          await database.close();
        }
      }
      expect(job).toMatchObject({ status: 'queued', attempts: 0, locked_by: null, locked_until: null });
      expect(output()).toContain(`[jobs] stopping: job ${job!.id} (media.process) handed back to the queue`);
    } finally {
      await client?.end();
    }
  }, 2 * BOOT_TIMEOUT);

  it('restarted again: the cut upload resumes from the bytes stored before the cut; both media end Ready with the file’s SHA-256', async () => {
    const s3 = await start(LONG_GRACE);
    const b = await resume(s3.url, uploadB, headers);
    expect(b.headOffset).toBe(holdB);
    const token = headers.Authorization!.replace('Bearer ', '');
    for (const id of [mediaA, b.mediaId]) {
      const media = await waitForProcessed(s3.url, token, id, BOOT_TIMEOUT - 30_000);
      expect(media.status).toBe('Ready');
      expect(await sha256File(storedSourcePath(dataDir, media))).toBe(sourceSha);
    }
    const { code } = await terminate(s3);
    expect(code).toBe(0);
  }, 2 * BOOT_TIMEOUT);
});
