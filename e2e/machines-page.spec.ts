/**
 * The in-app Machines page (issue 14 "Diagrams": "a list of machines, each drawn interactively …
 * and the live actors of the running app with their current state highlighted as you click through
 * the app"):
 *   - a superuser opens Machines from the side navigation, sees the machines grouped, opens the
 *     session machine, selects a state with the keyboard (the state list) and with a click on the
 *     diagram, reads its description and its transitions (as the generated chart has them), selects a
 *     transition, and clears with Escape;
 *   - a second page of the same browser (another tab) opens the media library and then the editor:
 *     the first page's "Live actors" shows each of that tab's workflows with its current state, and
 *     the diagram of the upload queue lights its current state up (`.is-live`);
 *   - an account member (not staff) has no Machines entry and the routes send them back to their
 *     dashboard (the staff pages' guard).
 *
 * Reads docs/machines/<name>.json for the expected descriptions and transitions, so it holds for
 * whatever the generated artifacts say (run `npm run machines` before `npm run build`).
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, signIn, test } from './support';

const PASSWORD = 'Vidbot-demo-1';

interface ChartFile {
  entry: { title: string; group: string };
  chart: {
    id: string;
    states: Array<{ id: string; key: string; path: string[]; description?: string }>;
    transitions: Array<{ id: string; source: string; trigger: string; targets: string[] }>;
  };
}
const chartFile = (name: string) => JSON.parse(readFileSync(new URL(`../docs/machines/${name}.json`, import.meta.url), 'utf8')) as ChartFile;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const details = (page: Page) => page.locator('.machine-details');
const NO_DESCRIPTION = 'No description has been written for this state.';

async function signInStaff(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('superadmin@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** A screenshot into the test's output folder (for a person to look at the page; test-results/…). */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The name the page gives a state (its keys below the root). */
const nameOf = (state: { path: string[] }) => state.path.join(' › ');

