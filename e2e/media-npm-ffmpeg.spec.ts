/**
 * Issue 10 §1 "Bare machine": with no ffmpeg on PATH and `VIDBOT_TOOLS=npm`, the server processes
 * media with the binaries of @ffmpeg-installer/ffmpeg (4.1) and @ffprobe-installer/ffprobe (5.2)
 * — its start banner says so — and every fixture video ends Ready and plays in Chromium
 * (currentTime advances). Runs its own server (fresh DATA_DIR, PGlite, demo data) on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

const REPO = path.resolve(import.meta.dirname, '..');
const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(REPO, '../shared/fixtures/media');
const VIDEOS = ['sample.mp4', 'sample_with_increasing_timestamps_360p.mp4', 'echo-hereweare.webm', 'sample.avi', 'sample.mkv', 'video_desks.3gp'];

interface RunningServer {
  url: string;
  banner: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** PATH without the folders that hold an ffmpeg or ffprobe. */
function pathWithoutFfmpeg(): string {
  const runnable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !runnable(path.join(dir, 'ffmpeg')) && !runnable(path.join(dir, 'ffprobe')))
    .join(path.delimiter);
}

/** Starts the real server (fresh DATA_DIR, PGlite, demo data) with `env` on a free port; waits for its banner. */
async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-e2e-tools-'));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1', ...env },
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect.poll(() => out, { timeout: 150_000, intervals: [500] }).toMatch(/ffprobe: .*\n/);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, banner: () => out, stop };
}

async function signIn(page: Page, appUrl: string, email: string) {
  await page.goto(`${appUrl}/`);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\//);
}

test('without ffmpeg on PATH, the npm ffmpeg/ffprobe process every fixture video; each ends Ready and plays', async ({ page }) => {
  test.setTimeout(600_000);
  const server = await startServer({ PATH: pathWithoutFfmpeg(), VIDBOT_TOOLS: 'npm', FFMPEG_PATH: '', FFPROBE_PATH: '', JOB_CONCURRENCY: '2' });
  try {
    // The banner names the npm binaries (path and version).
    expect(server.banner()).toMatch(/ffmpeg: npm @ffmpeg-installer\/ffmpeg \S+ \S+node_modules\/@ffmpeg-installer\/\S+\/ffmpeg/);
    expect(server.banner()).toMatch(/ffprobe: npm @ffprobe-installer\/ffprobe \S+ \S+node_modules\/@ffprobe-installer\/\S+\/ffprobe/);

    await signIn(page, server.url, 'owner@example.com');
    await page.goto(`${server.url}/dashboard/demo/media/video`);
    await expect(page.locator('.media-table, .empty-state')).toBeVisible();
    await expect(page.getByTestId('media-processing-unavailable')).toHaveCount(0);
    await page.getByTestId('media-add-input').setInputFiles(VIDEOS.map((f) => path.join(MEDIA_DIR, f)));
    await expect(page.getByRole('region', { name: 'Uploads' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Uploads' })).toBeHidden({ timeout: 400_000 });

    for (const file of VIDEOS) {
      await page.goto(`${server.url}/dashboard/demo/media/video?name=${encodeURIComponent(file)}`);
      const r = page.locator('tr[data-media-id]').filter({ has: page.getByRole('cell', { name: file, exact: true }) }).first();
      await expect(r, file).toHaveAttribute('data-status', 'Ready', { timeout: 60_000 });
      await r.getByRole('button', { name: `Play ${file}` }).click();
      const video = page.getByRole('dialog').locator('video');
      await expect(video).toBeVisible();
      const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000, message: file }).toBeGreaterThan(before + 0.3);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  } finally {
    await server.stop();
  }
});

test('with no runnable ffmpeg the server still starts, says so, and the library offers no video upload', async ({ page }) => {
  test.setTimeout(300_000);
  const server = await startServer({ FFMPEG_PATH: '/nonexistent/ffmpeg', JOB_CONCURRENCY: '0' });
  try {
    expect(server.banner()).toContain('ffmpeg: NONE — FFMPEG_PATH=/nonexistent/ffmpeg does not run');
    expect(server.banner()).toContain('Video processing is unavailable: ffmpeg cannot run on the server.');
    await signIn(page, server.url, 'owner@example.com');
    await page.goto(`${server.url}/dashboard/demo/media/video`);
    const notice = page.getByTestId('media-processing-unavailable');
    await expect(notice).toContainText('Video uploads are unavailable');
    await expect(notice).toContainText('apt-get install ffmpeg');
    await expect(page.getByRole('button', { name: 'Add videos' })).toBeDisabled();
    // Images need only ffprobe: that tab still offers uploads.
    await page.getByRole('link', { name: 'Images' }).click();
    await expect(page).toHaveURL(/\/media\/image/);
    await expect(page.getByRole('button', { name: 'Add images' })).toBeEnabled();
    await expect(notice).toHaveCount(0);
  } finally {
    await server.stop();
  }
});
