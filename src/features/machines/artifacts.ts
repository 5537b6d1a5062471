/**
 * The Machines page's data (issue 14 "Diagrams", architecture note §4): ONLY the generated
 * artifacts of `npm run machines` — `docs/machines/<name>.json` (`{ entry, chart: ChartModel }`)
 * and `docs/machines/<name>.svg` (the SVG contract: `g.state[data-state-id]`,
 * `g.transition[data-transition-id]`, no inline styles). The page never imports the machines
 * themselves, so the route chunk stays small (size budget: 50 KB gzip per route, issue 10 §2).
 *
 * - `machineEntries()`: every catalogued machine's entry (name, title, group, summary, folder,
 *   parent), bundled with the page (the JSON modules' `entry` export only; a few hundred bytes each).
 * - `loadMachine(name)`: the chart and the SVG text of one machine, fetched lazily (one chunk per
 *   file); null for an unknown name.
 */
import type { ChartModel } from '../../../machines/tooling/chart';

/** A machine's catalog entry as the artifacts carry it (machines/catalog.ts `MachineEntry` minus the machine). */
export interface MachineArtifactEntry {
  name: string;
  title: string;
  group: string;
  summary: string;
  folder: string;
  parent?: string;
}

/** One machine's diagram data. */
export interface MachineArtifact {
  entry: MachineArtifactEntry;
  chart: ChartModel;
  /** The SVG document text (trusted: written at build time by machines/tooling). */
  svg: string | null;
}

// Eager `entry` export only (Vite's JSON plugin turns top-level keys into named exports, and the
// unused `chart` is left out). The lazy side reads the same files as text (`?raw`, parsed on load):
// importing one module both eagerly and lazily would put every chart into the page's chunk.
const entryModules = import.meta.glob<MachineArtifactEntry | undefined>('/docs/machines/*.json', { eager: true, import: 'entry' });
const chartModules = import.meta.glob<string>('/docs/machines/*.json', { query: '?raw', import: 'default' });
const svgModules = import.meta.glob<string>('/docs/machines/*.svg', { query: '?raw', import: 'default' });

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');

const entries: readonly MachineArtifactEntry[] = Object.entries(entryModules)
  .filter(([path, entry]) => entry && typeof entry.name === 'string' && entry.name === fileName(path))
  .map(([, entry]) => entry as MachineArtifactEntry);

/** Every machine with generated artifacts (file order; group them with `groupEntries`). */
export function machineEntries(): readonly MachineArtifactEntry[] {
  return entries;
}

/**
 * Loads `name`'s chart and SVG. Answers null when there is no `docs/machines/<name>.json`.
 * `svg` is null when the JSON exists without its drawing.
 * @throws when a chunk fails to load (network), like any lazy import; SyntaxError when the file is not JSON.
 */
export async function loadMachine(name: string): Promise<MachineArtifact | null> {
  const json = chartModules[`/docs/machines/${name}.json`];
  if (!json) return null;
  const svgLoader = svgModules[`/docs/machines/${name}.svg`];
  const [text, svg] = await Promise.all([json(), svgLoader ? svgLoader() : Promise.resolve(null)]);
  const data = JSON.parse(text) as { entry: MachineArtifactEntry; chart: ChartModel };
  return { entry: data.entry, chart: data.chart, svg };
}
