/**
 * The runs a machine's model test replays (issue 14 "Coverage": model-test coverage is "the tour
 * paths + journeys that the machine's tests replay"). A machine test that iterates
 * `catalogRuns(name)` replays exactly what `npm run paths -- <name>` prints and what
 * `npm run machines:coverage` counts for it. Test helper only.
 */
import type { EventObject } from 'xstate';
import { machinePaths, pathSources } from '../catalog.paths';

/** One replayable path: its description (the test name), the input it starts from and its events. */
export interface CatalogRun {
  id: string;
  description: string;
  inputName: string;
  input: unknown;
  events: EventObject[];
}

/**
 * The tour paths and journeys of catalog machine `name`, as runs.
 * @throws Error for an unknown machine or one without a path source (see `machinePaths`).
 */
export function catalogRuns(name: string): CatalogRun[] {
  const paths = machinePaths(name);
  const source = pathSources[name]!();
  return paths.map((p) => ({ id: p.id, description: p.description, inputName: p.inputName, input: source.inputs[p.inputName], events: p.steps.map((s) => s.event) }));
}
