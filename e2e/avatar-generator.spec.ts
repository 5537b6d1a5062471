/**
 * Avatar video generator journey (issue 16 "Avatar generator", "Done when: an avatar video lands in
 * the media library"; spec 001 §2 "Avatar video generator", §5, §9): the owner uploads a photo to the
 * media library's images, opens the generator from the library's "Generate avatar video" button,
 * finds the photo's avatar group (4 per page, paging with Next), chooses it with the keyboard (focus
 * moves to the settings heading), sees the §5 rules (title, avatar style, script required), goes Back
 * and chooses again, fills title / style / script, generates, waits for ready (the job is polled every
 * 5 s; its generating_script status reads 'Rendering the video…'), follows the link to the video in
 * the media library, and the video there is Ready, 720×1280 (spec 001 §9), H.264, and plays.
 *
 * Written against the issue 16 contract (decision 1): it needs the avatar server part (routes,
 * ffmpeg provider, job) and the seed / flags of the other helpers; it runs once the lead has merged
 * them. It makes sure the demo account has `dashboard:video_generation` through the staff flags API.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, idToken, signIn, test } from './support';
import { findFfTool } from '../scripts/toolchain.mjs';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

let demoId = 0;
let headers: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  headers = { Authorization: `Bearer ${await idToken(request, 'owner@example.com')}` };
  const accounts = await ok<{ records: Array<{ id: number; publicId: string }> }>(await request.get('/api/account', { headers }));
  demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  // The generator needs the account feature video_generation (the seed gives it to the demo account; make sure).
  const staff = { Authorization: `Bearer ${await idToken(request, 'superadmin@example.com')}` };
  const list = await ok<{ records: Array<{ name: string; account_ids: number[] }> }>(await request.get('/api/feature/flags?flag_name=video_generation', { headers: staff }));
  const flag = list.records.find((r) => r.name === 'video_generation');
  if (!flag) await ok(await request.post('/api/feature/flags', { headers: staff, data: { name: 'video_generation', flag_type: 'dashboard', account_ids: [demoId] } }), 201);
  else if (!flag.account_ids.includes(demoId)) {
    await ok(await request.put('/api/feature/flags', { headers: staff, data: { name: 'video_generation', account_ids: [...flag.account_ids, demoId] } }));
  }
});

test('the owner turns a photo into an avatar video that lands in the media library', async ({ page, request }) => {
  test.setTimeout(600_000);
  const stamp = Date.now().toString(36);
  const photo = `avatar-${stamp}.jpg`;
  const title = `Avatar welcome ${stamp}`;
  await signIn(page, 'owner@example.com');

  // 1. A photo in the media library's images.
  await page.goto('/dashboard/demo/media/image');
  await page.getByTestId('media-add-input').setInputFiles({ name: photo, mimeType: 'image/jpeg', buffer: readFileSync(path.join(MEDIA_DIR, 'echo-hereweare.jpg')) });
  // The upload runs in this page: stay until the queue is done (its entry leaves the list).
  await expect(page.getByRole('region', { name: 'Uploads' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uploads' })).toBeHidden({ timeout: 120_000 });
  await page.goto(`/dashboard/demo/media/image?name=${encodeURIComponent(photo)}`);
  await expect(page.locator('tr[data-media-id]').filter({ hasText: photo }).first()).toHaveAttribute('data-status', 'Ready', { timeout: 120_000 });

  // 2. The library's button opens the generator on the select step.
  await page.getByRole('link', { name: 'Generate avatar video' }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/generate\/avatar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Generate avatar video' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose an avatar' })).toBeVisible();
  const groups = page.getByRole('list', { name: 'Avatars' });
  await expect(groups.getByRole('button').first()).toBeVisible();
  // Four per page at most (spec 001 §9); page through until the photo's group shows.
  const group = groups.getByRole('button', { name: new RegExp(`^avatar-${stamp}`) });
  for (let pageNo = 1; !(await group.isVisible()); pageNo++) {
    expect(await groups.getByRole('button').count()).toBeLessThanOrEqual(4);
    const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
    expect(await next.isEnabled(), `the group of ${photo} is listed (page ${pageNo})`).toBe(true);
    await next.click();
    await expect(groups).not.toHaveAttribute('aria-busy', 'true');
  }

  // 3. Keyboard: choosing the group moves focus to the settings heading.
  await group.focus();
  await page.keyboard.press('Enter');
  const settingsHeading = page.getByRole('heading', { name: /^Settings for avatar-/ });
  await expect(settingsHeading).toBeFocused();
  await expect(page.getByRole('group', { name: 'Look' }).getByRole('radio').first()).toBeChecked();

  // 4. Spec 001 §5: title, avatar style and script are required.
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await expect(page.getByText('Avatar style is required.')).toBeVisible();
  await expect(page.getByText('Script is required.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Generating the video' })).toHaveCount(0);

  // 5. Back returns to select; choosing again keeps what was typed.
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose an avatar' })).toBeFocused();
  await group.click();
  await expect(settingsHeading).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);

  // 6. Settings and generate.
  await page.getByRole('combobox', { name: 'Avatar style' }).selectOption({ label: 'Circle' });
  await page.getByRole('textbox', { name: 'Script' }).fill('Hello and welcome! This video was made from a single photo.');
  await expect(page.getByRole('checkbox', { name: 'Show the script as captions' })).toBeChecked();
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page.getByRole('heading', { name: 'Generating the video' })).toBeFocused();
  await expect(page.getByRole('status').filter({ has: page.locator('progress') })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your video is ready' })).toBeVisible({ timeout: 360_000 });
  await expect(page.getByText(`Your avatar video “${title}” is ready in the media library.`)).toBeVisible();

  // 7. The link opens the video in the media library: Ready, 720×1280, H.264, and it plays.
  await page.getByRole('link', { name: 'Open the video in the media library' }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/media\/video\?/);
  const row = page.locator('tr[data-media-id]').filter({ hasText: title }).first();
  await expect(row).toHaveAttribute('data-status', 'Ready', { timeout: 120_000 });
  const mediaId = Number(await row.getAttribute('data-media-id'));
  const media = await ok<{ status: string; width: number | null; height: number | null; url: string | null; name: string }>(await request.get(`/api/media/${mediaId}`, { headers }));
  expect(media).toMatchObject({ status: 'Ready', width: 720, height: 1280, name: title });
  const dir = mkdtempSync(path.join(tmpdir(), 'avatar-e2e-'));
  try {
    const file = path.join(dir, 'avatar.mp4');
    writeFileSync(file, await (await request.get(media.url!)).body());
    const probe = JSON.parse(
      execFileSync(findFfTool('ffprobe').path ?? 'ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', file]).toString(),
    ) as { streams: Array<{ codec_name: string; width: number; height: number }> };
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 720, height: 1280 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await row.getByRole('button', { name: `Play ${title}` }).click();
  const video = page.locator('dialog video, [role="dialog"] video').first();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
});

test('a viewer is not offered the generator and is sent away from its address', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  await page.goto('/dashboard/demo/media/video');
  await expect(page.getByRole('heading', { name: 'Media library' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Generate avatar video' })).toHaveCount(0);
  await page.goto('/dashboard/demo/generate/avatar');
  await expect(page).not.toHaveURL(/generate\/avatar/);
});
