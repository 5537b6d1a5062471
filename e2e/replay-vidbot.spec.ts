/**
 * Replay of a published vidbot's own compiled chart (issue 14 "Paths": `npm run paths -- --bot
 * <publicId>` and "the same paths run in the e2e suite"; issue 7: a vidbot compiles into a chart,
 * one state per slide, one transition per button and video end).
 *
 * The bot (e2e/replay/replayBot.ts) branches (Intro: Next ▶ Second, also when its video ends), closes
 * (Intro: Bye) and loops (Second: Home ▶ Intro, also when its video ends). The tests are declared from
 * the chart of its content (`compileVidbot` + `payloadFreeSource` + `pathsFromSource`, strategy tour);
 * `beforeAll` publishes it, fetches it back through the public player API and checks that the
 * published bot compiles to exactly the same paths (so the named tests are the `--bot` CLI's paths).
 * Each path then runs in a fresh page on the bot's direct link `/v/{publicId}`:
 *   - `button.<optionId>`: a click on that button of the slide shown;
 *   - `video.end`: the real video is played (Play control, when paused) and sought to its end, and
 *     the player follows its video-end button;
 * and each state is checked: `slide-<id>` = that slide shown (`data-slide-id`), `closed` = the
 * closed screen (“Thanks for watching.” with Start over).
 * The coverage report counts these separately from the catalog's demo bot (./replay/vidbot.selection.ts).
 */
import type { Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { expect, test } from './support';
import { compileVidbot } from '../machines/vidbot/vidbot.machine';
import type { VidbotContent } from '../machines/vidbot/vidbot.types';
import { pathsFromSource, payloadFreeSource, type MachinePath } from '../machines/tooling/paths';
import { deleteReplayBot, publicPlayerBot, publishReplayBot, REPLAY_BOT_SLIDES, type ReplayBot } from './replay/replayBot';

/** The `--bot` paths of a vidbot's content (what `npm run paths -- --bot <publicId>` prints). */
function botPaths(content: VidbotContent): MachinePath[] {
  const machine = compileVidbot(content) as unknown as AnyStateMachine;
  return pathsFromSource('vidbot', machine, payloadFreeSource(machine), 'tour');
}

const localPaths = botPaths({ slides: REPLAY_BOT_SLIDES as unknown as VidbotContent['slides'], actions: [] } as VidbotContent);
let bot: ReplayBot;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  bot = await publishReplayBot(request, `Vidbot replay ${Date.now()}`);
  const published = await publicPlayerBot(request, bot.publicId);
  await request.dispose();
  const summary = (paths: MachinePath[]) => paths.map((p) => `${p.id} ${p.title}`);
  expect(summary(botPaths(published)), 'the published bot compiles to the paths the tests were declared from').toEqual(summary(localPaths));
});

test.afterAll(async ({ playwright }, info) => {
  if (!bot) return;
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  await deleteReplayBot(request, bot);
  await request.dispose();
});

const player = (page: Page) => page.locator('[data-vidbot-player]');

async function expectShown(page: Page, state: string): Promise<void> {
  if (state === 'closed') {
    await expect(player(page).locator('.vb-message')).toContainText('Thanks for watching.');
    await expect(player(page).getByRole('button', { name: 'Start over' })).toBeVisible();
    return;
  }
  const slideId = /^slide-(\d+)$/.exec(state)?.[1];
  if (!slideId) throw new Error(`Unexpected vidbot state ${state}`);
  await expect(player(page).locator('[data-slide-id]')).toHaveAttribute('data-slide-id', slideId);
}

for (const path of localPaths) {
  test(`${path.title} [${path.id}]`, async ({ page }) => {
    await page.goto(`/v/${bot.publicId}`);
    await expectShown(page, path.start.state);
    let shown = path.start.state;
    for (const step of path.steps) {
      await test.step(`${step.event.type} → ${step.state}`, async () => {
        const slide = player(page).locator(`[data-slide-id="${/^slide-(\d+)$/.exec(shown)![1]}"]`);
        if (step.event.type === 'video.end') {
          const video = slide.locator('video');
          if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await player(page).getByRole('button', { name: 'Play', exact: true }).click();
          await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.duration > 0)).toBe(true);
          await video.evaluate((v: HTMLVideoElement) => {
            v.currentTime = Math.max(0, v.duration - 0.05);
          });
        } else {
          const optionId = /^button\.(\d+)$/.exec(step.event.type)?.[1];
          if (!optionId) throw new Error(`Unexpected vidbot event ${step.event.type}`);
          await slide.locator(`.vb-options [data-option-id="${optionId}"]`).click();
        }
        await expectShown(page, step.state);
        shown = step.state;
      });
    }
  });
}
