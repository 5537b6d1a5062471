/**
 * Server idle memory for `npm run bench` (issue 10 §2 "Server memory": where the idle RSS goes, at most
 * 300 MiB on the embedded default).
 *
 * The server runs as `npm start` runs it (`node --import tsx server/src/index.ts`, PGlite under a fresh
 * DATA_DIR, demo data, one job worker), with bench/memory-probe.mjs preloaded so that on SIGUSR2 it
 * reports `process.memoryUsage()` and the size of PGlite's WebAssembly memories. Situations, each
 * measured after the server has been idle for `SETTLE_MS`:
 *
 * 1. first start (fresh DATA_DIR: initdb, migrations, demo seed), 2. after sign-in and a round of API
 * calls, 3. after uploads of the media fixtures processed to Ready, 4. restart (same DATA_DIR),
 * 5. restart + sign-in and API calls.
 *
 * A snapshot reads /proc/<pid>/status (VmRSS, VmHWM, RssAnon, RssFile) and /proc/<pid>/smaps (resident
 * size of the malloc heap `[heap]` and of the mapping that holds PGlite's wasm memory), and the probe's
 * report. The attribution columns are approximate (V8 commits heap pages it has not touched; array
 * buffers can live inside the malloc heap), the VmRSS column is exact.
 *
 * Run alone with `npx tsx bench/memory.ts` (prints the markdown); `npm run bench` includes it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { FIXTURES, REPO_ROOT, demoAccountId, freePort, signIn, startServerProcess, waitForProcessed, type ServerProcess } from '../server/test/tus-resume';

const MiB = 1024 * 1024;
/** Idle time before each snapshot (the job worker polls every second). */
const SETTLE_MS = 3000;
const UPLOADS = ['echo-hereweare.webm', 'sample.avi', 'sample.mp4', 'sample.mkv', 'video_desks.3gp', 'sample_with_increasing_timestamps_360p.mp4'];

