/**
 * The watching side of live inspection (issue 14 "Diagrams": "the live actors of the running app
 * with their current state highlighted as you click through the app"): the Machines page sees this
 * tab's actors directly (inspection.ts `liveActors`) and the other tabs' through `LIVE_CHANNEL`
 * (protocol in inspection.ts). While at least one component uses `useLiveActors`, this tab posts
 * `watch`; when the last one unmounts it posts `unwatch` and forgets the other tabs.
 */
import { useSyncExternalStore } from 'react';
import { LIVE_CHANNEL, TAB_ID, liveActors, subscribeLiveActors, type LiveActor, type LiveMessage } from './inspection';

/** One tab's actors as the page shows them. */
export interface LiveTab {
  /** `TAB_ID` of the tab; equal to this module's `TAB_ID` for the page's own tab. */
  tab: string;
  /** True for the tab the page runs in. */
  self: boolean;
  /** The tab's address (path and query) and document title when it last posted. */
  path: string;
  title: string;
  actors: readonly LiveActor[];
}

/** Other tabs' latest posts, by tab id (pure reducer input). */
export type RemoteTabs = ReadonlyMap<string, Omit<LiveTab, 'self'>>;

/**
 * Applies a channel message to the other tabs' lists (pure; exported for tests): `actors` replaces
 * that tab's list, `gone` drops the tab; messages of `self` and the watch handshake change nothing.
 * Answers the same map when nothing changed.
 */
export function applyLiveMessage(tabs: RemoteTabs, message: LiveMessage, self: string): RemoteTabs {
  if (message.tab === self) return tabs;
  if (message.kind === 'actors') {
    const next = new Map(tabs);
    next.set(message.tab, { tab: message.tab, path: message.path, title: message.title, actors: message.actors });
    return next;
  }
  if (message.kind === 'gone' && tabs.has(message.tab)) {
    const next = new Map(tabs);
    next.delete(message.tab);
    return next;
  }
  return tabs;
}

let remote: RemoteTabs = new Map();
let snapshot: readonly LiveTab[] = [];
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();

function rebuild(): void {
  const own: LiveTab = { tab: TAB_ID, self: true, path: location.pathname + location.search, title: document.title, actors: liveActors() };
  snapshot = [own, ...[...remote.values()].map((t) => ({ ...t, self: false }))];
  listeners.forEach((l) => l());
}

let unsubscribeLocal: (() => void) | null = null;

function start(): void {
  unsubscribeLocal = subscribeLiveActors(rebuild);
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(LIVE_CHANNEL);
    channel.onmessage = (event: MessageEvent<LiveMessage>) => {
      if (!event.data) return;
      if (event.data.kind === 'join' && event.data.tab !== TAB_ID) channel?.postMessage({ kind: 'watch', tab: TAB_ID } satisfies LiveMessage);
      const next = applyLiveMessage(remote, event.data, TAB_ID);
      if (next !== remote) {
        remote = next;
        rebuild();
      }
    };
    channel.postMessage({ kind: 'watch', tab: TAB_ID } satisfies LiveMessage);
  }
  rebuild();
}

function stop(): void {
  unsubscribeLocal?.();
  unsubscribeLocal = null;
  channel?.postMessage({ kind: 'unwatch', tab: TAB_ID } satisfies LiveMessage);
  channel?.close();
  channel = null;
  remote = new Map();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    listeners.delete(listener);
    if (!listeners.size) stop();
  };
}

/** This tab's and the other tabs' live actors, this tab first; re-renders on every change. */
export function useLiveActors(): readonly LiveTab[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}
