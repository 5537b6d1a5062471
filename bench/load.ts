/**
 * HTTP load for `npm run bench -- lists` and `-- nodes` (issue 18 "Figures and tests"): autocannon 9's
 * programmatic API, closed loop (each connection sends its next request when the last is answered),
 * keep-alive, one autocannon instance per base URL (several run at once for several nodes).
 *
 * `load(targets, opts)` → `LoadFigures`: answered requests per second (2xx only, so a fast 503 never
 * counts as throughput), p50 / p95 / p99 / max latency in ms of every answered request (any status;
 * collected from each response, since autocannon's own summary has no p95), counts of non-2xx
 * answers by status, connection errors and timeouts (a request unanswered after `timeoutS`; autocannon
 * then drops the connection and opens a new one, as an impatient client does).
 *
 * `BENCH_CONNECTIONS` (default 50) and `BENCH_DURATION_S` (default 20) override the defaults of every
 * run that does not pass its own (quick runs while others use the machine).
 */
import autocannon from 'autocannon';

/** Connections of a run unless given: BENCH_CONNECTIONS, default 50 (the measurement). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Seconds of a run unless given: BENCH_DURATION_S, default 20. */
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);

/** One base URL and the requests each of its connections cycles through. */
export interface LoadTarget {
  /** Base URL, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Paths with query (`/api/bot?account_id=1`), sent in turn on each connection. */
  paths: string[];
  /** Headers of every request (e.g. `authorization`). */
  headers?: Record<string, string>;
}

export interface LoadOptions {
  /** Total connections, split evenly over the targets (at least 1 each). Default CONNECTIONS. */
  connections?: number;
  /** Seconds. Default DURATION_S. */
  durationS?: number;
  /** Seconds a request may take before it counts as a timeout (autocannon's default 10). */
  timeoutS?: number;
}

export interface LoadFigures {
  /** 2xx answers per second over the run (all targets together). */
  rps: number;
  /** Answers of any status. */
  answered: number;
  ok: number;
  /** Latency percentiles (ms) of answered requests; NaN when none was answered. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Non-2xx answers by status code. */
  statuses: Record<string, number>;
  /** Connection errors other than timeouts. */
  errors: number;
  timeouts: number;
  seconds: number;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN);

/** Runs the load against every target at once; resolves when all instances are done. */
export async function load(targets: LoadTarget[], opts: LoadOptions = {}): Promise<LoadFigures> {
  const connections = opts.connections ?? CONNECTIONS;
  const durationS = opts.durationS ?? DURATION_S;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let ok = 0;
  const t0 = performance.now();
  const results = await Promise.all(
    targets.map((target) => {
      const instance = autocannon({
        url: target.url,
        connections: Math.max(1, Math.floor(connections / targets.length)),
        duration: durationS,
        timeout: opts.timeoutS ?? 10,
        headers: target.headers,
        requests: target.paths.map((p) => ({ method: 'GET' as const, path: p })),
      });
      // autocannon emits (client, statusCode, resBytes, responseTime); @types/autocannon omits the client.
      (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
        if (status >= 200 && status < 300) ok++;
        else statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      });
      return instance as unknown as Promise<autocannon.Result>;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const timeouts = results.reduce((a, r) => a + r.timeouts, 0);
  return {
    rps: ok / Math.max(durationS, 1e-9),
    answered: latencies.length,
    ok,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    statuses,
    errors: results.reduce((a, r) => a + r.errors, 0) - timeouts,
    timeouts,
    seconds,
  };
}

/** `503: 12, 401: 3` or `—`, plus errors and timeouts. */
export function describeFailures(f: LoadFigures): string {
  const parts = Object.entries(f.statuses).map(([s, n]) => `${s}: ${n}`);
  if (f.timeouts) parts.push(`timeouts: ${f.timeouts}`);
  if (f.errors > 0) parts.push(`errors: ${f.errors}`);
  return parts.join(', ') || '—';
}

/** ms with sensible precision for a table (`—` for NaN). */
export function fmtMs(x: number): string {
  if (!Number.isFinite(x)) return '—';
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
}
