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
 * Run alone with `npx tsx bench/memory.ts` (prints the markdown section); `npm run bench` includes it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tusUpload } from './tus-upload';
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
      const id = await tusUpload(server.url, readFileSync(path.join(FIXTURES, name)), token, accountId, `bench-mem-${name}`, 8 * MiB);
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


/** One line of bench/memory-parts.mjs (bytes). */
interface PartSample {
  vmRss: number;
  vmHwm: number;
  rssAnon: number;
  heapTotal: number;
  heapUsed: number;
  arrayBuffers: number;
  wasmBytes?: number;
  wasmResident?: number;
  readyMs?: number;
  gc: { vmRss: number; heapUsed: number; arrayBuffers: number };
}

/** Runs bench/memory-parts.mjs in a fresh node process (see its docstring). */
function part(args: string[], nodeArgs: string[] = []): PartSample {
  const out = execFileSync(process.execPath, ['--expose-gc', ...nodeArgs, 'bench/memory-parts.mjs', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as PartSample;
}

/** Runs server/src/db/pglite-initdb.mjs on a fresh directory; resolves with the child's peak VmHWM (sampled every 20 ms). */
async function initdbChildPeak(dir: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, ['server/src/db/pglite-initdb.mjs', dir, JSON.stringify({ postgresqlconf: 'shared_buffers = 16MB' })], { cwd: REPO_ROOT, stdio: 'ignore' });
  let peak = 0;
  let done = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => ((done = true), resolve())));
  while (!done) {
    try {
      // An exited, not yet reaped process has no VmHWM line (NaN): keep the last real value.
      const hwm = (await status(child.pid!)).VmHWM!;
      if (Number.isFinite(hwm)) peak = Math.max(peak, hwm);
    } catch {
      // the process is gone
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await exited;
  return peak;
}

/** VmRSS of a server process started on an existing `dataDir`, after `SETTLE_MS` idle. */
async function restartRss(dataDir: string, nodeArgs: string[], env: Record<string, string>): Promise<number> {
  const server = await startServerProcess({ dataDir, port: await freePort(), env, nodeArgs });
  try {
    await settle();
    return (await status(server.pid)).VmRSS!;
  } finally {
    await server.kill('SIGTERM');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Builds the server bundle as `npm start` does; returns how start.mjs runs it (scripts/build-server.mjs `serverLaunch`). */
function buildBundle(): { nodeArgs: string[]; env: Record<string, string> } {
  return JSON.parse(execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' })) as { nodeArgs: string[]; env: Record<string, string> };
}

/**
 * The "Server idle memory" section of bench/RESULTS.md: the five situations for `npm start` (the
 * server bundle) and for the same server through tsx, then the attribution measured part by part.
 */
export async function benchMemory(log: (s: string) => void): Promise<void> {
  const loadBefore = os.loadavg();
  // As scripts/start.mjs runs it.
  const launch = buildBundle();
  const npmStart = await measureIdleMemory({ nodeArgs: probedServerArgs(launch.nodeArgs), env: launch.env });
  const viaTsx = await measureIdleMemory();

  const work = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-parts-'));
  try {
    const bare = part(['bare']);
    const tsx = part(['bare'], ['--import', 'tsx']);
    const initPeak = await initdbChildPeak(path.join(work, 'pglite'));
    const pglite = part(['pglite', path.join(work, 'pglite')]);
    const liftoff = part(['pglite', path.join(work, 'pglite'), '--liftoff-only']);
    mkdirSync(path.join(work, 'fresh'));
    const fresh = part(['pglite', path.join(work, 'fresh', 'pglite')]);
    // glibc's trim threshold (serverLaunch's MALLOC_TRIM_THRESHOLD_): the bundle restarted with and without it.
    const serverDir = path.join(work, 'server');
    await restartRss(serverDir, launch.nodeArgs, launch.env);
    const withTrim: number[] = [];
    const withoutTrim: number[] = [];
    for (let i = 0; i < 3; i++) {
      withTrim.push(await restartRss(serverDir, launch.nodeArgs, launch.env));
      withoutTrim.push(await restartRss(serverDir, launch.nodeArgs, {}));
    }
    const small = part(['import', 'valibot']);
    const s3 = part(['import', '@aws-sdk/lib-storage', '@tus/s3-store']);
    const google = part(['import', 'google-auth-library', 'nodemailer']);

    const at = (run: MemoryRun, i: number) => run.situations[i]!.snap;
    const d = (a: number, b: number) => `${a >= b ? '+' : '−'}${mib(Math.abs(a - b))}`;
    log('## Server idle memory\n');
    log(
      `Measured ${new Date().toISOString()}, load average ${loadBefore.map((x) => x.toFixed(2)).join(' / ')} on ${os.cpus().length} cores (bench/memory.ts). ` +
        'The server runs as a child process on a fresh DATA_DIR with PGlite, the demo data and one job worker; every figure is read after ' +
        `${SETTLE_MS / 1000} s idle. VmRSS, VmHWM (the process's peak), RssFile from /proc/<pid>/status; "V8 heap" and "arrayBuffers" from ` +
        '`process.memoryUsage()` (bench/memory-probe.mjs, preloaded, answers SIGUSR2); "PGlite wasm" = resident part / size of the WebAssembly ' +
        "memory PGlite allocates (the mapping of that size in /proc/<pid>/smaps); malloc `[heap]` from smaps; \"other anonymous\" = RssAnon minus " +
        'the three before it (compiled wasm and JS code, thread stacks and malloc arenas, buffers outside the main heap). Sign-in + API calls = ' +
        `USER_PASSWORD_AUTH and the dashboard's first GETs twice plus the SPA's HTML and JS; uploads = the ${UPLOADS.length} video fixtures over tus, each waited for until Ready.\n`,
    );
    const headline = npmStart.situations.map((x) => mib(x.snap.vmRss)).join(' / ');
    log(
      `**Idle VmRSS of \`npm start\`'s server: ${headline} MiB** (first start / + sign-in and API calls / after uploads / restart / + sign-in and API calls; ` +
        'target at most 300 MiB, issue 10 §2). Before issue 10 (initdb in the server process, the server through tsx) the same five read ' +
        '757 / 759 / 426 / 270 / 283 MiB, with a 855 MiB peak on the first start (this harness on commit 7b9250c, 2026-11-25).\n',
    );
    log('### `npm start` — the pre-built server bundle (scripts/build-server.mjs `serverLaunch`), PGlite initdb in a child process\n');
    log(memoryTable([...npmStart.situations, ...npmStart.afterGc]));
    log('');
    log('### The same server through tsx (`node --import tsx server/src/index.ts`: `npm run server`, tests, e2e)\n');
    log(memoryTable([...viaTsx.situations, ...viaTsx.afterGc]));
    log('');
    log('### Where the idle RSS goes\n');
    log('Each part measured alone in a fresh node process (bench/memory-parts.mjs), 1.5 s after it is loaded; Δ against an empty node process.\n');
    log('| part | VmRSS MiB | Δ MiB | notes |\n|---|---:|---:|---|');
    log(`| node, empty script | ${mib(bare.vmRss)} | | ${mib(bare.vmRss - bare.rssAnon)} MiB of it is the node binary (file-backed, shared between node processes) |`);
    log(`| node --import tsx, empty script | ${mib(tsx.vmRss)} | ${d(tsx.vmRss, bare.vmRss)} | tsx's module-loader thread: a second V8 isolate for the process's whole life |`);
    log(
      `| server through tsx vs the bundle (both without the trim threshold below), restart idle | ${mib(at(viaTsx, 3).vmRss)} vs ${mib(median(withoutTrim))} | ` +
        `${d(at(viaTsx, 3).vmRss, median(withoutTrim))} | the loader thread plus its transpile work and source maps; the bundle needs neither |`,
    );
    log(
      `| the bundle restarted without / with \`MALLOC_TRIM_THRESHOLD_=131072\` (median of 3 each) | ${mib(median(withoutTrim))} / ${mib(median(withTrim))} | ` +
        `${d(median(withTrim), median(withoutTrim))} | glibc then returns free memory at the top of malloc arenas to the OS; without it, what V8's worker threads ` +
        `(pglite.wasm compilation, start-up work) freed stays resident (runs: ${withoutTrim.map(mib).join(', ')} / ${withTrim.map(mib).join(', ')}) |`,
    );
    log(
      `| PGlite opened on an existing database | ${mib(pglite.vmRss)} | ${d(pglite.vmRss, bare.vmRss)} | wasm memory ${mib(pglite.wasmResident ?? 0)} resident of ${mib(pglite.wasmBytes ?? 0)} ` +
        `(initial 128 MiB, maximum 2 GiB; shared_buffers 16 MB); arrayBuffers ${mib(pglite.arrayBuffers)} (${mib(pglite.gc.arrayBuffers)} after GC: the FS bundle); ` +
        `V8 heap ${mib(pglite.heapTotal)}; the other ${mib(pglite.rssAnon - bare.rssAnon - (pglite.wasmResident ?? 0) - pglite.arrayBuffers - (pglite.heapTotal - bare.heapTotal))} MiB ` +
        `are pglite.wasm's compiled code and what its compilers left in malloc; ready in ${pglite.readyMs?.toFixed(0)} ms |`,
    );
    log(
      `| … with V8 \`--liftoff-only\` | ${mib(liftoff.vmRss)} | ${d(liftoff.vmRss, pglite.vmRss)} vs PGlite | ` +
        "what TurboFan's optimised tier of pglite.wasm (code + compile memory) costs; not applied: the optimised tier is the fast one |",
    );
    log(
      `| PGlite opened on a fresh directory in-process (initdb in the server process, before issue 10) | ${mib(fresh.vmRss)} | ${d(fresh.vmRss, bare.vmRss)} | ` +
        `peak ${mib(fresh.vmHwm)}; ${mib(fresh.gc.vmRss)} after a forced full GC: initdb runs in a second PGlite instance whose wasm memory and buffers ` +
        'stay until a full GC, which an idle server never runs, and the malloc heap keeps its growth |',
    );
    log(
      `| initdb in a child process (now: server/src/db/pglite-initdb.mjs) | peak ${mib(initPeak)} | | returned to the OS when the child exits; ` +
        `the server's own peak on a first start is ${mib(at(npmStart, 0).vmHwm)} MiB |`,
    );
    log(`| valibot imported (a small package, for comparison) | ${mib(small.vmRss)} | ${d(small.vmRss, bare.vmRss)} | node's ES module loader itself |`);
    log(
      `| @aws-sdk/lib-storage + @tus/s3-store imported | ${mib(s3.vmRss)} | ${d(s3.vmRss, bare.vmRss)} | loaded eagerly although only S3_BUCKET uses them; ` +
        `heap ${mib(s3.gc.heapUsed)} MiB used after GC; left as is (making storage creation async touches the tus and sweep modules) |`,
    );
    log(`| google-auth-library + nodemailer imported | ${mib(google.vmRss)} | ${d(google.vmRss, bare.vmRss)} | loaded eagerly; heap ${mib(google.gc.heapUsed)} MiB used after GC |`);
    log(
      `| job worker and uploads | | ${d(at(npmStart, 2).vmRss, at(npmStart, 1).vmRss)} | idle growth over ${npmStart.uploads} uploads processed (after uploads − after API calls, bundle); ` +
        'the worker is a poll loop in the server process, ffmpeg and ffprobe run as child processes outside this RSS |',
    );
    log(
      '| Vite, static files | | 0 | Vite is not in the server process (`npm start` builds dist/ in a separate process before the server starts); ' +
        'no static-file cache: serveStatic streams each file from dist/, index.html is held as one string |',
    );
    log('');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench/memory.ts')) {
  process.chdir(REPO_ROOT);
  await benchMemory(console.log);
  process.exit(0);
}
