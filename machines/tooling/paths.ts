/**
 * Model-based paths of any catalogued machine (issue 14 "Paths"): the one function the path
 * printer (`npm run paths`), the coverage report and the Playwright replay all call, so a tester's
 * printed path and the e2e test of the same name are the same steps.
 *
 * A machine takes part through a `PathSource` in machines/catalog.paths.ts: its named inputs, a
 * `TestModel` per input (the events with payload fixtures the machine can receive in each state,
 * including its invoked services' done / error outputs), the serializer that tells states apart,
 * and hand-written journeys for what generated paths never take (self-loops, re-entry).
 *
 * Strategies:
 *   - `tour` (default): for every reachable state its shortest path, and for every event offered
 *     there that path plus the event — every transition once, linear in states × events;
 *   - `shortest`: the shortest path to every reachable state;
 *   - `simple`: every simple path (no state twice), capped at `SIMPLE_PATH_CAP` per input.
 * Journeys are appended to every strategy.
 *
 * Node and test code only (imports xstate/graph TestModels and fixtures).
 */
import { initialTransition, transition, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { TestModel as TestModelClass, type TestModel } from 'xstate/graph';
import { transitionTour } from '../testing/graph-coverage';

/** How paths are generated. */
export type PathStrategy = 'tour' | 'shortest' | 'simple';

/** At most this many simple paths per input (simple paths grow combinatorially). */
export const SIMPLE_PATH_CAP = 500;

/** A hand-written walk: input name and the events after start. */
export interface Journey {
  description: string;
  inputName: string;
  events: EventObject[];
}

/** How a machine takes part in paths and coverage. */
export interface PathSource {
  /** Named inputs the machine starts from; `{ default: undefined }` for a machine without input. */
  inputs: Record<string, unknown>;
  /** The machine's TestModel for one input. */
  model(input: unknown): TestModel<never, never, never>;
  /** The serializer the model uses (the same state is one serialized string). */
  serialize(snapshot: never): string;
  /** Walks the generated paths do not take. */
  journeys?: Journey[];
}

/** One step of a path: the event sent and the state it led to. */
export interface MachinePathStep {
  event: EventObject;
  /** The state value after the event, and its readable form (`slide.media.playing | slide.buttons.shown`). */
  value: StateValue;
  state: string;
}

/** One model-based path, as printed for testers and replayed by the e2e suite. */
export interface MachinePath {
  /** Stable id: machine, input and a short hash of the events (`upload/video/3f9a1c2b`). */
  id: string;
  machine: string;
  inputName: string;
  /** The generator's description, e.g. `video: uploading + upload.error`; a journey's own. */
  description: string;
  /** Readable: `signedOut → signingIn → enteringTotpCode → signedIn`. */
  title: string;
  strategy: PathStrategy | 'journey';
  /** The state the machine starts in for this input. */
  start: { value: StateValue; state: string };
  steps: MachinePathStep[];
}

/** `{a: {b: 'c', d: 'e'}}` → `a.b.c | a.d.e`; a string value as is. */
export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  const leaves: string[] = [];
  const walk = (v: StateValue, prefix: string) => {
    if (typeof v === 'string') {
      leaves.push(prefix ? `${prefix}.${v}` : v);
      return;
    }
    const entries = Object.entries(v);
    if (entries.length === 0) leaves.push(prefix);
    for (const [key, child] of entries) walk(child as StateValue, prefix ? `${prefix}.${key}` : key);
  };
  walk(value, '');
  return leaves.join(' | ');
}

/** FNV-1a 32-bit of a string, hex: short, stable ids (not security). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** A JSON-safe copy of an event payload: Errors as `{ name, message }`, Files / Blobs as `{ name, size, type }`. */
export function plainEvent(event: EventObject): EventObject {
  const seen = new WeakSet<object>();
  const plain = (value: unknown): unknown => {
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (typeof Blob !== 'undefined' && value instanceof Blob) {
      return { blob: true, ...(value instanceof File ? { name: value.name } : {}), size: value.size, type: value.type };
    }
    if (typeof value === 'function') return undefined;
    if (value && typeof value === 'object') {
      if (seen.has(value)) return '[circular]';
      seen.add(value);
      if (Array.isArray(value)) return value.map(plain);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]).filter(([, v]) => v !== undefined));
    }
    return value;
  };
  return plain(event) as EventObject;
}

const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identity(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = nextIdentity++;
    identities.set(value, id);
  }
  return id;
}

/**
 * A key that tells events apart for prefix sharing (replay and coverage): plain data by value;
 * Errors by class, name, message and own fields; Blobs, functions and other class instances by
 * identity, so two events that could steer a machine differently never share a key.
 */
export function eventKey(event: EventObject): string {
  return JSON.stringify(event, function (_key, value: unknown) {
    if (typeof value === 'function') return `#fn${identity(value)}`;
    if (value instanceof Error) return { ...value, '#error': value.constructor.name, name: value.name, message: value.message };
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return `#obj${identity(value)}`;
    }
    return value;
  });
}

interface ReplayNode {
  snapshot: ReturnType<typeof initialTransition>[0];
  value: StateValue;
  state: string;
  children: Map<string, ReplayNode>;
}

