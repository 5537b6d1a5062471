/**
 * The bot's own graph (issue 11 "The bot's own graph"; DESIGN §1b "the editor uses it to find
 * unreachable slides and dead ends"; spec 001 §3 Slide, Slide option, Action): the content compiled to
 * its statechart (vidbot.machine.ts) is read into a directed @dagrejs/graphlib graph and analysed.
 * One pure function, `botGraph`, shared by `GET /bot/{id}/graph` (server) and the editor's graph panel
 * (which analyses the live draft). Kept apart from vidbot.machine.ts: the player bundle (embed/) must
 * never import this module (graphlib stays out of it).
 *
 * The graph
 * - Nodes: every slide (`slide-<id>`, the chart's state names), every action (`action-<id>`), and the
 *   closed end (`closed`, the chart's final state) when some button closes the vidbot directly.
 * - Edges: one per live button of a slide, taken from the compiled chart's `button.<optionId>`
 *   transitions: a SLIDE button → its target slide; a REGULAR_FORM / EXTERNAL_LINK / POST_MESSAGE /
 *   SHARE_MEDIA button → the action it starts; a CLOSE_VIDBOT button → the close action it names, or
 *   `closed` when it names none or a missing one (the chart closes either way, so it is never deleted). `videoEnd` marks the button that also
 *   fires when the slide's video ends (the chart's `video.end` transition; VIDEO slides only).
 *   Action nodes and `closed` have no outgoing edges: a viewer's path ends there.
 * - Deleted targets (spec 001 §3 "marked deleted"): a SLIDE button whose slide does not exist (the chart
 *   compiles it to nothing) and an action button whose action does not exist (the player gets no
 *   action). They make no edge and are listed in `deletedTargets`.
 *
 * The findings
 * - Start: the chart's initial slide — the INTRO slide, else the first slide (as the player does).
 * - `unreachable`: slides and actions that no sequence of buttons / video ends reaches from the start
 *   (graphlib `alg.preorder`). Without slides, every action is unreachable.
 * - `deadEnds`: slides a viewer cannot leave — no button (nor video-end trigger) that moves to another
 *   slide, starts an existing action or closes the vidbot. Buttons with deleted targets and buttons back
 *   to the same slide do not count, so a slide whose only button replays itself is a dead end. Every
 *   dead end is listed, reachable or not.
 * - `loops`: the cycles of slides (graphlib `alg.findCycles`: strongly connected groups of slides where
 *   each can reach every other, plus slides with a button to themselves), each as slide ids in content
 *   order; loops in content order of their first slide. `trapLoops` are the loops a viewer cannot leave
 *   (no edge from the loop to anything outside it).
 * - `pathCount`: the number of distinct simple paths (no node twice; two buttons for the same move count
 *   once) from the start to an end — an action (form, link, post message, share media, close action),
 *   the closed end, or a dead-end slide. Counting stops at `PATH_COUNT_CAP` paths or after
 *   `PATH_SEARCH_BUDGET` search steps; then `pathCountCapped` is true and `pathCount` is a lower bound
 *   (exactly PATH_COUNT_CAP when the cap stopped it).
 */
import { alg, Graph } from '@dagrejs/graphlib';
import {
  CLOSED_STATE,
  compileVidbot,
  initialSlideId,
  slideIdOfState,
  slideStateName,
} from './vidbot.machine';
import type { ActionType, Slide, SlideOptionType, VidbotAction, VidbotContent } from './vidbot.types';

/** Most paths `botGraph` counts; more → `pathCountCapped`. */
export const PATH_COUNT_CAP = 10_000;
/** Most search steps (nodes entered) the path count may take; more → `pathCountCapped` (a lower bound). */
export const PATH_SEARCH_BUDGET = 200_000;

/** Node id of an action. */
export function actionNodeId(actionId: number): `action-${number}` {
  return `action-${actionId}`;
}

