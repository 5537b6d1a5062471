/**
 * Live actors of the running app for the Machines page (issue 14 "Diagrams": "the live actors of
 * the running app with their current state highlighted as you click through the app, through
 * XState's inspection API; no hosted service").
 *
 * Every actor the app creates from a machine passes `{ inspect }` (createActor / useMachine /
 * useActorRef options). The observer keeps, per root-or-child machine actor, its latest snapshot in
 * memory only — nothing leaves the tab. Cost: one Map write per snapshot; no DOM, no timers.
 *
 * Read with `subscribeLiveActors` + `liveActors()` (a stable array between changes, so it suits
 * React's `useSyncExternalStore`).
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';

/** One running machine actor. */
export interface LiveActor {
  /** XState's session id of the actor (unique per run). */
  sessionId: string;
  /** The machine's id (= the chart's root state id, e.g. `session`, `upload`). */
  machineId: string;
  /** Session id of the parent actor, when it was spawned or invoked. */
  parentSessionId: string | null;
  /** State-node ids of the current configuration (`snapshot._nodes[].id`), for highlighting. */
  activeStateIds: string[];
  /** `active`, `done`, `error` or `stopped`. */
  status: string;
  /** Monotonic counter of snapshots seen (changes on every update). */
  version: number;
  /** Last event type that changed the snapshot, if known. */
  lastEvent: string | null;
}

interface Entry {
  ref: AnyActorRef;
  actor: LiveActor;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let list: readonly LiveActor[] = [];
let counter = 0;

function machineIdOf(ref: AnyActorRef): string | null {
  const logic = (ref as unknown as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic && typeof logic.id === 'string' && logic.root ? logic.id : null;
}

function publish(): void {
  list = [...entries.values()].map((e) => e.actor);
  listeners.forEach((listener) => listener());
}

function read(ref: AnyActorRef, lastEvent: string | null): LiveActor | null {
  const machineId = machineIdOf(ref);
  if (!machineId) return null;
  const snapshot = ref.getSnapshot() as { status?: string; _nodes?: Array<{ id: string }> } | undefined;
  return {
    sessionId: ref.sessionId,
    machineId,
    parentSessionId: ref._parent?.sessionId ?? null,
    activeStateIds: (snapshot?._nodes ?? []).map((n) => n.id),
    status: snapshot?.status ?? 'active',
    version: ++counter,
    lastEvent,
  };
}

/** The inspection observer to pass as `{ inspect }` when the app creates an actor. */
export function inspect(event: InspectionEvent): void {
  if (event.type !== '@xstate.actor' && event.type !== '@xstate.snapshot') return;
  const ref = event.actorRef as AnyActorRef;
  const lastEvent = event.type === '@xstate.snapshot' ? event.event.type : null;
  const actor = read(ref, lastEvent);
  if (!actor) return;
  if (event.type === '@xstate.snapshot' && (event.snapshot as { status?: string }).status) {
    actor.status = (event.snapshot as { status: string }).status;
    actor.activeStateIds = ((event.snapshot as { _nodes?: Array<{ id: string }> })._nodes ?? []).map((n) => n.id);
  }
  entries.set(ref.sessionId, { ref, actor });
  // Actors stopped by an unmount send no snapshot: prune them whenever anything changes.
  for (const [id, entry] of entries) {
    if ((entry.ref.getSnapshot() as { status?: string } | undefined)?.status === 'stopped') entries.delete(id);
  }
  publish();
}

/** Subscribes to changes of the live-actor list; returns the unsubscribe. */
export function subscribeLiveActors(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live actors now (same array until something changes). */
export function liveActors(): readonly LiveActor[] {
  return list;
}
