/**
 * The coverage report of every catalogued machine (issue 14 "Coverage"; `npm run machines:coverage`
 * and machines/tooling/coverage.test.ts): model-test coverage, e2e-replay coverage and their union,
 * the declared gaps and the gate verdict, rendered as a console table and as docs/machines/coverage.md.
 *
 * - Model tests = the runs each machine's tests replay: `machinePaths(name)` (the tour paths plus
 *   the source's journeys), each from its named input.
 * - E2E = the paths the `e2e/replay/*.selection.ts` files select (read at run time; a selection
 *   file exports a `ReplaySelection`), each from its named input; skipped paths are counted by reason.
 * - Gaps = `<folder>/<name>.gaps.ts` exporting `coverageGaps` (machines/tooling/gaps.ts).
 *
 * Deterministic: the same code gives byte-identical markdown (no dates, no timings, chart order).
 * Node only (dynamic imports of selection and gap files).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReplaySelection } from '../../e2e/replay/selection';
import { machineCatalog, type MachineEntry } from '../catalog';
import { machinePaths, pathSources } from '../catalog.paths';
import type { ChartModel, ChartTransition } from './chart';
import { chartOf, checkGate, coverRuns, pct, tally, union, type CoverageFigures, type CoverageRun, type CoveredSets } from './coverage';
import { COVERAGE_GATE, type CoverageGaps } from './gaps';
import type { MachinePath } from './paths';

/** Repository root (two levels above machines/tooling). */
export const repoRoot = `${resolve(dirname(fileURLToPath(import.meta.url)), '../..')}/`;

/** A selection file and the selection it exports. */
export interface LoadedSelection {
  /** Path relative to the repository root, `e2e/replay/upload.selection.ts`. */
  file: string;
  selection: ReplaySelection;
}

function isSelection(value: unknown): value is ReplaySelection {
  const v = value as Partial<ReplaySelection> | null;
  return Boolean(v && typeof v === 'object' && typeof v.machine === 'string' && typeof v.strategy === 'string' && typeof v.select === 'function');
}

/**
 * Every `*.selection.ts` in `dir` (default `e2e/replay`), sorted by file name, with each
 * `ReplaySelection` it exports.
 * @throws Error when a selection file exports no `ReplaySelection`.
 */
export async function loadSelections(dir = join(repoRoot, 'e2e/replay')): Promise<LoadedSelection[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((f) => f.endsWith('.selection.ts')).sort();
  const out: LoadedSelection[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    // A selection exported twice (named and default) counts once.
    const selections = [...new Set(Object.values(mod).filter(isSelection))];
    if (selections.length === 0) throw new Error(`${file} exports no ReplaySelection ({ machine, strategy, select })`);
    const rel = join(dir, file).startsWith(repoRoot) ? join(dir, file).slice(repoRoot.length) : join(dir, file);
    for (const selection of selections) out.push({ file: rel, selection });
  }
  return out;
}

/** The declared gaps of a catalog entry (`<folder>/<name>.gaps.ts`), `{}` when there is no file. */
export async function loadGaps(entry: Pick<MachineEntry, 'name' | 'folder'>, root = repoRoot): Promise<{ file: string | null; gaps: CoverageGaps }> {
  const rel = `${entry.folder}/${entry.name}.gaps.ts`;
  const abs = join(root, rel);
  if (!existsSync(abs)) return { file: null, gaps: {} };
  const mod = (await import(pathToFileURL(abs).href)) as { coverageGaps?: CoverageGaps };
  if (!mod.coverageGaps) throw new Error(`${rel} must export coverageGaps`);
  return { file: rel, gaps: mod.coverageGaps };
}

/** The input a path starts from (its source's named input). */
function runOf(name: string, path: MachinePath): CoverageRun {
  const source = pathSources[name]!();
  return { input: source.inputs[path.inputName], events: path.steps.map((s) => s.event) };
}

