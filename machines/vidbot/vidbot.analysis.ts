/**
 * Static checks of a vidbot's statechart for the editor (DESIGN §1b: "the editor uses it to find
 * unreachable slides and dead ends"; spec 001 §3 "Buttons whose target no longer exists are marked
 * deleted"). Kept apart from vidbot.machine.ts so the player bundle never pulls in xstate/graph.
 */
import type { ActorLogic, EventFromLogic } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import {
  compileVidbot,
  isOptionLive,
  slideIdOfState,
  slideStateName,
  type VidbotMachine,
  type VidbotSnapshot,
} from './vidbot.machine';
import type { VidbotContent } from './vidbot.types';

/** Result of `analyzeVidbot`. All id lists are sorted ascending / in slide order. */
export interface VidbotAnalysis {
  /** Slides no sequence of buttons and video ends reaches from the start slide. */
  unreachableSlideIds: number[];
  /**
   * Slides a viewer cannot leave: no live button or video-end trigger that moves to another slide,
   * closes the vidbot or starts an action. (A slide whose only button loops to itself is a dead end.)
   */
  deadEnds: number[];
  /** SLIDE buttons whose target slide does not exist (compiled to nothing; the editor marks them deleted). */
  deletedOptions: { slideId: number; optionId: number }[];
}

/** Serialize a vidbot snapshot by its state value only: `context.path` grows on loops and must not split states. */
export function serializeVidbotState(snapshot: VidbotSnapshot): string {
  return JSON.stringify(snapshot.value);
}

/**
 * Shortest event paths from the start slide to every reachable state (slides and `closed`), one per
 * state. Each path's `steps` are `{ event, state }` pairs a test can replay.
 *
 * @param content `{ slides, actions? }`; @param startSlideId optional start override (as the preview's slide_id).
 */
export function vidbotShortestPaths(
  content: VidbotContent,
  startSlideId?: number | null,
): StatePath<VidbotSnapshot, EventFromLogic<VidbotMachine>>[] {
  const machine = compileVidbot(content, { startSlideId });
  return getShortestPaths(machine, {
    serializeState: serializeVidbotState,
    stopWhen: (snapshot) => snapshot.status !== 'active',
  });
}

/** One edge of the reachable chart: from `state`, `event` leads to `nextState`. */
export interface VidbotEdge {
  state: VidbotSnapshot;
  event: EventFromLogic<VidbotMachine>;
  nextState: VidbotSnapshot;
}

/**
 * Every transition reachable from the start slide (the chart's edges, for transition coverage):
 * one `{ state, event, nextState }` per live button / video-end trigger of each reachable slide.
 */
export function vidbotEdges(content: VidbotContent, startSlideId?: number | null): VidbotEdge[] {
  const machine = compileVidbot(content, { startSlideId });
  // getAdjacencyMap's signature fixes the emitted-event type to EventObject; ours is narrower
  // (VidbotActionRequested), which only matters to `actor.on` listeners, not to traversal.
  const logic = machine as unknown as ActorLogic<VidbotSnapshot, EventFromLogic<VidbotMachine>, unknown>;
  const adjacency = getAdjacencyMap(logic, {
    serializeState: serializeVidbotState,
    stopWhen: (snapshot) => snapshot.status !== 'active',
  });
  return adjacencyMapToArray(adjacency);
}

/**
 * Find unreachable slides, dead ends and deleted buttons of a vidbot's content.
 *
 * @param content `{ slides, actions? }` as in docs/api.md `Content`.
 * @returns `VidbotAnalysis`; content without slides yields empty lists. Never throws.
 */
export function analyzeVidbot(content: VidbotContent): VidbotAnalysis {
  const slideIds = new Set(content.slides.map((s) => s.id));
  const reached = new Set<number>();
  for (const path of vidbotShortestPaths(content)) {
    const value = path.state.value;
    const id = typeof value === 'string' ? slideIdOfState(value) : null;
    if (id !== null) reached.add(id);
  }

  const machine = compileVidbot(content);
  const deadEnds: number[] = [];
  for (const slide of content.slides) {
    const own = slideStateName(slide.id);
    const node = machine.states[own];
    if (!node) continue;
    let leaves = false;
    for (const transitions of node.transitions.values()) {
      for (const transition of transitions) {
        const targets = transition.target ?? [];
        const movesAway = targets.some((t) => t.key !== own);
        const startsAction = transition.actions.length > 0 && targets.length === 0;
        if (movesAway || startsAction) leaves = true;
      }
    }
    if (!leaves) deadEnds.push(slide.id);
  }

  const deletedOptions = content.slides.flatMap((slide) =>
    slide.options
      .filter((option) => !isOptionLive(option, slideIds))
      .map((option) => ({ slideId: slide.id, optionId: option.id })),
  );

  return {
    unreachableSlideIds: content.slides.map((s) => s.id).filter((id) => !reached.has(id)),
    deadEnds,
    deletedOptions,
  };
}