/**
 * A replayer for one machine and input that shares the work of common event prefixes (a trie of
 * snapshots): replaying a tour of N paths costs its distinct steps, not the sum of path lengths.
 * Same results as `replay`.
 */
export function prefixReplayer(machine: AnyStateMachine, input: unknown): (events: readonly EventObject[]) => { start: MachinePath['start']; steps: MachinePathStep[] } {
  const [initial] = initialTransition(machine, input as never);
  const root: ReplayNode = { snapshot: initial, value: initial.value as StateValue, state: stateLabel(initial.value as StateValue), children: new Map() };
  const start = { value: root.value, state: root.state };
  return (events) => {
    let node = root;
    const steps: MachinePathStep[] = [];
    for (const event of events) {
      if (node.snapshot.status !== 'active') break;
      const key = eventKey(event);
      let child = node.children.get(key);
      if (!child) {
        const [snapshot] = transition(machine, node.snapshot, event as never);
        child = { snapshot, value: snapshot.value as StateValue, state: stateLabel(snapshot.value as StateValue), children: new Map() };
        node.children.set(key, child);
      }
      steps.push({ event, value: child.value, state: child.state });
      node = child;
    }
    return { start, steps };
  };
}

/**
 * Replays `events` from `input` (pure: `initialTransition` / `transition`, no actor runs) and
 * returns the states passed. Events the machine ignores leave the state as it is.
 */
export function replay(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]): { start: MachinePath['start']; steps: MachinePathStep[] } {
  let [snapshot] = initialTransition(machine, input as never);
  const start = { value: snapshot.value as StateValue, state: stateLabel(snapshot.value as StateValue) };
  const steps: MachinePathStep[] = [];
  for (const event of events) {
    if (snapshot.status !== 'active') break;
    [snapshot] = transition(machine, snapshot, event as never);
    steps.push({ event, value: snapshot.value as StateValue, state: stateLabel(snapshot.value as StateValue) });
  }
  return { start, steps };
}

type Replayer = ReturnType<typeof prefixReplayer>;

function build(machineName: string, replayFor: (inputName: string) => Replayer, inputName: string, description: string, strategy: MachinePath['strategy'], events: EventObject[]): MachinePath {
  const { start, steps } = replayFor(inputName)(events);
  const hash = fnv1a(JSON.stringify(events.map(plainEvent)));
  const chain = [start.state, ...steps.map((s) => s.state)].filter((s, i, all) => i === 0 || s !== all[i - 1]);
  return {
    id: `${machineName}/${inputName}/${hash}`,
    machine: machineName,
    inputName,
    description,
    title: chain.join(' → '),
    strategy,
    start,
    steps,
  };
}

/**
 * The paths of one machine for a strategy (see the module comment), journeys appended, duplicates
 * (same input and events) removed, order stable.
 */
export function pathsFromSource(machineName: string, machine: AnyStateMachine, source: PathSource, strategy: PathStrategy = 'tour'): MachinePath[] {
  const out: MachinePath[] = [];
  const seen = new Set<string>();
  const add = (path: MachinePath) => {
    if (seen.has(path.id)) return;
    seen.add(path.id);
    out.push(path);
  };
  const replayers = new Map<string, Replayer>();
  const replayFor = (inputName: string): Replayer => {
    let r = replayers.get(inputName);
    if (!r) {
      r = prefixReplayer(machine, source.inputs[inputName]);
      replayers.set(inputName, r);
    }
    return r;
  };
  for (const [inputName, input] of Object.entries(source.inputs)) {
    const model = source.model(input) as unknown as TestModel<never, EventObject, unknown>;
    const prefix = Object.keys(source.inputs).length > 1 ? `${inputName}: ` : '';
    if (strategy === 'tour') {
      for (const p of transitionTour(model, source.serialize as never)) {
        add(build(machineName, replayFor, inputName, `${prefix}${p.description}`, 'tour', p.events));
      }
    } else {
      const generated = strategy === 'shortest' ? model.getShortestPaths() : model.getSimplePaths().slice(0, SIMPLE_PATH_CAP);
      for (const p of generated) {
        const events = p.steps.slice(1).map((s) => s.event as EventObject);
        add(build(machineName, replayFor, inputName, `${prefix}${p.description}`, strategy, events));
      }
    }
  }
  for (const journey of source.journeys ?? []) {
    add(build(machineName, replayFor, journey.inputName, journey.description, 'journey', journey.events));
  }
  return out;
}

/**
 * A TestModel for a machine whose events carry no payload (a compiled vidbot: `button.<id>`,
 * `video.end`): in each state it offers every event type the active state nodes handle.
 */
export function payloadFreeSource(machine: AnyStateMachine, serialize: (snapshot: { value: unknown }) => string = (s) => JSON.stringify(s.value)): PathSource {
  return {
    inputs: { default: undefined },
    model: () =>
      new TestModelClass(machine, {
        events: (snapshot: { _nodes: Array<{ ownEvents: string[] }> }) =>
          [...new Set(snapshot._nodes.flatMap((n) => n.ownEvents))].filter((type) => !type.startsWith('xstate.')).map((type) => ({ type })),
        serializeState: serialize as never,
        stopWhen: (s: { status: string }) => s.status !== 'active',
        limit: 20_000,
      } as never) as never,
    serialize: serialize as never,
  };
}