/** One memory snapshot of the server process; sizes in bytes. */
export interface MemorySnapshot {
  vmRss: number;
  vmHwm: number;
  rssAnon: number;
  rssFile: number;
  /** Resident size of the main malloc arena (`[heap]` in smaps). */
  mallocHeap: number;
  /** Resident size of the mapping(s) holding PGlite's wasm memory. */
  wasmResident: number;
  /** PGlite's wasm memory size (`buffer.byteLength`, committed, not necessarily resident). */
  wasmBytes: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

interface ProbeReport {
  memoryUsage: NodeJS.MemoryUsage;
  wasm: { bytes: number }[];
  gc: boolean;
}

/** `node` arguments that run the server as `npm start` does, with the memory probe preloaded. */
export function probedServerArgs(entry: string[] = ['--import', 'tsx', 'server/src/index.ts']): string[] {
  return ['--expose-gc', '--import', './bench/memory-probe.mjs', ...entry];
}

/** The probe's report from process `pid`; `gc` runs a full garbage collection first. */
async function probe(pid: number, probeDir: string, gc = false): Promise<ProbeReport> {
  const out = path.join(probeDir, `${pid}.json`);
  const flag = path.join(probeDir, `${pid}.gc`);
  rmSync(out, { force: true });
  if (gc) writeFileSync(flag, '');
  else rmSync(flag, { force: true });
  process.kill(pid, 'SIGUSR2');
  const until = Date.now() + 10_000;
  while (!existsSync(out)) {
    if (Date.now() > until) throw new Error(`no memory report from ${pid}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 20));
  const report = JSON.parse(readFileSync(out, 'utf8')) as ProbeReport;
  unlinkSync(out);
  return report;
}

/** `{ mapping size → resident bytes }` of anonymous mappings, plus the `[heap]` resident size. */
async function smaps(pid: number): Promise<{ heap: number; anon: { size: number; rss: number }[] }> {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8');
  let heap = 0;
  const anon: { size: number; rss: number }[] = [];
  let current: { size: number; rss: number; name: string } | undefined;
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      current = { size: Number(BigInt(`0x${m[2]}`) - BigInt(`0x${m[1]}`)), rss: 0, name: m[3]!.trim() };
      if (current.name === '') anon.push(current);
      continue;
    }
    const r = /^Rss:\s+(\d+) kB/.exec(line);
    if (r && current) {
      current.rss = Number(r[1]) * 1024;
      if (current.name === '[heap]') heap = current.rss;
    }
  }
  return { heap, anon };
}

async function status(pid: number): Promise<Record<string, number>> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const out: Record<string, number> = {};
  for (const key of ['VmRSS', 'VmHWM', 'RssAnon', 'RssFile']) out[key] = Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? NaN) * 1024;
  return out;
}

/**
 * Snapshot of server process `pid` (see MemorySnapshot). The wasm memory's resident size is that of
 * the anonymous mapping whose size equals the memory's byteLength (V8 maps each wasm memory alone).
 */
export async function snapshot(pid: number, probeDir: string, gc = false): Promise<MemorySnapshot> {
  const report = await probe(pid, probeDir, gc);
  const [st, maps] = await Promise.all([status(pid), smaps(pid)]);
  let wasmResident = 0;
  const unmatched = [...maps.anon];
  for (const w of report.wasm) {
    const i = unmatched.findIndex((m) => m.size === w.bytes);
    if (i >= 0) wasmResident += unmatched.splice(i, 1)[0]!.rss;
  }
  const mu = report.memoryUsage;
  return {
    vmRss: st.VmRSS!,
    vmHwm: st.VmHWM!,
    rssAnon: st.RssAnon!,
    rssFile: st.RssFile!,
    mallocHeap: maps.heap,
    wasmResident,
    wasmBytes: report.wasm.reduce((a, w) => a + w.bytes, 0),
    heapTotal: mu.heapTotal,
    heapUsed: mu.heapUsed,
    external: mu.external,
    arrayBuffers: mu.arrayBuffers,
  };
}

function tusUpload(url: string, file: Buffer, token: string, accountId: number, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let mediaId = 0;
    new tus.Upload(file, {
      endpoint: `${url}/api/media/tus`,
      chunkSize: 8 * MiB,
      retryDelays: [0, 1000],
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${token}`, 'Account-Id': String(accountId) },
      metadata: { name, type: 'SlideVideo', filename: name },
      onAfterResponse(_req, res) {
        const id = res.getHeader('Media-Id');
        if (id) mediaId = Number(id);
      },
      onSuccess: () => resolve(mediaId),
      onError: reject,
    }).start();
  });
}

