/**
 * Staff analytics screens (issue 13 "Staff"; spec 002 §2, §6, §9): a superuser opens admin analytics,
 * live status and billing from the side navigation; a filter change shows in the URL under the
 * spec's names; a live status row opens the bot in its account; the billing CSV downloads with the
 * dates in its name and the §9 columns (parsed back with xlsx). Customer success sees admin
 * analytics and live status but not billing.
 *
 * Needs the analytics reads (`/analytics/admin*`, `/bot/status`) of the reads helper; the demo seed has
 * no customer-success user, so that part answers the superuser's `/user/me` as customer success (the
 * SPA's guards and navigation read only that; the server still sees a superuser).
 */
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { readFileSync } from 'node:fs';
import { expect, test } from './support';

const PASSWORD = 'Vidbot-demo-1';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('a superuser opens admin analytics, live status and billing; filters go to the URL; the billing CSV downloads', async ({ page }, info) => {
  await signIn(page, 'superadmin@example.com');

  // Admin analytics: the website tier and a business type are in the query string as §2 names them.
  await nav(page).getByRole('link', { name: 'Admin analytics' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Admin analytics' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vidbots of all accounts' }).or(page.getByText('No vidbots match the filters.'))).toBeVisible();
  await expect(page.getByLabel('Totals')).toBeVisible();
  await page.getByLabel('Website tier').selectOption({ label: '5,000–25,000' });
  await expect(page).toHaveURL(/lower=5000/);
  await expect(page).toHaveURL(/upper=25000/);
  // A fresh server has no bot with 5,000 sessions.
  await expect(page.getByText('No vidbots match the filters.')).toBeVisible();
  await expect(page.getByText('Cannot load analytics chart.')).toHaveCount(0);
  await page.getByLabel('Date range').selectOption({ label: 'Last 7 days' });
  await expect(page).toHaveURL(/from_date=\d{4}-\d{2}-\d{2}/);
  await page.getByLabel('Business type').fill('Retail');
  await page.getByLabel('Business type').press('Enter');
  await expect(page).toHaveURL(/business_type=Retail(&|$)/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Retail' })).toBeVisible();
  await page.getByLabel('Website tier').selectOption({ label: 'All tiers' });
  await expect(page).not.toHaveURL(/lower=/);
  await expect(page.getByText('Error loading analytics')).toHaveCount(0);

  // Live status: the demo account's published sample bot; sorting and the search are in the URL; a row opens the bot.
  await nav(page).getByRole('link', { name: 'Live status' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/live-status$/);
  const table = page.getByRole('table', { name: 'Live status of vidbots' });
  const row = table.getByRole('row', { name: /Welcome to Vidbot/ });
  await expect(row).toBeVisible();
  await expect(row.getByText(/Published · (live|offline|inactive)/)).toBeVisible();
  await table.getByRole('button', { name: /^Vidbot/ }).click();
  await expect(page).toHaveURL(/order_by=bot_name/);
  await expect(page).toHaveURL(/order_direction=asc/);
  await page.getByLabel('Search by name').fill('Welcome');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/bot_name=Welcome/);
  await table.getByRole('row', { name: /Welcome to Vidbot/ }).getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots\/\d+/);

  // Billing: a preset goes to the URL; the CSV has the dates in its name and the §9 columns.
  await nav(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/billing$/);
  await expect(page.getByText(/Total impressions/)).toBeVisible();
  await expect(page.getByText('Error loading billing data')).toHaveCount(0);
  await page.getByLabel('Date range').selectOption({ label: 'Last month' });
  await expect(page).toHaveURL(/from_date=\d{4}-\d{2}-01&to_date=\d{4}-\d{2}-\d{2}/);
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/size=25/);
  const from = new URL(page.url()).searchParams.get('from_date')!;
  const to = new URL(page.url()).searchParams.get('to_date')!;
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`billing_${from}_to_${to}.csv`);
  const saved = info.outputPath('billing.csv');
  await file.saveAs(saved);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(saved, 'utf8'), { type: 'string' }).Sheets.Sheet1!, { header: 1, defval: '' });
  expect(rows[0]).toEqual(['Account', 'Vidbot ID', 'Vidbot Name', 'Impressions', 'Has Ad Feature']);
  for (const r of rows.slice(1)) expect(['Yes', 'No']).toContain(r[4]);
});

test('customer success sees admin analytics and live status but not billing', async ({ page }) => {
  await page.route('**/api/user/me', async (route) => {
    const response = await route.fetch();
    const me = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...me, isSuperuser: false, isCustomerSuccess: true } });
  });
  await signIn(page, 'superadmin@example.com');
  await expect(nav(page).getByRole('link', { name: 'Admin analytics' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Live status' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'Live status' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/live-status$/);
  await expect(page.getByRole('heading', { name: 'Live status' })).toBeVisible();
  // Billing by its address: the guard sends customer success away.
  await page.goto('/dashboard/admin/billing');
  await expect(page).not.toHaveURL(/\/dashboard\/admin\/billing/);
  await expect(page.getByRole('heading', { name: 'Billing' })).toHaveCount(0);
});
