/**
 * Memory probe for `npm run bench` (bench/memory.ts, issue 10 §2 "Server memory"), preloaded into the
 * server process with `node --import ./bench/memory-probe.mjs --import tsx server/src/index.ts`.
 * Bench-only: the server never loads it.
 *
 * It keeps a weak reference to every WebAssembly.Memory the process creates (PGlite's wasm heaps), and
 * on SIGUSR2 writes one JSON snapshot to `$MEMORY_PROBE_DIR/<pid>.json`:
 * `{ memoryUsage, heapSpaces, wasm: [{ bytes, maxBytes? }], gc: boolean }` — bytes, from
 * `process.memoryUsage()`, `v8.getHeapSpaceStatistics()` and each live Memory's `buffer.byteLength`.
 * When `$MEMORY_PROBE_DIR/<pid>.gc` exists (and node runs with `--expose-gc`) a full GC runs first.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const memories = [];
const OrigMemory = WebAssembly.Memory;
/** WebAssembly.Memory that remembers its instances (weakly: a closed PGlite's heap can still be collected). */
class TrackedMemory extends OrigMemory {
  constructor(desc) {
    super(desc);
    memories.push({ ref: new WeakRef(this), maximum: desc?.maximum });
  }
}
WebAssembly.Memory = TrackedMemory;

process.on('SIGUSR2', () => {
  const dir = process.env.MEMORY_PROBE_DIR ?? '.';
  const gc = existsSync(path.join(dir, `${process.pid}.gc`)) && typeof globalThis.gc === 'function';
  if (gc) globalThis.gc();
  const wasm = [];
  for (const m of memories) {
    const mem = m.ref.deref();
    if (mem) wasm.push({ bytes: mem.buffer.byteLength, maxBytes: m.maximum ? m.maximum * 65536 : undefined });
  }
  const snapshot = {
    memoryUsage: process.memoryUsage(),
    heapSpaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }])),
    wasm,
    gc,
  };
  writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(snapshot));
});
