/**
 * The newcomer's first minutes (issue 10 §2 "First impression"; server/src/db/sample.ts): right after
 * the first start, owner@example.com signs in, finds the published sample vidbot in the list, opens it
 * in the editor, opens the preview and watches it: the intro video plays, a button branches to another
 * slide, that slide's video ends and the next one starts by itself (video-end autoplay), and the
 * external-link button opens its page in a new tab (answered locally: the test uses no network).
 * Screenshots of the list, the editor and the preview go to the temp folder (sample-*.png).
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const shot = (name: string) => path.join(os.tmpdir(), `sample-${name}.png`);
const LINK = 'https://statecharts.dev/';

/** The player's current slide id (data-slide-id of the rendered slide). */
const currentSlide = (page: Page) => page.locator('[data-vidbot-player] [data-slide-id]');

/** Waits until the player's video has played past `seconds` of its current source. */
async function expectPlaying(page: Page, seconds = 1): Promise<void> {
  const video = page.locator('[data-vidbot-player] video');
  await expect(video).toHaveCount(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(seconds);
}

test('a newcomer finds the sample vidbot, opens it in the editor and plays it in preview', async ({ page, context }) => {
  await signIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots/);

  // The list: the sample is there, Published, five slides, by the owner.
  const row = page.getByRole('row', { name: /Welcome to Vidbot/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Published');
  await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  await expect(row).toContainText('owner@example.com');
  await page.screenshot({ path: shot('list'), fullPage: true });

  // The editor: the intro and four slides with their buttons; the media posters are there once the
  // media worker has processed the clips (it started with the server).
  await row.getByRole('link', { name: 'Welcome to Vidbot' }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots\/\d+/);
  await expect(page.getByRole('heading', { name: 'Welcome to Vidbot', level: 1 })).toBeVisible();
  await expect(page.getByLabel(/^Version 1, Published$/)).toBeVisible();
  await expect(page.locator('.slide-card')).toHaveCount(5);
  await expect(page.getByRole('list', { name: 'Buttons of Welcome' })).toContainText('What is a vidbot?');
  await expect(page.getByRole('list', { name: 'Buttons of Branch by button' })).toContainText('What is a statechart? (External link)');
  await expect
    .poll(async () => {
      // The editor reads the media once: reload until the worker has made the posters. After a
      // reload the cards render first and the thumbnails when the media answers arrive.
      await page.reload();
      await expect(page.locator('.slide-card')).toHaveCount(5);
      await page.locator('.slide-card .slide-thumb img').nth(4).waitFor({ timeout: 5000 }).catch(() => undefined);
      return page.locator('.slide-card .slide-thumb img').count();
    }, { timeout: 90_000, intervals: [1000, 2000, 3000] })
    .toBe(5);
  await expect
    .poll(() => page.locator('.slide-card .slide-thumb img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await page.screenshot({ path: shot('editor'), fullPage: true });

  // The preview (opens in a new tab): the intro plays.
  const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Preview' }).click()]);
  await expect(preview).toHaveURL(/\/preview\/\d+\?preview=true/);
  await expectPlaying(preview);
  await expect(currentSlide(preview)).toHaveAttribute('data-slide-id', '1');
  await expect(preview.getByRole('button', { name: 'Branch by button' })).toBeVisible();
  await preview.screenshot({ path: shot('preview') });

  // A button branches to another slide, whose own video plays.
  const introSrc = await preview.locator('[data-vidbot-player] video').evaluate((v: HTMLVideoElement) => v.currentSrc);
  await preview.getByRole('button', { name: 'What is a vidbot?' }).click();
  await expect(currentSlide(preview)).toHaveAttribute('data-slide-id', '2');
  await expect(preview.getByRole('button', { name: 'Next: branching' })).toBeVisible();
  await expectPlaying(preview, 0.5);
  expect(await preview.locator('[data-vidbot-player] video').evaluate((v: HTMLVideoElement) => v.currentSrc)).not.toBe(introSrc);

  // Its video ends (8 s) and the next slide starts by itself: video-end autoplay, no click.
  await expect(currentSlide(preview)).toHaveAttribute('data-slide-id', '3', { timeout: 30_000 });
  await expectPlaying(preview, 0.5);
  await preview.screenshot({ path: shot('preview-branch') });

  // The external link opens in a new tab (answered here instead of by the real site).
  await context.route(`${LINK}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Statecharts</title><p>Statecharts</p>' }));
  const [tab] = await Promise.all([context.waitForEvent('page'), preview.getByRole('button', { name: 'What is a statechart?' }).click()]);
  await expect(tab).toHaveURL(LINK);
  await tab.close();
  // The player stays on its slide.
  await expect(currentSlide(preview)).toHaveAttribute('data-slide-id', '3');
});