/** What the e2e selections of one machine select and skip. */
export interface E2eSelectionSummary {
  file: string;
  strategy: string;
  selected: number;
  total: number;
  /** Skipped paths by reason, most frequent first, then by reason. */
  skipped: Array<{ reason: string; paths: number }>;
}

/** One machine in the report. */
export interface MachineCoverageReport {
  name: string;
  title: string;
  folder: string;
  chart: ChartModel;
  /** Problems that make the machine fail the gate outright (no path source, broken selection). */
  problems: string[];
  modelPaths: number;
  model: CoverageFigures;
  /** Null when no selection replays the machine. */
  e2e: CoverageFigures | null;
  e2ePaths: number;
  union: CoverageFigures;
  selections: E2eSelectionSummary[];
  gapsFile: string | null;
  gaps: CoverageGaps;
  /** Gate verdict on model-test coverage, gaps aside. */
  gate: { ok: boolean; problems: string[] };
}

const empty = (): CoveredSets => ({ states: new Set(), transitions: new Set(), guards: new Set() });

/**
 * Coverage of one catalog entry.
 * @param selections the loaded selections (all machines; this one's are picked).
 */
export async function machineCoverage(entry: MachineEntry, selections: readonly LoadedSelection[], root = repoRoot): Promise<MachineCoverageReport> {
  const { chart, universe } = chartOf(entry.machine);
  const problems: string[] = [];
  let modelCovered = empty();
  let modelPaths = 0;
  if (!pathSources[entry.name]) {
    problems.push(`${entry.name}: no path source in machines/catalog.paths.ts — add one so its tests and this report walk the same paths`);
  } else {
    const paths = machinePaths(entry.name);
    modelPaths = paths.length;
    modelCovered = coverRuns(entry.machine, paths.map((p) => runOf(entry.name, p)));
  }
  const mine = selections.filter((s) => s.selection.machine === entry.name);
  const summaries: E2eSelectionSummary[] = [];
  let e2eCovered: CoveredSets | null = null;
  let e2ePaths = 0;
  for (const { file, selection } of mine) {
    if (!pathSources[entry.name]) break;
    const paths = machinePaths(entry.name, selection.strategy);
    const selected: MachinePath[] = [];
    const reasons = new Map<string, number>();
    for (const path of paths) {
      const verdict = selection.select(path);
      if (verdict === true) selected.push(path);
      else reasons.set(verdict, (reasons.get(verdict) ?? 0) + 1);
    }
    e2ePaths += selected.length;
    e2eCovered = union(e2eCovered ?? empty(), coverRuns(entry.machine, selected.map((p) => runOf(entry.name, p))));
    summaries.push({
      file,
      strategy: selection.strategy,
      selected: selected.length,
      total: paths.length,
      skipped: [...reasons].map(([reason, n]) => ({ reason, paths: n })).sort((a, b) => b.paths - a.paths || a.reason.localeCompare(b.reason)),
    });
  }
  const { file: gapsFile, gaps } = await loadGaps(entry, root);
  const model = tally(universe, modelCovered);
  const verdict = checkGate(entry.name, chart, model, gaps, COVERAGE_GATE);
  return {
    name: entry.name,
    title: entry.title,
    folder: entry.folder,
    chart,
    problems,
    modelPaths,
    model,
    e2e: e2eCovered ? tally(universe, e2eCovered) : null,
    e2ePaths,
    union: tally(universe, union(modelCovered, e2eCovered ?? empty())),
    selections: summaries,
    gapsFile,
    gaps,
    gate: problems.length ? { ok: false, problems } : verdict,
  };
}

/** The whole report, in catalog order. */
export async function coverageReport(options: { entries?: readonly MachineEntry[]; selectionDir?: string; root?: string } = {}): Promise<MachineCoverageReport[]> {
  const selections = await loadSelections(options.selectionDir);
  const out: MachineCoverageReport[] = [];
  for (const entry of options.entries ?? machineCatalog) out.push(await machineCoverage(entry, selections, options.root));
  return out;
}

