/**
 * Live inspection across tabs (issue 14 "Diagrams"): the watch handshake, the watcher's per-tab
 * lists, and a real BroadcastChannel round trip: an actor created with `{ inspect }` is posted only
 * once another tab watches, and its state changes follow.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { LIVE_CHANNEL, TAB_ID, applyWatchMessage, inspect, type LiveMessage } from './inspection';
import { applyLiveMessage, type RemoteTabs } from './liveWatch';

describe('watch handshake (pure)', () => {
  it('another tab’s watch turns posting on (answer now); unwatch and gone turn it off; own messages are ignored', () => {
    const set = new Set<string>();
    expect(applyWatchMessage(set, { kind: 'watch', tab: 'me' }, 'me')).toBe(false);
    expect(set.size).toBe(0);
    expect(applyWatchMessage(set, { kind: 'watch', tab: 'a' }, 'me')).toBe(true);
    expect(applyWatchMessage(set, { kind: 'watch', tab: 'b' }, 'me')).toBe(true);
    expect(applyWatchMessage(set, { kind: 'unwatch', tab: 'a' }, 'me')).toBe(false);
    expect([...set]).toEqual(['b']);
    applyWatchMessage(set, { kind: 'gone', tab: 'b' }, 'me');
    expect(set.size).toBe(0);
  });
  it('the watcher keeps each other tab’s latest list and drops a closed tab', () => {
    const actor = { sessionId: 'x:1', machineId: 'upload', parentSessionId: null, activeStateIds: ['upload', 'upload.idle'], status: 'active', version: 1, lastEvent: null };
    let tabs: RemoteTabs = new Map();
    tabs = applyLiveMessage(tabs, { kind: 'actors', tab: 't1', path: '/dashboard/demo/media', title: 'Media', actors: [actor] }, 'me');
    expect(tabs.get('t1')?.actors.map((a) => a.machineId)).toEqual(['upload']);
    const same = applyLiveMessage(tabs, { kind: 'actors', tab: 'me', path: '/', title: '', actors: [] }, 'me');
    expect(same).toBe(tabs);
    expect(applyLiveMessage(tabs, { kind: 'join', tab: 't2' }, 'me')).toBe(tabs);
    tabs = applyLiveMessage(tabs, { kind: 'actors', tab: 't1', path: '/dashboard/demo/media', title: 'Media', actors: [] }, 'me');
    expect(tabs.get('t1')?.actors).toEqual([]);
    expect(applyLiveMessage(tabs, { kind: 'gone', tab: 't1' }, 'me').size).toBe(0);
  });
});

describe('BroadcastChannel round trip', () => {
  const channels: BroadcastChannel[] = [];
  afterEach(() => channels.splice(0).forEach((c) => c.close()));

  it('posts nothing until another tab watches, then this tab’s actors and their changes', async () => {
    const other = new BroadcastChannel(LIVE_CHANNEL);
    channels.push(other);
    const received: LiveMessage[] = [];
    other.onmessage = (event: MessageEvent<LiveMessage>) => received.push(event.data);
    const machine = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } });
    const actor = createActor(machine, { inspect }).start();
    actor.send({ type: 'flip' });
    await new Promise((r) => setTimeout(r, 50));
    expect(received.filter((m) => m.kind === 'actors')).toEqual([]);

    const next = (predicate: (m: LiveMessage) => boolean) =>
      new Promise<LiveMessage>((resolve) => {
        const listener = (event: MessageEvent<LiveMessage>) => predicate(event.data) && (other.removeEventListener('message', listener), resolve(event.data));
        other.addEventListener('message', listener);
      });
    const withToggle = (state: string) => (m: LiveMessage) => m.kind === 'actors' && m.tab === TAB_ID && m.actors.some((a) => a.machineId === 'toggle' && a.activeStateIds.includes(state));
    const first = next(withToggle('toggle.on'));
    other.postMessage({ kind: 'watch', tab: 'other-tab' } satisfies LiveMessage);
    expect(await first).toMatchObject({ kind: 'actors', tab: TAB_ID });

    const second = next(withToggle('toggle.off'));
    actor.send({ type: 'flip' });
    const message = await second;
    expect(message.kind === 'actors' && message.actors.find((a) => a.machineId === 'toggle')?.lastEvent).toBe('flip');

    other.postMessage({ kind: 'unwatch', tab: 'other-tab' } satisfies LiveMessage);
    await new Promise((r) => setTimeout(r, 50));
    const before = received.length;
    actor.send({ type: 'flip' });
    await new Promise((r) => setTimeout(r, 50));
    expect(received.slice(before).filter((m) => m.kind === 'actors')).toEqual([]);
    actor.stop();
  });
});
