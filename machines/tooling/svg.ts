/**
 * SVG writer of a laid-out statechart (issue 14 "Diagrams"; the SVG contract of the issue-14
 * architecture note, which the in-app Machines page relies on):
 *
 * - `<svg xmlns viewBox="0 0 W H" width="W" height="H" role="img" aria-labelledby="machine-<name>-title"
 *   data-machine="<name>">` with `<title id="machine-<name>-title">`;
 * - each state `<g class="state state-<type>" data-state-id="<chart state id>">` holding its box
 *   (`rect.state-box`, a second inner `rect.state-box-inner` for final states), its text
 *   (`text.state-name`, `text.state-invoke`, `text.state-description`) and, nested, its children's
 *   groups (compound and parallel states are containers); regions of a parallel state carry the
 *   extra class `region` and a dashed border;
 * - each transition `<g class="transition transition-<kind>" data-transition-id="<ChartTransition.id>">`
 *   after all states: `path.transition-path` per target, `path.transition-arrow` (a filled arrowhead,
 *   a path so page CSS can recolour it) and its label line (`rect.transition-label-bg`,
 *   `text.transition-label` with the guard in `tspan.transition-guard`); transitions with the same
 *   source and target share a route (repeated in each group) and stack their label lines; a targetless transition is a group `transition transition-internal`
 *   around its `on event / action` line inside the state box;
 * - initial markers `<g class="initial" data-initial-of="<compound id>">` (dot + arrow);
 * - no `<style>`, no `style=""`: presentation attributes only (fill, stroke, font-*), so the page's
 *   CSS (`.state.is-selected`, `.state.is-live`, `.transition.is-selected`) overrides them;
 * - deterministic: no random ids, no dates, numbers rounded to one decimal.
 *
 * Tooltips: every state and transition group starts with a `<title>` (state: key, description,
 * tags; transition: label, actions, description), which browsers show on hover.
 *
 * Pure; no DOM, no Node APIs.
 */
import type { ChartModel, ChartState, ChartTransition } from './chart';
import { layoutChart, type ChartLayout, type LayoutOptions, type Point, type StateBox, type TextLine } from './layout';

/** Number as written in the SVG: rounded to one decimal, no `-0`. */
export function num(n: number): string {
  const r = Math.round(n * 10) / 10;
  return String(Object.is(r, -0) ? 0 : r);
}

/** Text escaped for XML content and attribute values. */
export function xml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const COLORS = {
  ink: '#1f2937',
  muted: '#4b5563',
  faint: '#6b7280',
  stateStroke: '#475569',
  stateFill: '#ffffff',
  containerFill: '#f8fafc',
  rootFill: '#ffffff',
  containerStroke: '#94a3b8',
  finalStroke: '#334155',
  edge: '#64748b',
  guard: '#92400e',
  done: '#047857',
  error: '#b91c1c',
  after: '#6d28d9',
  always: '#475569',
  internal: '#1e40af',
} as const;

const FONT_FAMILY = 'Helvetica, Arial, sans-serif';

function kindColor(t: ChartTransition): string {
  if (t.kind === 'error') return COLORS.error;
  if (t.kind === 'done' || t.kind === 'stateDone') return COLORS.done;
  if (t.kind === 'after') return COLORS.after;
  if (t.kind === 'always') return COLORS.always;
  return COLORS.ink;
}

function pathData(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join(' ');
}

/** Arrowhead (filled triangle path) at the end of `points`, pointing along the last segment. */
function arrowHead(points: Point[], size = 8): string {
  const end = points[points.length - 1]!;
  const before = points[points.length - 2] ?? { x: end.x, y: end.y - 1 };
  const dx = end.x - before.x;
  const dy = end.y - before.y;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const bx = end.x - ux * size;
  const by = end.y - uy * size;
  const half = size * 0.45;
  return `M${num(end.x)} ${num(end.y)} L${num(bx - uy * half)} ${num(by + ux * half)} L${num(bx + uy * half)} ${num(by - ux * half)} Z`;
}

