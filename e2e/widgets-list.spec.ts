/**
 * The widgets list of issue 15 (spec 002 §2 Widgets list, §5 copy warning, §6, §8) against the real
 * server and Chromium. Written against the widget API contract (architecture note §4; helper A's
 * routes and seed: the demo account has the `dashboard:new_widgets` feature) — it runs once that part
 * is merged.
 * - staff: the nav entry leads to the list; create dialog (name required, type default Slider) opens
 *   the editor; duplicate; deactivate (no copy for a Deactivated widget) and reactivate; copy to
 *   another account with the All-content warning; remove after a confirmation (the widget is gone);
 * - a Viewer sees the list but cannot create (the button is disabled, with the reason);
 * - Finnish: the page in fi.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, idToken, signIn, test } from './support';

const RUN = Date.now().toString(36);

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, data?: unknown, status = 200): Promise<T> {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

type Widget = { id: number; publicId: string; name: string; type: string; status: string; contentType: string };

/** The table row whose name link is exactly `name`. */
const rowOf = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Opens the row menu of `name` and chooses `item`. */
async function choose(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Staff land on the accounts list (support.ts signIn expects the demo account's dashboard). */
async function signInStaff(page: Page) {
  await page.goto('/');
  await page.getByLabel('Email').fill('superadmin@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
}

async function demoAccountId(request: APIRequestContext, token: string): Promise<number> {
  const accounts = await api<{ records: Array<{ id: number; publicId: string }> }>(request, token, 'GET', '/api/user/me/account');
  return accounts.records.find((a) => a.publicId === 'demo')!.id;
}

test('widgets list: create, duplicate, deactivate and reactivate, copy to account with the warning, remove', async ({ page, request }) => {
  test.setTimeout(180_000);
  const staff = await idToken(request, 'superadmin@example.com');
  const owner = await idToken(request, 'owner@example.com');
  const demoId = await demoAccountId(request, owner);
  // A published widget with All content (the default), made just now so it is on the first page.
  const name = `Carousel ${RUN}`;
  const made = await api<Widget>(request, owner, 'POST', '/api/widget', { accountId: demoId, name }, 201);
  expect(made).toMatchObject({ type: 'Slider', status: 'Draft', contentType: 'All' });
  await api<Widget>(request, owner, 'PATCH', `/api/widget/${made.id}`, { status: 'Published' });
  const targetName = `Widget copy target ${RUN}`;
  const target = await api<{ id: number }>(request, staff, 'POST', '/api/account', { businessName: targetName, ownerEmail: `widget-copy-${RUN}@list.example` }, 201);
  // A copy lands only in an account with the widgets area (403 featureDisabled otherwise): add the target to new_widgets.
  const flags = await api<{ records: Array<{ name: string; account_ids: number[] }> }>(request, staff, 'GET', '/api/feature/flags?flag_name=new_widgets');
  const current = flags.records.find((f) => f.name === 'new_widgets')!.account_ids;
  await api(request, staff, 'PUT', '/api/feature/flags', { name: 'new_widgets', account_ids: [...current, target.id] });

  await signInStaff(page);
  await page.goto('/dashboard/demo/vidbots');
  await page.getByRole('navigation').getByRole('link', { name: 'Widget', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/widget$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Widgets' })).toBeVisible();
  await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, name).getByText('Published', { exact: true })).toBeVisible();

  // 1. Create: the name is required, the type defaults to Slider; Create opens the editor.
  await page.getByRole('button', { name: 'Create new' }).click();
  const create = page.getByRole('dialog', { name: 'Create widget' });
  await expect(create.getByLabel('Type')).toHaveValue('Slider');
  await expect(create.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  const newName = `New card widget ${RUN}`;
  await create.getByLabel('Name').fill(newName);
  await create.getByLabel('Type').selectOption('Card');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/widget\/\d+$/);
  const createdId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(await api<Widget>(request, staff, 'GET', `/api/widget/${createdId}`)).toMatchObject({ name: newName, type: 'Card', status: 'Draft' });
  await page.goto('/dashboard/demo/widget');
  await expect(rowOf(page, newName).getByText('Card', { exact: true })).toBeVisible();

  // 2. Duplicate: a new row, toast naming the copy.
  await choose(page, name, 'Duplicate');
  await expect(page.getByText(/^Duplicated as “.+”$/)).toBeVisible();
  const list = await api<{ records: Widget[] }>(request, staff, 'GET', `/api/widget?account_id=${demoId}&size=100`);
  const clone = list.records.find((w) => w.id !== made.id && w.name.startsWith(name))!;
  expect(clone).toBeTruthy();
  await expect(rowOf(page, clone.name)).toBeVisible();

  // 3. Deactivate (staff): the badge turns Deactivated and copy to account is gone; reactivate.
  await choose(page, name, 'Deactivate');
  await expect(rowOf(page, name).getByText('Deactivated', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Copy to account', exact: true })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Reactivate', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await choose(page, name, 'Reactivate');
  await expect(rowOf(page, name).getByText('Published', { exact: true })).toBeVisible();

  // 4. Copy to account: All content warns (spec 002 §5); the copy lands in the other account.
  await choose(page, name, 'Copy to account');
  const copy = page.getByRole('dialog');
  await expect(copy.getByRole('note')).toContainText('all published vidbots');
  // With one other account the dialog preselects it; with several, Copy first asks for the account.
  if ((await copy.getByRole('combobox').inputValue()) === '') {
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(copy.getByText('Choose the account to copy to.')).toBeVisible();
  }
  await copy.getByRole('combobox').selectOption({ label: targetName });
  await copy.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText(new RegExp(`^Copied to ${targetName} as “.+”$`))).toBeVisible();
  const copies = await api<{ records: Widget[] }>(request, staff, 'GET', `/api/widget?account_id=${target.id}`);
  expect(copies.records).toHaveLength(1);
  expect(copies.records[0]!.status).toBe('Draft');

  // 5. Remove after a confirmation: the row and the widget are gone.
  await choose(page, clone.name, 'Remove');
  const confirm = page.getByRole('dialog', { name: 'Remove widget' });
  await expect(confirm).toContainText(clone.name);
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`“${clone.name}” removed`)).toBeVisible();
  await expect(rowOf(page, clone.name)).toHaveCount(0);
  expect((await request.get(`/api/widget/${clone.id}`, { headers: { authorization: `Bearer ${staff}` } })).status()).toBe(404);

  // Clean up what this journey made in the demo account.
  for (const id of [made.id, createdId]) await api(request, staff, 'DELETE', `/api/widget/${id}`);
});

test('a Viewer sees the widgets but cannot create one', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  await page.goto('/dashboard/demo/widget');
  await expect(page.getByRole('heading', { level: 1, name: 'Widgets' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create new' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Viewers cannot create widgets.');
});

test('the widgets list in Finnish', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  await page.evaluate(() => localStorage.setItem('vidbot.language', 'fi'));
  await page.goto('/dashboard/demo/widget');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(page.getByRole('heading', { level: 1, name: 'Widgetit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Luo uusi' })).toBeEnabled();
});
