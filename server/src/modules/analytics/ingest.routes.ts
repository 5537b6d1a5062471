/**
 * `POST /api/events` — the analytics ingest (issue 13 "Ingest"; DESIGN §1b "one ingest endpoint";
 * docs/api.md "Events (analytics ingest)"). Public (no token), CORS `*` without credentials; accepts
 * `application/json` and `text/plain` (navigator.sendBeacon sends a string as text/plain, which needs
 * no CORS preflight), other content types 415. Body at most MAX_BATCH_BYTES (413). Envelope invalid →
 * 400 with field messages; bot not published → 404; rate limited per session → 429 with Retry-After;
 * otherwise 202 `EventAck` once the events are durable (committed). Rules in ingest.service.ts.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { MAX_BATCH_BYTES } from '../../../../embed/shared/analytics';
import type { AppDeps, AppEnv } from '../../lib/context';
import { route } from '../../lib/contract';
import { HttpError } from '../../lib/errors';
import { EventAck } from './analytics.schemas';
import { createIngest, RateLimited } from './ingest.service';

/** Content types the ingest reads (the media type before any `;charset=…`). */
const ACCEPTED_TYPES = new Set(['application/json', 'text/plain']);

export function ingestRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const service = createIngest(deps);
  r.use(
    '/',
    cors({
      origin: '*',
      allowMethods: ['POST'],
      allowHeaders: ['Content-Type'],
      maxAge: 600,
    }),
  );
  r.post(
    '/',
    route({
      summary: 'Record viewer events (the player, every channel)',
      description:
        'Body `EventBatch` `{ v: 1, publicId, channel, sessionId, sliderId?, source?, events: [{ id, name, at, slideId?, fromSlideId?, optionId?, seconds? }] }` (embed/shared/analytics.ts), as `application/json` or `text/plain` (navigator.sendBeacon). ' +
        '202 `{ accepted, duplicates, dropped }` once stored: an event id already stored counts as a duplicate (a retried batch counts once); an invalid event, one without the fields its name needs, one whose id is not `${sessionId}.…`, or one outside the time window (48 h old … 5 min ahead) is dropped and counted; with analytics turned off for the bot or account every event is dropped. ' +
        '400 when the body is not JSON or the envelope is invalid (`errors` by field), 404 when the bot is not published, 413 over 32 KiB, 415 for other content types, 429 (Retry-After) over 20 batches / 10 s or 1,000 events / min per session.',
      tags: ['Analytics'],
      auth: 'public',
      responses: { 202: EventAck },
      errors: [400, 404, 413, 415, 429],
    }),
    bodyLimit({
      maxSize: MAX_BATCH_BYTES,
      onError: () => {
        throw new HttpError(413, `An event batch is at most ${MAX_BATCH_BYTES} bytes.`, 'too_large');
      },
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!ACCEPTED_TYPES.has(type)) throw new HttpError(415, 'Send the batch as application/json or text/plain.', 'unsupported_media_type');
      try {
        return c.json(await service.ingest(await c.req.text()), 202);
      } catch (err) {
        if (err instanceof RateLimited)
          return c.json(err.toBody(), 429, {
            'Retry-After': String(err.retryAfterSeconds),
          });
        throw err;
      }
    },
  );
  return r;
}
