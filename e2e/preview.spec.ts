/**
 * Preview journeys (spec 000 §2 Preview screen, 002 §2 previews; docs/preview.md): real server, real
 * media from fixtures/media uploaded through the API (multipart image, tus video), the framework-free
 * player inside the SPA's /preview route.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');
const VIDEO = path.join(MEDIA_DIR, 'echo-hereweare.webm');
const IMAGE = path.join(MEDIA_DIR, 'big_buck_bunny.jpg');
const EDITOR = { email: 'editor@example.com', password: 'Vidbot-demo-1' };

interface ResolvedSlide {
  id: number;
  videoUrl: string | null;
  imageUrl: string | null;
}
interface BotAnswer {
  id: number;
  name: string;
  slides: ResolvedSlide[];
  actions: unknown[];
}

async function idToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/idp', {
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'vidbotlocalclient',
      AuthParameters: { USERNAME: EDITOR.email, PASSWORD: EDITOR.password },
    }),
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

/** Uploads the fixture image and video and saves a two-slide bot: Welcome (video) ─Show me the bunny─▶ Bunny (image). */
async function createBotWithMedia(request: APIRequestContext): Promise<BotAnswer> {
  const token = await idToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const accounts = (await (await request.get('/api/account?page=1&size=100', { headers: auth })).json()) as {
    records: { id: number; publicId: string }[];
  };
  const accountId = accounts.records.find((a) => a.publicId === 'demo')!.id;

  const created = (await (
    await request.post('/api/media', { headers: auth, data: { type: 'SlideImage', name: 'Bunny', accountId } })
  ).json()) as { id: number; uploadUrl: { uploadUrl: string; uploadToken: string } };
  const uploaded = await request.post(created.uploadUrl.uploadUrl, {
    headers: { ...auth, 'Upload-Token': created.uploadUrl.uploadToken },
    multipart: { file: { name: 'big_buck_bunny.jpg', mimeType: 'image/jpeg', buffer: readFileSync(IMAGE) } },
  });
  expect(uploaded.ok()).toBe(true);

  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const tus = { ...auth, 'Account-Id': String(accountId), 'Tus-Resumable': '1.0.0' };
  const start = await request.post('/api/media/tus', {
    headers: { ...tus, 'Upload-Length': String(statSync(VIDEO).size), 'Upload-Metadata': `name ${b64('Welcome')},type ${b64('SlideVideo')}` },
  });
  expect(start.status()).toBe(201);
  const patch = await request.patch(start.headers()['location']!, {
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: readFileSync(VIDEO),
  });
  expect(patch.status()).toBe(204);
  const videoId = Number(patch.headers()['media-id']);
  await expect
    .poll(async () => ((await (await request.get(`/api/media/${videoId}`, { headers: auth })).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe('Ready');

  const bot = (await (await request.post('/api/bot', { headers: auth, data: { accountId, name: 'Preview journey' } })).json()) as {
    id: number;
  };
  const saved = await request.patch(`/api/bot/${bot.id}`, {
    headers: auth,
    data: {
      content: {
        actions: [],
        slides: [
          {
            id: 1,
            name: 'Welcome',
            category: 'INTRO',
            type: 'VIDEO',
            videoId,
            imageId: null,
            options: [{ id: 1, name: 'Show me the bunny', type: 'SLIDE', targetId: 2 }],
          },
          {
            id: 2,
            name: 'Bunny',
            description: 'Big Buck Bunny poster',
            category: 'SLIDE',
            type: 'IMAGE',
            videoId: null,
            imageId: created.id,
            options: [{ id: 2, name: 'Back to the video', type: 'SLIDE', targetId: 1 }],
          },
        ],
      },
    },
  });
  expect(saved.ok()).toBe(true);
  return (await (await request.get(`/api/bot/${bot.id}?mode=draft`, { headers: auth })).json()) as BotAnswer;
}

/** Waits until the player's video has played past `seconds` (it must really play, not just load). */
async function expectVideoPlaying(page: Page, seconds = 1): Promise<void> {
  const video = page.locator('[data-vidbot-player] video');
  await expect(video).toHaveCount(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(seconds);
}

let bot: BotAnswer;

test.beforeAll(async ({ request }) => {
  bot = await createBotWithMedia(request);
});

test('a signed-in editor previews a stored bot: the video plays and a SLIDE button shows the image slide', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(EDITOR.email);
  await page.getByLabel('Password').fill(EDITOR.password);
  await page.getByRole('button', { name: /sign in|log in/i }).first().click();
  await page.waitForURL(/\/dashboard/);

  await page.goto(`/preview/${bot.id}?preview=true`);
  await expectVideoPlaying(page);
  await expect(page.locator('.full-cover-loader')).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('17px');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();

  await page.getByRole('button', { name: 'Show me the bunny' }).click();
  const image = page.locator('[data-vidbot-player] img');
  await expect(image).toHaveAttribute('alt', 'Big Buck Bunny poster');
  await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(640);
  await expect(page.locator('[data-vidbot-player] video')).toHaveCount(0);

  await page.goto(`/preview/${bot.id}?preview=true&slide_id=2`);
  await expect(page.locator('[data-vidbot-player] img')).toBeVisible();
});

/** A parent page that embeds /preview/current, answers VIDBOT_PREVIEW_READY with SET_DATA, and logs messages. */
function parentHtml(appOrigin: string, data: BotAnswer): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>parent</title></head><body>
<iframe id="pv" style="width:360px;height:640px" src="${appOrigin}/preview/current?preview=true"></iframe>
<script>
window.received = [];
const frame = document.getElementById('pv');
const bot = ${JSON.stringify({ ...data, slides: data.slides.map((s) => ({ ...s, videoUrl: s.videoUrl && appOrigin + s.videoUrl, imageUrl: s.imageUrl && appOrigin + s.imageUrl })) })};
window.addEventListener('message', (e) => {
  window.received.push({ origin: e.origin, data: e.data });
  if (e.data && e.data.action === 'VIDBOT_PREVIEW_READY') frame.contentWindow.postMessage({ action: 'SET_DATA', data: bot }, ${JSON.stringify(appOrigin)});
});
window.sendAnyway = () => frame.contentWindow.postMessage({ action: 'SET_DATA', data: bot }, ${JSON.stringify(appOrigin)});
</script></body></html>`;
}

test('/preview/current announces READY to an allow-listed parent and plays the SET_DATA bot', async ({ page, baseURL }) => {
  const appOrigin = new URL(baseURL!).origin;
  // The app's own origin is always allow-listed: serve the parent page from it.
  await page.route(`${appOrigin}/e2e-parent.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: parentHtml(appOrigin, bot) }),
  );
  await page.goto(`${appOrigin}/e2e-parent.html`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([
    { origin: appOrigin, data: { action: 'VIDBOT_PREVIEW_READY' } },
  ]);
  const preview = page.frameLocator('#pv');
  const video = preview.locator('[data-vidbot-player] video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
  await preview.getByRole('button', { name: 'Show me the bunny' }).click();
  await expect(preview.locator('[data-vidbot-player] img')).toHaveAttribute('alt', 'Big Buck Bunny poster');
});

test('/preview/current ignores SET_DATA from an origin that is not allow-listed and does not announce to it', async ({ page, baseURL }) => {
  const appOrigin = new URL(baseURL!).origin;
  // A real second server on another port is another origin, and not in the allow-list. (A page
  // fulfilled by page.route would count as a public address and Chromium would refuse the local frame.)
  const stranger = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(parentHtml(appOrigin, bot));
  });
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
  try {
    const strangerOrigin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
    await page.goto(`${strangerOrigin}/parent.html`);
    const preview = page.frameLocator('#pv');
    await expect(preview.getByText('Waiting for the vidbot’s data…')).toBeVisible();
    // The rejection is logged by the preview; wait for that instead of a fixed time.
    const rejected = page.waitForEvent('console', (m) => m.text().includes('Vidbot preview ignored a message'));
    await page.evaluate(() => (window as unknown as { sendAnyway: () => void }).sendAnyway());
    await rejected;
    await expect(preview.locator('[data-vidbot-player]')).toHaveCount(0);
    await expect(preview.getByText('Waiting for the vidbot’s data…')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  } finally {
    await new Promise((resolve) => stranger.close(resolve));
  }
});