/** A slide of the graph (id = the chart's state name `slide-<id>`). */
export interface BotGraphSlideNode {
  id: string;
  kind: 'slide';
  slideId: number;
  name: string;
  category: 'INTRO' | 'SLIDE';
  /** Reachable from the start slide. */
  reachable: boolean;
}
/** An action of the graph (`action-<id>`). */
export interface BotGraphActionNode {
  id: string;
  kind: 'action';
  actionId: number;
  name: string;
  actionType: ActionType;
  reachable: boolean;
}
/** The closed end (`closed`): reached by a CLOSE_VIDBOT button that names no (existing) close action. */
export interface BotGraphEndNode {
  id: string;
  kind: 'end';
  reachable: boolean;
}
export type BotGraphNode = BotGraphSlideNode | BotGraphActionNode | BotGraphEndNode;

/** One live button: from its slide to the slide, action or end it leads to. */
export interface BotGraphEdge {
  /** Node ids. */
  from: string;
  to: string;
  /** The slide the button is on and the button (slide option) itself. */
  slideId: number;
  optionId: number;
  /** The button's name. */
  name: string;
  type: SlideOptionType;
  /** The button also fires when the slide's video ends (spec 001 §5: one per VIDEO slide). */
  videoEnd: boolean;
}

/** A button whose target no longer exists (spec 001 §3 "marked deleted"). */
export interface BotGraphDeletedTarget {
  slideId: number;
  optionId: number;
  /** The missing slide or action id; null when the button names none. */
  targetId: number | null;
  targetKind: 'slide' | 'action';
}

/** What `botGraph` finds. Id lists are in content order. */
export interface BotGraph {
  /** The slide paths start from (INTRO, else the first slide); null without slides. */
  startSlideId: number | null;
  nodes: BotGraphNode[];
  edges: BotGraphEdge[];
  unreachable: { slideIds: number[]; actionIds: number[] };
  deadEnds: number[];
  loops: number[][];
  /** Loops (as in `loops`) with no button leading out of them. */
  trapLoops: number[][];
  deletedTargets: BotGraphDeletedTarget[];
  pathCount: number;
  /** True when counting stopped at the cap or the search budget: `pathCount` is then a lower bound. */
  pathCountCapped: boolean;
}

/**
 * What `botGraph` reads: slides as the chart compiles them and each action's id, name and type — a
 * revision's content (server), the editor's draft (`BotContent`) or a `PlayerBot` all fit.
 */
export interface BotGraphInput {
  slides: readonly Slide[];
  actions?: readonly Pick<VidbotAction, 'id' | 'name' | 'type'>[];
}

/**
 * Build and analyse the graph of a vidbot's content (module comment: nodes, edges and definitions).
 *
 * @param content `{ slides, actions? }` — a revision's content (docs/api.md `Content`) or the editor's
 *   live draft; extra fields are ignored. Slides without `options` are read as having none.
 * @returns `BotGraph`. Never throws: dangling targets become `deletedTargets`, empty content an empty graph.
 */
