/**
 * Google Drive import journeys (issue 5; spec 001 §2 "Media library" gdrive=true, "Google Drive
 * import", §8; spec 000 §2 /oauth/google) against the real server and the local fake of Google's
 * OAuth + Drive v3 that e2e/server.mjs starts (files = the media fixtures):
 * - the Owner opens Import from Google Drive on the video tab, connects (fake consent redirects back
 *   to /oauth/google, which shows 'Authenticating to Google...'), lands in the reopened dialog
 *   connected, narrows the list by name, imports sample.mp4 → the queued toast, the dialog closes,
 *   the new row goes Ready and plays; Disconnect offers Connect again;
 * - /oauth/google with a bad state toasts the spec error and navigates to
 *   /dashboard?error=google_oauth_error;
 * - a Viewer sees the button disabled; the dialog in Finnish.
 * Screenshots of the dialog go to the OS temp directory (gdrive-*.png).
 */
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test, signIn } from './support';

const QUEUED = 'Video upload is queued, it may take a few minutes for the video to be shown up.';
const OAUTH_ERROR = 'There was an error with Google OAuth. Please try again or contact support.';
const shot = (name: string) => path.join(os.tmpdir(), `gdrive-${name}.png`);

/** Rows of the video tab filtered by `name`, newest first. */
async function newestIdNamed(page: Page, name: string): Promise<number> {
  await page.goto(`/dashboard/demo/media/video?name=${encodeURIComponent(name)}`);
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  const first = await page.locator('tr[data-media-id]').first().getAttribute('data-media-id', { timeout: 1000 }).catch(() => null);
  return Number(first ?? 0);
}

/**
 * Connects Google Drive from the open dialog: the fake consents at once and redirects to
 * /oauth/google; the callback call is held until 'Authenticating to Google...' has been seen.
 */
async function connect(page: Page, connectLabel: string, authenticatingText: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/integration/google/auth/callback', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('dialog').getByRole('button', { name: connectLabel }).click();
  await expect(page).toHaveURL(/\/oauth\/google\?(?=.*\bcode=)(?=.*\bstate=)/);
  await expect(page.getByRole('status').filter({ hasText: authenticatingText })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/dashboard\/demo\/media\/video\?.*gdrive=true/);
  // The handler stays (it lets later callbacks through at once). Removing it here, while the media
  // page's chunks were in flight, left one of them paused forever in the browser's request
  // interception: the page stayed on its loading screen (seen in the trace as an asset with no answer).
}

