/** Machines page logic (issue 14 "Diagrams"): naming, panel details, list grouping, live highlights, diagram clicks. */
import { describe, expect, it } from 'vitest';
import type { ChartModel } from '../../../machines/tooling/chart';
import { groupEntries, leafStateIds, liveStateIds, selectionFromElement, stateDetails, stateName, transitionById } from './chartView';

const state = (id: string, extra: Partial<ChartModel['states'][number]> = {}): ChartModel['states'][number] => {
  const path = id.split('.').slice(1);
  return { id, key: path.at(-1) ?? id, path, parent: path.length ? id.split('.').slice(0, -1).join('.') : null, type: 'atomic', tags: [], invokes: [], entry: [], exit: [], children: [], ...extra };
};
const transition = (source: string, event: string, targets: string[], extra: Partial<ChartModel['transitions'][number]> = {}): ChartModel['transitions'][number] => ({
  id: `${source}|${event}|${extra.branch ?? 0}`,
  source,
  event,
  kind: 'event',
  trigger: event,
  branch: 0,
  targets,
  reenter: false,
  actions: [],
  label: event,
  ...extra,
});

const chart: ChartModel = {
  id: 'door',
  states: [
    state('door', { type: 'compound', initial: 'door.closed', children: ['door.closed', 'door.open'] }),
    state('door.closed', { type: 'compound', initial: 'door.closed.locked', children: ['door.closed.locked', 'door.closed.unlocked'], description: 'The door is shut.' }),
    state('door.closed.locked', { tags: ['secure'] }),
    state('door.closed.unlocked'),
    state('door.open', { invokes: [{ id: 'alarm', src: 'alarmTimer' }], entry: ['ring'] }),
  ],
  transitions: [
    transition('door.closed.locked', 'unlock', ['door.closed.unlocked'], { guard: 'hasKey', label: 'unlock [hasKey]' }),
    transition('door.closed.unlocked', 'lock', ['door.closed.locked']),
    transition('door.closed.unlocked', 'open', ['door.open']),
    transition('door.open', 'close', ['door.closed']),
    transition('door.open', 'knock', []),
  ],
};

describe('stateName', () => {
  it('joins the keys below the root; the root is the machine id; unknown ids lose the machine prefix', () => {
    expect(stateName(chart, 'door.closed.locked')).toBe('closed › locked');
    expect(stateName(chart, 'door')).toBe('door');
    expect(stateName({ id: 'upload', states: [] }, 'upload.sending.chunk')).toBe('sending › chunk');
    expect(stateName({ id: 'upload', states: [] }, 'other.x')).toBe('other.x');
  });
});

describe('stateDetails', () => {
  it('gives parent, children, initial flag, transitions out and in (not its own self-loops in)', () => {
    const closed = stateDetails(chart, 'door.closed')!;
    expect(closed.parent?.id).toBe('door');
    expect(closed.isInitial).toBe(true);
    expect(closed.children.map((c) => c.id)).toEqual(['door.closed.locked', 'door.closed.unlocked']);
    expect(closed.outgoing).toEqual([]);
    expect(closed.incoming.map((t) => t.id)).toEqual(['door.open|close|0']);
    const unlocked = stateDetails(chart, 'door.closed.unlocked')!;
    expect(unlocked.isInitial).toBe(false);
    expect(unlocked.outgoing.map((t) => t.event)).toEqual(['lock', 'open']);
    expect(unlocked.incoming.map((t) => t.guard)).toEqual(['hasKey']);
    expect(stateDetails(chart, 'door.open')!.outgoing.map((t) => t.targets)).toEqual([['door.closed'], []]);
    expect(stateDetails(chart, 'door.nowhere')).toBeNull();
    expect(transitionById(chart, 'door.open|knock|0')?.targets).toEqual([]);
    expect(transitionById(chart, 'nope')).toBeNull();
  });
});

describe('groupEntries', () => {
  const e = (name: string, group: string, title: string, parent?: string) => ({ name, group, title, summary: '', folder: `machines/${name}`, ...(parent ? { parent } : {}) });
  it('orders groups as the catalog does (unknown last), parents before their children, others by title', () => {
    const groups = groupEntries([
      e('upload', 'Media', 'Upload of one file'),
      e('zeta', 'Zed group', 'Zeta'),
      e('mfaSetup', 'Sign-in and account', 'Authenticator set-up', 'session'),
      e('session', 'Sign-in and account', 'Session'),
      e('alpha', 'Sign-in and account', 'Alpha'),
      e('queue', 'Media', 'Upload queue'),
      e('child', 'Media', 'A child of the queue', 'queue'),
    ]);
    expect(groups.map((g) => g.group)).toEqual(['Sign-in and account', 'Media', 'Zed group']);
    expect(groups[0]!.entries.map((x) => x.name)).toEqual(['alpha', 'session', 'mfaSetup']);
    expect(groups[1]!.entries.map((x) => x.name)).toEqual(['upload', 'queue', 'child']);
  });
});

describe('live highlights', () => {
  it('leaf ids of a configuration, and the union of the active actors of one machine', () => {
    expect(leafStateIds(['door', 'door.closed', 'door.closed.locked'])).toEqual(['door.closed.locked']);
    expect(leafStateIds(['p', 'p.a', 'p.a.x', 'p.b'])).toEqual(['p.a.x', 'p.b']);
    const actors = [
      { machineId: 'door', activeStateIds: ['door', 'door.open'], status: 'active' },
      { machineId: 'door', activeStateIds: ['door', 'door.closed', 'door.closed.locked'], status: 'active' },
      { machineId: 'door', activeStateIds: ['door', 'door.closed', 'door.closed.unlocked'], status: 'stopped' },
      { machineId: 'window', activeStateIds: ['window.open'], status: 'active' },
    ];
    expect([...liveStateIds(actors, 'door')].sort()).toEqual(['door', 'door.closed', 'door.closed.locked', 'door.open']);
  });
});

describe('selectionFromElement', () => {
  it('finds the nearest transition or state group of a clicked SVG element', () => {
    const host = document.createElement('div');
    host.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg"><g class="state" data-state-id="door.closed"><rect/><text>closed</text>
      <g class="transition" data-transition-id="door.closed.locked|unlock|0"><path/><text id="label">unlock</text></g></g><rect id="bg"/></svg>`;
    expect(selectionFromElement(host.querySelector('#label'))).toEqual({ kind: 'transition', id: 'door.closed.locked|unlock|0' });
    expect(selectionFromElement(host.querySelector('g.state > text'))).toEqual({ kind: 'state', id: 'door.closed' });
    expect(selectionFromElement(host.querySelector('#bg'))).toBeNull();
    expect(selectionFromElement(null)).toBeNull();
  });
});