export function botGraph(content: BotGraphInput): BotGraph {
  const slides = content.slides.map((s) => ({ ...s, options: (s.options as Slide['options'] | undefined) ?? [] }));
  const actions = content.actions ?? [];
  // compileVidbot reads only the actions' ids (through the buttons); the other action fields are the host's.
  const normalized: VidbotContent = { slides, actions: actions as VidbotAction[] };
  const chart = compileVidbot(normalized);
  const start = initialSlideId(normalized);
  const actionIds = new Set(actions.map((a) => a.id));
  const slideOrder = new Map(slides.map((s, i) => [s.id, i]));

  const g = new Graph({ directed: true, multigraph: true });
  for (const slide of slides) g.setNode(slideStateName(slide.id));
  for (const action of actions) g.setNode(actionNodeId(action.id));

  const edges: BotGraphEdge[] = [];
  const deletedTargets: BotGraphDeletedTarget[] = [];
  const seenSlides = new Set<number>();
  for (const slide of slides) {
    if (seenSlides.has(slide.id)) continue; // a duplicated id compiles to one state
    seenSlides.add(slide.id);
    const from = slideStateName(slide.id);
    const state = chart.states[from];
    if (!state) continue; // every slide compiles to a state
    const transitions = state.transitions;
    const endTargets = transitions.get('video.end') ?? [];
    const videoEndOptionId = endTargets.length
      ? slide.options.find((o) => o.videoEndListener && transitions.has(`button.${o.id}`))?.id
      : undefined;
    const seenOptions = new Set<number>();
    for (const option of slide.options) {
      if (seenOptions.has(option.id)) continue;
      seenOptions.add(option.id);
      const compiled = transitions.get(`button.${option.id}`)?.[0];
      let to: string | null = null;
      if (compiled?.target?.length) {
        const key = compiled.target[0]!.key;
        if (key === CLOSED_STATE) {
          to = option.targetId != null && actionIds.has(option.targetId) ? actionNodeId(option.targetId) : CLOSED_STATE;
        } else if (slideIdOfState(key) !== null) {
          to = key;
        }
      } else if (compiled) {
        // An action the host performs: the chart's requestAction carries the action id.
        const request = compiled.actions.find((a) => typeof a === 'object' && a !== null && 'params' in a) as
          | { params?: { actionId?: number | null } }
          | undefined;
        const actionId = request?.params?.actionId ?? null;
        if (actionId !== null && actionIds.has(actionId)) to = actionNodeId(actionId);
        else deletedTargets.push({ slideId: slide.id, optionId: option.id, targetId: actionId, targetKind: 'action' });
      } else {
        deletedTargets.push({ slideId: slide.id, optionId: option.id, targetId: option.targetId ?? null, targetKind: 'slide' });
      }
      if (to === null) continue;
      if (to === CLOSED_STATE && !g.hasNode(CLOSED_STATE)) g.setNode(CLOSED_STATE);
      g.setEdge(from, to, undefined, `${slide.id}.${option.id}`);
      edges.push({
        from,
        to,
        slideId: slide.id,
        optionId: option.id,
        name: option.name,
        type: option.type,
        videoEnd: option.id === videoEndOptionId,
      });
    }
  }

  const reached = new Set(start === null ? [] : alg.preorder(g, slideStateName(start)));
  const others = (v: string) => (g.successors(v) ?? []).filter((w) => w !== v);
  const isSink = (v: string) => others(v).length === 0;

  const nodes: BotGraphNode[] = [];
  const listedSlides = new Set<number>();
  for (const s of slides) {
    if (listedSlides.has(s.id)) continue;
    listedSlides.add(s.id);
    const id = slideStateName(s.id);
    nodes.push({ id, kind: 'slide', slideId: s.id, name: s.name, category: s.category, reachable: reached.has(id) });
  }
  const listedActions = new Set<number>();
  for (const a of actions) {
    if (listedActions.has(a.id)) continue;
    listedActions.add(a.id);
    const id = actionNodeId(a.id);
    nodes.push({ id, kind: 'action', actionId: a.id, name: a.name, actionType: a.type, reachable: reached.has(id) });
  }
  if (g.hasNode(CLOSED_STATE)) nodes.push({ id: CLOSED_STATE, kind: 'end', reachable: reached.has(CLOSED_STATE) });

  const slideNodes = nodes.filter((n): n is BotGraphSlideNode => n.kind === 'slide');
  const byContentOrder = (a: number, b: number) => (slideOrder.get(a) ?? 0) - (slideOrder.get(b) ?? 0);
  const loops = alg
    .findCycles(g)
    .map((component) => component.map((v) => slideIdOfState(v)).filter((id): id is number => id !== null).sort(byContentOrder))
    .filter((loop) => loop.length > 0)
    .sort((a, b) => byContentOrder(a[0]!, b[0]!));
  // A single slide looping to itself with no other way out is already a dead end.
  const trapLoops = loops.filter((loop) => {
    if (loop.length === 1 && isSink(slideStateName(loop[0]!))) return false;
    const inside = new Set<string>(loop.map(slideStateName));
    return loop.every((id) => (g.successors(slideStateName(id)) ?? []).every((w) => inside.has(w)));
  });

  const { count, capped } = start === null ? { count: 0, capped: false } : countPaths(g, slideStateName(start), isSink);

  return {
    startSlideId: start,
    nodes,
    edges,
    unreachable: {
      slideIds: slideNodes.filter((n) => !n.reachable).map((n) => n.slideId),
      actionIds: nodes.flatMap((n) => (n.kind === 'action' && !n.reachable ? [n.actionId] : [])),
    },
    deadEnds: slideNodes.filter((n) => isSink(n.id)).map((n) => n.slideId),
    loops,
    trapLoops,
    deletedTargets,
    pathCount: count,
    pathCountCapped: capped,
  };
}

