/**
 * Coverage of a statechart by walked runs (issue 14 "Coverage": "states, transitions (source × event
 * × guard branch) and guards covered by the model tests and the e2e replay, with the uncovered ones
 * listed"). XState has no coverage API (DESIGN §4), so runs are replayed here, microstep by
 * microstep, with XState's own pure `getInitialMicrosteps` / `getMicrosteps`.
 *
 * What counts, keyed by the ids of machines/tooling/chart.ts (`describeMachine`):
 *   - a state is covered when its node is active after any microstep — transient states that an
 *     eventless (`always`) transition passes through count;
 *   - a transition `${source}|${event}|${branch}` is covered when XState takes exactly that
 *     definition (the branch actually taken; wildcard descriptors such as `xstate.done.actor.*`
 *     are matched as XState matches them);
 *   - a guarded transition has two guard outcomes: `pass` (it was taken) and `fail` (its guard was
 *     evaluated false: the event arrived — or, for `always`, a microstep ended — while its source
 *     was active, and a later branch or nothing was taken).
 *
 * The selection is re-derived per microstep in XState's order (deepest state first, then
 * ancestors; parallel regions each; first candidate whose guard passes), evaluating guards as
 * XState does; `machines/tooling/coverage.test.ts` checks it against `machine.getTransitionData`.
 *
 * Runs sharing a prefix of events share its replay (a trie of snapshots), so a tour of thousands
 * of paths costs about as much as its distinct steps.
 *
 * Node and test code only.
 */
import { getInitialMicrosteps, getMicrosteps, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject } from 'xstate';
import { describeMachine, type ChartModel } from './chart';
import type { CoverageGaps } from './gaps';
import { eventKey } from './paths';

/** One replayable run: the machine input and the events sent in order. */
export interface CoverageRun {
  input?: unknown;
  events: readonly EventObject[];
}

/** Covered item ids. Guard outcomes are `${transitionId}|pass` and `${transitionId}|fail`. */
export interface CoveredSets {
  states: Set<string>;
  transitions: Set<string>;
  guards: Set<string>;
}

/** Everything there is to cover in a chart (root state excluded: it is always active). */
export interface CoverageUniverse {
  states: string[];
  transitions: string[];
  guards: string[];
}

/** The universe of a chart: its states but the root, its transitions, both outcomes of each guarded transition. */
export function coverageUniverse(chart: ChartModel): CoverageUniverse {
  return {
    states: chart.states.filter((s) => s.parent !== null).map((s) => s.id),
    transitions: chart.transitions.map((t) => t.id),
    guards: chart.transitions.filter((t) => t.guard !== undefined).flatMap((t) => [`${t.id}|pass`, `${t.id}|fail`]),
  };
}

type Definition = { eventType: string; guard?: unknown; source: AnyStateNode };

/** XState's `matchesEventDescriptor`: exact, `*`, or a partial `a.b.*`. */
export function matchesDescriptor(eventType: string, descriptor: string): boolean {
  if (descriptor === eventType || descriptor === '*') return true;
  if (!descriptor.endsWith('.*')) return false;
  const partial = descriptor.split('.');
  const tokens = eventType.split('.');
  for (let i = 0; i < partial.length; i++) {
    if (partial[i] === '*') return i === partial.length - 1;
    if (partial[i] !== tokens[i]) return false;
  }
  return true;
}

/** XState's candidate order for an event on one node: exact descriptor first, then wildcards, longest first. */
function candidates(node: AnyStateNode, eventType: string): Definition[] {
  const map = node.transitions as Map<string, Definition[]>;
  const exact = map.get(eventType) ?? [];
  const wild = [...map.keys()]
    .filter((d) => d !== eventType && matchesDescriptor(eventType, d))
    .sort((a, b) => b.length - a.length)
    .flatMap((d) => map.get(d)!);
  return [...exact, ...wild];
}

/** XState's `evaluateGuard` (string, `{ type, params }`, inline function, built-in and/or/not/stateIn). */
function evaluateGuard(guard: unknown, event: EventObject, snapshot: AnyMachineSnapshot): boolean {
  const machine = snapshot.machine as AnyStateMachine;
  const inline = typeof guard === 'function';
  const name = typeof guard === 'string' ? guard : (guard as { type: string }).type;
  const resolved = inline ? guard : (machine.implementations.guards as Record<string, unknown>)[name];
  if (!inline && !resolved) throw new Error(`Guard '${name}' is not implemented.`);
  if (typeof resolved !== 'function') return evaluateGuard(resolved, event, snapshot);
  const args = { context: snapshot.context, event };
  const g = guard as { params?: unknown };
  const params = inline || typeof guard === 'string' ? undefined : 'params' in (guard as object) ? (typeof g.params === 'function' ? (g.params as (a: unknown) => unknown)(args) : g.params) : undefined;
  const fn = resolved as ((a: unknown, p: unknown) => boolean) & { check?: (s: unknown, a: unknown, r: unknown) => boolean };
  if (!('check' in fn)) return fn(args, params);
  return fn.check!(snapshot, args, fn);
}

