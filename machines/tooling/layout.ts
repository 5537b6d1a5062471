/**
 * Offline layout of a statechart for the SVG diagrams (issue 14 "Diagrams": rendering works
 * offline, elkjs layout with our own SVG writer). Pure Node or browser; no DOM.
 *
 * `layoutChart(chart)` turns a `ChartModel` (machines/tooling/chart.ts) into boxes, text lines and
 * routed edges in one coordinate system (pixels, origin top-left, all absolute):
 * - every state is a box: its key as heading, then `invoke: <service>` lines, its targetless
 *   transitions (`on <event> [guard] / <actions>`), and its `meta.description` wrapped to a few
 *   lines; compound and parallel states are containers whose header holds those lines and whose
 *   children sit below; the root (the machine) is the outermost container;
 * - every transition with targets is routed (orthogonal, arrow at the target); transitions with the
 *   same source and target share one edge whose label has one line per transition
 *   (`trigger [guard]`), which keeps charts with many guard branches readable;
 * - every compound state gets an initial marker (a dot with an edge to its initial child).
 *
 * ELK (elkjs, layered algorithm) places everything in one pass over the whole hierarchy
 * (`elk.hierarchyHandling: INCLUDE_CHILDREN`), keeps the machine's document order where it can
 * (`considerModelOrder`), and each edge is attached to the lowest common ancestor of its ends.
 * Text sizes come from a character-width estimate (no font metrics offline), so the same chart
 * always gives the same layout.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartModel, ChartState, ChartTransition } from './chart';
import { internalLine } from './mermaid';

/** A point in diagram pixels. */
export interface Point {
  x: number;
  y: number;
}

/** What a text line inside a state box says. */
export type BoxLineKind = 'heading' | 'invoke' | 'internal' | 'description';

/** One line of text; `x`, `y` = left end of the baseline. */
export interface TextLine {
  kind: BoxLineKind;
  text: string;
  x: number;
  y: number;
  fontSize: number;
  /** For `internal` lines: the targetless transition the line stands for. */
  transitionId?: string;
}

/** A state's box. */
export interface StateBox {
  id: string;
  type: ChartState['type'];
  /** True for a region (a direct child of a parallel state): drawn dashed. */
  region: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Heading and detail lines (heading first). */
  lines: TextLine[];
  /** Depth from the root (root 0). */
  depth: number;
}

/** One label line of an edge: a transition's trigger and guard. */
export interface EdgeLabelLine {
  transitionId: string;
  trigger: string;
  guard?: string;
  /** Left end of the baseline. */
  x: number;
  y: number;
  /** Line box (for a background and a click target). */
  box: { x: number; y: number; width: number; height: number };
  fontSize: number;
}

/**
 * One routed edge between two states. Transitions with the same source and target (different
 * events or guard branches) share one edge, labelled one line per transition.
 */
export interface EdgeRoute {
  source: string;
  target: string;
  /** The transitions drawn along this edge, with the index of `target` in their targets. */
  members: Array<{ transitionId: string; targetIndex: number }>;
  /** Polyline from the source border to the target border (arrow at the last point). */
  points: Point[];
  /** One line per member, in chart order. */
  labels: EdgeLabelLine[];
}

/** Initial-state marker of a compound state. */
export interface InitialMarker {
  /** The compound state whose initial child this marks. */
  of: string;
  target: string;
  center: Point;
  radius: number;
  points: Point[];
}

/** Everything the SVG writer draws. */
export interface ChartLayout {
  width: number;
  height: number;
  /** Outer containers first (document order), so drawing in order nests correctly. */
  states: StateBox[];
  edges: EdgeRoute[];
  initials: InitialMarker[];
}

/** Font sizes and spacing (pixels). */
export const FONT = { heading: 14, detail: 12, description: 11, label: 11 } as const;
const PAD = 8;
const LINE = { heading: 18, detail: 15, description: 14, label: 13 } as const;
const MIN_WIDTH = 96;
const DESCRIPTION_WIDTH = 230;

