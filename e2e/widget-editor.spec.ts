/**
 * The widget editor in Chromium against the real server (issue 15 "Editor"; spec 002 §2 Widget
 * editor, §4 widget status, §6 widget editing, §8 toasts). Written against the issue 15 contract
 * (architecture note §2–§4): it needs the widget API (helper A: /api/widget, the demo account with
 * `dashboard:new_widgets`), the preview config endpoint and the preview page (helper C), and the
 * settings sections (helper B2: a "Card" type choice) — it runs once the lead has merged them.
 *
 * - The owner creates a widget through the API, opens its editor: name and "Version 1 · Draft"; the
 *   live preview asks POST /widget/{id}/preview-config with the unsaved content.
 * - Choosing the type Card makes the page dirty; Save draft → "Draft saved", "Version 2 · Draft".
 * - Publish → "Published", "Version 2 · Published"; the public config answers.
 * - Leaving with unsaved changes asks: Stay keeps the page; Save and exit saves and lands on the list.
 * - A Viewer opening a Private widget of another author sees the red restriction, no Save menu.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, idToken, signIn, test } from './support';

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  return { status: res.status(), body: (await res.json().catch(() => null)) as any };
}

async function demoAccountId(request: APIRequestContext, token: string): Promise<number> {
  const accounts = await call(request, token, 'GET', '/account');
  return (accounts.body.records as Array<{ id: number; publicId: string }>).find((a) => a.publicId === 'demo')!.id;
}

async function createWidget(request: APIRequestContext, token: string, name: string, privacy?: 'Private'): Promise<{ id: number; publicId: string }> {
  const created = await call(request, token, 'POST', '/widget', { accountId: await demoAccountId(request, token), name, type: 'Slider' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (privacy) expect((await call(request, token, 'PATCH', `/widget/${created.body.id}`, { privacy })).status).toBe(200);
  return { id: created.body.id, publicId: created.body.publicId };
}

const badge = (page: Page) => page.getByTestId('version-badge');
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function fromSaveMenu(page: Page, item: 'Save draft' | 'Publish') {
  await page.getByRole('button', { name: 'Save or publish' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test('the owner edits, saves a draft, publishes and is asked before leaving with unsaved changes', async ({ page, request }) => {
  const token = await idToken(request, 'owner@example.com');
  const widget = await createWidget(request, token, `Editor e2e ${Date.now()}`);
  try {
    await signIn(page, 'owner@example.com');
    const preview = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/widget/${widget.id}/preview-config`));
    await page.goto(`/dashboard/demo/widget/${widget.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Editor e2e/);
    await expect(badge(page)).toHaveText('Version 1 · Draft');
    // Wide screen: the live preview frame and its config request with the draft content.
    await expect(page.locator('iframe[title^="Widget preview"]')).toHaveAttribute('src', '/widget-preview/current?type=carousel&embed=true');
    expect((await preview).postDataJSON()).toMatchObject({ content: { type: 'Slider' } });

    // Edit → dirty → Save draft.
    await page.getByRole('radio', { name: /^Card/ }).check();
    await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
    await fromSaveMenu(page, 'Save draft');
    await expect(toast(page, 'Draft saved')).toBeVisible();
    await expect(badge(page)).toHaveText('Version 2 · Draft');
    await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);

    // Publish: status and revision Published; the public config answers now.
    await fromSaveMenu(page, 'Publish');
    await expect(toast(page, 'Published')).toBeVisible();
    await expect(badge(page)).toHaveText('Version 2 · Published');
    expect((await request.get(`/api/public/widget/${widget.publicId}`)).status()).toBe(200);

    // Leave with unsaved changes: Stay, then Save and exit.
    await page.getByRole('radio', { name: /^Thumbnail/ }).check();
    await page.getByRole('link', { name: /Back to widgets/ }).click();
    const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/widget/${widget.id}$`));
    await page.getByRole('link', { name: /Back to widgets/ }).click();
    await prompt.getByRole('button', { name: 'Save and exit' }).click();
    await expect(page).toHaveURL(/\/dashboard\/demo\/widget\/?(\?|$)/);
    await expect(toast(page, 'Draft saved. The published widget stays live until you publish.')).toBeVisible();
    const saved = await call(request, token, 'GET', `/widget/${widget.id}`);
    expect(saved.body).toMatchObject({ revNumber: 3, revisionStatus: 'Draft', status: 'Published', content: { type: 'Thumbnail' } });

    // The embed code dialog: the code and the carousel CSP line.
    await page.goto(`/dashboard/demo/widget/${widget.id}`);
    await page.getByRole('button', { name: 'Get embed code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed code' });
    await expect(dialog.getByLabel('Embed code')).toHaveValue(new RegExp(`data-vidbot-carousel="${widget.publicId}"`));
    await expect(dialog.getByLabel(/Content-Security-Policy additions/)).toHaveValue(/script-src /);
  } finally {
    await call(request, token, 'DELETE', `/widget/${widget.id}`);
  }
});

test('a Viewer sees a Private widget of another author read-only with the restriction message', async ({ page, request }) => {
  const token = await idToken(request, 'owner@example.com');
  const widget = await createWidget(request, token, `Private e2e ${Date.now()}`, 'Private');
  try {
    await signIn(page, 'viewer@example.com');
    await page.goto(`/dashboard/demo/widget/${widget.id}`);
    await expect(page.getByText('Editing is restricted to account owners, admins or the author.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save or publish' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Edit name' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /^Card/ })).toBeDisabled();
    // Leaving asks nothing (nothing can be changed).
    await page.getByRole('link', { name: /Back to widgets/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/demo\/widget\/?(\?|$)/);
  } finally {
    await call(request, token, 'DELETE', `/widget/${widget.id}`);
  }
});