/** What one selection did: the definitions taken and those whose guard was evaluated false. */
interface Selection {
  taken: Definition[];
  failed: Definition[];
}

/** XState's `transitionNode` for an event, recording every guard it evaluates. */
function selectForEvent(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): Selection {
  const failed: Definition[] = [];
  const next = (node: AnyStateNode): Definition[] => {
    for (const candidate of candidates(node, event.type)) {
      if (candidate.guard === undefined || evaluateGuard(candidate.guard, event, snapshot)) return [candidate];
      failed.push(candidate);
    }
    return [];
  };
  const walk = (node: AnyStateNode, value: unknown): Definition[] => {
    let inner: Definition[] = [];
    if (typeof value === 'string') {
      inner = next(node.states[value] as AnyStateNode);
    } else if (node.type === 'parallel') {
      for (const [key, sub] of Object.entries(value as Record<string, unknown>)) {
        if (sub) inner.push(...walk(node.states[key] as AnyStateNode, sub));
      }
    } else {
      const [key] = Object.keys(value as Record<string, unknown>);
      if (key !== undefined) inner = walk(node.states[key] as AnyStateNode, (value as Record<string, unknown>)[key]);
    }
    return inner.length ? inner : next(node);
  };
  const taken = walk(machine.root, snapshot.value);
  return { taken: [...new Set(taken)], failed };
}

/** XState's `selectEventlessTransitions`, recording every guard it evaluates. */
function selectEventless(snapshot: AnyMachineSnapshot, event: EventObject): Selection {
  const taken = new Set<Definition>();
  const failed: Definition[] = [];
  const atomic = (snapshot._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final');
  for (const leaf of atomic) {
    const chain: AnyStateNode[] = [];
    for (let n: AnyStateNode | undefined = leaf; n; n = n.parent) chain.push(n);
    outer: for (const node of chain) {
      for (const t of (node.always ?? []) as Definition[]) {
        if (t.guard === undefined || evaluateGuard(t.guard, event, snapshot)) {
          taken.add(t);
          break outer;
        }
        failed.push(t);
      }
    }
  }
  return { taken: [...taken], failed };
}

/** Chart transition id of every transition definition of the machine. */
function definitionIds(machine: AnyStateMachine): Map<Definition, string> {
  const ids = new Map<Definition, string>();
  const visit = (node: AnyStateNode) => {
    for (const [type, list] of node.transitions as Map<string, Definition[]>) list.forEach((t, i) => ids.set(t, `${node.id}|${type}|${i}`));
    ((node.always ?? []) as Definition[]).forEach((t, i) => ids.set(t, `${node.id}||${i}`));
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return ids;
}

/** A node of the replay trie: the snapshot after a prefix of events. */
interface TrieNode {
  snapshot: AnyMachineSnapshot;
  children: Map<string, TrieNode>;
}

/**
 * Replays `runs` on `machine` and returns what they covered (see the module comment).
 * @throws Error when a guard the machine names is not implemented (as XState would).
 */
export function coverRuns(machine: AnyStateMachine, runs: readonly CoverageRun[]): CoveredSets {
  const ids = definitionIds(machine);
  const covered: CoveredSets = { states: new Set(), transitions: new Set(), guards: new Set() };
  const note = (selection: Selection) => {
    for (const t of selection.taken) {
      const id = ids.get(t);
      if (!id) continue;
      covered.transitions.add(id);
      if (t.guard !== undefined) covered.guards.add(`${id}|pass`);
    }
    for (const t of selection.failed) {
      const id = ids.get(t);
      if (id) covered.guards.add(`${id}|fail`);
    }
  };
  const visit = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes as AnyStateNode[]) if (node.parent) covered.states.add(node.id);
  };
  /** The microsteps after `prev` on `event`: the first selects on the event, the rest are eventless (or raised). */
  const follow = (prev: AnyMachineSnapshot, event: EventObject, steps: Array<[AnyMachineSnapshot, unknown]>, eventFirst: boolean): AnyMachineSnapshot => {
    let before = prev;
    steps.forEach(([snapshot], index) => {
      if (index === 0 && eventFirst) note(selectForEvent(machine, before, event));
      else note(selectEventless(before, event));
      visit(snapshot);
      before = snapshot;
    });
    // The macrostep ends when no eventless transition is enabled: the last evaluation is all fails.
    if (before.status === 'active') note(selectEventless(before, event));
    return before;
  };

  const roots = new Map<string, TrieNode>();
  for (const run of runs) {
    const inputKey = eventKey({ type: 'input', input: run.input } as EventObject);
    let node = roots.get(inputKey);
    if (!node) {
      const initial = getInitialMicrosteps(machine, run.input as never) as Array<[AnyMachineSnapshot, unknown]>;
      const [first] = initial[0]!;
      visit(first);
      const last = follow(first, { type: 'xstate.init', input: run.input } as unknown as EventObject, initial.slice(1), false);
      node = { snapshot: last, children: new Map() };
      roots.set(inputKey, node);
    }
    for (const event of run.events) {
      if (node.snapshot.status !== 'active') break;
      const key = eventKey(event);
      let child = node.children.get(key);
      if (!child) {
        const steps = getMicrosteps(machine, node.snapshot, event as never) as Array<[AnyMachineSnapshot, unknown]>;
        child = { snapshot: follow(node.snapshot, event, steps, true), children: new Map() };
        node.children.set(key, child);
      }
      node = child;
    }
  }
  return covered;
}

