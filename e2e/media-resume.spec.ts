/**
 * Upload resume journeys (issue 5; spec 001 §4 "Media upload"; DESIGN §5 "Uploads": fingerprint
 * resume, offline pauses):
 *
 * - The Owner uploads a 3.4 MB video over a throttled connection and reloads the page mid-upload:
 *   the upload panel lists it as interrupted; choosing a different file is refused; choosing the
 *   same file again continues from the server's offset (the first PATCH after the reload carries
 *   `Upload-Offset` > 0) and ends Ready as a single media row (the Draft row the upload made).
 * - An interrupted upload can be discarded: the entry goes and its Draft media with it.
 * - Going offline mid-upload pauses it (the panel says so); back online it completes.
 *
 * Screenshots go to the test's output folder (and /tmp/pipeline-*.png for review).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type CDPSession, type Locator, type Page } from '@playwright/test';
import { expect, test, signIn } from './support';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');
/** 3.4 MB: at 256 KiB/s the upload takes ~13 s, long enough to act mid-way. */
const SOURCE = path.join(MEDIA_DIR, 'echo-hereweare.webm');

/** A copy of the fixture under a name of its own (so the list can be filtered to this test's rows). */
function copyOf(name: string): string {
  const file = test.info().outputPath(name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(SOURCE, file);
  return file;
}

async function throttle(cdp: CDPSession, uploadBytesPerSecond: number) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: uploadBytesPerSecond });
}

const rows = (page: Page, name: string): Locator =>
  page.locator('tr[data-media-id]').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function progressOf(entry: Locator): Promise<number> {
  return entry.locator('progress').evaluate((p: HTMLProgressElement) => p.value);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  await page.screenshot({ path: `/tmp/pipeline-${name}.png` });
}

test('an upload interrupted by a reload resumes from the server offset with the same file and ends in one media', async ({ page }) => {
  test.setTimeout(180_000);
  const file = copyOf('resume-clip.webm');
  const other = test.info().outputPath('resume-other.webm');
  fs.copyFileSync(path.join(MEDIA_DIR, 'sample_with_increasing_timestamps_360p.mp4'), other);
  await signIn(page, 'owner@example.com');
  await page.goto('/dashboard/demo/media/video?name=resume-clip.webm');
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  await expect(rows(page, 'resume-clip.webm')).toHaveCount(0);

  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp, 256 * 1024);
  await page.getByTestId('media-add-input').setInputFiles(file);
  const entry = page.locator('.upload-entry');
  await expect(entry).toHaveAttribute('data-phase', 'uploading');
  await expect.poll(() => progressOf(entry), { timeout: 30_000 }).toBeGreaterThan(0.15);
  expect(await progressOf(entry)).toBeLessThan(0.9);

  // Reload mid-upload: the File is gone, the stored tus upload is not.
  await page.reload();
  const panel = page.getByRole('region', { name: 'Uploads' });
  const interrupted = panel.locator('.upload-entry[data-phase="interrupted"]');
  await expect(interrupted).toHaveCount(1);
  await expect(interrupted).toContainText('resume-clip.webm');
  await expect(interrupted).toContainText('Interrupted — choose the same file to resume.');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'resume-interrupted-1280');

  // A different file is refused and nothing is sent.
  const patches: Array<{ offset: number }> = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/media/tus/')) {
      patches.push({ offset: Number(request.headers()['upload-offset']) });
    }
  });
  await interrupted.getByLabel('Choose resume-clip.webm again to resume').setInputFiles(other);
  await expect(interrupted.getByRole('alert')).toContainText('That is a different file. Choose “resume-clip.webm”');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'resume-mismatch-390');
  expect(patches).toEqual([]);

  // The same file continues where the server stopped.
  await interrupted.getByLabel('Choose resume-clip.webm again to resume').setInputFiles(file);
  const running = panel.locator('.upload-entry').filter({ hasText: 'resume-clip.webm' });
  await expect.poll(() => patches.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(patches[0]!.offset).toBeGreaterThan(0);
  // The bar starts from the stored offset, not from 0.
  await expect.poll(() => progressOf(running)).toBeGreaterThan(0.1);
  // Ends Ready; the entry leaves 1 s after.
  await expect(panel).toBeHidden({ timeout: 120_000 });
  await page.goto('/dashboard/demo/media/video?name=resume-clip.webm');
  await expect(rows(page, 'resume-clip.webm')).toHaveCount(1);
  await expect(rows(page, 'resume-clip.webm')).toHaveAttribute('data-status', 'Ready');
  await expect(page.locator('tr[data-status="Draft"]')).toHaveCount(0);
  // Nothing is left to resume.
  await page.reload();
  await expect(page.locator('.media-table')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uploads' })).toHaveCount(0);
});

test('an interrupted upload can be discarded: its Draft media goes too', async ({ page }) => {
  const file = copyOf('discard-clip.webm');
  await signIn(page, 'owner@example.com');
  await page.goto('/dashboard/demo/media/video?name=discard-clip.webm');
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp, 128 * 1024);
  await page.getByTestId('media-add-input').setInputFiles(file);
  const entry = page.locator('.upload-entry');
  await expect.poll(() => progressOf(entry), { timeout: 30_000 }).toBeGreaterThan(0.05);
  await page.reload();
  // The Draft row the upload created is listed while the upload is interrupted.
  await expect(rows(page, 'discard-clip.webm')).toHaveCount(1);
  const interrupted = page.locator('.upload-entry[data-phase="interrupted"]');
  await interrupted.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page.locator('.upload-entry')).toHaveCount(0);
  await expect(rows(page, 'discard-clip.webm')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  await expect(rows(page, 'discard-clip.webm')).toHaveCount(0);
  await expect(page.locator('.upload-entry')).toHaveCount(0);
});

test('going offline mid-upload pauses it; back online it completes', async ({ page, context }) => {
  test.setTimeout(180_000);
  const file = copyOf('offline-clip.webm');
  await signIn(page, 'owner@example.com');
  await page.goto('/dashboard/demo/media/video?name=offline-clip.webm');
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp, 256 * 1024);
  await page.getByTestId('media-add-input').setInputFiles(file);
  const entry = page.locator('.upload-entry');
  await expect.poll(() => progressOf(entry), { timeout: 30_000 }).toBeGreaterThan(0.1);

  await context.setOffline(true);
  await expect(entry).toHaveAttribute('data-phase', 'paused');
  await expect(entry).toContainText('Paused — offline');
  await expect(entry).toContainText('The upload continues when you are back online.');
  const pausedAt = await progressOf(entry);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'upload-paused-390');

  const patches: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/media/tus/')) patches.push(Number(request.headers()['upload-offset']));
  });
  await context.setOffline(false);
  await expect(entry).not.toHaveAttribute('data-phase', 'paused');
  await expect(page.getByRole('region', { name: 'Uploads' })).toBeHidden({ timeout: 120_000 });
  // It continued (not from 0) and never went backwards on screen.
  expect(patches.length).toBeGreaterThan(0);
  expect(patches[0]).toBeGreaterThan(0);
  expect(pausedAt).toBeGreaterThan(0.1);
  await page.goto('/dashboard/demo/media/video?name=offline-clip.webm');
  await expect(rows(page, 'offline-clip.webm')).toHaveCount(1);
  await expect(rows(page, 'offline-clip.webm')).toHaveAttribute('data-status', 'Ready');
});
