/**
 * `npm run paths -- --bot <publicId>` (issue 14 "Paths") against the real server app in-process:
 * the CLI reads the published vidbot from `GET /api/public/bot/{publicId}` (the PlayerBot the player
 * and the embed load) and prints the paths of its compiled chart; a draft is a 404 with a clear
 * message (the CLI prints it and exits 1). The CLI's own argument and output tests are machines/tooling/cli/paths.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId } from '../../../test/accounts';
import { media } from '../../db/schema';
import { CliError, botPathsOutput } from '../../../../machines/tooling/cli/botPaths';
import type { PathsDocument } from '../../../../machines/tooling/format';

let ctx: TestContext;
let owner: string;
let videoId: number;

async function makeBot(name: string, publish: boolean) {
  const res = await ctx.call('POST', '/api/bot', { token: owner, body: { accountId: await demoAccountId(ctx), name } });
  expect(res.status, await res.clone().text()).toBe(201);
  const bot = (await res.json()) as { id: number; publicId: string };
  const slide = (id: number, slideName: string, category: string, options: unknown[]) => ({ id, name: slideName, category, type: 'VIDEO', videoId, imageId: null, options });
  const content = {
    slides: [
      slide(1, 'Hello', 'INTRO', [{ id: 11, name: 'Tell me more', type: 'SLIDE', targetId: 2 }]),
      slide(2, 'More', 'SLIDE', [
        { id: 21, name: 'Back', type: 'SLIDE', targetId: 1 },
        { id: 22, name: 'Bye', type: 'CLOSE_VIDBOT', targetId: null },
      ]),
    ],
  };
  const saved = await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: owner, body: { content, ...(publish ? { status: 'Published' } : {}) } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return bot;
}

/** The `--bot` output of the CLI with the app's own request handler as its fetch (no port needed). */
async function cli(publicId: string, format: 'md' | 'json' = 'md') {
  const appFetch = ((input: string | URL | Request, init?: RequestInit) => ctx.app.request(String(input), init)) as typeof fetch;
  return botPathsOutput({ publicId, server: 'http://vidbot.test', strategy: 'tour', format }, appFetch);
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.signIn('owner@example.com');
  const [row] = await ctx.deps.db
    .insert(media)
    .values({ accountId: await demoAccountId(ctx), name: 'hello.mp4', type: 'SlideVideo', status: 'Ready', playbackKey: 'x/hello/playback.mp4', posterKey: 'x/hello/poster.jpg' })
    .returning();
  videoId = row!.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('npm run paths -- --bot (real server app)', () => {
  it('prints the paths of the published vidbot’s compiled chart', async () => {
    const bot = await makeBot('Paths bot', true);
    const doc = JSON.parse(await cli(bot.publicId, 'json')) as PathsDocument;
    expect(doc.bot).toMatchObject({ publicId: bot.publicId, name: 'Paths bot' });
    expect(doc.machine).toBe('vidbot');
    // Every button of the chart is pressed in some path: 11 on Hello, 21 and 22 on More.
    const pressed = new Set(doc.paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    expect([...pressed].sort()).toEqual(['button.11', 'button.21', 'button.22']);
    expect(doc.paths.every((p) => p.start.state === 'slide-1')).toBe(true);
    const md = await cli(bot.publicId);
    expect(md).toContain('Send `button.11` → now in `slide-2`');
    expect(md).toContain('Send `button.22` → now in `closed`');
  });

  it('a draft (never published) vidbot is a 404 with a clear message', async () => {
    const draft = await makeBot('Draft bot', false);
    const error = await cli(draft.publicId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).status).toBe(1);
    expect((error as CliError).message).toContain(`No published vidbot "${draft.publicId}" at http://vidbot.test (404)`);
  });
});