/** Covered / total of one kind, and the missing ids in chart order. */
export interface CoverageTally {
  covered: number;
  total: number;
  missing: string[];
}

/** One machine's coverage by one set of runs. */
export interface CoverageFigures {
  states: CoverageTally;
  transitions: CoverageTally;
  guards: CoverageTally;
}

/** Tallies covered sets against the universe. */
export function tally(universe: CoverageUniverse, covered: CoveredSets): CoverageFigures {
  const one = (all: string[], set: Set<string>): CoverageTally => ({
    covered: all.filter((id) => set.has(id)).length,
    total: all.length,
    missing: all.filter((id) => !set.has(id)),
  });
  return { states: one(universe.states, covered.states), transitions: one(universe.transitions, covered.transitions), guards: one(universe.guards, covered.guards) };
}

/** Union of covered sets. */
export function union(...sets: CoveredSets[]): CoveredSets {
  return {
    states: new Set(sets.flatMap((s) => [...s.states])),
    transitions: new Set(sets.flatMap((s) => [...s.transitions])),
    guards: new Set(sets.flatMap((s) => [...s.guards])),
  };
}

/** Ratio for the gate: 1 when there is nothing to cover. */
export function ratio(t: CoverageTally): number {
  return t.total === 0 ? 1 : t.covered / t.total;
}

/** The gate verdict of one machine: model-test figures with declared gaps counted as covered. */
export interface GateVerdict {
  ok: boolean;
  /** Human-readable problems (below the gate, stale gaps, unknown gap ids). */
  problems: string[];
}

/**
 * Checks model-test coverage against `gate` after removing declared gaps from the missing items.
 * A gap for an id that is covered is stale; a gap for an id the chart does not have is unknown.
 */
export function checkGate(name: string, chart: ChartModel, figures: CoverageFigures, gaps: CoverageGaps, gate: { states: number; transitions: number }): GateVerdict {
  const problems: string[] = [];
  const universe = coverageUniverse(chart);
  const check = (kind: 'states' | 'transitions', declared: Record<string, string>) => {
    const all = new Set(universe[kind]);
    const missing = new Set(figures[kind].missing);
    for (const [id, reason] of Object.entries(declared)) {
      if (!all.has(id)) problems.push(`${name}: gap for unknown ${kind === 'states' ? 'state' : 'transition'} "${id}" (not in the chart)`);
      else if (!missing.has(id)) problems.push(`${name}: stale gap "${id}" — it is covered now; remove it from the gaps file`);
      else if (!reason.trim()) problems.push(`${name}: gap "${id}" has no reason`);
    }
    const undeclared = figures[kind].missing.filter((id) => !(id in declared));
    const total = figures[kind].total;
    const effective = total === 0 ? 1 : (total - undeclared.length) / total;
    if (effective < gate[kind]) {
      problems.push(
        `${name}: ${kind} ${pct(figures[kind].covered, total)} covered (${(gate[kind] * 100).toFixed(0)} % required, gaps counted); uncovered without a declared gap: ${undeclared.join(', ')}`,
      );
    }
  };
  check('states', gaps.states ?? {});
  check('transitions', gaps.transitions ?? {});
  return { ok: problems.length === 0, problems };
}

/** `12/15 (80.0 %)` */
export function pct(covered: number, total: number): string {
  return `${covered}/${total} (${total === 0 ? '100.0' : ((covered / total) * 100).toFixed(1)} %)`;
}

/** The chart and universe of a machine, described once. */
export function chartOf(machine: AnyStateMachine): { chart: ChartModel; universe: CoverageUniverse } {
  const chart = describeMachine(machine);
  return { chart, universe: coverageUniverse(chart) };
}
