/**
 * Path analytics as a Sankey diagram (issue 13 ★ "path analytics"; `BotAnalyticsDetail.transitions`,
 * where `from` 0 / 'Start' is the session start). Pure: builds the ECharts `sankey` series option.
 *
 * ECharts' sankey needs unique node names and a graph WITHOUT cycles (it throws "Sankey is a DAG"
 * otherwise). Bots loop (slide A → B → A, a "back to start" button, a slide replaying itself), and
 * the transitions are totals over sessions without the step they were taken at, so they cannot be
 * unrolled per step. The choice made here: **drop the back-edges** — a depth-first walk from Start,
 * following the most taken transitions first, keeps every edge that does not close a cycle; an edge
 * to a slide still on the walk's path (a return to an earlier slide) and a slide's edge to itself are
 * left out of the diagram and returned in `backEdges`, which the page lists under the chart
 * ("Returns to earlier slides"). Every transition stays in the table beside the chart. Node names are
 * the slide names, made unique with ` (#id)` when two slides share a name.
 */

/** One transition of the detail answer. */
export interface Transition {
  from: number;
  fromName: string;
  to: number;
  toName: string;
  count: number;
}

export interface SankeyGraph {
  nodes: Array<{ id: number; name: string }>;
  links: Array<{ source: string; target: string; value: number }>;
  /** Transitions left out of the diagram because they close a cycle (returns, self-loops). */
  backEdges: Transition[];
}

/**
 * Builds the acyclic graph. `startLabel` names node 0 (the session start) in the UI language.
 * Transitions with a count ≤ 0 are ignored; duplicate (from, to) pairs are summed.
 */
export function sankeyGraph(transitions: readonly Transition[], startLabel: string): SankeyGraph {
  const names = new Map<number, string>();
  const edges = new Map<string, Transition>();
  for (const tr of transitions) {
    if (!(tr.count > 0)) continue;
    names.set(tr.from, tr.from === 0 ? startLabel : tr.fromName);
    names.set(tr.to, tr.to === 0 ? startLabel : tr.toName);
    const key = `${tr.from}>${tr.to}`;
    const prev = edges.get(key);
    edges.set(key, prev ? { ...prev, count: prev.count + tr.count } : { ...tr });
  }
  const out = new Map<number, Transition[]>();
  for (const e of edges.values()) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  for (const list of out.values()) list.sort((a, b) => b.count - a.count || a.to - b.to);

  // Iterative DFS: 0 = unseen, 1 = on the current path, 2 = done.
  const mark = new Map<number, 0 | 1 | 2>();
  const kept: Transition[] = [];
  const backEdges: Transition[] = [];
  const roots = [...names.keys()].sort((a, b) => (a === 0 ? -1 : b === 0 ? 1 : a - b));
  for (const root of roots) {
    if (mark.get(root)) continue;
    const stack: Array<{ node: number; next: number }> = [{ node: root, next: 0 }];
    mark.set(root, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const list = out.get(top.node) ?? [];
      if (top.next >= list.length) {
        mark.set(top.node, 2);
        stack.pop();
        continue;
      }
      const e = list[top.next++]!;
      const m = mark.get(e.to) ?? 0;
      if (m === 1) backEdges.push(e);
      else {
        kept.push(e);
        if (m === 0) {
          mark.set(e.to, 1);
          stack.push({ node: e.to, next: 0 });
        }
      }
    }
  }

  // Unique display names: a name shared by several nodes gets its id.
  const counts = new Map<string, number>();
  for (const n of names.values()) counts.set(n, (counts.get(n) ?? 0) + 1);
  const label = new Map<number, string>();
  for (const [id, n] of names) label.set(id, (counts.get(n) ?? 0) > 1 && id !== 0 ? `${n} (#${id})` : n);
  const used = new Set([...label.values()]);
  // A slide literally named like a disambiguated one: keep adding the id until unique.
  if (used.size !== label.size) {
    const seen = new Set<string>();
    for (const [id, n] of label) {
      let name = n;
      while (seen.has(name)) name = `${name} #${id}`;
      seen.add(name);
      label.set(id, name);
    }
  }

  return {
    nodes: [...label].map(([id, name]) => ({ id, name })),
    links: kept.map((e) => ({ source: label.get(e.from)!, target: label.get(e.to)!, value: e.count })),
    backEdges,
  };
}

/** The ECharts option of the diagram (rendered through EChart.tsx). */
export function sankeyOption(graph: SankeyGraph): Record<string, unknown> {
  return {
    tooltip: { trigger: 'item', triggerOn: 'mousemove' },
    series: [
      {
        type: 'sankey',
        left: 8,
        right: 120,
        top: 16,
        bottom: 16,
        nodeAlign: 'left',
        emphasis: { focus: 'adjacency' },
        lineStyle: { color: 'gradient', curveness: 0.5 },
        data: graph.nodes.map((n) => ({ name: n.name })),
        links: graph.links,
      },
    ],
  };
}
