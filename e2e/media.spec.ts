/**
 * Media library journeys (issue 5; spec 001 §2 "Media library", §4 "Media upload"): the Owner
 * uploads every fixture video and image through the library (queue of 2), each ends Ready and plays
 * in Chromium (currentTime advances; the displayed aspect ratio matches ffprobe's display aspect of
 * the source); English subtitles uploaded from english.vtt show as a text track with cues; rename;
 * delete. A throttled upload is cancelled mid-way and leaves no media. /media and unknown types
 * redirect to /media/video; a Viewer's add button is disabled. Screenshots at 1280 and 390 px.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test, signIn } from './support';
import { findFfTool } from '../scripts/toolchain.mjs';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');
const VIDEOS = ['sample.mp4', 'sample_with_increasing_timestamps_360p.mp4', 'echo-hereweare.webm', 'sample.avi', 'sample.mkv', 'video_desks.3gp'];
const IMAGES = ['big_buck_bunny.jpg', 'echo-hereweare.jpg'];

/** Display aspect ratio (width × SAR / height) of a fixture's first video stream, from ffprobe. */
function displayAspect(file: string): number {
  const out = execFileSync(findFfTool('ffprobe').path ?? 'ffprobe', [
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,sample_aspect_ratio', '-of', 'json', path.join(MEDIA_DIR, file),
  ]).toString();
  const stream = (JSON.parse(out) as { streams: { width: number; height: number; sample_aspect_ratio?: string }[] }).streams[0]!;
  const [n, d] = (stream.sample_aspect_ratio && stream.sample_aspect_ratio !== 'N/A' && stream.sample_aspect_ratio !== '0:1' ? stream.sample_aspect_ratio : '1:1').split(':').map(Number);
  return (stream.width * (n! / d!)) / stream.height;
}

const row = (page: Page, name: string): Locator => page.locator('tr[data-media-id]').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** The newest id listed on the current tab (0 when empty): media uploaded later have larger ids. */
async function newestId(page: Page): Promise<number> {
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  return Number((await page.locator('tr[data-media-id]').first().getAttribute('data-media-id', { timeout: 1000 }).catch(() => null)) ?? 0);
}

/**
 * Lists `type` filtered by `name` (other journeys may have uploaded files of the same name) and
 * answers the row of the newest media with exactly that name, checking it is one this test made.
 */
async function freshRow(page: Page, type: 'video' | 'image', name: string, afterId: number): Promise<Locator> {
  await page.goto(`/dashboard/demo/media/${type}?name=${encodeURIComponent(name)}`);
  const r = row(page, name).first();
  await expect.poll(async () => Number(await r.getAttribute('data-media-id'))).toBeGreaterThan(afterId);
  return r;
}

async function rowAction(page: Page, name: string, action: string) {
  const r = row(page, name).first();
  await r.getByText('Actions', { exact: true }).click();
  await r.getByRole('button', { name: action, exact: true }).click();
}

async function expectPlays(video: Locator) {
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(before + 0.3);
}

