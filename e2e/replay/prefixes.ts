/**
 * Leaves out a selected path whose steps begin another selected path (same machine, input and
 * strategy): the longer path replays the same steps and checks the same states, so the shorter one
 * would only cost CI time (issue 14: each replay suite stays under ~3 minutes). Pure.
 */
import { machinePaths } from '../../machines/catalog.paths';
import { plainEvent, type MachinePath, type PathStrategy } from '../../machines/tooling/paths';

/** The same selection, with the paths that are the start of a longer selected path skipped. */
export function longestOnly(machine: string, strategy: PathStrategy, select: (path: MachinePath) => true | string): (path: MachinePath) => true | string {
  let selected: Array<{ inputName: string; id: string; keys: string[] }> | null = null;
  const keysOf = (path: MachinePath) => path.steps.map((s) => JSON.stringify(plainEvent(s.event)));
  return (path) => {
    const own = select(path);
    if (own !== true) return own;
    selected ??= machinePaths(machine, strategy)
      .filter((p) => select(p) === true)
      .map((p) => ({ inputName: p.inputName, id: p.id, keys: keysOf(p) }));
    const keys = keysOf(path);
    const longer = selected.find((o) => o.inputName === path.inputName && o.keys.length > keys.length && keys.every((k, i) => o.keys[i] === k));
    return longer ? `its steps are the start of ${longer.id}, which replays them` : true;
  };
}
