/**
 * tus figures for `npm run bench` (issue 5 "Tests and figures"), each against the real server as a
 * child process (server/test/tus-resume.ts) on its own temp DATA_DIR with PGlite:
 *
 * 1. Client kills: `CLIENT_KILL_RUNS` runs of a tus client process SIGKILLed mid-PATCH at seeded random
 *    offsets and resumed by a second process; success = the stored source's SHA-256 equals the file's and
 *    one media row. Resume overhead = (killed client's time + resuming client's time) − the mean time of
 *    an uninterrupted client process uploading the same file (both include a process start).
 * 2. Throughput: one tus upload of a generated ~66 MB video over loopback (MB/s, upload start → last
 *    PATCH answered) against a raw disk write of the same bytes to the same disk (write + fsync), as a ratio.
 * 3. RSS per concurrent upload: the server's VmRSS (/proc/<pid>/status) sampled every 20 ms while 1, 4
 *    and 8 uploads of that video run at once; (peak − idle) / n, idle measured just before each round.
 *
 * 2 and 3 use a server without a job worker (JOB_CONCURRENCY=0) so processing does not compete with
 * the transfer; 1 waits for Ready with one worker.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { findFfTool } from '../scripts/toolchain.mjs';
import {
  FIXTURES,
  countMediaNamed,
  demoAccountId,
  freePort,
  killAndResume,
  mulberry32,
  sha256,
  sha256File,
  signIn,
  spawnTusChild,
  startServerProcess,
  storedSourcePath,
  waitForProcessed,
  type ServerProcess,
} from '../server/test/tus-resume';

const CLIENT_KILL_RUNS = 20;
const BASELINE_RUNS = 3;
const KILL_CHUNK = 256 * 1024;
/** Repetitions of each throughput measurement. */
const REPS = 5;
const MiB = 1024 * 1024;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A server on a fresh temp DATA_DIR, signed in as the demo Owner. */
async function bootServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-tus-'));
  const server = await startServerProcess({ dataDir, port: await freePort(), env });
  const token = await signIn(server.url);
  const accountId = await demoAccountId(server.url, token);
  return {
    server,
    dataDir,
    token,
    accountId,
    async close() {
      await server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One in-process tus upload of `data`; resolves with ms from start to the last PATCH's answer. */
function tusUploadMs(server: ServerProcess, token: string, accountId: number, data: Buffer, name: string, chunkSize: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    new tus.Upload(data, {
      endpoint: `${server.url}/api/media/tus`,
      chunkSize,
      retryDelays: null,
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${token}`, 'Account-Id': String(accountId) },
      metadata: { name, type: 'SlideVideo', filename: name },
      onSuccess: () => resolve(performance.now() - t0),
      onError: reject,
    }).start();
  });
}

/** VmRSS of process `pid` in bytes. */
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/** Section 1: client SIGKILLed mid-PATCH at seeded random offsets, resumed by a second process. */
async function clientKills(log: (s: string) => void, seed: number): Promise<void> {
  const file = path.join(FIXTURES, 'echo-hereweare.webm');
  const data = readFileSync(file);
  const sourceSha = sha256(data);
  const rand = mulberry32(seed);
  const s = await bootServer({ JOB_CONCURRENCY: '1' });
  const work = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-kill-'));
  try {
    const job = { url: s.server.url, token: s.token, accountId: s.accountId, file, chunkSize: KILL_CHUNK };
    const baseline: number[] = [];
    for (let i = 0; i < BASELINE_RUNS; i++) {
      const t0 = performance.now();
      const child = spawnTusChild({ ...job, name: `bench-whole-${seed}-${i}.webm`, stateFile: path.join(work, `whole-${i}.json`) });
      const [event, ...args] = await child.next('done', 'error');
      if (event !== 'done') throw new Error(`uninterrupted upload failed: ${args.join(' ')}`);
      baseline.push(performance.now() - t0);
      await child.exited;
    }
    let ok = 0;
    const overhead: number[] = [];
    const lost: number[] = [];
    const failures: string[] = [];
    for (let run = 1; run <= CLIENT_KILL_RUNS; run++) {
      let cutAt = Math.floor(KILL_CHUNK + rand() * (data.length - 2 * KILL_CHUNK));
      if (cutAt % KILL_CHUNK === 0) cutAt += KILL_CHUNK / 2;
      const name = `bench-kill-${seed}-${run}.webm`;
      try {
        const r = await killAndResume({ ...job, name, stateFile: path.join(work, `kill-${run}.json`), cutAt, dataDir: s.dataDir });
        const media = await waitForProcessed(s.server.url, s.token, r.mediaId);
        const same = media.status === 'Ready' && (await sha256File(storedSourcePath(s.dataDir, media))) === sourceSha;
        const rows = await countMediaNamed(s.server.url, s.token, s.accountId, name);
        if (same && rows === 1) ok++;
        else failures.push(`run ${run} (cut ${cutAt}): status ${media.status}, sha ${same ? 'equal' : 'DIFFERENT'}, rows ${rows}`);
        overhead.push(r.firstMs + r.resumeMs - mean(baseline));
        lost.push(cutAt - r.headOffset);
      } catch (err) {
        failures.push(`run ${run} (cut ${cutAt}): ${String(err).split('\n')[0]}`);
      }
    }
    log(`\n## tus resume after a killed client (${CLIENT_KILL_RUNS} runs)\n`);
    log(
      `A tus client process (tus-js-client, ${KILL_CHUNK / 1024} KiB chunks) uploads echo-hereweare.webm (${(data.length / MiB).toFixed(1)} MiB); ` +
        `mid-PATCH at a seeded random byte (seed **${seed}**; \`RESUME_SEED=${seed} npm run bench\` repeats the offsets) it is SIGKILLed once the server holds exactly the bytes sent; ` +
        `a second process resumes from the stored upload URL (HEAD → PATCH). Success = Ready, stored source SHA-256 equal to the file's, one media row.\n`,
    );
    log('| figure | value |\n|---|---:|');
    log(`| successful resumes | **${ok} / ${CLIENT_KILL_RUNS}** |`);
    log(`| uninterrupted upload, client process start → done (mean of ${BASELINE_RUNS}) | ${mean(baseline).toFixed(0)} ms |`);
    log(`| mean resume overhead (killed + resuming process − uninterrupted) | ${mean(overhead).toFixed(0)} ms |`);
    log(`| bytes re-sent after the kill (cut byte − HEAD offset), mean | ${mean(lost).toFixed(0)} B |`);
    log('');
    if (failures.length) log(`Failures:\n\n${failures.map((f) => `- ${f}`).join('\n')}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
    await s.close();
  }
}

/** Sections 2 and 3: tus throughput vs a raw disk write; server RSS per concurrent upload. */
async function transfer(log: (s: string) => void): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-raw-'));
  const s = await bootServer({ JOB_CONCURRENCY: '0' });
  try {
    const startRss = await rssBytes(s.server.pid);
    // A real video (2 s of 1280×720 raw YUV in Matroska, ~66 MB), generated deterministically.
    const videoPath = path.join(work, 'raw.mkv');
    execFileSync(findFfTool('ffmpeg').path ?? 'ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-t', '2', '-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', '-fflags', '+bitexact', videoPath]);
    const video = readFileSync(videoPath);
    const mb = video.length / 1e6;
    // Warm-up: one upload so lazily loaded code paths are in memory before measuring.
    await tusUploadMs(s.server, s.token, s.accountId, video, 'bench-warmup.mkv', 8 * MiB);

    const rawDir = path.join(s.dataDir, 'raw-write');
    mkdirSync(rawDir, { recursive: true });
    const rows: { chunk: string; tus: number }[] = [];
    const disk: number[] = [];
    for (const chunk of [1 * MiB, 8 * MiB, video.length]) {
      for (let rep = 0; rep < REPS; rep++) {
        // Each measurement starts with no dirty pages: fsync on ext4 can also flush earlier unsynced writes.
        execFileSync('sync');
        const tusMs = await tusUploadMs(s.server, s.token, s.accountId, video, `bench-throughput-${chunk}-${rep}.mkv`, chunk);
        const target = path.join(rawDir, `raw-${chunk}-${rep}.bin`);
        execFileSync('sync');
        const d0 = performance.now();
        const fd = openSync(target, 'w');
        for (let off = 0; off < video.length; off += MiB) writeSync(fd, video, off, Math.min(MiB, video.length - off));
        fsyncSync(fd);
        closeSync(fd);
        const diskMs = performance.now() - d0;
        rmSync(target);
        rows.push({ chunk: chunk === video.length ? 'whole file' : `${chunk / MiB} MiB`, tus: mb / (tusMs / 1000) });
        disk.push(mb / (diskMs / 1000));
      }
    }
    log('## tus throughput over loopback vs a raw disk write\n');
    log(
      `One tus upload (tus-js-client in the bench process → server process, loopback) of a ${mb.toFixed(1)} MB video, upload start → last PATCH answered ` +
        `(includes the magic-byte check and the move into storage); then the same bytes written with \`fs.writeSync\` in 1 MiB pieces + \`fsync\` to a file on the same disk (the server's DATA_DIR). ` +
        `${REPS} repetitions per chunk size, each followed by a raw write, \`sync\` before every measurement; medians. The tus file store does not fsync.\n`,
    );
    const d = median(disk);
    log(
      `Raw write + fsync: **${d.toFixed(0)} MB/s** (median of ${disk.length}; range ${Math.min(...disk).toFixed(0)}–${Math.max(...disk).toFixed(0)} MB/s, the virtual disk is shared).\n`,
    );
    log('| tus chunk size | tus MB/s (median) | range MB/s | ratio tus / raw write |\n|---|---:|---:|---:|');
    for (const chunk of [...new Set(rows.map((r) => r.chunk))]) {
      const ts = rows.filter((r) => r.chunk === chunk).map((r) => r.tus);
      log(`| ${chunk} | ${median(ts).toFixed(0)} | ${Math.min(...ts).toFixed(0)}–${Math.max(...ts).toFixed(0)} | **${(median(ts) / d).toFixed(2)}** |`);
    }
    log('');

    log('## Server RSS per concurrent upload\n');
    log(
      `The server process's VmRSS (/proc/<pid>/status) sampled every 20 ms while n tus uploads (8 MiB chunks) of the ${mb.toFixed(1)} MB video run at once; ` +
        `idle = VmRSS just before the round (after the uploads above; ${(startRss / MiB).toFixed(1)} MiB right after start); per upload = (peak − idle) / n.\n`,
    );
    log('| concurrent uploads | idle MiB | peak MiB | (peak − idle) / n MiB | wall s |\n|---:|---:|---:|---:|---:|');
    for (const n of [1, 4, 8]) {
      const idle = await rssBytes(s.server.pid);
      let peak = idle;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await rssBytes(s.server.pid));
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const t0 = performance.now();
      await Promise.all(Array.from({ length: n }, (_, i) => tusUploadMs(s.server, s.token, s.accountId, video, `bench-rss-${n}-${i}.mkv`, 8 * MiB)));
      const wall = (performance.now() - t0) / 1000;
      sampling = false;
      await sampler;
      log(`| ${n} | ${(idle / MiB).toFixed(1)} | ${(peak / MiB).toFixed(1)} | **${((peak - idle) / n / MiB).toFixed(1)}** | ${wall.toFixed(1)} |`);
    }
    log('');
  } finally {
    await s.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs the tus sections and appends their markdown through `log`.
 * @param seed PRNG seed of the client-kill offsets (RESUME_SEED, else random; printed in the output).
 */
export async function benchTus(log: (s: string) => void, seed = Number(process.env.RESUME_SEED ?? Math.floor(Math.random() * 2 ** 31))): Promise<void> {
  await clientKills(log, seed);
  await transfer(log);
}
