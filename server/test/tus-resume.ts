/**
 * Helpers for the tus resume tests (server/test/resume.test.ts) and `npm run bench` (bench/resume.ts):
 * the real server as a child process, sign-in over /idp, a deterministic "cut" of a tus PATCH at an
 * exact byte offset, and SHA-256 checks of what the server stored (DESIGN §4; spec 001 §4 "Media
 * upload": uploads resume after a dropped connection or a restarted server).
 *
 * Nothing here is timing-based: kills are triggered by conditions (a PATCH has sent exactly `cutAt`
 * bytes and the server's partial tus file has reached that size), and waits poll a condition with a
 * generous time limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as tus from 'tus-js-client';

/** Repository root (where `server/src/index.ts` lives). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The shared read-only media fixtures beside the clone. */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures/media');
/** Demo password of the seeded users (server/src/db/seed.ts). */
const DEMO_PASSWORD = 'Vidbot-demo-1';
/** Default app client id of the local identity provider (server/src/env.ts). */
const CLIENT_ID = 'vidbotlocalclient';

/** A real Vidbot server running as a child process (`node --import tsx server/src/index.ts`). */
export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** Sends `signal` and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the server on `port` with PGlite under `dataDir` and the demo data, and resolves when it
 * prints its URL. `env` adds/overrides variables (e.g. JOB_CONCURRENCY).
 * @throws when the process exits or does not report listening within `timeoutMs` (default 120 s).
 */
