/**
 * `POST /api/events` — the analytics ingest (issue 13 "Ingest"; DESIGN §1b "one ingest endpoint").
 * Public (no token), CORS `*` without credentials; accepts `application/json` and `text/plain`
 * (navigator.sendBeacon sends a string as text/plain, which needs no CORS preflight). Body at most
 * MAX_BATCH_BYTES (413). Envelope invalid → 400 with field messages; bot not published → 404;
 * rate limited per session → 429 with Retry-After; otherwise 202 `EventAck` once the events are
 * durable (committed). Rules in ingest.service.ts.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { route } from '../../lib/contract';
import { HttpError } from '../../lib/errors';
import { EventAck } from './analytics.schemas';

export function ingestRoutes(_deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post(
    '/',
    route({
      summary: 'Record viewer events (the player, every channel)',
      description:
        'Body `EventBatch` `{ v: 1, publicId, channel, sessionId, sliderId?, source?, events: [{ id, name, at, slideId?, fromSlideId?, optionId?, seconds? }] }` (embed/shared/analytics.ts), JSON or text/plain. ' +
        '202 `{ accepted, duplicates, dropped }` once stored: an event id already stored counts as a duplicate (a retried batch counts once); an invalid event or one outside the time window is dropped and counted. ' +
        '400 when the envelope is invalid, 404 when the bot is not published, 413 over 32 KiB, 429 when the session sends too fast.',
      tags: ['Analytics'],
      auth: 'public',
      responses: { 202: EventAck },
      errors: [400, 404, 413, 429],
    }),
    () => {
      throw new HttpError(501, 'The ingest is being built.', 'not_implemented');
    },
  );
  return r;
}
