// @vitest-environment node
/**
 * Coverage (issue 14 "Coverage"): the replay that counts states, transitions (the branch taken) and
 * guard outcomes; the selection reader; and the CI gate — for every catalogued machine, model-test
 * coverage (its tour paths + journeys) must meet COVERAGE_GATE minus the gaps declared in
 * `<folder>/<name>.gaps.ts`, stale gaps fail, every entry needs a path source, and
 * docs/machines/coverage.md must be what `npm run machines:coverage` writes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assign, createMachine, fromPromise, getInitialMicrosteps, getMicrosteps, setup, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineCatalog } from '../catalog';
import { machinePaths, pathSources } from '../catalog.paths';
import { describeMachine } from './chart';
import { checkGate, coverRuns, coverageUniverse, matchesDescriptor, tally } from './coverage';
import { coverageReport, loadSelections, machineCoverage, renderCoverageMarkdown, repoRoot, type MachineCoverageReport } from './coverageReport';
import { COVERAGE_GATE } from './gaps';

const cover = (machine: AnyStateMachine, runs: Array<{ input?: unknown; events: Array<{ type: string; [k: string]: unknown }> }>) => {
  const covered = coverRuns(machine, runs);
  return { ...covered, figures: tally(coverageUniverse(describeMachine(machine)), covered) };
};

describe('coverRuns', () => {
  const guarded = setup({
    guards: { isBig: ({ event }) => (event as { size?: number }).size! > 10, isSmall: ({ event }) => (event as { size?: number }).size! < 3 },
    actors: { load: fromPromise(async () => 1) },
  }).createMachine({
    id: 'm',
    context: { n: 0 },
    initial: 'idle',
    states: {
      idle: {
        on: {
          pick: [
            { guard: 'isBig', target: 'big' },
            { guard: 'isSmall', target: 'small' },
          ],
          go: 'loading',
        },
      },
      big: { always: [{ guard: ({ context }) => context.n > 0, target: 'idle' }, { target: 'check' }] },
      check: { entry: assign({ n: 1 }), always: { target: 'idle' } },
      small: {},
      loading: {
        invoke: { id: 'load', src: 'load' },
        on: { 'xstate.done.actor.*': { target: 'idle' }, 'xstate.error.actor.load': 'small' },
      },
    },
  });

  it('counts the guard branch taken and the guards evaluated false before it, or with nothing taken', () => {
    const r = cover(guarded, [{ events: [{ type: 'pick', size: 5 }] }]);
    // Neither guard passes: both fail, nothing is taken, no state entered.
    expect([...r.guards].sort()).toEqual(['m.idle|pick|0|fail', 'm.idle|pick|1|fail']);
    expect(r.transitions.size).toBe(0);
    expect([...r.states]).toEqual(['m.idle']);
    const s = cover(guarded, [{ events: [{ type: 'pick', size: 1 }] }]);
    expect([...s.transitions]).toEqual(['m.idle|pick|1']);
    expect([...s.guards].sort()).toEqual(['m.idle|pick|0|fail', 'm.idle|pick|1|pass']);
  });

  it('counts transient states passed by always transitions, and the always branch taken each time', () => {
    const r = cover(guarded, [{ events: [{ type: 'pick', size: 50 }] }]);
    // idle → big (always: n = 0 → check) → check (n = 1; always → idle) → idle
    expect([...r.states].sort()).toEqual(['m.big', 'm.check', 'm.idle']);
    expect([...r.transitions].sort()).toEqual(['m.big||1', 'm.check||0', 'm.idle|pick|0']);
    expect(r.guards.has('m.big||0|fail')).toBe(true);
    expect(r.guards.has('m.big||0|pass')).toBe(false);
    // A second big pick with n = 1 takes the first always branch.
    const again = cover(guarded, [{ events: [{ type: 'pick', size: 50 }, { type: 'pick', size: 50 }] }]);
    expect(again.guards.has('m.big||0|pass')).toBe(true);
    expect(again.transitions.has('m.big||0')).toBe(true);
  });

  it('matches wildcard descriptors as XState does: xstate.done.actor.* takes a done event, the exact error descriptor its error', () => {
    const r = cover(guarded, [
      { events: [{ type: 'go' }, { type: 'xstate.done.actor.load', output: 1 }] },
      { events: [{ type: 'go' }, { type: 'xstate.error.actor.load', error: new Error('x') }] },
    ]);
    expect(r.transitions.has('m.loading|xstate.done.actor.*|0')).toBe(true);
    expect(r.transitions.has('m.loading|xstate.error.actor.load|0')).toBe(true);
    expect(r.figures.states).toEqual({ covered: 3, total: 5, missing: ['m.big', 'm.check'] });
    expect(matchesDescriptor('xstate.done.actor.load', 'xstate.done.actor.*')).toBe(true);
    expect(matchesDescriptor('xstate.done.state.x', 'xstate.done.actor.*')).toBe(false);
    expect(matchesDescriptor('anything', '*')).toBe(true);
  });

  it('parallel regions each take their own transition; an event no region handles goes to the parallel state', () => {
    const m = createMachine({
      id: 'p',
      type: 'parallel',
      on: { reset: '.a.a1' },
      states: {
        a: { initial: 'a1', states: { a1: { on: { tick: 'a2' } }, a2: {} } },
        b: { initial: 'b1', states: { b1: { on: { tick: 'b2' } }, b2: {} } },
      },
    });
    const r = cover(m, [{ events: [{ type: 'tick' }, { type: 'reset' }] }]);
    expect([...r.transitions].sort()).toEqual(['p.a.a1|tick|0', 'p.b.b1|tick|0', 'p|reset|0']);
  });

  it('takes exactly the definitions XState selects, on every microstep of the catalog tours', () => {
    // Self-check of the selection against XState's own getTransitionData on the first microstep of each event.
    for (const name of ['analyticsExport', 'googleDrive', 'uploadQueue']) {
      const entry = machineCatalog.find((e) => e.name === name)!;
      const source = pathSources[name]!();
      for (const path of machinePaths(name).slice(0, 200)) {
        let [snapshot] = getInitialMicrosteps(entry.machine, source.inputs[path.inputName] as never).at(-1)! as unknown as [AnyMachineSnapshot];
        for (const step of path.steps) {
          const expected = entry.machine.getTransitionData(snapshot as never, step.event as never);
          const ids = expected.map((t) => {
            const list = t.source.transitions.get(t.eventType)!;
            return `${t.source.id}|${t.eventType}|${list.indexOf(t)}`;
          });
          const single = coverRuns(entry.machine, [{ input: source.inputs[path.inputName], events: path.steps.slice(0, path.steps.indexOf(step) + 1).map((s) => s.event) }]);
          for (const id of ids) expect(single.transitions.has(id), `${name} ${path.id}: ${id}`).toBe(true);
          [snapshot] = getMicrosteps(entry.machine, snapshot as never, step.event as never).at(-1)! as unknown as [AnyMachineSnapshot];
        }
      }
    }
  }, 120_000);
});

describe('checkGate', () => {
  const m = createMachine({ id: 'g', initial: 'a', states: { a: { on: { x: 'b', y: 'c' } }, b: {}, c: {} } });
  const chart = describeMachine(m);
  const figures = tally(coverageUniverse(chart), coverRuns(m, [{ events: [{ type: 'x' }] }]));

  it('fails below the gate and names what is uncovered; a declared gap with a reason makes it pass', () => {
    const bare = checkGate('g', chart, figures, {}, COVERAGE_GATE);
    expect(bare.ok).toBe(false);
    expect(bare.problems.join('\n')).toContain('g.c');
    expect(bare.problems.join('\n')).toContain('g.a|y|0');
    const declared = checkGate('g', chart, figures, { states: { 'g.c': 'Reason.' }, transitions: { 'g.a|y|0': 'Reason.' } }, COVERAGE_GATE);
    expect(declared).toEqual({ ok: true, problems: [] });
  });

  it('a gap for something covered is stale, one for an id the chart lacks is unknown, one without reason is refused', () => {
    const r = checkGate('g', chart, figures, { states: { 'g.b': 'Covered anyway.', 'g.zzz': 'No such state.', 'g.c': ' ' }, transitions: { 'g.a|y|0': 'Reason.' } }, COVERAGE_GATE);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      'g: stale gap "g.b" — it is covered now; remove it from the gaps file',
      'g: gap for unknown state "g.zzz" (not in the chart)',
      'g: gap "g.c" has no reason',
    ]);
  });
});

describe('e2e selections', () => {
  const fixtures = fileURLToPath(new URL('./fixtures/replay', import.meta.url));

  it('reads every *.selection.ts and counts the selected paths as e2e coverage, the skipped ones by reason', async () => {
    const selections = await loadSelections(fixtures);
    expect(selections.map((s) => [s.file, s.selection.machine])).toEqual([['machines/tooling/fixtures/replay/uploadQueue.selection.ts', 'uploadQueue']]);
    const entry = machineCatalog.find((e) => e.name === 'uploadQueue')!;
    const report = await machineCoverage(entry, selections);
    const all = machinePaths('uploadQueue', 'shortest');
    const short = all.filter((p) => p.steps.length <= 4);
    expect(report.e2ePaths).toBe(short.length);
    expect(report.selections).toEqual([
      { file: 'machines/tooling/fixtures/replay/uploadQueue.selection.ts', strategy: 'shortest', selected: short.length, total: all.length, skipped: [{ reason: 'longer than four steps (fixture)', paths: all.length - short.length }] },
    ]);
    expect(report.e2e!.states.covered).toBeGreaterThan(0);
    expect(report.e2e!.transitions.covered).toBeLessThan(report.model.transitions.covered);
    expect(report.union.transitions.covered).toBe(report.model.transitions.covered);
    const md = renderCoverageMarkdown([report]);
    expect(md).toContain(`### E2E selection \`machines/tooling/fixtures/replay/uploadQueue.selection.ts\` (shortest): ${short.length} of ${all.length} paths replayed`);
    expect(md).toContain(`- ${all.length - short.length} skipped: longer than four steps (fixture)`);
  }, 120_000);
});

describe('coverage gate (COVERAGE_GATE on model-test coverage, declared gaps aside)', () => {
  let reports: MachineCoverageReport[] = [];
  beforeAll(async () => {
    reports = await coverageReport();
  }, 600_000);

  it('every catalog entry has a path source', () => {
    expect(machineCatalog.filter((e) => !pathSources[e.name]).map((e) => `${e.name}: no path source in machines/catalog.paths.ts`)).toEqual([]);
  });

  it.each(machineCatalog.map((e) => [e.name]))('%s meets the gate', (name) => {
    const report = reports.find((r) => r.name === name)!;
    expect(report.gate.problems, report.gate.problems.join('\n')).toEqual([]);
  });

  it('docs/machines/coverage.md is up to date (npm run machines:coverage)', () => {
    const file = join(repoRoot, 'docs/machines/coverage.md');
    expect(existsSync(file), 'docs/machines/coverage.md is missing: run npm run machines:coverage').toBe(true);
    expect(readFileSync(file, 'utf8') === renderCoverageMarkdown(reports), 'docs/machines/coverage.md is stale: run npm run machines:coverage').toBe(true);
  });
});
