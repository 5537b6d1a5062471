/**
 * The analytics page journey (issue 13 "Screens"; spec 002 §2 Analytics, §9 presets and default
 * range) against the real server and Chromium: the Owner opens Analytics from the side navigation,
 * sees the default range (last 30 days up to yesterday), picks the "Last 7 days" preset and the
 * Iframe channel (both land in the URL and in the API calls), and sees the chart, the totals and the
 * per-vidbot table (or its empty state on a fresh server without events), with no §8 error.
 */
import { expect, signIn, test } from './support';

/** `yyyy-MM-dd` of the UTC day `days` before today. */
const utcDayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('owner: analytics from the navigation, preset and channel, chart and table', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  await page.getByRole('navigation', { name: 'Main navigation' }).locator('a[data-nav="analytics"]').click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

  // Default range: the last 30 days up to yesterday; the end cannot be later than yesterday.
  const to = page.getByLabel('To', { exact: true });
  await expect(to).toHaveValue(utcDayAgo(1));
  await expect(to).toHaveAttribute('max', utcDayAgo(1));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(utcDayAgo(30));
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  // Preset: last 7 days → the URL and the daily call carry the range.
  const daily = page.waitForRequest((r) => r.url().includes('/api/analytics/total/') && r.url().includes(`from_date=${utcDayAgo(7)}`));
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(new RegExp(`from_date=${utcDayAgo(7)}.*to_date=${utcDayAgo(1)}`));
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await daily;

  // Channel: Iframe → the URL and the table call carry it.
  const list = page.waitForRequest((r) => /\/api\/analytics\?/.test(r.url()) && r.url().includes('channel=iframe'));
  await page.getByLabel('Channel').selectOption('iframe');
  await expect(page).toHaveURL(/channel=iframe/);
  await list;

  // The chart (a canvas drawn by ECharts), the totals and the table (or its empty state).
  await expect(page.locator('.analytics-chart-box canvas').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sessions and opens per day' })).toBeVisible();
  await expect(page.locator('.analytics-totals')).toContainText('Sessions');
  await expect(page.locator('.analytics-totals')).toContainText('CTR');
  await expect(page.getByRole('table', { name: 'Analytics per vidbot of Demo' }).or(page.getByText('No analytics for these filters.'))).toBeVisible();
  await expect(page.getByText('Cannot load analytics chart.')).toHaveCount(0);
  await expect(page.getByText('Error loading analytics')).toHaveCount(0);

  // The Owner has the settings gear (spec 002 §2).
  await expect(page.getByRole('button', { name: 'Analytics settings' })).toBeVisible();
});

test('viewer: analytics without the settings gear', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  await page.getByRole('navigation', { name: 'Main navigation' }).locator('a[data-nav="analytics"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.locator('.analytics-totals')).toContainText('Sessions');
  await expect(page.getByRole('button', { name: 'Analytics settings' })).toHaveCount(0);
});