/** `12/15 80 %`; `none` when there is nothing of the kind (a machine without guards). Rounded down, so 99.95 % never shows as 100 %. */
const short = (covered: number, total: number) => (total === 0 ? 'none' : `${covered}/${total} ${Math.floor((covered / total) * 1000) / 10} %`);
const cell = (f: CoverageFigures | null, kind: keyof CoverageFigures) => (f ? short(f[kind].covered, f[kind].total) : '—');

const guardsPct = (f: CoverageFigures) => (f.guards.total === 0 ? 'none (no conditions)' : pct(f.guards.covered, f.guards.total));

function transitionLabel(chart: ChartModel, id: string): string {
  const t = chart.transitions.find((x) => x.id === id);
  return t ? describeTransition(t) : id;
}

/** `signingIn —done: signIn [isChallenge]→ enteringTotpCode` */
export function describeTransition(t: ChartTransition): string {
  const source = t.source.split('.').slice(1).join('.') || t.source;
  const targets = t.targets.length ? t.targets.map((x) => x.split('.').slice(1).join('.') || x).join(', ') : '(stays)';
  return `${source} — ${t.label} → ${targets}`;
}

function guardItemLabel(chart: ChartModel, id: string): string {
  const outcome = id.endsWith('|pass') ? 'passes' : 'fails';
  const tid = id.slice(0, id.lastIndexOf('|'));
  const t = chart.transitions.find((x) => x.id === tid);
  return t ? `${t.guard} ${outcome} on ${t.trigger} in ${t.source.split('.').slice(1).join('.') || t.source}` : id;
}

