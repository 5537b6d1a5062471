/**
 * One part of the server's memory in a process of its own, for the attribution table of
 * bench/memory.ts (issue 10 §2 "Server memory"). Run with `node --expose-gc` (plus `--import tsx` for
 * the tsx row), from the repository root:
 *
 *   node --expose-gc bench/memory-parts.mjs bare                 nothing loaded
 *   node --expose-gc bench/memory-parts.mjs import <pkg>…        the npm packages imported
 *   node --expose-gc bench/memory-parts.mjs pglite <dir> [flags] PGlite opened on <dir> as the server
 *                                                                opens it (V8 flags, e.g. --liftoff-only)
 *
 * Waits 1.5 s, then prints one JSON line: `{ vmRss, vmHwm, rssAnon, rssFile, heapTotal, heapUsed,
 * external, arrayBuffers, wasmBytes, wasmResident, readyMs, gc: { vmRss, … } }` (bytes; `gc` = after a
 * forced full GC).
 */
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';

const [mode = 'bare', ...args] = process.argv.slice(2);

function sample(extra = {}) {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
  const mu = process.memoryUsage();
  return {
    vmRss: kb('VmRSS'),
    vmHwm: kb('VmHWM'),
    rssAnon: kb('RssAnon'),
    rssFile: kb('RssFile'),
    heapTotal: mu.heapTotal,
    heapUsed: mu.heapUsed,
    external: mu.external,
    arrayBuffers: mu.arrayBuffers,
    ...extra,
  };
}

/** Resident bytes of the anonymous mappings whose sizes equal the wasm memories' sizes. */
function wasmResident(sizes) {
  const left = [...sizes];
  let rss = 0;
  let size = -1;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) size = m[3].trim() === '' ? Number(BigInt(`0x${m[2]}`) - BigInt(`0x${m[1]}`)) : -1;
    const r = /^Rss:\s+(\d+) kB/.exec(line);
    if (r && left.includes(size)) {
      left.splice(left.indexOf(size), 1);
      rss += Number(r[1]) * 1024;
    }
  }
  return rss;
}

const extra = {};
if (mode === 'import') {
  for (const name of args) await import(name);
} else if (mode === 'pglite') {
  const [dir, flags] = args;
  if (flags) v8.setFlagsFromString(flags);
  const memories = [];
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = class extends Memory {
    constructor(desc) {
      super(desc);
      memories.push(this);
    }
  };
  const { PGlite } = await import('@electric-sql/pglite');
  const t0 = performance.now();
  // The server's options (server/src/db/client.ts).
  const db = new PGlite(dir, { postgresqlconf: 'shared_buffers = 16MB' });
  await db.waitReady;
  extra.readyMs = performance.now() - t0;
  await db.query('select count(*) from pg_class');
  extra.wasmBytes = memories.reduce((a, m) => a + m.buffer.byteLength, 0);
  extra.wasmResident = wasmResident(memories.map((m) => m.buffer.byteLength));
} else if (mode !== 'bare') {
  throw new Error(`unknown mode ${mode}`);
}
await new Promise((r) => setTimeout(r, 1500));
const before = sample(extra);
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 200));
console.log(JSON.stringify({ ...before, gc: sample() }));
process.exit(0);