/** The path minus the last few pixels, so the line ends under the arrowhead's base. */
function shortened(points: Point[], by = 6): Point[] {
  if (points.length < 2) return points;
  const end = points[points.length - 1]!;
  const before = points[points.length - 2]!;
  const length = Math.hypot(end.x - before.x, end.y - before.y);
  if (length <= by) return points;
  const k = (length - by) / length;
  return [...points.slice(0, -1), { x: before.x + (end.x - before.x) * k, y: before.y + (end.y - before.y) * k }];
}

function stateTitle(state: ChartState): string {
  const parts = [state.key];
  if (state.description) parts.push(state.description);
  if (state.tags.length) parts.push(`Tags: ${state.tags.join(', ')}`);
  if (state.entry.length) parts.push(`On entry: ${state.entry.join(', ')}`);
  if (state.exit.length) parts.push(`On exit: ${state.exit.join(', ')}`);
  return parts.join('\n');
}

function transitionTitle(t: ChartTransition, byId: Map<string, ChartState>): string {
  const targets = t.targets.map((id) => byId.get(id)?.key ?? id);
  const parts = [`${t.label}${targets.length ? ` → ${targets.join(', ')}` : ' (stays)'}`];
  if (t.actions.length) parts.push(`Does: ${t.actions.join(', ')}`);
  if (t.description) parts.push(t.description);
  return parts.join('\n');
}

function textLine(line: TextLine, cls: string, fill: string, extra = ''): string {
  return `<text class="${cls}" x="${num(line.x)}" y="${num(line.y)}" font-size="${line.fontSize}" fill="${fill}"${extra}>${xml(line.text)}</text>`;
}

/**
 * Writes the SVG document of `chart` from its `layout` (see the module comment). `name` is the
 * catalog name (used in `data-machine` and the title id); `title` the human title.
 */
