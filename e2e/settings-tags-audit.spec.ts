/**
 * Issue 15 settings: tags and audit log tabs, and the user's own profile from the chrome (spec 002
 * §2 Tags tab, Audit log tab, §3 Tag / Audit event / User, §5 tag name, §6 "Tags and audit log:
 * Super_Admin, Owner, Admin", §7 /tag, /audit-log, PATCH /user/me, §8 tag toasts):
 *
 * 1. An Owner creates and renames a tag on the tags tab, opens the audit log and sees both events
 *    with his name, and filters them by type (the filter is in the URL).
 * 2. An Editor has no settings (no tab, the direct URL sends him away) and the API answers 403.
 * 3. The Owner switches his language to Finnish from "My profile" in the user menu; the UI switches
 *    at once and the audit log shows Finnish labels.
 */
import { expect, idToken, signIn, test } from './support';

const stamp = Date.now().toString(36);

test('an Owner creates and renames a tag and reads both in the audit log, filtered by type', async ({ page }) => {
  const first = `E2E tag ${stamp}`;
  const renamed = `E2E renamed ${stamp}`;
  await signIn(page, 'owner@example.com');
  await page.goto('/dashboard/demo/settings/tags');
  await expect(page.getByRole('heading', { name: 'Tags', level: 2 })).toBeVisible();

  // create: a blank name is refused in the dialog, then a real one
  await page.getByRole('button', { name: 'New tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tag' });
  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill(first);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Tag created successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: first });
  await expect(row).toContainText('0 vidbots');

  // a duplicate name shows the server's detail
  await page.getByRole('button', { name: 'New tag' }).click();
  await dialog.getByLabel('Name').fill(first.toUpperCase());
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(`A tag named "${first.toUpperCase()}" already exists in this account.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // rename
  await page.getByRole('button', { name: `Edit tag ${first}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tag' });
  await expect(edit.getByLabel('Name')).toHaveValue(first);
  await edit.getByLabel('Name').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag updated successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: renamed })).toBeVisible();

  // the audit log: both events with the Owner's name
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/settings\/audit-log/);
  const createdRow = page.getByRole('row').filter({ hasText: `Tag: ${first}` });
  const renamedRow = page.getByRole('row').filter({ hasText: `Tag: ${renamed}` });
  await expect(createdRow).toContainText('Tag created');
  await expect(createdRow).toContainText('Olivia Owner');
  await expect(renamedRow).toContainText('Tag renamed');
  await expect(renamedRow).toContainText('Olivia Owner');

  // filter by type: only renames remain, the filter is in the URL and survives a reload
  await page.getByLabel('Type').selectOption('tag.update');
  await expect(page).toHaveURL(/type=tag\.update/);
  await expect(createdRow).toHaveCount(0);
  await expect(renamedRow).toBeVisible();
  const types = await page.locator('tbody tr td:nth-child(3)').allTextContents();
  expect(new Set(types)).toEqual(new Set(['Tag renamed']));
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('tag.update');
  await expect(renamedRow).toBeVisible();
  // a resource prefix: every tag event
  await page.getByLabel('Type').selectOption('tag.');
  await expect(createdRow).toBeVisible();
  await expect(renamedRow).toBeVisible();
});

test('an Editor has no settings: no tab, the direct URL sends him away, the API answers 403', async ({ page, request }) => {
  await signIn(page, 'editor@example.com');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/dashboard/demo/settings/audit-log');
  await expect(page).not.toHaveURL(/settings/);
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  const token = await idToken(request, 'editor@example.com');
  const headers = { authorization: `Bearer ${token}` };
  const accounts = (await (await request.get('/api/user/me/account', { headers })).json()) as { records: Array<{ id: number; publicId: string }> };
  const demo = accounts.records.find((a) => a.publicId === 'demo')!;
  expect((await request.get(`/api/audit-log?account_id=${demo.id}`, { headers })).status()).toBe(403);
  expect((await request.get(`/api/audit-log?account_id=${demo.id}&type=tag.`, { headers })).status()).toBe(403);
});

test('the Owner switches to Finnish from My profile; the UI and the audit log speak Finnish', async ({ page, request }) => {
  // a tag event of its own, so this journey stands alone
  const token = await idToken(request, 'owner@example.com');
  const headers = { authorization: `Bearer ${token}` };
  const accounts = (await (await request.get('/api/user/me/account', { headers })).json()) as { records: Array<{ id: number; publicId: string }> };
  const demo = accounts.records.find((a) => a.publicId === 'demo')!;
  expect((await request.post('/api/tag', { headers, data: { name: `E2E fi ${stamp}`, account_id: demo.id } })).status()).toBe(201);

  await signIn(page, 'owner@example.com');
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Olivia');
  await page.getByLabel('Language', { exact: false }).last().selectOption('fi');
  await page.getByRole('button', { name: 'Save' }).click();
  // at once, without a reload
  await expect(page.getByRole('heading', { name: 'Oma profiili' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(page.getByRole('link', { name: 'Vaihda salasana' })).toBeVisible();

  await page.goto('/dashboard/demo/settings/audit-log?type=tag.');
  await expect(page.getByRole('heading', { name: 'Tapahtumaloki', level: 2 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Päivämäärä' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `E2E fi ${stamp}` });
  await expect(row).toContainText('Tunniste luotu');
  await expect(row).toContainText(`Tunniste: E2E fi ${stamp}`);
  await expect(row).toContainText('Olivia Owner');
  await expect(row.locator('time')).toHaveText(/\d{4} (klo )?\d{1,2}\.\d{2}/);

  // the choice is stored on the server too
  const me = (await (await request.get('/api/user/me', { headers })).json()) as { language: string };
  expect(me.language).toBe('fi');
  // leave the demo owner as the other journeys expect him
  expect((await request.patch('/api/user/me', { headers, data: { language: 'en' } })).status()).toBe(200);
});