/** The console table (one row per machine) and the gate lines. */
export function renderCoverageTable(reports: readonly MachineCoverageReport[]): string {
  const header = ['machine', 'paths m/e2e', 'states model', 'e2e', 'union', 'transitions model', 'e2e', 'union', 'guards model', 'e2e', 'union', 'gate'];
  const rows = reports.map((r) => [
    r.name,
    `${r.modelPaths}/${r.e2ePaths}`,
    cell(r.model, 'states'),
    cell(r.e2e, 'states'),
    cell(r.union, 'states'),
    cell(r.model, 'transitions'),
    cell(r.e2e, 'transitions'),
    cell(r.union, 'transitions'),
    cell(r.model, 'guards'),
    cell(r.e2e, 'guards'),
    cell(r.union, 'guards'),
    r.gate.ok ? 'ok' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The uncovered items of each machine with their declared gaps, for the console. */
export function renderUncovered(reports: readonly MachineCoverageReport[]): string {
  const out: string[] = [];
  for (const r of reports) {
    const states = r.model.states.missing;
    const transitions = r.model.transitions.missing;
    if (!states.length && !transitions.length && r.gate.ok) continue;
    out.push(`\n${r.name} — uncovered by the model tests:`);
    for (const id of states) out.push(`  state ${id}${r.gaps.states?.[id] ? `  [gap: ${r.gaps.states[id]}]` : ''}`);
    for (const id of transitions) out.push(`  transition ${id}  (${transitionLabel(r.chart, id)})${r.gaps.transitions?.[id] ? `  [gap: ${r.gaps.transitions[id]}]` : ''}`);
    for (const p of r.gate.problems) out.push(`  ! ${p}`);
  }
  return out.join('\n');
}

/** docs/machines/coverage.md (deterministic). */
export function renderCoverageMarkdown(reports: readonly MachineCoverageReport[]): string {
  const md: string[] = [];
  md.push('# Machine coverage', '');
  md.push('Generated by `npm run machines:coverage` (machines/tooling/cli/coverage.ts); do not edit by hand. A test fails when this file is stale.', '');
  md.push(
    'What the figures count, for each machine in [the catalog](README.md):',
    '',
    '- **States**: the states that were entered at least once (including passing states that are left at once).',
    '- **Transitions**: each way out of a state — one per event and per condition branch, so a step that can go two ways depending on a condition counts twice.',
    '- **Guards**: each condition both ways — once when it held and once when it did not.',
    '- **Model**: the paths the machine’s own tests replay (`npm run paths -- <machine>` prints them: every transition once, plus hand-written journeys).',
    '- **E2E**: the paths the Playwright suite replays in Chromium against the real server (chosen in `e2e/replay/<machine>.selection.ts`).',
    `- **Gate** (CI): model-test coverage of states ${COVERAGE_GATE.states * 100} % and transitions at least ${COVERAGE_GATE.transitions * 100} %, except gaps declared with a reason in \`<folder>/<name>.gaps.ts\`.`,
    '',
  );
  md.push('| Machine | Paths model / e2e | States model | e2e | union | Transitions model | e2e | union | Guards model | e2e | union | Gate |');
  md.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of reports) {
    md.push(
      `| [${r.name}](#${r.name.toLowerCase()}) | ${r.modelPaths} / ${r.e2ePaths} | ${cell(r.model, 'states')} | ${cell(r.e2e, 'states')} | ${cell(r.union, 'states')} | ${cell(r.model, 'transitions')} | ${cell(r.e2e, 'transitions')} | ${cell(r.union, 'transitions')} | ${cell(r.model, 'guards')} | ${cell(r.e2e, 'guards')} | ${cell(r.union, 'guards')} | ${r.gate.ok ? 'passes' : '**fails**'} |`,
    );
  }
  for (const r of reports) {
    md.push('', `## ${r.name}`, '', `**${r.title}** — chart in [${r.name}.mmd](${r.name}.mmd), source in \`${r.folder}\`.`, '');
    md.push(`- Model tests: ${r.modelPaths} paths; states ${pct(r.model.states.covered, r.model.states.total)}, transitions ${pct(r.model.transitions.covered, r.model.transitions.total)}, guards ${guardsPct(r.model)}.`);
    if (r.e2e) {
      md.push(`- E2E replay: ${r.e2ePaths} paths; states ${pct(r.e2e.states.covered, r.e2e.states.total)}, transitions ${pct(r.e2e.transitions.covered, r.e2e.transitions.total)}, guards ${guardsPct(r.e2e)}.`);
    } else {
      md.push('- E2E replay: none (no `e2e/replay/*.selection.ts` selects this machine).');
    }
    md.push(`- Gate: ${r.gate.ok ? 'passes' : 'fails'}${r.gapsFile ? ` (gaps declared in \`${r.gapsFile}\`)` : ''}.`);
    for (const p of r.gate.problems) md.push(`  - ${p}`);
    const ms = r.model.states.missing;
    const mt = r.model.transitions.missing;
    if (ms.length || mt.length) {
      md.push('', '### Not covered by the model tests', '');
      for (const id of ms) md.push(`- state \`${id}\`${r.gaps.states?.[id] ? ` — gap: ${r.gaps.states[id]}` : ' — **no gap declared**'}`);
      for (const id of mt) md.push(`- transition \`${id}\` (${transitionLabel(r.chart, id)})${r.gaps.transitions?.[id] ? ` — gap: ${r.gaps.transitions[id]}` : ' — **no gap declared**'}`);
    }
    const mg = r.model.guards.missing;
    if (mg.length) {
      md.push('', '### Conditions not seen both ways by the model tests', '');
      for (const id of mg) md.push(`- ${guardItemLabel(r.chart, id)} (\`${id}\`)`);
    }
    for (const s of r.selections) {
      md.push('', `### E2E selection \`${s.file}\` (${s.strategy}): ${s.selected} of ${s.total} paths replayed`, '');
      for (const k of s.skipped) md.push(`- ${k.paths} skipped: ${k.reason}`);
    }
    if (r.e2e) {
      const es = r.e2e.states.missing;
      const et = r.e2e.transitions.missing;
      if (es.length || et.length) {
        md.push('', '<details><summary>Not covered by the e2e replay</summary>', '');
        for (const id of es) md.push(`- state \`${id}\``);
        for (const id of et) md.push(`- transition \`${id}\` (${transitionLabel(r.chart, id)})`);
        md.push('', '</details>');
      }
    }
  }
  return `${md.join('\n')}\n`;
}
