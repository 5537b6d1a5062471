import { describe, expect, it } from 'vitest';
import { machineCatalog } from '../catalog';
import { machinePaths, pathSources } from '../catalog.paths';
import { describeMachine } from './chart';

describe('machine catalog', () => {
  it.each(machineCatalog.map((e) => [e.name, e] as const))('%s describes', (_n, e) => {
    const chart = describeMachine(e.machine);
    expect(chart.states[0]!.id).toBe(e.machine.id);
  });
  it.each(Object.keys(pathSources))('%s paths', { timeout: 60_000 }, (name) => {
    const paths = machinePaths(name);
    expect(paths.length).toBeGreaterThan(0);
  });
});
