/**
 * `GET /bot/{id}/graph?mode=draft|published` — the bot's own graph (issue 11 "The bot's own graph";
 * DESIGN §1b): one revision's content analysed by the same pure function the editor's graph panel runs
 * on the live draft (machines/vidbot/vidbot.graph.ts `botGraph`; definitions of unreachable, dead end,
 * loop and path count are there). This module holds the answer's contract (`BotGraph`) and the read.
 */
import * as v from 'valibot';
import { botGraph, type BotGraph as ComputedBotGraph } from '../../../../machines/vidbot/vidbot.graph';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { canViewBots } from './bot.policy';
import * as repo from './bot.repo';
import { ACTION_TYPES, OPTION_TYPES, SLIDE_CATEGORIES } from './bot.schemas';
import { readContent } from './bot.service';

const ids = v.array(v.number());

/** A node of the graph: a slide (`slide-<id>`), an action (`action-<id>`) or the closed end (`closed`). */
const BotGraphNode = v.variant('kind', [
  v.strictObject({
    id: v.string(),
    kind: v.literal('slide'),
    slideId: v.number(),
    name: v.string(),
    category: v.picklist(SLIDE_CATEGORIES),
    reachable: v.boolean(),
  }),
  v.strictObject({
    id: v.string(),
    kind: v.literal('action'),
    actionId: v.number(),
    name: v.string(),
    actionType: v.picklist(ACTION_TYPES),
    reachable: v.boolean(),
  }),
  v.strictObject({ id: v.string(), kind: v.literal('end'), reachable: v.boolean() }),
]);

/** `GET /bot/{id}/graph` answer (issue 11): see machines/vidbot/vidbot.graph.ts for every field's definition. */
export const BotGraph = v.pipe(
  v.strictObject({
    /** The slide paths start from: the INTRO slide, else the first; null without slides. */
    startSlideId: v.nullable(v.number()),
    nodes: v.array(BotGraphNode),
    /** One per live button (node ids `from` → `to`); `videoEnd` = also fires when the slide's video ends. */
    edges: v.array(
      v.strictObject({
        from: v.string(),
        to: v.string(),
        slideId: v.number(),
        optionId: v.number(),
        name: v.string(),
        type: v.picklist(OPTION_TYPES),
        videoEnd: v.boolean(),
      }),
    ),
    /** Slides and actions no sequence of buttons reaches from the start slide. */
    unreachable: v.strictObject({ slideIds: ids, actionIds: ids }),
    /** Slides a viewer cannot leave (no button to another slide, an existing action or close). */
    deadEnds: ids,
    /** Cycles of slides (slide ids in content order). */
    loops: v.array(ids),
    /** Loops with no button leading out of them. */
    trapLoops: v.array(ids),
    /** Buttons whose target slide or action no longer exists (spec 001 §3 "marked deleted"). */
    deletedTargets: v.array(
      v.strictObject({
        slideId: v.number(),
        optionId: v.number(),
        targetId: v.nullable(v.number()),
        targetKind: v.picklist(['slide', 'action']),
      }),
    ),
    /** Distinct simple paths from the start slide to an end (an action, the closed end or a dead end). */
    pathCount: v.number(),
    /** True when counting stopped at 10 000 paths (or its search budget): pathCount is a lower bound. */
    pathCountCapped: v.boolean(),
  }),
  v.metadata({ ref: 'BotGraph' }),
);
export type BotGraph = v.InferOutput<typeof BotGraph>;

/** Compile time: the contract and botGraph's result are the same shape, both ways. */
const contractHoldsComputed: ComputedBotGraph extends BotGraph ? true : false = true;
const computedHoldsContract: BotGraph extends ComputedBotGraph ? true : false = true;
void contractHoldsComputed;
void computedHoldsContract;

/**
 * `GET /bot/{id}/graph?mode=` — the graph of the latest revision (`draft`) or of the published one.
 * Anyone who may view the bot (spec 001 §6: an Active role in its account, or staff).
 *
 * @throws HttpError 404 when the bot is missing or not visible to the caller, or (mode=published) was
 *   never published.
 */
export async function getBotGraph(db: Db, user: AuthUser, id: number, mode: 'draft' | 'published'): Promise<BotGraph> {
  const bot = await repo.findBotById(db, id);
  if (!bot || !canViewBots(user, bot.accountId)) throw notFound('Vidbot not found.');
  const revisionId = mode === 'published' ? bot.publishedRevisionId : bot.latestRevisionId;
  if (mode === 'published' && revisionId === null) throw notFound('This vidbot has no published revision.');
  const revision = revisionId === null ? undefined : await repo.findRevision(db, revisionId);
  const { slides, actions } = readContent(revision?.content);
  return botGraph({ slides, actions });
}