test('a superuser reads the session machine by keyboard and by click, and sees the live actors of another tab', async ({ page, context }) => {
  const session = chartFile('session');
  const queue = chartFile('uploadQueue');
  const signedIn = session.chart.states.find((s) => s.id === 'session.signedIn')!;
  const signedOut = session.chart.states.find((s) => s.id === 'session.signedOut')!;
  expect(signedIn && signedOut, 'the session chart has signedIn and signedOut').toBeTruthy();

  await signInStaff(page);
  await nav(page).getByRole('link', { name: 'Machines' }).click();
  await expect(page).toHaveURL(/\/dashboard\/machines$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Machines' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: session.entry.group })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: queue.entry.group })).toBeVisible();
  await shot(page, 'list');
  await page.locator('.machines-cards').getByRole('link', { name: session.entry.title }).click();
  await expect(page).toHaveURL(/\/dashboard\/machines\/session$/);
  await expect(page.getByRole('heading', { level: 1, name: session.entry.title })).toBeVisible();
  await expect(page.locator('svg[data-machine="session"]')).toBeVisible();

  // This tab's own session actor is signed in: its state is lit on the diagram.
  await expect(page.locator('[data-state-id="session.signedIn"]')).toHaveClass(/\bis-live\b/);

  // Keyboard: the state list → signedIn; its description and its ways out as the chart has them.
  const stateButton = page.getByRole('region', { name: 'States' }).getByRole('button', { name: new RegExp(`^${signedIn.key}\\b`) });
  await stateButton.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]state=session\.signedIn(&|$)/);
  await expect(details(page).getByRole('heading', { level: 2 })).toHaveText(nameOf(signedIn));
  await expect(details(page).getByTestId('machine-description')).toHaveText(signedIn.description ?? NO_DESCRIPTION);
  await expect(page.locator('[data-state-id="session.signedIn"]')).toHaveClass(/\bis-selected\b/);
  await shot(page, 'session-state');
  const out = session.chart.transitions.filter((t) => t.source === 'session.signedIn');
  const waysOut = details(page).getByRole('list', { name: 'Ways out' }).getByRole('button');
  await expect(waysOut).toHaveCount(out.length);
  for (const t of out) await expect(waysOut.filter({ hasText: t.trigger }).first()).toBeVisible();
  // Escape clears and gives the focus back to the state's button.
  await page.keyboard.press('Escape');
  await expect(details(page).getByRole('heading', { level: 2 })).toHaveText('Nothing selected');
  await expect(stateButton).toBeFocused();
  await expect(page.locator('.machine-svg .is-selected')).toHaveCount(0);
  await shot(page, 'session-cleared');

  // Click: signedOut on the diagram (a corner of its box, away from arrow labels).
  await page.locator('[data-state-id="session.signedOut"] > rect').first().click({ position: { x: 4, y: 4 } });
  await expect(page).toHaveURL(/[?&]state=session\.signedOut(&|$)/);
  await expect(details(page).getByRole('heading', { level: 2 })).toHaveText(nameOf(signedOut));
  await expect(details(page).getByTestId('machine-description')).toHaveText(signedOut.description ?? NO_DESCRIPTION);
  const first = session.chart.transitions.find((t) => t.source === 'session.signedOut')!;
  // A transition from the panel: its trigger, source and targets; focus lands on the new heading.
  await details(page).getByRole('list', { name: 'Ways out' }).getByRole('button').first().click();
  await expect(page).toHaveURL(/[?&]transition=/);
  await expect(details(page).getByRole('heading', { level: 2 })).toContainText(first.trigger);
  await expect(details(page).getByRole('heading', { level: 2 })).toBeFocused();
  await expect(page.locator(`[data-transition-id="${first.id}"]`)).toHaveClass(/\bis-selected\b/);
  await expect(details(page).getByRole('button', { name: nameOf(signedOut), exact: true })).toBeVisible();
  await shot(page, 'session-transition');
  for (const target of first.targets) {
    const state = session.chart.states.find((s) => s.id === target)!;
    await expect(details(page).getByRole('button', { name: nameOf(state), exact: true }).first()).toBeVisible();
  }

  // Another tab of the same browser: the media library runs the upload queue.
  const other = await context.newPage();
  await other.goto('/dashboard/demo/media');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  const live = page.getByRole('region', { name: 'Live actors' });
  const otherTab = live.locator('.machine-live-tab').filter({ hasText: 'Tab: /dashboard/demo/media' });
  await expect(otherTab.getByRole('link', { name: queue.entry.title })).toBeVisible();
  const queueState = nameOf(queue.chart.states.find((s) => s.id === 'uploadQueue.idle')!);
  await expect(otherTab.locator('[data-live-machine="uploadQueue"]')).toContainText(queueState);
  await expect(live.locator('.machine-live-tab').filter({ hasText: 'This tab' }).getByRole('link', { name: session.entry.title })).toBeVisible();

  // Its diagram lights the queue's current state up.
  await otherTab.getByRole('link', { name: queue.entry.title }).click();
  await expect(page).toHaveURL(/\/dashboard\/machines\/uploadQueue$/);
  await expect(page.locator('[data-state-id="uploadQueue.idle"]')).toHaveClass(/\bis-live\b/);
  await expect(page.getByRole('region', { name: 'States' }).getByRole('button', { name: /idle/ })).toContainText('Active now');
  await shot(page, 'queue-live');

  // The other tab moves on to the editor: the queue leaves, the editor shows up with its state.
  await other.goto('/dashboard/demo/vidbots');
  await other.getByRole('link', { name: 'Welcome to Vidbot' }).first().click();
  await expect(other).toHaveURL(/\/dashboard\/demo\/vidbots\/\d+/);
  const editorTab = page.getByRole('region', { name: 'Live actors' }).locator('.machine-live-tab').filter({ hasText: /Tab: \/dashboard\/demo\/vidbots\/\d+/ });
  await expect(editorTab.locator('[data-live-machine="editor"]')).toBeVisible();
  await expect(editorTab.locator('[data-live-machine="editor"]')).toContainText('Current state:');
  await expect(page.locator('[data-live-machine="uploadQueue"]')).toHaveCount(0);
  await expect(page.locator('[data-state-id="uploadQueue.idle"]')).not.toHaveClass(/\bis-live\b/);
  await shot(page, 'editor-live');

  // Closing the other tab removes its actors.
  await other.close();
  await expect(page.locator('[data-live-machine="editor"]')).toHaveCount(0);
});

test('an account member has no Machines entry and the routes send them back to their dashboard', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  await expect(nav(page).getByRole('link', { name: 'Media' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Machines' })).toHaveCount(0);
  for (const path of ['/dashboard/machines', '/dashboard/machines/session?state=session.signedIn']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard\/demo\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Machines' })).toHaveCount(0);
    await expect(page.locator('svg[data-machine]')).toHaveCount(0);
  }
});
