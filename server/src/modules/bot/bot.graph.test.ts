/**
 * `GET /bot/{id}/graph?mode=draft|published` (issue 11 "The bot's own graph") over HTTP on PGlite and
 * PostgreSQL: the draft and the published revision analysed separately, who may read it, and the
 * input errors. Every answer is checked against the declared `BotGraph` contract by the harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { botRevisions, bots } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD } from '../../../test/accounts';
import type { BotGraph } from './bot.graph';

let ctx: TestContext;
let demoId: number;
const tokens: Record<string, string> = {};

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const button = (id: number, type: string, targetId: number | null, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Button ${id}`,
  type,
  targetId,
  ...extra,
});
const slide = (id: number, options: unknown[], category = 'SLIDE') => ({ id, name: `Slide ${id}`, category, type: 'VIDEO', options });

/**
 * Five slides: 1 (intro) → 2, 3 (video end → 2); 2 → form 10, → 4; 3 → link 11, → 4; 4 → close, → 1;
 * 5 → 1 but nothing leads to 5. Action 12 (post message) is started by no button.
 */
const branching = {
  slides: [
    slide(1, [button(1, 'SLIDE', 2, { videoEndListener: true }), button(2, 'SLIDE', 3)], 'INTRO'),
    slide(2, [button(1, 'REGULAR_FORM', 10), button(2, 'SLIDE', 4)]),
    slide(3, [button(1, 'EXTERNAL_LINK', 11), button(2, 'SLIDE', 4)]),
    slide(4, [button(1, 'CLOSE_VIDBOT', null), button(2, 'SLIDE', 1)]),
    slide(5, [button(1, 'SLIDE', 1)]),
  ],
  actions: [
    { id: 10, name: 'Contact form', type: 'REGULAR_FORM', description: 'Tell us about you.', email: 'sales@example.com', subject: 'New lead', fields: [] },
    { id: 11, name: 'Website', type: 'EXTERNAL_LINK', url: 'https://example.com/', externalLinkType: 'url', linkType: 'new_tab' },
    { id: 12, name: 'Tell the page', type: 'POST_MESSAGE', value: 'done' },
  ],
};

beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  for (const who of ['owner', 'editor', 'viewer', 'superadmin']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  const otherAccountId = await createAccount(ctx, 'Graph Other Oy');
  await createUser(ctx, 'graph-other@example.org', { roles: [[otherAccountId, 'Owner']] });
  tokens.other = await ctx.signIn('graph-other@example.org', TEST_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

async function newBot(content: unknown, publish = false): Promise<number> {
  const bot = await json<{ id: number }>(await ctx.call('POST', '/api/bot', { token: tokens.editor, body: { accountId: demoId, name: 'Graph bot' } }), 201);
  await json(await ctx.call('PATCH', `/api/bot/${bot.id}`, { token: tokens.editor, body: { content, ...(publish ? { status: 'Published' } : {}) } }), 200);
  return bot.id;
}

const graphOf = (id: number, query = '', as = 'editor') => ctx.call('GET', `/api/bot/${id}/graph${query}`, { token: tokens[as] });

describe('GET /bot/{id}/graph', () => {
  it('analyses the latest revision: unreachable slide and action, loops, the path count', async () => {
    const id = await newBot(branching);
    const graph = await json<BotGraph>(await graphOf(id), 200);
    expect(graph.startSlideId).toBe(1);
    expect(graph.unreachable).toEqual({ slideIds: [5], actionIds: [12] });
    expect(graph.deadEnds).toEqual([]);
    expect(graph.loops).toEqual([[1, 2, 3, 4]]);
    // 1→2→form, 1→2→4→close, 1→3→link, 1→3→4→close
    expect(graph).toMatchObject({ pathCount: 4, pathCountCapped: false, deletedTargets: [] });
    expect(graph.nodes.map((n) => n.id)).toEqual(['slide-1', 'slide-2', 'slide-3', 'slide-4', 'slide-5', 'action-10', 'action-11', 'action-12', 'closed']);
    expect(graph.edges.find((e) => e.videoEnd)).toEqual({ from: 'slide-1', to: 'slide-2', slideId: 1, optionId: 1, name: 'Button 1', type: 'SLIDE', videoEnd: true });
    // mode=draft is the default.
    expect(await json<BotGraph>(await graphOf(id, '?mode=draft'), 200)).toEqual(graph);
  });

  it('analyses the published revision with mode=published, separately from a newer draft', async () => {
    const id = await newBot(branching, true);
    // The new draft drops slide 4's close button: 4 only leads back to the intro.
    const draft = structuredClone(branching);
    draft.slides[3]!.options = [button(2, 'SLIDE', 1)];
    await json(await ctx.call('PATCH', `/api/bot/${id}`, { token: tokens.editor, body: { content: draft } }), 200);
    const published = await json<BotGraph>(await graphOf(id, '?mode=published'), 200);
    const latest = await json<BotGraph>(await graphOf(id, '?mode=draft'), 200);
    expect(published.pathCount).toBe(4);
    expect(latest.pathCount).toBe(2);
    expect(published.nodes.some((n) => n.kind === 'end')).toBe(true);
    expect(latest.nodes.some((n) => n.kind === 'end')).toBe(false);
  });

  it('answers 404 for mode=published before the first publish', async () => {
    const id = await newBot(branching);
    const res = await json<{ detail: string }>(await graphOf(id, '?mode=published'), 404);
    expect(res.detail).toBe('This vidbot has no published revision.');
  });

  it('reports deleted action targets and the dead end they leave', async () => {
    const id = await newBot(branching);
    // A stored revision whose form button's action is gone (written directly: the API may refuse it on save).
    const [bot] = await ctx.deps.db.select({ latest: bots.latestRevisionId }).from(bots).where(eq(bots.id, id));
    await ctx.deps.db
      .update(botRevisions)
      .set({ content: { slides: [slide(1, [button(1, 'SLIDE', 2)], 'INTRO'), slide(2, [button(1, 'REGULAR_FORM', 77)])], actions: [], theme: {} } })
      .where(eq(botRevisions.id, bot!.latest!));
    const graph = await json<BotGraph>(await graphOf(id), 200);
    expect(graph.deletedTargets).toEqual([{ slideId: 2, optionId: 1, targetId: 77, targetKind: 'action' }]);
    expect(graph.deadEnds).toEqual([2]);
    expect(graph.pathCount).toBe(1);
  });

  it('answers an empty graph for a new bot (revision 1 has no slides)', async () => {
    const bot = await json<{ id: number }>(await ctx.call('POST', '/api/bot', { token: tokens.owner, body: { accountId: demoId, name: 'Empty' } }), 201);
    expect(await json<BotGraph>(await graphOf(bot.id, '', 'owner'), 200)).toEqual({
      startSlideId: null,
      nodes: [],
      edges: [],
      unreachable: { slideIds: [], actionIds: [] },
      deadEnds: [],
      loops: [],
      trapLoops: [],
      deletedTargets: [],
      pathCount: 0,
      pathCountCapped: false,
    });
  });

  it('lets anyone who may view the bot read it, hides it from other accounts and anonymous callers', async () => {
    const id = await newBot(branching);
    for (const who of ['viewer', 'owner', 'superadmin']) expect((await graphOf(id, '', who)).status, who).toBe(200);
    expect((await json<{ detail: string }>(await graphOf(id, '', 'other'), 404)).detail).toBe('Vidbot not found.');
    expect((await ctx.call('GET', `/api/bot/${id}/graph`)).status).toBe(401);
  });

  it('answers 422 with a field message for a bad mode and 404 for a missing or non-numeric id', async () => {
    const id = await newBot(branching);
    const bad = await json<{ errors: Record<string, string> }>(await graphOf(id, '?mode=live'), 422);
    expect(bad.errors).toEqual({ mode: 'mode must be draft or published.' });
    expect((await graphOf(999_999)).status).toBe(404);
    expect((await ctx.call('GET', '/api/bot/abc/graph', { token: tokens.editor })).status).toBe(404);
  });
});