test('the owner uploads every fixture through the library; each plays; subtitles, rename and delete', async ({ page }) => {
  test.setTimeout(600_000);
  await signIn(page, 'owner@example.com');
  await page.goto('/dashboard/demo/media');
  await expect(page).toHaveURL(/\/dashboard\/demo\/media\/video/);
  await page.goto('/dashboard/demo/media/nonsense');
  await expect(page).toHaveURL(/\/dashboard\/demo\/media\/video/);
  await page.setViewportSize({ width: 1280, height: 900 });
  const videosAfter = await newestId(page);

  // Upload all videos at once: the queue runs two at a time; the list polls every 5 s while processing.
  await page.getByTestId('media-add-input').setInputFiles(VIDEOS.map((f) => path.join(MEDIA_DIR, f)));
  await expect(page.getByRole('region', { name: 'Uploads' })).toBeVisible();
  await expect(page.locator('.upload-entry[data-phase="uploading"], .upload-entry[data-phase="processing"]')).not.toHaveCount(0);
  expect(await page.locator('.upload-entry[data-phase="uploading"]').count()).toBeLessThanOrEqual(2);
  // Each entry leaves the list 1 s after its chart ends (videos: once processed and Ready).
  await expect(page.getByRole('region', { name: 'Uploads' })).toBeHidden({ timeout: 300_000 });
  await page.screenshot({ path: test.info().outputPath('media-library-1280.png'), fullPage: true });

  // Every video is Ready and plays with its source's display aspect ratio.
  for (const file of VIDEOS) {
    const r = await freshRow(page, 'video', file, videosAfter);
    await expect(r).toHaveAttribute('data-status', 'Ready');
    if (file === 'echo-hereweare.webm') {
      await expect(r.locator('.duration-cell')).toHaveText('00:00:45');
      await expect(r.locator('.date-cell')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    }
    await r.getByRole('button', { name: `Play ${file}` }).click();
    const dialog = page.getByRole('dialog');
    const video = dialog.locator('video');
    await expect(video).toBeVisible();
    await expectPlays(video);
    const ratio = await video.evaluate((v: HTMLVideoElement) => v.videoWidth / v.videoHeight);
    expect(Math.abs(ratio - displayAspect(file)) / displayAspect(file), file).toBeLessThan(0.02);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // Subtitles: English from english.vtt; then the player shows a text track with cues.
  await freshRow(page, 'video', 'echo-hereweare.webm', videosAfter);
  await rowAction(page, 'echo-hereweare.webm', 'Subtitles');
  const subs = page.getByRole('dialog');
  await subs.getByLabel('Language').selectOption('en');
  await subs.getByLabel('WebVTT file (.vtt)').setInputFiles(path.join(MEDIA_DIR, 'english.vtt'));
  await subs.getByRole('button', { name: 'Upload subtitles' }).click();
  await expect(subs.getByRole('list', { name: 'Subtitles' }).getByText('English')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('media-subtitles-1280.png') });
  await page.keyboard.press('Escape');
  await row(page, 'echo-hereweare.webm').first().getByRole('button', { name: 'Play echo-hereweare.webm' }).click();
  const player = page.getByRole('dialog').locator('video');
  await expectPlays(player);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => (v.textTracks[0] ? (v.textTracks[0].mode = 'showing', v.textTracks[0].cues?.length ?? 0) : -1)), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await player.evaluate((v: HTMLVideoElement) => [v.textTracks[0]!.kind, v.textTracks[0]!.language])).toEqual(['subtitles', 'en']);
  await page.keyboard.press('Escape');

  // Images.
  await page.getByRole('link', { name: 'Images' }).click();
  await expect(page).toHaveURL(/\/media\/image/);
  const imagesAfter = await newestId(page);
  await page.getByTestId('media-add-input').setInputFiles(IMAGES.map((f) => path.join(MEDIA_DIR, f)));
  await expect(page.getByRole('region', { name: 'Uploads' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uploads' })).toBeHidden({ timeout: 60_000 });
  for (const file of IMAGES) {
    const r = await freshRow(page, 'image', file, imagesAfter);
    await expect(r).toHaveAttribute('data-status', 'Ready');
    await r.getByRole('button', { name: `View ${file}` }).click();
    const img = page.getByRole('dialog').getByRole('img', { name: file });
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    const ratio = await img.evaluate((i: HTMLImageElement) => i.naturalWidth / i.naturalHeight);
    expect(Math.abs(ratio - displayAspect(file)) / displayAspect(file)).toBeLessThan(0.02);
    await page.keyboard.press('Escape');
  }

  // Crop dialog: arrow keys move 1 %, saved.
  await freshRow(page, 'image', 'big_buck_bunny.jpg', imagesAfter);
  await rowAction(page, 'big_buck_bunny.jpg', 'Crop');
  const crop = page.getByRole('dialog');
  await crop.getByRole('group', { name: /Crop preview/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await expect(crop.getByText('Horizontal position 52 %')).toBeVisible();
  await expect(crop.getByText('Vertical position 49 %')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('media-crop-1280.png') });
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(crop).toBeHidden();

  // Rename (name required), then delete.
  await freshRow(page, 'video', 'sample.mp4', videosAfter);
  await rowAction(page, 'sample.mp4', 'Rename');
  const rename = page.getByRole('dialog');
  await rename.getByLabel('Name').fill('   ');
  await expect(rename.getByRole('button', { name: 'Save' })).toBeDisabled();
  await rename.getByLabel('Name').fill('Renamed clip');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await page.goto('/dashboard/demo/media/video?name=Renamed%20clip');
  await expect(row(page, 'Renamed clip')).toHaveCount(1);
  await rowAction(page, 'Renamed clip', 'Delete');
  const del = page.getByRole('dialog');
  await expect(del.getByText('Delete “Renamed clip”? This cannot be undone.')).toBeVisible();
  await del.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row(page, 'Renamed clip')).toHaveCount(0);
  await expect(del).toBeHidden();
  // Nothing asked for the deleted media afterwards (no error toast).
  await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);

  await page.goto('/dashboard/demo/media/video');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.media-table')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('media-library-390.png'), fullPage: true });
});

test('a throttled upload is cancelled mid-way and leaves no media', async ({ page }) => {
  await signIn(page, 'editor@example.com');
  await page.goto('/dashboard/demo/media/video?name=echo-hereweare.webm');
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  const before = await row(page, 'echo-hereweare.webm').count();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
  await page.getByTestId('media-add-input').setInputFiles(path.join(MEDIA_DIR, 'echo-hereweare.webm'));
  const entry = page.locator('.upload-entry');
  await expect(entry).toHaveAttribute('data-phase', 'uploading');
  await expect.poll(() => entry.locator('progress').evaluate((p: HTMLProgressElement) => p.value), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(await entry.locator('progress').evaluate((p: HTMLProgressElement) => p.value)).toBeLessThan(0.99);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('media-uploading-390.png') });
  await entry.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(entry).toHaveAttribute('data-phase', 'cancelled');
  await expect(entry).toHaveCount(0, { timeout: 5_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.reload();
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  await expect(row(page, 'echo-hereweare.webm')).toHaveCount(before);
  await expect(page.locator('tr[data-status="Draft"]')).toHaveCount(0);
});

test('a Viewer sees the library with the add button disabled', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  await page.goto('/dashboard/demo/media/image');
  await expect(page.getByRole('button', { name: 'Add images' })).toBeDisabled();
  await expect(page.getByText('Viewers cannot add or change media.')).toBeVisible();
});
