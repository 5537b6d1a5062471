/**
 * Mermaid `stateDiagram-v2` text of a statechart (issue 14 "Diagrams": `npm run machines` writes it
 * to `docs/machines/<name>.mmd`, which GitHub and most Markdown viewers render).
 *
 * Input: a `ChartModel` from `describeMachine` (machines/tooling/chart.ts). Output: the diagram text,
 * one statement a line, ending in a newline. Deterministic (states and transitions in the model's
 * document order).
 *
 * Drawing rules:
 * - State ids: the XState id with every character outside `[A-Za-z0-9_]` replaced by `_`
 *   (`upload.processing.waiting` → `upload_processing_waiting`); compound and parallel states are
 *   `state "key" as id { … }` blocks; `[*] --> child` marks a compound state's initial child; parallel
 *   regions are separated by `--`; a final state gets `id --> [*]`.
 * - Atomic states list their invoked services (`invoke: uploadFile`) and their targetless
 *   transitions (`on upload.progress / recordProgress`) as description lines (`id : …`); compound
 *   states get the same lines as a note beside them.
 * - Transitions are written in the block of the deepest state that strictly contains both ends, one
 *   line per target, labelled `event [guard]`, `after 2000 ms`, `done: uploadFile`, `always [guard]`.
 * - When the root itself has transitions (source = machine id) or invoked services, the whole chart
 *   is drawn inside a wrapper composite for the root, so those edges start from its border.
 * - Characters Mermaid parses as syntax in labels (`:`, `;`, `#`, `{`, `}`, quotes, `<`, `>`) are
 *   written as Mermaid entity codes (`#58;`).
 *
 * Pure; no DOM, no Node APIs.
 */
import type { ChartModel, ChartState, ChartTransition } from './chart';

/** Mermaid-safe identifier of a chart state id. */
export function mermaidId(stateId: string): string {
  const id = stateId.replace(/[^A-Za-z0-9_]/g, '_');
  // Mermaid keywords (`end`, `state`, `note`, `direction`…) are not valid bare ids.
  return /^(end|state|note|direction|class|classDef|style|click|as|left|right|of|over)$/i.test(id) ? `${id}_` : id;
}

/** Label text with Mermaid's syntax characters written as entity codes (`#58;` for `:`). */
export function mermaidText(text: string): string {
  return text.replace(/[#:;{}"'<>\n\r]/g, (ch) => (ch === '\n' || ch === '\r' ? ' ' : `#${ch.charCodeAt(0)};`));
}

/** Edge label of a transition: `event [guard]` (as `ChartTransition.label`). */
export function transitionLabel(t: ChartTransition): string {
  return t.label;
}

/** One line listing a targetless transition inside its state: `on event [guard] / action, action`. */
export function internalLine(t: ChartTransition): string {
  const trigger = t.kind === 'event' ? `on ${t.label}` : t.label;
  return t.actions.length ? `${trigger} / ${t.actions.join(', ')}` : trigger;
}

/** Ids of `id` and its ancestors, nearest first. */
function ancestry(byId: Map<string, ChartState>, id: string): string[] {
  const out: string[] = [];
  for (let s = byId.get(id); s; s = s.parent ? byId.get(s.parent) : undefined) out.push(s.id);
  return out;
}

/**
 * The deepest state that strictly contains every given state (null = above the root).
 * Used as the block a transition is written in, and (by the layout) as the edge's container.
 */
export function strictCommonAncestor(chart: ChartModel, ids: string[]): string | null {
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const lists = ids.map((id) => ancestry(byId, id).slice(1));
  const [first = [], ...rest] = lists;
  return first.find((candidate) => rest.every((list) => list.includes(candidate))) ?? null;
}

/**
 * Writes `chart` as Mermaid stateDiagram-v2 text (see the module comment).
 * @throws nothing for any chart `describeMachine` returns.
 */
export function toMermaid(chart: ChartModel): string {
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const root = byId.get(chart.id) ?? chart.states[0]!;
  // The root is drawn as a wrapper when something hangs on it (transitions, invoked services).
  const rootHasEdges = root.invokes.length > 0 || chart.transitions.some((t) => t.source === chart.id);
  const internalBy = new Map<string, ChartTransition[]>();
  const edgesIn = new Map<string | null, Array<{ t: ChartTransition; target: string }>>();
  for (const t of chart.transitions) {
    if (t.targets.length === 0) {
      internalBy.set(t.source, [...(internalBy.get(t.source) ?? []), t]);
      continue;
    }
    for (const target of t.targets) {
      let scope = strictCommonAncestor(chart, [t.source, target]);
      // Without the root wrapper, the root's own block is the top level.
      if (scope === chart.id && !rootHasEdges) scope = null;
      edgesIn.set(scope, [...(edgesIn.get(scope) ?? []), { t, target }]);
    }
  }

  const lines: string[] = ['stateDiagram-v2'];
  const notes: string[] = [];
  const edgeLines = (scope: string | null, indent: string) =>
    (edgesIn.get(scope) ?? []).map(({ t, target }) => `${indent}${mermaidId(t.source)} --> ${mermaidId(target)} : ${mermaidText(transitionLabel(t))}`);
  const detailLines = (s: ChartState) => [
    ...s.invokes.map((i) => `invoke: ${i.src}`),
    ...(internalBy.get(s.id) ?? []).map(internalLine),
  ];

  const writeChildren = (parent: ChartState, indent: string) => {
    const children = parent.children.map((id) => byId.get(id)).filter((s): s is ChartState => Boolean(s));
    if (parent.type === 'compound' && parent.initial) lines.push(`${indent}[*] --> ${mermaidId(parent.initial)}`);
    children.forEach((child, index) => {
      if (parent.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      writeState(child, indent);
    });
    for (const child of children) if (child.type === 'final') lines.push(`${indent}${mermaidId(child.id)} --> [*]`);
  };

  const writeState = (s: ChartState, indent: string) => {
    const id = mermaidId(s.id);
    const label = s.type === 'history' ? `${s.key} (history)` : s.key;
    if (s.children.length > 0) {
      lines.push(`${indent}state "${mermaidText(label)}" as ${id} {`);
      writeChildren(s, `${indent}  `);
      lines.push(...edgeLines(s.id, `${indent}  `));
      lines.push(`${indent}}`);
      const details = detailLines(s);
      if (details.length) {
        // Notes inside composite blocks are unreliable in Mermaid; they go at the top level.
        notes.push(`note right of ${id}`, ...details.map((d) => `  ${mermaidText(d)}`), 'end note');
      }
    } else {
      lines.push(`${indent}state "${mermaidText(label)}" as ${id}`);
      for (const d of detailLines(s)) lines.push(`${indent}${id} : ${mermaidText(d)}`);
    }
  };

  if (rootHasEdges) {
    lines.push('  [*] --> ' + mermaidId(root.id));
    writeState(root, '  ');
  } else {
    writeChildren(root, '  ');
    lines.push(...edgeLines(chart.id, '  '));
  }
  lines.push(...edgeLines(null, '  '));
  lines.push(...notes.map((n) => `  ${n}`));
  return `${lines.join('\n')}\n`;
}
