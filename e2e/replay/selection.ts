/**
 * Which model-based paths an e2e replay suite runs (issue 14 "Paths": "The Playwright suite replays
 * the generated paths of the login/MFA, upload, editor and player machines in Chromium against the
 * real server, each path a named test").
 *
 * One `<machine>.selection.ts` per replayed machine exports a `ReplaySelection`. It is pure (no
 * Playwright import) because two readers use it: the replay spec (`e2e/replay-<machine>.spec.ts`,
 * through e2e/replay/replay.ts) and the coverage report (`npm run machines:coverage`), which counts
 * the selected paths as covered by the e2e replay and lists each skipped path's reason.
 */
import type { MachinePath, PathStrategy } from '../../machines/tooling/paths';

export interface ReplaySelection {
  /** Catalog name of the machine (machines/catalog.ts). */
  machine: string;
  /** Strategy the paths come from (`npm run paths -- <machine> --<strategy>` prints the same). */
  strategy: PathStrategy;
  /**
   * `true` when the suite replays the path; otherwise the reason it cannot be driven from the UI
   * against the real server (e.g. "a network failure of the identity provider").
   */
  select(path: MachinePath): true | string;
}
