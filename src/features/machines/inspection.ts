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
 *
 * Across tabs (a person clicks through the app in one tab while the Machines page watches in
 * another): every tab listens on the same-origin `BroadcastChannel` `LIVE_CHANNEL` (nothing leaves
 * the browser). A Machines page announces itself with `watch` (and `unwatch` when it closes); a tab
 * posts its actors (`actors`, the whole compact list, at most once per microtask) only while at least
 * one page in ANOTHER tab watches, and `gone` when it is closed. So live inspection is on exactly
 * while someone has the Machines page open — which only staff can, or everyone in development
 * mode (`npm run dev`) — and costs one Map write per snapshot otherwise. A tab opened after the page
 * posts `join`, and watching pages answer with `watch`. The watching side is `liveWatch.ts`.
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

/** Name of the BroadcastChannel between the app's tabs and the Machines page. */
export const LIVE_CHANNEL = 'vidbot.machines.live';

/** This tab's id on the channel (random per page load). */
export const TAB_ID: string = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Math.random().toString(36).slice(2)}`;

/** A message on `LIVE_CHANNEL`. `actors` carries the sending tab's whole list, with its address and title for the panel. */
export type LiveMessage =
  | { kind: 'watch'; tab: string }
  | { kind: 'unwatch'; tab: string }
  | { kind: 'join'; tab: string }
  | { kind: 'gone'; tab: string }
  | { kind: 'actors'; tab: string; path: string; title: string; actors: LiveActor[] };

/** Watching pages in other tabs (their tab ids). */
const watchers = new Set<string>();
let channel: BroadcastChannel | null = null;
let postQueued = false;

function post(message: LiveMessage): void {
  try {
    channel?.postMessage(message);
  } catch {
    // a closed channel (page unloading): nothing to tell
  }
}

function postActors(): void {
  postQueued = false;
  if (!watchers.size) return;
  post({ kind: 'actors', tab: TAB_ID, path: location.pathname + location.search, title: document.title, actors: [...list] });
}

/** Posts this tab's actors soon (coalesced per microtask) when a page in another tab watches. */
function schedulePost(): void {
  if (!watchers.size || postQueued) return;
  postQueued = true;
  queueMicrotask(postActors);
}

/**
 * Applies a channel message to the set of watching tabs (pure; exported for tests): `watch` from
 * another tab adds it, `unwatch` / `gone` remove it; this tab's own messages change nothing.
 * Answers true when this tab should (re)post its actors now.
 */
export function applyWatchMessage(set: Set<string>, message: LiveMessage, self: string): boolean {
  if (message.tab === self) return false;
  if (message.kind === 'watch') {
    set.add(message.tab);
    return true;
  }
  if (message.kind === 'unwatch' || message.kind === 'gone') set.delete(message.tab);
  return false;
}

if (typeof BroadcastChannel !== 'undefined' && typeof window !== 'undefined') {
  channel = new BroadcastChannel(LIVE_CHANNEL);
  (channel as unknown as { unref?: () => void }).unref?.();
  channel.onmessage = (event: MessageEvent<LiveMessage>) => {
    if (event.data && applyWatchMessage(watchers, event.data, TAB_ID)) schedulePost();
  };
  post({ kind: 'join', tab: TAB_ID });
  window.addEventListener('pagehide', () => post({ kind: 'gone', tab: TAB_ID }));
  // Back from the back-forward cache: ask again who watches.
  window.addEventListener('pageshow', (event) => event.persisted && post({ kind: 'join', tab: TAB_ID }));
}

function publish(): void {
  list = [...entries.values()].map((e) => e.actor);
  listeners.forEach((listener) => listener());
  schedulePost();
}

/**
 * The actor's snapshot, or undefined while it is being constructed (`@xstate.actor` is inspected
 * from the constructor, where XState's development build throws "Snapshot can't be read while the
 * actor initializes itself"; its first `@xstate.snapshot` follows on start).
 */
function snapshotOf(ref: AnyActorRef): { status?: string; _nodes?: Array<{ id: string }> } | undefined {
  try {
    return ref.getSnapshot() as { status?: string; _nodes?: Array<{ id: string }> } | undefined;
  } catch {
    return undefined;
  }
}

function read(ref: AnyActorRef, lastEvent: string | null): LiveActor | null {
  const machineId = machineIdOf(ref);
  if (!machineId) return null;
  const snapshot = snapshotOf(ref);
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
    if (snapshotOf(entry.ref)?.status === 'stopped') entries.delete(id);
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