/**
 * Estimated width in pixels of `text` in a sans-serif font of `fontSize` px (Helvetica/Arial
 * metrics, rounded up a little so boxes never clip). `bold` widens by 8 %.
 */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    if ('il.,:;|!\'`[]()'.includes(ch)) units += 0.3;
    else if ('fjrtI '.includes(ch)) units += 0.36;
    else if ('mwMW@%'.includes(ch)) units += 0.86;
    else if (/[A-Z]/.test(ch)) units += 0.68;
    else if (/[0-9]/.test(ch)) units += 0.56;
    else units += 0.54;
  }
  return units * fontSize * (bold ? 1.08 : 1) * 1.1;
}

/** Splits `text` into lines no wider than `maxWidth` px at `fontSize` (words are never broken). */
export function wrapText(text: string, fontSize: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, fontSize) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Options of `layoutChart`. */
export interface LayoutOptions {
  /** Draw `meta.description` inside the boxes (default true). */
  descriptions?: boolean;
}

interface Block {
  lines: Array<{ kind: BoxLineKind; text: string; fontSize: number; height: number; transitionId?: string }>;
  width: number;
  height: number;
}

/** Text block of a state (heading + details), measured. */
function blockOf(state: ChartState, internals: ChartTransition[], options: LayoutOptions): Block {
  const lines: Block['lines'] = [{ kind: 'heading', text: state.type === 'history' ? `${state.key} (history)` : state.key, fontSize: FONT.heading, height: LINE.heading }];
  for (const i of state.invokes) lines.push({ kind: 'invoke', text: `invoke: ${i.src}`, fontSize: FONT.detail, height: LINE.detail });
  for (const t of internals) lines.push({ kind: 'internal', text: internalLine(t), fontSize: FONT.detail, height: LINE.detail, transitionId: t.id });
  if (options.descriptions !== false && state.description) {
    for (const text of wrapText(state.description, FONT.description, DESCRIPTION_WIDTH)) lines.push({ kind: 'description', text, fontSize: FONT.description, height: LINE.description });
  }
  const width = Math.max(MIN_WIDTH, ...lines.map((l) => textWidth(l.text, l.fontSize, l.kind === 'heading') + 2 * PAD));
  const height = PAD + lines.reduce((sum, l) => sum + l.height, 0) + PAD - 2;
  return { lines, width: Math.ceil(width), height: Math.ceil(height) };
}

/** Width in px of a label line `trigger [guard]`. */
function labelLineWidth(t: ChartTransition): number {
  return Math.ceil(textWidth(t.guard ? `${t.trigger} [${t.guard}]` : t.trigger, FONT.label) + 6);
}

/** Layered direction: states flow top to bottom. */
const DIRECTION = 'DOWN';

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': DIRECTION,
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.crossingMinimization.forceNodeModelOrder': 'false',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '3',
  'elk.layered.mergeEdges': 'false',
  'elk.edgeLabels.inline': 'true',
  'elk.json.edgeCoords': 'ROOT',
  'elk.json.shapeCoords': 'ROOT',
  'elk.randomSeed': '1',
};

const elk = new ELK();

/**
 * Breadth-first distance of every state from the machine's start (the root, then initial children,
 * then transition targets in document order); states never reached rank last. Transitions of the
 * root itself are left out (they are drawn from the root's border, from anywhere).
 */
export function flowRanks(chart: ChartModel): (id: string) => number {
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const bySource = new Map<string, ChartTransition[]>();
  for (const t of chart.transitions) bySource.set(t.source, [...(bySource.get(t.source) ?? []), t]);
  const ranks = new Map<string, number>();
  const queue: string[] = [];
  const reach = (id: string, rank: number) => {
    if (ranks.has(id)) return;
    ranks.set(id, rank);
    queue.push(id);
  };
  reach(chart.id, 0);
  while (queue.length > 0) {
    const id = queue.shift()!;
    const state = byId.get(id);
    const rank = ranks.get(id)!;
    if (!state) continue;
    if (state.type === 'compound' && state.initial) reach(state.initial, rank + 1);
    if (state.type === 'parallel') for (const child of state.children) reach(child, rank + 1);
    if (id === chart.id) continue;
    for (const t of bySource.get(id) ?? []) for (const target of t.targets) reach(target, rank + 1);
  }
  return (id) => ranks.get(id) ?? Number.MAX_SAFE_INTEGER;
}