export function renderSvg(chart: ChartModel, layout: ChartLayout, name: string, title: string): string {
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const boxes = new Map(layout.states.map((b) => [b.id, b]));
  const transitions = new Map(chart.transitions.map((t) => [t.id, t]));
  const out: string[] = [];
  const titleId = `machine-${name}-title`;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(layout.width)} ${num(layout.height)}" width="${num(layout.width)}" height="${num(layout.height)}" role="img" aria-labelledby="${xml(titleId)}" data-machine="${xml(name)}" font-family="${FONT_FAMILY}">`,
    `<title id="${xml(titleId)}">${xml(title)}</title>`,
  );

  const drawState = (box: StateBox, indent: string) => {
    const state = byId.get(box.id)!;
    const classes = ['state', `state-${state.type}`, ...(box.region ? ['region'] : []), ...(box.depth === 0 ? ['root'] : [])];
    out.push(`${indent}<g class="${classes.join(' ')}" data-state-id="${xml(state.id)}">`);
    out.push(`${indent}  <title>${xml(stateTitle(state))}</title>`);
    const container = state.children.length > 0;
    const fill = box.depth === 0 ? COLORS.rootFill : box.region ? 'none' : container ? COLORS.containerFill : COLORS.stateFill;
    const stroke = container ? COLORS.containerStroke : state.type === 'final' ? COLORS.finalStroke : COLORS.stateStroke;
    const dash = box.region ? ' stroke-dasharray="6 4"' : '';
    out.push(`${indent}  <rect class="state-box" x="${num(box.x)}" y="${num(box.y)}" width="${num(box.width)}" height="${num(box.height)}" rx="${container ? 10 : 7}" fill="${fill}" stroke="${stroke}" stroke-width="${container ? 1 : 1.5}"${dash}/>`);
    if (state.type === 'final') {
      out.push(`${indent}  <rect class="state-box-inner" x="${num(box.x + 3)}" y="${num(box.y + 3)}" width="${num(box.width - 6)}" height="${num(box.height - 6)}" rx="5" fill="none" stroke="${stroke}" stroke-width="1"/>`);
    }
    for (const line of box.lines) {
      if (line.kind === 'heading') out.push(`${indent}  ${textLine(line, 'state-name', COLORS.ink, ' font-weight="bold"')}`);
      else if (line.kind === 'invoke') out.push(`${indent}  ${textLine(line, 'state-invoke', COLORS.muted)}`);
      else if (line.kind === 'description') out.push(`${indent}  ${textLine(line, 'state-description', COLORS.faint, ' font-style="italic"')}`);
    }
    for (const child of state.children) drawState(boxes.get(child)!, `${indent}  `);
    out.push(`${indent}</g>`);
  };
  drawState(boxes.get(chart.id) ?? layout.states[0]!, '');

  for (const marker of layout.initials) {
    out.push(`<g class="initial" data-initial-of="${xml(marker.of)}">`);
    out.push(`  <circle cx="${num(marker.center.x)}" cy="${num(marker.center.y)}" r="${num(marker.radius)}" fill="${COLORS.ink}"/>`);
    if (marker.points.length >= 2) {
      out.push(`  <path d="${pathData(shortened(marker.points))}" fill="none" stroke="${COLORS.ink}" stroke-width="1.3"/>`);
      out.push(`  <path d="${arrowHead(marker.points)}" fill="${COLORS.ink}" stroke="none"/>`);
    }
    out.push('</g>');
  }

  // Targetless transitions: their line inside the state's box.
  for (const box of layout.states) {
    for (const line of box.lines) {
      if (line.kind !== 'internal' || !line.transitionId) continue;
      const t = transitions.get(line.transitionId)!;
      out.push(`<g class="transition transition-internal" data-transition-id="${xml(t.id)}">`);
      out.push(`  <title>${xml(transitionTitle(t, byId))}</title>`);
      out.push(`  ${textLine(line, 'transition-label', COLORS.internal)}`);
      out.push('</g>');
    }
  }

  // Transitions with targets: one group per transition, holding the edge(s) it is drawn along
  // (an edge shared by transitions with the same source and target is repeated in each group, so
  // highlighting one transition highlights its whole route) and its own label line.
  const routes = new Map<string, typeof layout.edges>();
  for (const edge of layout.edges) for (const m of edge.members) routes.set(m.transitionId, [...(routes.get(m.transitionId) ?? []), edge]);
  for (const t of chart.transitions) {
    const list = routes.get(t.id);
    if (!list) continue;
    const color = kindColor(t);
    const stroke = t.kind === 'event' ? COLORS.edge : color;
    const dashed = t.kind === 'always' || t.kind === 'after' ? ' stroke-dasharray="5 3"' : '';
    out.push(`<g class="transition transition-${t.kind}" data-transition-id="${xml(t.id)}">`);
    out.push(`  <title>${xml(transitionTitle(t, byId))}</title>`);
    for (const edge of list) {
      // A route shared by transitions of different kinds is drawn plain (its label lines keep their colours).
      const mixed = new Set(edge.members.map((m) => transitions.get(m.transitionId)!.kind)).size > 1;
      const edgeStroke = mixed ? COLORS.edge : stroke;
      out.push(`  <path class="transition-path" d="${pathData(shortened(edge.points))}" fill="none" stroke="${edgeStroke}" stroke-width="1.3"${mixed ? '' : dashed}/>`);
      out.push(`  <path class="transition-arrow" d="${arrowHead(edge.points)}" fill="${edgeStroke}" stroke="none"/>`);
    }
    for (const edge of list) {
      const line = edge.labels.find((l) => l.transitionId === t.id);
      if (!line) continue;
      out.push(`  <rect class="transition-label-bg" x="${num(line.box.x)}" y="${num(line.box.y)}" width="${num(line.box.width)}" height="${num(line.box.height)}" rx="2" fill="#ffffff" fill-opacity="0.9"/>`);
      const guard = line.guard ? `<tspan class="transition-guard" fill="${COLORS.guard}"> [${xml(line.guard)}]</tspan>` : '';
      out.push(`  <text class="transition-label" x="${num(line.x)}" y="${num(line.y)}" font-size="${line.fontSize}" fill="${color}">${xml(line.trigger)}${guard}</text>`);
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/**
 * Lays out and writes the SVG of `chart` in one call (see `layoutChart` and `renderSvg`).
 * @throws when ELK rejects the graph.
 */
export async function chartSvg(chart: ChartModel, name: string, title: string, options: LayoutOptions = {}): Promise<string> {
  return renderSvg(chart, await layoutChart(chart, options), name, title);
}
