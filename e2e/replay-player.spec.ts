/**
 * Model-based replay of the player chart (issue 14 "Paths": "The Playwright suite replays the
 * generated paths of the … player machines in Chromium against the real server, each path a named
 * test"). The paths are `npm run paths -- player --shortest`, filtered by
 * e2e/replay/player.selection.ts; their input is the fixture `tourBot`, and the replay publishes the
 * same slides and buttons (e2e/replay/replayBot.ts) once, then opens its direct link `/v/{publicId}`
 * in a fresh page per path.
 *
 * How each event is driven:
 *   - `button.press {optionId}`: a click on the slide's button with that `data-option-id`;
 *   - `play` / `pause`: the player's Play / Pause control;
 *   - `media.playing`: the real video element is played (`video.play()`, its `play` event) — when
 *     it already plays, its `play` event is dispatched (the player listens to that event only);
 *   - `media.ended`: while the video plays, the real video is sought to its end and ends by itself;
 *     while it is paused a browser does not end a video, so the element's `ended` event is dispatched;
 *   - `restart`: the Start over button of the closed screen.
 * How a state is checked: the slide shown (`data-slide-id`), the video playing / paused (its
 * `paused` flag and the control's label), the buttons on screen, the closed screen's text.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support';
import { replayPaths } from './replay/replay';
import { playerSelection, replaySlideAfter } from './replay/player.selection';
import { deleteReplayBot, publishReplayBot, type ReplayBot } from './replay/replayBot';

let bot: ReplayBot;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  bot = await publishReplayBot(request, `Player replay ${Date.now()}`);
  await request.dispose();
});

test.afterAll(async ({ playwright }, info) => {
  if (!bot) return;
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  await deleteReplayBot(request, bot);
  await request.dispose();
});

interface PlayerCtx {
  slide: number;
  state: string;
}

const player = (page: Page) => page.locator('[data-vidbot-player]');
const video = (page: Page) => player(page).locator('video');

replayPaths<PlayerCtx>({
  selection: playerSelection,
  async setup({ page }) {
    await page.goto(`/v/${bot.publicId}`);
    await expect(player(page).locator('[data-slide-id="1"]')).toBeVisible();
    return { slide: 1, state: '' };
  },

  async perform(ctx, step, _index, { page }) {
    const event = step.event as { type: string; optionId?: number };
    const before = ctx.state;
    switch (event.type) {
      case 'button.press':
        await player(page).locator(`[data-slide-id="${ctx.slide}"] .vb-options [data-option-id="${event.optionId}"]`).click();
        break;
      case 'play':
        await player(page).getByRole('button', { name: 'Play', exact: true }).click();
        break;
      case 'pause':
        await player(page).getByRole('button', { name: 'Pause', exact: true }).click();
        break;
      case 'media.playing':
        await video(page).evaluate(async (v: HTMLVideoElement) => {
          if (v.paused) await v.play();
          else v.dispatchEvent(new Event('play'));
        });
        break;
      case 'media.ended':
        await video(page).evaluate((v: HTMLVideoElement) => {
          if (v.paused) v.dispatchEvent(new Event('ended'));
          else v.currentTime = Math.max(0, v.duration - 0.05);
        });
        break;
      case 'restart':
        await player(page).getByRole('button', { name: 'Start over' }).click();
        break;
      default:
        throw new Error(`The player replay cannot drive ${event.type}`);
    }
    ctx.slide = replaySlideAfter(ctx.slide, before, event);
  },

  async expectState(ctx, state, { page }) {
    ctx.state = state;
    if (state === 'closed') {
      await expect(player(page).locator('.vb-message')).toContainText('Thanks for watching.');
      await expect(player(page).getByRole('button', { name: 'Start over' })).toBeVisible();
      await expect(player(page).locator('[data-slide-id]')).toHaveCount(0);
      return;
    }
    await expect(player(page).locator('[data-slide-id]')).toHaveAttribute('data-slide-id', String(ctx.slide));
    if (state.includes('buttons.shown')) await expect(player(page).locator(`[data-slide-id="${ctx.slide}"] .vb-options`)).toBeVisible();
    if (state.includes('media.playing')) {
      await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
      await expect(player(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    }
    if (state.includes('media.paused') || state.includes('media.ended')) {
      await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    }
  },
});