test('the owner connects Google Drive, searches, imports a fixture video that becomes Ready and plays; disconnects', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'owner@example.com');
  const before = await newestIdNamed(page, 'sample.mp4');

  await page.goto('/dashboard/demo/media/video');
  await page.getByRole('button', { name: 'Import from Google Drive' }).click();
  await expect(page).toHaveURL(/gdrive=true/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Import from Google Drive' })).toBeVisible();
  // A retried run may find the owner still connected: start from Connect.
  const connectButton = dialog.getByRole('button', { name: 'Connect Google Drive' });
  const disconnectButton = dialog.getByRole('button', { name: 'Disconnect Google Drive' });
  await expect(connectButton.or(disconnectButton)).toBeVisible();
  if (await disconnectButton.isVisible()) await disconnectButton.click();
  await expect(connectButton).toBeFocused();
  await page.screenshot({ path: shot('connect-en') });
  await connect(page, 'Connect Google Drive', 'Authenticating to Google...');

  // Reopened connected: the latest Drive videos (not trashed, not the image), thumbnails named by file.
  const files = dialog.getByRole('group', { name: 'Latest files in Google Drive' });
  await expect(files.getByRole('radio')).toHaveCount(6);
  await expect(files.getByRole('radio', { name: 'echo-hereweare.webm' })).toBeVisible();
  await expect(files.getByRole('img', { name: 'sample.mp4' })).toBeVisible();
  await expect
    .poll(() => files.getByRole('img', { name: 'sample.mp4' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(dialog.getByLabel('Search Google Drive by name')).toBeFocused();
  await page.screenshot({ path: shot('files-en') });

  // The search narrows the list.
  await dialog.getByLabel('Search Google Drive by name').fill('sample');
  await expect(files.getByRole('radio')).toHaveCount(2);
  await expect(files.getByRole('radio', { name: 'echo-hereweare.webm' })).toHaveCount(0);
  // Keyboard: the arrows move the choice within the radio group (newest first: mp4, then avi).
  await files.getByRole('radio', { name: 'sample.mp4' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(files.getByRole('radio', { name: 'sample.avi' })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(files.getByRole('radio', { name: 'sample.mp4' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
  await page.screenshot({ path: shot('selected-en') });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(page.getByText(QUEUED)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/gdrive=/);

  // The new Draft row appears and goes Ready (the list polls), then plays.
  await page.goto('/dashboard/demo/media/video?name=sample.mp4');
  const row = page.locator('tr[data-media-id]').first();
  await expect.poll(async () => Number(await row.getAttribute('data-media-id')), { timeout: 30_000 }).toBeGreaterThan(before);
  await expect(row).toHaveAttribute('data-status', 'Ready', { timeout: 90_000 });
  await row.getByRole('button', { name: 'Play sample.mp4' }).click();
  const video = page.getByRole('dialog').locator('video');
  await expect(video).toBeVisible();
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(t0 + 0.3);
  await page.keyboard.press('Escape');

  // Disconnect: Connect is offered again (and stays so after reopening).
  await page.goto('/dashboard/demo/media/video?gdrive=true');
  await expect(files.getByRole('radio')).toHaveCount(6);
  await dialog.getByRole('button', { name: 'Disconnect Google Drive' }).click();
  await expect(dialog.getByRole('button', { name: 'Connect Google Drive' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/gdrive=/);
  await page.getByRole('button', { name: 'Import from Google Drive' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Connect Google Drive' })).toBeVisible();
});

test('a bad state on /oauth/google toasts the spec error and goes to /dashboard?error=google_oauth_error', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  await page.goto('/oauth/google?code=x&state=bad');
  await expect(page.getByText(OAUTH_ERROR)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  expect(urls.some((u) => new URL(u).pathname === '/dashboard' && new URL(u).searchParams.get('error') === 'google_oauth_error')).toBe(true);
});

test('a Viewer sees Import from Google Drive disabled', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  await page.goto('/dashboard/demo/media/video?gdrive=true');
  await expect(page.getByRole('button', { name: 'Import from Google Drive' })).toBeDisabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Not offered on the image tab.
  await page.goto('/dashboard/demo/media/image');
  await expect(page.getByRole('heading', { name: 'Media library' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import from Google Drive' })).toHaveCount(0);
});

test('the dialog in Finnish: connect and the file list', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'editor@example.com');
  await page.evaluate(() => localStorage.setItem('vidbot.language', 'fi'));
  await page.goto('/dashboard/demo/media/video');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await page.getByRole('button', { name: 'Tuo Google Drivesta' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Tuo Google Drivesta' })).toBeVisible();
  const disconnectFi = dialog.getByRole('button', { name: 'Katkaise Google Drive -yhteys' });
  await expect(dialog.getByRole('button', { name: 'Yhdistä Google Drive' }).or(disconnectFi)).toBeVisible();
  if (await disconnectFi.isVisible()) await disconnectFi.click();
  await expect(dialog.getByText('Yhdistä Google-tilisi valitaksesi videoita Google Drivestasi.')).toBeVisible();
  await page.screenshot({ path: shot('connect-fi') });
  await connect(page, 'Yhdistä Google Drive', 'Tunnistaudutaan Googleen...');
  const files = dialog.getByRole('group', { name: 'Uusimmat tiedostot Google Drivessa' });
  await expect(files.getByRole('radio')).toHaveCount(6);
  await expect(dialog.getByLabel('Hae Google Drivesta nimellä')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Tuo', exact: true })).toBeDisabled();
  await expect(dialog.getByText('Valitse tuotava tiedosto.')).toBeVisible();
  await page.screenshot({ path: shot('files-fi') });
  await dialog.getByRole('button', { name: 'Katkaise Google Drive -yhteys' }).click();
  await expect(dialog.getByRole('button', { name: 'Yhdistä Google Drive' })).toBeVisible();
});
