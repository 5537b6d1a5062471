/**
 * The Playwright side of model-based path replay (issue 14): one named test per selected path of a
 * catalogued machine. The paths are the ones `npm run paths -- <machine> --format json` prints
 * (machines/catalog.paths.ts `machinePaths`), so a tester's printed path and the failing test share
 * a title and an id.
 *
 * A driver says how the UI reaches the path's start, performs each step's event (a click, a
 * keystroke, or — for a service's done / error event — waiting for the real server's answer), and
 * how the page shows each state.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { machinePaths } from '../../machines/catalog.paths';
import type { MachinePath, MachinePathStep } from '../../machines/tooling/paths';
import { test } from '../support';
import type { ReplaySelection } from './selection';

/** What the driver gets for one path. */
export interface ReplayArgs {
  page: Page;
  request: APIRequestContext;
  browser: Browser;
  path: MachinePath;
}

/** How one machine's paths are driven in the browser. */
export interface ReplayDriver<Ctx> {
  selection: ReplaySelection;
  /** Brings the UI to the path's start state (sign in, create a bot, open a page); returns the driver's context. */
  setup(args: ReplayArgs): Promise<Ctx>;
  /** Performs step `index` of the path (`step.event`) in the UI. */
  perform(ctx: Ctx, step: MachinePathStep, index: number, args: ReplayArgs): Promise<void>;
  /** Asserts that the UI shows `state` (the readable state label of `replay`'s step). */
  expectState(ctx: Ctx, state: string, args: ReplayArgs): Promise<void>;
  /** Cleans up after the path (optional). */
  teardown?(ctx: Ctx, args: ReplayArgs): Promise<void>;
}

/** The selected paths of a driver's machine (in generator order). */
export function selectedPaths(selection: ReplaySelection): MachinePath[] {
  return machinePaths(selection.machine, selection.strategy).filter((path) => selection.select(path) === true);
}

/**
 * Declares one Playwright test per selected path, titled `<path title> [<path id>]`.
 * Call at the top level of a spec file.
 */
export function replayPaths<Ctx>(driver: ReplayDriver<Ctx>): void {
  for (const path of selectedPaths(driver.selection)) {
    test(`${path.title} [${path.id}]`, async ({ page, request, browser }) => {
      const args: ReplayArgs = { page, request, browser, path };
      const ctx = await driver.setup(args);
      try {
        await driver.expectState(ctx, path.start.state, args);
        for (const [index, step] of path.steps.entries()) {
          await test.step(`${step.event.type} → ${step.state}`, async () => {
            await driver.perform(ctx, step, index, args);
            await driver.expectState(ctx, step.state, args);
          });
        }
      } finally {
        await driver.teardown?.(ctx, args);
      }
    });
  }
}
