/**
 * Pure helpers of the Machines page (issue 14 "Diagrams"): naming states for people, what a
 * selected state or transition shows in the side panel, the list's grouping, and which states the
 * live actors light up. Input is the generated `ChartModel` (machines/tooling/chart.ts); no DOM.
 */
import type { ChartModel, ChartState, ChartTransition } from '../../../machines/tooling/chart';
import type { MachineArtifactEntry } from './artifacts';

/** What is selected on the diagram: a state or a transition (by chart id), or nothing. */
export type ChartSelection = { kind: 'state'; id: string } | { kind: 'transition'; id: string } | null;

/** The catalog's group order (machines/catalog.ts `MachineGroup`); unknown groups follow alphabetically. */
export const GROUP_ORDER = ['Sign-in and account', 'Editing and publishing', 'Media', 'Player', 'Analytics', 'AI'] as const;

/**
 * A state's name as a person reads it: its keys below the root joined with ` › `
 * (`signedIn › idle`); the root answers its machine id. Unknown ids answer the part after the
 * machine id, or the id itself.
 */
export function stateName(chart: Pick<ChartModel, 'id' | 'states'>, id: string): string {
  const state = chart.states.find((s) => s.id === id);
  if (state) return state.path.length ? state.path.join(' › ') : chart.id;
  return id.startsWith(`${chart.id}.`) ? id.slice(chart.id.length + 1).split('.').join(' › ') : id;
}

/** Depth of a state below the root (0 for the root). */
export function stateDepth(state: ChartState): number {
  return state.path.length;
}

/** The side panel of a selected state: the state, its parent, its children, and its transitions out and in. */
export interface StateDetails {
  state: ChartState;
  parent: ChartState | null;
  children: ChartState[];
  /** True when the parent enters this state first. */
  isInitial: boolean;
  /** Transitions whose source is this state, in chart order. */
  outgoing: ChartTransition[];
  /** Transitions from other states that target this state, in chart order. */
  incoming: ChartTransition[];
}

/** Details of state `id`, or null when the chart has no such state. */
export function stateDetails(chart: ChartModel, id: string): StateDetails | null {
  const state = chart.states.find((s) => s.id === id);
  if (!state) return null;
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const parent = state.parent ? (byId.get(state.parent) ?? null) : null;
  return {
    state,
    parent,
    children: state.children.map((c) => byId.get(c)).filter((s): s is ChartState => !!s),
    isInitial: !!parent && parent.initial === state.id,
    outgoing: chart.transitions.filter((t) => t.source === id),
    incoming: chart.transitions.filter((t) => t.source !== id && t.targets.includes(id)),
  };
}

/** Transition `id` of the chart, or null. */
export function transitionById(chart: ChartModel, id: string): ChartTransition | null {
  return chart.transitions.find((t) => t.id === id) ?? null;
}

/** Groups entries for the list: groups in `GROUP_ORDER` (unknown ones after, by name); in a group, parents before their children, else by title. */
export function groupEntries(entries: readonly MachineArtifactEntry[]): Array<{ group: string; entries: MachineArtifactEntry[] }> {
  const groups = new Map<string, MachineArtifactEntry[]>();
  for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  const rank = (g: string) => {
    const i = (GROUP_ORDER as readonly string[]).indexOf(g);
    return i < 0 ? GROUP_ORDER.length : i;
  };
  const names = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return names.map((group) => {
    const list = groups.get(group)!;
    const inGroup = new Set(list.map((e) => e.name));
    const roots = list.filter((e) => !e.parent || !inGroup.has(e.parent)).sort((a, b) => a.title.localeCompare(b.title));
    const ordered: MachineArtifactEntry[] = [];
    const place = (e: MachineArtifactEntry) => {
      ordered.push(e);
      list
        .filter((c) => c.parent === e.name && c !== e)
        .sort((a, b) => a.title.localeCompare(b.title))
        .forEach(place);
    };
    roots.forEach(place);
    return { group, entries: ordered };
  });
}

/** The innermost ids of a configuration (ids no other id descends from): `['a', 'a.b', 'a.b.c', 'a.d']` → `['a.b.c', 'a.d']`. */
export function leafStateIds(ids: readonly string[]): string[] {
  return ids.filter((id) => !ids.some((other) => other !== id && other.startsWith(`${id}.`)));
}

/** Every state id active in any of the actors running machine `machineId` (for the `.is-live` highlight). */
export function liveStateIds(actors: ReadonlyArray<{ machineId: string; activeStateIds: readonly string[]; status: string }>, machineId: string): Set<string> {
  const out = new Set<string>();
  for (const a of actors) if (a.machineId === machineId && a.status === 'active') a.activeStateIds.forEach((id) => out.add(id));
  return out;
}

/** The selection after a click on the diagram: the nearest transition or state group of the clicked element, else null. */
export function selectionFromElement(element: Element | null): ChartSelection {
  const group = element?.closest('[data-transition-id], [data-state-id]');
  if (!group) return null;
  const transition = group.getAttribute('data-transition-id');
  if (transition !== null) return { kind: 'transition', id: transition };
  return { kind: 'state', id: group.getAttribute('data-state-id')! };
}