/** Sign-in as the demo Owner and the API calls the dashboard makes on its first screens, twice. */
async function apiRound(url: string): Promise<{ token: string; accountId: number }> {
  const token = await signIn(url);
  const accountId = await demoAccountId(url, token);
  const auth = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 2; i++) {
    for (const p of [
      '/api/config',
      '/api/user/me',
      '/api/user/me/account',
      `/api/bot?account_id=${accountId}`,
      `/api/media?account_id=${accountId}`,
      `/api/feature?account_id=${accountId}`,
      `/api/audit-log?account_id=${accountId}`,
      '/api/global',
      '/',
      '/login',
    ]) {
      const res = await fetch(`${url}${p}`, { headers: auth });
      await res.arrayBuffer();
    }
  }
  // A JavaScript asset of the built SPA, when there is one (static file serving).
  const html = await (await fetch(`${url}/login`)).text();
  for (const src of html.match(/\/assets\/[^"']+\.js/g) ?? []) await (await fetch(`${url}${src}`)).arrayBuffer();
  return { token, accountId };
}

const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

export interface MemoryRun {
  situations: { name: string; snap: MemorySnapshot }[];
  /** The last situation again after a forced full GC: what of it was garbage. */
  afterGc: { name: string; snap: MemorySnapshot }[];
  uploads: number;
}

/**
 * Runs the five situations against server processes started with `nodeArgs` (from the repository
 * root) and `env`. Needs ffmpeg for the uploads.
 */
export async function measureIdleMemory(opts: { nodeArgs?: string[]; env?: Record<string, string> } = {}): Promise<MemoryRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-mem-'));
  const probeDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-probe-'));
  const nodeArgs = opts.nodeArgs ?? probedServerArgs();
  const env = { JOB_CONCURRENCY: '1', MEMORY_PROBE_DIR: probeDir, ...opts.env };
  const situations: MemoryRun['situations'] = [];
  const afterGc: MemoryRun['afterGc'] = [];
  let server: ServerProcess | undefined;
  let uploads = 0;
  try {
    server = await startServerProcess({ dataDir, port: await freePort(), env, nodeArgs });
    await settle();
    situations.push({ name: 'first start (fresh DATA_DIR)', snap: await snapshot(server.pid, probeDir) });
    const { token, accountId } = await apiRound(server.url);
    await settle();
    situations.push({ name: 'first start + sign-in + API calls', snap: await snapshot(server.pid, probeDir) });
    for (const name of UPLOADS) {
      const id = await tusUpload(server.url, readFileSync(path.join(FIXTURES, name)), token, accountId, `bench-mem-${name}`);
      const media = await waitForProcessed(server.url, token, id);
      if (media.status === 'Ready') uploads++;
    }
    await apiRound(server.url);
    await settle();
    situations.push({ name: `after ${uploads} uploads processed to Ready`, snap: await snapshot(server.pid, probeDir) });
    afterGc.push({ name: `after ${uploads} uploads, then a forced full GC`, snap: await snapshot(server.pid, probeDir, true) });
    await server.kill('SIGTERM');

    server = await startServerProcess({ dataDir, port: await freePort(), env, nodeArgs });
    await settle();
    situations.push({ name: 'restart (same DATA_DIR)', snap: await snapshot(server.pid, probeDir) });
    await apiRound(server.url);
    await settle();
    situations.push({ name: 'restart + sign-in + API calls', snap: await snapshot(server.pid, probeDir) });
    afterGc.push({ name: 'restart + API calls, then a forced full GC', snap: await snapshot(server.pid, probeDir, true) });
  } finally {
    await server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(probeDir, { recursive: true, force: true });
  }
  return { situations, afterGc, uploads };
}

const mib = (b: number) => (b / MiB).toFixed(1);

/** Markdown table of snapshots with the attribution columns. */
export function memoryTable(rows: { name: string; snap: MemorySnapshot }[]): string {
  const head =
    '| situation | **VmRSS** | VmHWM (peak) | RssFile | V8 heap committed / used | PGlite wasm resident / size | malloc `[heap]` | arrayBuffers | other anonymous |\n' +
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const body = rows.map(({ name, snap: s }) => {
    const other = s.rssAnon - s.heapTotal - s.wasmResident - s.mallocHeap;
    return `| ${name} | **${mib(s.vmRss)}** | ${mib(s.vmHwm)} | ${mib(s.rssFile)} | ${mib(s.heapTotal)} / ${mib(s.heapUsed)} | ${mib(s.wasmResident)} / ${mib(s.wasmBytes)} | ${mib(s.mallocHeap)} | ${mib(s.arrayBuffers)} | ${mib(other)} |`;
  });
  return [head, ...body].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('bench/memory.ts')) {
  process.chdir(REPO_ROOT);
  const entry = process.env.MEMORY_ENTRY ? process.env.MEMORY_ENTRY.split(' ') : undefined;
  const run = await measureIdleMemory({ nodeArgs: entry ? probedServerArgs(entry) : undefined });
  console.log(memoryTable(run.situations));
  console.log();
  console.log(memoryTable(run.afterGc));
  void statSync;
  process.exit(0);
}