export async function startServerProcess(opts: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** node's arguments; default `--import tsx server/src/index.ts` (as `npm run server`); npm start's bundle in bench/memory.ts and bundle.test.ts. */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, opts.nodeArgs ?? ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      IDP_RATE_LIMIT_BURST: '0',
      ...opts.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${opts.timeoutMs ?? 120_000} ms:\n${output}`));
    }, opts.timeoutMs ?? 120_000);
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes('Vidbot is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  // Keep draining the pipes so a chatty server never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${opts.port}`,
    port: opts.port,
    pid: child.pid!,
    dataDir: opts.dataDir,
    child,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** ID token of a demo user through the Cognito protocol (USER_PASSWORD_AUTH) on `url`/idp. */
export async function signIn(url: string, email = 'owner@example.com'): Promise<string> {
  const res = await fetch(`${url}/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
  });
  const json = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!json.AuthenticationResult) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(json)}`);
  return json.AuthenticationResult.IdToken;
}

/** Id of the demo account (publicId `demo`) as seen by `token`'s user. */
export async function demoAccountId(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/account`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { records: { id: number; publicId: string }[] };
  const account = json.records.find((a) => a.publicId === 'demo');
  if (!account) throw new Error('demo account not found');
  return account.id;
}

/** The parts of `Media` (docs/api.md) these helpers read. */
export interface MediaState {
  id: number;
  status: 'Draft' | 'Ready' | 'Error';
  url: string | null;
  errorReason?: string | null;
}

/** `GET /api/media/{id}`. */
export async function getMedia(url: string, token: string, id: number): Promise<MediaState> {
  const res = await fetch(`${url}/api/media/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api/media/${id}: ${res.status}`);
  return (await res.json()) as MediaState;
}

/**
 * Polls `check` every 50 ms until it returns a value other than undefined.
 * @throws with `what` when `timeoutMs` passes first.
 */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until media `id` leaves Draft; resolves with it (Ready or Error). */
export function waitForProcessed(url: string, token: string, id: number, timeoutMs = 120_000): Promise<MediaState> {
  return waitFor(`media ${id} to be processed`, async () => {
    const m = await getMedia(url, token, id);
    return m.status === 'Draft' ? undefined : m;
  }, timeoutMs);
}

/** Number of media rows (any status, replacements excluded) in `accountId` whose name contains `name`. */
export async function countMediaNamed(url: string, token: string, accountId: number, name: string): Promise<number> {
  const q = new URLSearchParams({ account_id: String(accountId), name, size: '250' });
  const res = await fetch(`${url}/api/media?${q}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { metadata: { totalCount: number } };
  return json.metadata.totalCount;
}

/**
 * Local path of a Ready video's stored source file under `dataDir`: its playback URL
 * `/files/{accountId}/{uuid}/playback.mp4` names the folder that also holds `source.<ext>`
 * (server/src/media/storage.ts `mediaKeys`).
 * @throws when the media has no URL or the folder holds no single source file.
 */
export function storedSourcePath(dataDir: string, media: MediaState): string {
  if (!media.url) throw new Error(`media ${media.id} has no url`);
  const folder = path.join(dataDir, 'media', ...media.url.replace(/^\/files\//, '').split('/').slice(0, -1));
  const sources = readdirSync(folder).filter((f) => f.startsWith('source.'));
  if (sources.length !== 1) throw new Error(`expected one source file in ${folder}, found ${sources.join(', ') || 'none'}`);
  return path.join(folder, sources[0]!);
}

/** Hex SHA-256 of a file's bytes. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Hex SHA-256 of a buffer. */
export function sha256(buf: Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex');
}

/** Size in bytes of the server's partial tus file of `uploadUrl` (`${dataDir}/tus/{uploadId}`), or -1. */
export async function partialSize(dataDir: string, uploadUrl: string): Promise<number> {
  const id = new URL(uploadUrl, 'http://x').pathname.split('/').pop() ?? '';
  try {
    return (await stat(path.join(dataDir, 'tus', id))).size;
  } catch {
    return -1;
  }
}

/** mulberry32: a tiny seeded PRNG; returns floats in [0, 1). Same seed, same sequence. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A tus-js-client HTTP stack that behaves like the default Node one, except for the one PATCH whose
 * body spans byte `cutAt` of the upload: it sends only the bytes before `cutAt`, then calls
 * `onCut(chunkStart, release)` and stalls with the request open. Whoever is watching then kills the
 * client or the server — mid-PATCH, at an exact byte offset — or calls `release()`, which sends the
 * rest of the chunk and ends the body (the graceful-shutdown test, server/test/shutdown.test.ts).
 */
export function cuttingHttpStack(cutAt: number, onCut: (chunkStart: number, release: () => void) => void): tus.HttpStack {
  const inner = new tus.DefaultHttpStack({});
  let done = false;
  return {
    getName: () => 'CuttingHttpStack',
    createRequest(method, url) {
      const req = inner.createRequest(method, url);
      return {
        getMethod: () => req.getMethod(),
        getURL: () => req.getURL(),
        setHeader: (h, v) => req.setHeader(h, v),
        getHeader: (h) => req.getHeader(h),
        setProgressHandler: (fn) => req.setProgressHandler(fn),
        abort: () => req.abort(),
        getUnderlyingObject: () => req.getUnderlyingObject(),
        send(body: unknown) {
          const offset = Number(req.getHeader('Upload-Offset'));
          if (!done && method === 'PATCH' && body instanceof Uint8Array && offset <= cutAt && cutAt < offset + body.length) {
            done = true;
            const stalled = new Readable({ read() {} });
            stalled.push(body.subarray(0, cutAt - offset));
            const sent = req.send(stalled);
            onCut(offset, () => {
              stalled.push(body.subarray(cutAt - offset));
              stalled.push(null);
            });
            return sent;
          }
          return req.send(body);
        },
      };
    },
  };
}

/** A job for server/test/tus-child.ts (see its docstring). */
export interface ChildJob {
  url: string;
  token: string;
  accountId: number;
  file: string;
  name: string;
  stateFile: string;
  chunkSize: number;
  cutAt?: number;
}

/** A running tus-child process: its event lines as they arrive and its exit. */
export interface ChildRun {
  child: ChildProcess;
  /**
   * Resolves with the first event line whose event is one of `events`: `[event, ...args]` (the line
   * split on spaces). Rejects when the process exits without printing one.
   */
  next(...events: string[]): Promise<string[]>;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Every line printed so far (stdout and stderr), for failure messages. */
  output(): string;
}

/** Spawns server/test/tus-child.ts with `job`. */
export function spawnTusChild(job: ChildJob): ChildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/test/tus-child.ts'), JSON.stringify(job)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let text = '';
  const waiters: { events: string[]; resolve(v: string[]): void; reject(e: Error): void }[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const settle = () => {
    for (const w of [...waiters]) {
      const line = lines.find((l) => w.events.includes(l.split(' ')[0] ?? ''));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line.split(' '));
      }
    }
  };
  let partial = '';
  child.stdout?.on('data', (b: Buffer) => {
    partial += b.toString();
    text += b.toString();
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    settle();
  });
  child.stderr?.on('data', (b: Buffer) => (text += b.toString()));
  void exited.then(() => {
    settle();
    for (const w of waiters.splice(0)) w.reject(new Error(`tus child exited before "${w.events.join('|')}":\n${text}`));
  });
  return {
    child,
    exited,
    output: () => text,
    next(...events) {
      return new Promise((resolve, reject) => {
        waiters.push({ events, resolve, reject });
        settle();
        if (child.exitCode !== null || child.signalCode !== null) {
          void exited.then(() => {
            settle();
            const i = waiters.findIndex((w) => w.resolve === resolve);
            if (i >= 0) waiters.splice(i, 1)[0]!.reject(new Error(`tus child exited before "${events.join('|')}":\n${text}`));
          });
        }
      });
    },
  };
}

/** Outcome of `killAndResume`. Times in ms (performance.now deltas). */
export interface KillResumeResult {
  mediaId: number;
  uploadUrl: string;
  /** Start of the PATCH that was cut (bytes the server had acknowledged before the kill). */
  chunkStart: number;
  /** `Upload-Offset` the resuming client's HEAD received. */
  headOffset: number;
  /** Spawn of the first client → it was killed. */
  firstMs: number;
  /** Spawn of the resuming client → upload complete. */
  resumeMs: number;
}

/**
 * Client kill and resume: a tus-child uploads `job.file` until byte `cutAt` of the PATCH spanning it;
 * once the server's partial file holds exactly `cutAt` bytes the child is SIGKILLed; a second child
 * resumes from the stored upload URL to the end.
 * @throws when a child fails, or a wait passes `timeoutMs` (default 120 s).
 */
export async function killAndResume(job: Omit<ChildJob, 'cutAt'> & { cutAt: number; dataDir: string; timeoutMs?: number }): Promise<KillResumeResult> {
  const { dataDir, timeoutMs = 120_000, ...childJob } = job;
  const t0 = performance.now();
  const first = spawnTusChild(childJob);
  const [, uploadUrl = ''] = await first.next('url');
  const [, , start = ''] = await first.next('cut');
  await waitFor(`the server to hold ${job.cutAt} bytes`, async () => ((await partialSize(dataDir, uploadUrl)) === job.cutAt ? true : undefined), timeoutMs);
  first.child.kill('SIGKILL');
  await first.exited;
  const firstMs = performance.now() - t0;
  const t1 = performance.now();
  const { cutAt: _cut, ...resumeJob } = childJob;
  const second = spawnTusChild(resumeJob);
  const [, offset = ''] = await second.next('head');
  const [event, ...args] = await second.next('done', 'error');
  if (event !== 'done') throw new Error(`resume failed: ${args.join(' ')}`);
  const resumeMs = performance.now() - t1;
  await second.exited;
  return { mediaId: Number(args[0]), uploadUrl, chunkStart: Number(start), headOffset: Number(offset), firstMs, resumeMs };
}
