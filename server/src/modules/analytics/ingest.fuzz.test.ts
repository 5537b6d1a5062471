/**
 * Fuzzing `POST /api/events` (issue 13 "Ingest": bad input gets a 4xx, never a 5xx): 10,000 random
 * requests through one in-process app — arbitrary JSON, valid batches with random mutations (keys
 * replaced by anything, keys deleted, junk events, huge numbers, wrong types), random strings and
 * byte soup, under random content types. Every answer must be below 500; a 202 must count every
 * event exactly once (accepted + duplicates + dropped = events.length). PGlite; PostgreSQL with
 * TEST_DATABASE_URL (server-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ANALYTICS_EVENT_NAMES, CHANNELS } from '../../../../embed/shared/analytics';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId } from '../../../test/accounts';

let ctx: TestContext;
let botPublicId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await ctx.signIn('owner@example.com');
  const accountId = await demoAccountId(ctx);
  const created = (await (
    await ctx.call('POST', '/api/bot', {
      token: owner,
      body: { accountId, name: 'Fuzzed bot' },
    })
  ).json()) as { id: number; publicId: string };
  const content = {
    slides: [
      {
        id: 1,
        name: 'Intro',
        category: 'INTRO',
        type: 'VIDEO',
        videoId: null,
        imageId: null,
        options: [],
      },
    ],
    actions: [],
    settings: {},
  };
  const res = await ctx.call('PATCH', `/api/bot/${created.id}`, {
    token: owner,
    body: { content, status: 'Published' },
  });
  expect(res.status).toBe(200);
  botPublicId = created.publicId;
});
afterAll(async () => {
  await ctx?.close();
});

const sessionId = fc.stringMatching(/^[A-Za-z0-9_-]{16,24}$/);
/** Mostly plausible events (so the insert path runs), sometimes anything. */
const event = (sid: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record(
        {
          id: fc.oneof(
            fc.constant(`${sid}.session`),
            fc.nat(1000).map((n) => `${sid}.${n}`),
            fc.string({ maxLength: 90 }),
          ),
          name: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ANALYTICS_EVENT_NAMES) }, fc.string()),
          at: fc.oneof(
            {
              weight: 5,
              arbitrary: fc.integer({ min: -60 * 3600_000, max: 10 * 60_000 }).map((d) => Date.now() + d),
            },
            fc.double(),
            fc.constant(8_640_000_000_000_001),
            fc.string(),
          ),
          slideId: fc.oneof(fc.integer({ min: -5, max: 2_147_483_650 }), fc.constant(null), fc.double(), fc.string()),
          fromSlideId: fc.oneof(fc.nat(10), fc.constant(null), fc.string()),
          optionId: fc.oneof(fc.nat(10), fc.double(), fc.boolean()),
          seconds: fc.oneof(fc.double({ min: -10, max: 100_000 }), fc.constant(Number.MAX_VALUE), fc.string()),
        },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: fc.anything() },
  );

/** A valid-looking batch of bot `publicId`, then mutated: keys replaced with anything or deleted, extra keys. */
const mutatedBatch = (publicId: string) =>
  sessionId.chain((sid) =>
    fc
      .record({
        v: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, fc.anything()),
        publicId: fc.oneof({ weight: 8, arbitrary: fc.constant(publicId) }, fc.string({ maxLength: 70 }), fc.anything()),
        channel: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...CHANNELS) }, fc.anything()),
        sessionId: fc.oneof({ weight: 8, arbitrary: fc.constant(sid) }, fc.string(), fc.anything()),
        sliderId: fc.oneof(fc.constant(undefined), fc.integer({ min: -1, max: 3_000_000_000 }), fc.anything()),
        source: fc.oneof(fc.constant(undefined), fc.webUrl(), fc.string({ maxLength: 600 }), fc.anything()),
        events: fc.oneof(
          {
            weight: 8,
            arbitrary: fc.array(event(sid), { minLength: 0, maxLength: 110 }),
          },
          fc.anything(),
        ),
        extra: fc.option(fc.dictionary(fc.string(), fc.anything())),
        drop: fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, fc.subarray(['v', 'publicId', 'channel', 'sessionId', 'events'])),
      })
      .map(({ extra, drop, ...b }) => {
        const out: Record<string, unknown> = { ...(extra ?? {}), ...b };
        for (const k of drop) delete out[k];
        return JSON.stringify(out);
      }),
  );

const body = (publicId: string) =>
  fc.oneof(
    { weight: 6, arbitrary: mutatedBatch(publicId) },
    { weight: 2, arbitrary: fc.json() },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.jsonValue().map((j) => JSON.stringify(j).slice(0, Math.max(0, JSON.stringify(j).length - 1))),
    },
  );
const contentType = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('application/json', 'text/plain;charset=UTF-8', 'text/plain'),
  },
  fc.constantFrom(undefined, 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/octet-stream', 'TEXT/PLAIN; charset=latin1', ''),
  fc.string({ maxLength: 40 }),
);

describe('POST /api/events fuzz', () => {
  it('answers every one of 10,000 random requests below 500, and counts every event of a 202', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body(botPublicId), contentType, async (text, type) => {
        const headers: Record<string, string> = {};
        // Header values cannot hold control characters; such a request never reaches a server.
        if (type !== undefined && /^[\x20-\x7e]*$/.test(type)) headers['content-type'] = type;
        const res = await ctx.app.request('/api/events', {
          method: 'POST',
          headers,
          body: text,
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const answer = await res.text();
        expect(res.status, answer).toBeLessThan(500);
        if (res.status === 202) {
          const ack = JSON.parse(answer) as {
            accepted: number;
            duplicates: number;
            dropped: number;
          };
          const events = (JSON.parse(text) as { events: unknown[] }).events;
          expect(ack.accepted + ack.duplicates + ack.dropped).toBe(events.length);
        }
      }),
      { numRuns: 10_000 },
    );
    console.log('[fuzz] statuses', Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
    // The run reached the store, not only the validators.
    expect(statuses.get(202) ?? 0).toBeGreaterThan(500);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(500);
  }, 600_000);
});