/**
 * Lays out `chart` (see the module comment). Coordinates are absolute pixels, not yet rounded.
 * @throws when ELK rejects the graph (not expected for any chart `describeMachine` returns).
 */
export async function layoutChart(chart: ChartModel, options: LayoutOptions = {}): Promise<ChartLayout> {
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const internals = new Map<string, ChartTransition[]>();
  for (const t of chart.transitions) if (t.targets.length === 0) internals.set(t.source, [...(internals.get(t.source) ?? []), t]);
  const blocks = new Map(chart.states.map((s) => [s.id, blockOf(s, internals.get(s.id) ?? [], options)]));
  const elkNodes = new Map<string, ElkNode>();
  const initialId = (id: string) => `${id}::initial`;

  const build = (s: ChartState): ElkNode => {
    const block = blocks.get(s.id)!;
    const node: ElkNode = { id: s.id, width: block.width, height: block.height, children: [], edges: [] };
    if (s.children.length > 0) {
      node.layoutOptions = {
        'elk.padding': `[top=${block.height + 10},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        // elkjs 0.12 transposes a compound node's minimum size in vertical directions under
        // INCLUDE_CHILDREN; give it transposed so the header's width is kept.
        'elk.nodeSize.minimum': DIRECTION === 'DOWN' ? `(${block.height + 24}, ${block.width})` : `(${block.width}, ${block.height + 24})`,
      };
      if (s.type === 'compound' && s.initial) {
        node.children!.push({ id: initialId(s.id), width: 12, height: 12 });
        node.edges!.push({ id: `${initialId(s.id)}->${s.initial}`, sources: [initialId(s.id)], targets: [s.initial] });
      }
      for (const child of s.children) node.children!.push(build(byId.get(child)!));
    } else {
      delete node.children;
      delete node.edges;
    }
    elkNodes.set(s.id, node);
    return node;
  };
  const root = build(byId.get(chart.id) ?? chart.states[0]!);

  // Ancestry (nearest first) for edge containment.
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let s = byId.get(id); s; s = s.parent ? byId.get(s.parent) : undefined) out.push(s.id);
    return out;
  };
  const rank = flowRanks(chart);
  const graph: ElkNode = { id: '::graph', layoutOptions: ROOT_OPTIONS, children: [root], edges: [] };
  // One ELK edge per (source, target) pair, in chart order; its label stacks one line per transition.
  const pairs = new Map<string, { source: string; target: string; members: Array<{ transition: ChartTransition; targetIndex: number }> }>();
  for (const t of chart.transitions) {
    t.targets.forEach((target, targetIndex) => {
      const key = `${t.source}->${target}`;
      const pair = pairs.get(key) ?? { source: t.source, target, members: [] };
      pair.members.push({ transition: t, targetIndex });
      pairs.set(key, pair);
    });
  }
  const edgeInfo = new Map<string, { source: string; target: string; reversed: boolean; members: Array<{ transition: ChartTransition; targetIndex: number }> }>();
  [...pairs.values()].forEach((pair, n) => {
    // ELK's containment: a self-loop lives in the parent; an edge between a container and its
    // descendant lives in that container; otherwise in the lowest common ancestor.
    const sourceLine = ancestors(pair.source);
    const targetLine = ancestors(pair.target);
    let container: string | undefined;
    if (pair.source === pair.target) container = sourceLine[1];
    else if (targetLine.includes(pair.source)) container = pair.source;
    else if (sourceLine.includes(pair.target)) container = pair.target;
    else container = sourceLine.find((a) => targetLine.includes(a));
    const id = `edge${n}`;
    // An edge back towards the start (to a state reached earlier from the initial state) is given
    // to ELK reversed, so the drawing flows from the initial state downwards instead of ELK putting
    // a state with many incoming edges (the editor's `editing`) at the bottom.
    const nested = container === pair.source || container === pair.target;
    // Ranks are compared between the children of the edge's container that hold its ends (an
    // edge from `form` into `slide.media.paused` runs between `form` and `slide`).
    const holderChild = (line: string[]) => line[Math.max(0, line.indexOf(container ?? '') - 1)] ?? line[line.length - 1]!;
    const reversed = !nested && rank(holderChild(targetLine)) < rank(holderChild(sourceLine));
    edgeInfo.set(id, { ...pair, reversed });
    const width = Math.max(...pair.members.map((m) => labelLineWidth(m.transition)));
    const height = pair.members.length * LINE.label + 4;
    const edge: ElkExtendedEdge = {
      id,
      sources: [reversed ? pair.target : pair.source],
      targets: [reversed ? pair.source : pair.target],
      labels: [{ id: `${id}:label`, text: pair.members.map((m) => m.transition.label).join('\n'), width, height }],
    };
    const holder = container ? elkNodes.get(container)! : graph;
    (holder.edges ??= []).push(edge);
  });

  const out = await elk.layout(graph);

  const states: StateBox[] = [];
  const initials: InitialMarker[] = [];
  const placed = new Map<string, ElkNode>();
  const walk = (node: ElkNode) => {
    placed.set(node.id, node);
    for (const child of node.children ?? []) walk(child);
  };
  walk(out);
  const visitState = (s: ChartState, depth: number) => {
    const node = placed.get(s.id)!;
    const block = blocks.get(s.id)!;
    let y = node.y! + PAD;
    const lines: TextLine[] = block.lines.map((l) => {
      const line: TextLine = { kind: l.kind, text: l.text, x: node.x! + PAD, y: y + l.height - 4, fontSize: l.fontSize, ...(l.transitionId ? { transitionId: l.transitionId } : {}) };
      y += l.height;
      return line;
    });
    const parent = s.parent ? byId.get(s.parent) : undefined;
    states.push({ id: s.id, type: s.type, region: parent?.type === 'parallel', x: node.x!, y: node.y!, width: node.width!, height: node.height!, lines, depth });
    if (s.type === 'compound' && s.initial) {
      const dot = placed.get(initialId(s.id))!;
      initials.push({ of: s.id, target: s.initial, center: { x: dot.x! + 6, y: dot.y! + 6 }, radius: 6, points: [] });
    }
    for (const child of s.children) visitState(byId.get(child)!, depth + 1);
  };
  visitState(byId.get(chart.id) ?? chart.states[0]!, 0);

  const edges: EdgeRoute[] = [];
  const collect = (node: ElkNode) => {
    for (const edge of (node.edges ?? []) as ElkExtendedEdge[]) {
      const section = edge.sections?.[0];
      if (!section) continue;
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({ x: p.x, y: p.y }));
      if (edge.id.includes('::initial->')) {
        const marker = initials.find((m) => edge.id.startsWith(`${m.of}::initial->`));
        if (marker) marker.points = points;
        continue;
      }
      const info = edgeInfo.get(edge.id)!;
      if (info.reversed) points.reverse();
      const elkLabel = edge.labels?.[0];
      const labels: EdgeLabelLine[] = [];
      if (elkLabel) {
        info.members.forEach((m, i) => {
          const top = elkLabel.y! + 2 + i * LINE.label;
          labels.push({
            transitionId: m.transition.id,
            trigger: m.transition.trigger,
            ...(m.transition.guard ? { guard: m.transition.guard } : {}),
            x: elkLabel.x! + 3,
            y: top + LINE.label - 3,
            box: { x: elkLabel.x!, y: top, width: labelLineWidth(m.transition), height: LINE.label },
            fontSize: FONT.label,
          });
        });
      }
      const route: EdgeRoute = {
        source: info.source,
        target: info.target,
        members: info.members.map((m) => ({ transitionId: m.transition.id, targetIndex: m.targetIndex })),
        points,
        labels,
      };
      edges.push(route);
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(out);
  // Edges in the chart's order of their first transition, independent of ELK's nesting.
  const order = new Map([...pairs.values()].map((pair, i) => [`${pair.source}->${pair.target}`, i]));
  edges.sort((a, b) => order.get(`${a.source}->${a.target}`)! - order.get(`${b.source}->${b.target}`)!);

  // ELK's root graph pads the drawing by 12 px on every side: that is the diagram's margin.
  const width = out.width!;
  const height = out.height!;
  return { width, height, states, edges, initials };
}
