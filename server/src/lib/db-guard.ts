/**
 * The database guard middleware (issue 18 "Overload is answered, not queued"; docs/scaling.md
 * "Overload: statement timeout, cancellation, admission lanes"). Mounted first in createApp for every
 * request:
 * - picks the request's lane by path (`laneOf`): `ingest` for the event ingest endpoint
 *   (`/api/events`, issue 13), `upload` for tus (`/api/media/tus…`) and multipart uploads
 *   (`/api/media/{id}/upload`), `general` otherwise;
 * - admits `general` requests through a `Gate` of env.scale.dbMaxConcurrent slots with
 *   env.scale.dbQueueMax waiting: past that the request answers 503 with `Retry-After` at once
 *   (DbOverloadError, lib/errors.ts). Admission is per request, at the door, held until the handler
 *   has returned its Response (a streamed body is not held): a refused request has done nothing, and an
 *   admitted one keeps its place for all its queries. A request waiting whose client goes leaves the queue.
 *   `ingest` and `upload` requests are not admitted here: their reserved connections are bounded at
 *   checkout (db/guard.ts), so a long upload body never holds a slot;
 * - runs the rest of the request in the database scope `{ signal, lane }` (db/scope.ts) — `signal` is
 *   the Request's AbortSignal, which @hono/node-server aborts when the client's connection closes
 *   before the answer is written — so the database client applies the lane, timeout and cancellation.
 * `/healthz`, `/readyz` and the static `/assets/*` and `/embed/*` files bypass it (their database work,
 * if any, is background work).
 */
import type { MiddlewareHandler } from 'hono';
import type { ScaleEnv } from '../env';
import { Gate } from '../db/admission';
import { runInDbScope, type DbLane } from '../db/scope';

/** Paths outside the guard: health checks for load balancers, and static files. */
const BYPASS = /^\/(?:healthz|readyz)$|^\/(?:assets|embed)\//;
const UPLOAD = /^\/api\/media\/(?:tus(?:\/.*)?|\d+\/upload)$/;

/** The lane of a request path, or `null` when the path bypasses the guard. */
export function laneOf(path: string): DbLane | null {
  if (BYPASS.test(path)) return null;
  if (path === '/api/events') return 'ingest';
  if (UPLOAD.test(path)) return 'upload';
  return 'general';
}

/**
 * The middleware; one `Gate` per app.
 * @param scale env.scale: dbMaxConcurrent, dbQueueMax.
 * @throws DbOverloadError (→ 503 + Retry-After) when the general lane is full; ClientGoneError when the client left while waiting.
 */
export function dbGuard(scale: ScaleEnv): MiddlewareHandler & { gate: Gate } {
  const gate = new Gate('general lane', scale.dbMaxConcurrent, scale.dbQueueMax);
  const mw: MiddlewareHandler = async (c, next) => {
    const lane = laneOf(c.req.path);
    if (!lane) return next();
    const signal = c.req.raw.signal;
    const release = lane === 'general' ? await gate.acquire(signal) : undefined;
    try {
      await runInDbScope({ signal, lane }, next);
    } finally {
      release?.();
    }
  };
  return Object.assign(mw, { gate });
}
