/**
 * The path Sankey (issue 13 ★): ECharts' sankey needs unique node names and no cycles; loops of a
 * bot (A → B → A, self-loops) are dropped as back-edges and reported, the rest is kept.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sankeyGraph, sankeyOption, type Transition } from './sankey';

const tr = (from: number, to: number, count: number, names: Record<number, string> = {}): Transition => ({
  from,
  fromName: names[from] ?? (from === 0 ? 'Start' : `S${from}`),
  to,
  toName: names[to] ?? `S${to}`,
  count,
});

/** True when the links form a DAG (Kahn's algorithm consumes every node). */
function acyclic(links: Array<{ source: string; target: string }>): boolean {
  const nodes = new Set(links.flatMap((l) => [l.source, l.target]));
  const indeg = new Map([...nodes].map((n) => [n, 0]));
  for (const l of links) indeg.set(l.target, indeg.get(l.target)! + 1);
  const queue = [...nodes].filter((n) => indeg.get(n) === 0);
  let seen = 0;
  while (queue.length) {
    const n = queue.pop()!;
    seen++;
    for (const l of links) if (l.source === n) {
      indeg.set(l.target, indeg.get(l.target)! - 1);
      if (indeg.get(l.target) === 0) queue.push(l.target);
    }
  }
  return seen === nodes.size;
}

describe('sankeyGraph', () => {
  it('a loop A → B → A keeps Start → A → B and reports B → A as a back-edge', () => {
    const g = sankeyGraph([tr(0, 1, 10), tr(1, 2, 8), tr(2, 1, 3)], 'Start');
    expect(g.links).toEqual([
      { source: 'Start', target: 'S1', value: 10 },
      { source: 'S1', target: 'S2', value: 8 },
    ]);
    expect(g.backEdges).toEqual([tr(2, 1, 3)]);
    expect(acyclic(g.links)).toBe(true);
  });
  it('a self-loop and a "back to start" edge are back-edges', () => {
    const g = sankeyGraph([tr(0, 1, 5), tr(1, 1, 2), tr(1, 0, 1)], 'Alku');
    expect(g.links).toEqual([{ source: 'Alku', target: 'S1', value: 5 }]);
    expect(g.backEdges.map((e) => `${e.from}>${e.to}`).sort()).toEqual(['1>0', '1>1']);
  });
  it('the heavier direction of a two-way pair is the one drawn', () => {
    const g = sankeyGraph([tr(0, 1, 10), tr(0, 2, 10), tr(1, 2, 1), tr(2, 1, 9)], 'Start');
    // DFS follows the most taken transitions first: Start → 1 (tie by id) → 2 (1>2 kept), then 2>1 closes the loop.
    expect(acyclic(g.links)).toBe(true);
    expect(g.links.length + g.backEdges.length).toBe(4);
  });
  it('duplicate slide names become unique; zero counts are ignored; repeated pairs are summed', () => {
    const g = sankeyGraph([tr(0, 1, 2, { 1: 'Intro' }), tr(1, 2, 1, { 1: 'Intro', 2: 'Intro' }), tr(1, 2, 2, { 1: 'Intro', 2: 'Intro' }), tr(2, 3, 0)], 'Start');
    expect(g.nodes.map((n) => n.name)).toEqual(['Start', 'Intro (#1)', 'Intro (#2)']);
    expect(g.links).toEqual([
      { source: 'Start', target: 'Intro (#1)', value: 2 },
      { source: 'Intro (#1)', target: 'Intro (#2)', value: 3 },
    ]);
  });
  it('property: any transitions give a DAG with unique node names; every transition is either drawn or a back-edge', () => {
    const arb = fc.array(fc.record({ from: fc.integer({ min: 0, max: 8 }), to: fc.integer({ min: 0, max: 8 }), count: fc.integer({ min: 1, max: 50 }) }), { maxLength: 40 });
    fc.assert(
      fc.property(arb, (raw) => {
        const input = raw.map((r) => tr(r.from, r.to, r.count, { [r.from]: `N${r.from % 3}`, [r.to]: `N${r.to % 3}` }));
        const g = sankeyGraph(input, 'Start');
        expect(acyclic(g.links)).toBe(true);
        expect(new Set(g.nodes.map((n) => n.name)).size).toBe(g.nodes.length);
        const pairs = new Set(input.map((e) => `${e.from}>${e.to}`));
        expect(g.links.length + g.backEdges.length).toBe(pairs.size);
        const total = input.reduce((s, e) => s + e.count, 0);
        expect(g.links.reduce((s, l) => s + l.value, 0) + g.backEdges.reduce((s, e) => s + e.count, 0)).toBe(total);
      }),
      { numRuns: 300 },
    );
  });
  it('option: one sankey series with the nodes and links', () => {
    const g = sankeyGraph([tr(0, 1, 4)], 'Start');
    const series = (sankeyOption(g).series as Array<Record<string, unknown>>)[0]!;
    expect(series.type).toBe('sankey');
    expect(series.data).toEqual([{ name: 'Start' }, { name: 'S1' }]);
    expect(series.links).toEqual([{ source: 'Start', target: 'S1', value: 4 }]);
  });
});