/** One warning of the publish flow; `items` name what it is about (slide names, or "button on slide"). */
export type PublishWarning =
  | { code: 'unreachableSlides'; items: { slideId: number; name: string }[] }
  | { code: 'deletedTargets'; items: { slideId: number; optionId: number; name: string; slideName: string }[] };

/**
 * Warnings to show before publishing (issue 11: "publishing with unreachable slides warns but does not
 * block"): slides the viewer can never reach, and buttons whose target was deleted (they do nothing).
 * Empty when there is nothing to warn about. Pure; `content` supplies the button names.
 */
export function publishWarnings(graph: BotGraph, content?: BotGraphInput): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  const slideName = new Map(graph.nodes.flatMap((n) => (n.kind === 'slide' ? [[n.slideId, n.name] as const] : [])));
  if (graph.unreachable.slideIds.length) {
    warnings.push({
      code: 'unreachableSlides',
      items: graph.unreachable.slideIds.map((slideId) => ({ slideId, name: slideName.get(slideId) ?? '' })),
    });
  }
  if (graph.deletedTargets.length) {
    warnings.push({
      code: 'deletedTargets',
      items: graph.deletedTargets.map(({ slideId, optionId }) => ({
        slideId,
        optionId,
        name: content?.slides.find((s) => s.id === slideId)?.options.find((o) => o.id === optionId)?.name ?? '',
        slideName: slideName.get(slideId) ?? '',
      })),
    });
  }
  return warnings;
}

/**
 * Simple paths from `start` to a sink (`isSink`: no successor other than itself), depth first over an
 * integer copy of the graph. Sinks are tried before other successors (so ends near the start are
 * counted even when the budget runs out deeper down); successors that cannot reach any sink are
 * skipped. Stops after PATH_COUNT_CAP paths or PATH_SEARCH_BUDGET nodes entered.
 */
function countPaths(g: Graph, start: string, isSink: (v: string) => boolean): { count: number; capped: boolean } {
  const names = g.nodes();
  const index = new Map(names.map((v, i) => [v, i]));
  const sink = names.map(isSink);
  // Nodes from which some sink can be reached (walk predecessors back from every sink).
  const useful = new Uint8Array(names.length);
  const queue = names.flatMap((_, i) => (sink[i] ? [i] : []));
  for (const i of queue) useful[i] = 1;
  while (queue.length) {
    const i = queue.pop()!;
    for (const p of g.predecessors(names[i]!) ?? []) {
      const j = index.get(p)!;
      if (!useful[j]) {
        useful[j] = 1;
        queue.push(j);
      }
    }
  }
  const next = names.map((v, i) =>
    (g.successors(v) ?? [])
      .map((w) => index.get(w)!)
      .filter((j) => j !== i && useful[j])
      .sort((a, b) => Number(sink[b]) - Number(sink[a])),
  );

  let count = 0;
  let steps = 0;
  let capped = false;
  const onPath = new Uint8Array(names.length);
  const visit = (i: number): void => {
    if (++steps > PATH_SEARCH_BUDGET) {
      capped = true;
      return;
    }
    if (sink[i]) {
      count += 1;
      if (count > PATH_COUNT_CAP) {
        count = PATH_COUNT_CAP;
        capped = true;
      }
      return;
    }
    onPath[i] = 1;
    for (const j of next[i]!) {
      if (!onPath[j]) visit(j);
      if (capped) break;
    }
    onPath[i] = 0;
  };
  const from = index.get(start);
  if (from !== undefined && useful[from]) visit(from);
  return { count, capped };
}
