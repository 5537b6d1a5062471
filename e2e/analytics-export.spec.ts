/**
 * Analytics exports (issue 13 "Exports"; spec 002 §2 analytics-report/{channel} + REPORT_READY, §6
 * "Editor and Viewer cannot download reports (tooltip shown)", §9 formats and file name): as the
 * Owner the analytics page's Export menu downloads CSV (BOM, ';', header lines, table) and XLSX
 * (parsed back with xlsx) and a PDF (through the hidden print view); as the Editor the button is
 * disabled with the tooltip. The print view also works on its own (a person may print it).
 *
 * Needs the server's `GET /analytics/report` and the analytics page (other parts of issue 13).
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { DEMO_PASSWORD, expect, signIn, test } from './support';

/** The demo account's id (through an ID token of the Owner, USER_PASSWORD_AUTH at /idp). */
async function demoAccountId(request: APIRequestContext): Promise<number> {
  const config = (await (await request.get('/api/config')).json()) as { userPoolClientId: string };
  const auth = await request.post('/idp', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: 'owner@example.com', PASSWORD: DEMO_PASSWORD } }),
  });
  expect(auth.ok(), await auth.text()).toBe(true);
  const token = ((await auth.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
  const accounts = (await (await request.get('/api/account', { headers: { Authorization: `Bearer ${token}` } })).json()) as { records: Array<{ id: number; publicId: string }> };
  return accounts.records.find((a) => a.publicId === 'demo')!.id;
}

const FILE_NAME = /^analytics_data_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.(csv|xlsx|pdf)$/;

async function openAnalytics(page: Page, email: string) {
  await signIn(page, email);
  await page.goto('/dashboard/demo/analytics');
  await expect(page.getByRole('button', { name: /^Export/ })).toBeVisible();
}

async function download(page: Page, format: 'PDF' | 'CSV' | 'XLSX') {
  const button = page.getByRole('button', { name: /^Export/ });
  await button.click();
  const downloaded = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: format }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(FILE_NAME);
  expect(file.suggestedFilename().endsWith(`.${format.toLowerCase()}`)).toBe(true);
  const path = await file.path();
  // The menu is idle again and focus is back on the button.
  await expect(page.getByRole('status').filter({ hasText: 'Download started.' })).toBeVisible();
  await expect(button).toBeFocused();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

test.describe('analytics exports', () => {
  test('the Owner downloads CSV, XLSX and PDF', async ({ page }) => {
    await openAnalytics(page, 'owner@example.com');

    const csv = await download(page, 'CSV');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.bytes.subarray(3).toString('utf8');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Range;\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);
    expect(lines[1]).toMatch(/^Channel;/);
    expect(lines[2]).toMatch(/^Vidbots;/);
    expect(lines[3]).toMatch(/^Users;/);
    expect(lines[4]).toBe('');
    const csvBook = XLSX.read(text, { type: 'string', FS: ';' } as XLSX.ParsingOptions);
    const csvRows = XLSX.utils.sheet_to_json<unknown[]>(csvBook.Sheets[csvBook.SheetNames[0]!]!, { header: 1, blankrows: true });
    expect(csvRows[5]).toEqual(expect.arrayContaining(['Vidbot', 'Sessions', 'Opens', 'CTR %']));
    // The demo account has no watermark feature: the column is removed (§9).
    expect(csvRows[5]).not.toContain('Watermark clicks');

    const xlsx = await download(page, 'XLSX');
    const book = XLSX.read(xlsx.bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Analytics', 'Report']);
    const head = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Analytics!, { header: 1 })[0];
    expect(head).toEqual(csvRows[5]);
    const filters = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Report!, { header: 1 });
    expect(filters.map((r) => r[0])).toEqual(['Range', 'Channel', 'Vidbots', 'Users']);

    const pdf = await download(page, 'PDF');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.name).toBe(xlsx.name.replace(/\.xlsx$/, '.pdf'));
    // The hidden print frame is gone once the PDF is built.
    await expect(page.locator('iframe[src^="/analytics-report/"]')).toHaveCount(0);
  });

  test('the print view posts REPORT_READY to its parent and can be printed by a person', async ({ page, request }) => {
    await signIn(page, 'owner@example.com');
    const accountId = await demoAccountId(request);
    const href = `/analytics-report/all?account_id=${accountId}`;
    // Loaded in a frame of a same-origin page, as the export does: REPORT_READY reaches the parent.
    const message = await page.evaluate(
      (src) =>
        new Promise<unknown>((resolve) => {
          const frame = document.createElement('iframe');
          frame.style.width = '1200px';
          frame.style.height = '900px';
          window.addEventListener('message', (e) => {
            if (e.source === frame.contentWindow && e.origin === location.origin) resolve(e.data);
          });
          frame.src = src;
          document.body.append(frame);
        }),
      href,
    );
    expect(message).toEqual({ type: 'REPORT_READY' });
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics report' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sessions and opens per day' }).getByRole('img')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  });

  test('the Editor sees the Export button disabled with the tooltip', async ({ page }) => {
    await openAnalytics(page, 'editor@example.com');
    const button = page.getByRole('button', { name: /^Export/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await button.focus();
    const tip = page.getByRole('tooltip');
    await expect(tip).toHaveText('Editors and Viewers cannot download reports.');
    await expect(button).toHaveAccessibleDescription('Editors and Viewers cannot download reports.');
    // Playwright treats aria-disabled as disabled: force the click a person can still make.
    await button.click({ force: true });
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
  });
});
