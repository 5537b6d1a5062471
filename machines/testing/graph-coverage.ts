/**
 * State and transition coverage of a machine computed from walked event sequences (DESIGN §4:
 * xstate has no coverage API). Test helper only; pure, no timers.
 *
 * A run is an input plus the events of one path (from `xstate/graph` or a hand-written journey).
 * Each run is replayed with `getInitialMicrosteps` / `getMicrosteps`, so transient states passed
 * through by eventless (`always`) transitions count as visited. Transitions are the edges of
 * `toDirectedGraph`, keyed `source --event--> target`; an edge is covered when one microstep
 * leaves a configuration containing its source for one containing its target on its event
 * (eventless edges on the microsteps after the first of a macrostep).
 */
import { getInitialMicrosteps, getMicrosteps, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import { toDirectedGraph, type AdjacencyMap, type DirectedGraphNode, type TestModel } from 'xstate/graph';

/** One replayable run: the machine input and the events sent in order. */
export interface CoverageRun {
  input?: unknown;
  events: readonly EventObject[];
}

/** Covered and missing state ids (`machine.state.child`) and edges (`source --event--> target`). */
export interface GraphCoverage {
  states: { covered: string[]; missing: string[] };
  transitions: { covered: string[]; missing: string[] };
}

interface Edge {
  key: string;
  source: string;
  target: string;
  eventType: string;
}

function collect(node: DirectedGraphNode, states: string[], edges: Edge[]): void {
  states.push(node.id);
  for (const edge of node.edges) {
    const eventType = edge.label.text;
    edges.push({
      key: `${edge.source.id} --${eventType || '(always)'}--> ${edge.target.id}`,
      source: edge.source.id,
      target: edge.target.id,
      eventType,
    });
  }
  for (const child of node.children) collect(child, states, edges);
}

function activeIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(snapshot._nodes.map((n) => n.id));
}

/**
 * Replays `runs` on `machine` and reports what was covered.
 * @throws nothing; unknown events simply cover nothing.
 */
export function graphCoverage(machine: AnyStateMachine, runs: readonly CoverageRun[]): GraphCoverage {
  const states: string[] = [];
  const edges: Edge[] = [];
  collect(toDirectedGraph(machine), states, edges);
  const allStates = states.filter((id) => id !== machine.id);
  const visited = new Set<string>();
  const usedEdges = new Set<string>();

  const mark = (prev: AnyMachineSnapshot | null, next: AnyMachineSnapshot, eventType: string) => {
    const nextIds = activeIds(next);
    nextIds.forEach((id) => visited.add(id));
    if (!prev) return;
    const prevIds = activeIds(prev);
    for (const edge of edges) {
      // A partial wildcard descriptor (`xstate.done.actor.*`) matches the events it stands for.
      const matches = edge.eventType === eventType || (edge.eventType.endsWith('.*') && eventType.startsWith(edge.eventType.slice(0, -1)));
      if (matches && prevIds.has(edge.source) && nextIds.has(edge.target)) {
        usedEdges.add(edge.key);
      }
    }
  };

  for (const run of runs) {
    const initial = getInitialMicrosteps(machine, run.input as never);
    let prev: AnyMachineSnapshot | null = null;
    for (const [snapshot] of initial) {
      mark(prev, snapshot, '');
      prev = snapshot;
    }
    for (const event of run.events) {
      if (!prev || prev.status !== 'active') break;
      const steps = getMicrosteps(machine, prev, event as never);
      steps.forEach(([snapshot], index) => {
        mark(prev, snapshot, index === 0 ? event.type : '');
        prev = snapshot;
      });
    }
  }

  const edgeKeys = [...new Set(edges.map((e) => e.key))];
  return {
    states: {
      covered: allStates.filter((id) => visited.has(id)),
      missing: allStates.filter((id) => !visited.has(id)),
    },
    transitions: {
      covered: edgeKeys.filter((k) => usedEdges.has(k)),
      missing: edgeKeys.filter((k) => !usedEdges.has(k)),
    },
  };
}

/** A walk for the tour: a label and the events after `xstate.init`. */
export interface TourPath {
  description: string;
  events: EventObject[];
}

/**
 * A transition tour from a `TestModel`: for every reachable (serialized) state, its shortest path,
 * and for every event the model offers there, that path plus the event. Unlike all simple paths
 * (which grow combinatorially) this is linear in states × events and still takes every edge once.
 * `serialize` must be the model's `serializeState`.
 */
export function transitionTour<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  model: TestModel<TSnapshot, TEvent, TInput>,
  serialize: (snapshot: TSnapshot) => string,
): TourPath[] {
  const prefixes = new Map<string, TEvent[]>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const key = serialize(path.state);
    const events = path.steps.slice(1).map((s) => s.event);
    const known = prefixes.get(key);
    if (!known || known.length > events.length) prefixes.set(key, events);
  }
  const tour: TourPath[] = [];
  const adjacency: AdjacencyMap<TSnapshot, TEvent> = model.getAdjacencyMap();
  for (const key of Object.keys(adjacency) as Array<keyof typeof adjacency>) {
    const prefix = prefixes.get(key);
    const entry = adjacency[key];
    if (!prefix || !entry) continue;
    const moves = Object.values(entry.transitions);
    if (moves.length === 0) tour.push({ description: `reach ${key}`, events: prefix });
    for (const { event } of moves) {
      tour.push({ description: `${key} + ${event.type}`, events: [...prefix, event] });
    }
  }
  return tour;
}
