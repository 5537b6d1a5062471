/**
 * Media library journeys of issue 5 not covered by e2e/media.spec.ts (spec 001 §2 "Media library",
 * §3 Media and Crop, §8, §9):
 * - captions from english.vtt show in the player: the English text track is selected and its active
 *   cue is the file's cue for the current time while currentTime advances;
 * - replace keeps the media id (every slide using it shows the new file);
 * - an Error media shows a red badge whose reason is reachable by keyboard (tooltip on focus,
 *   aria-describedby); focus returns to the row's menu after a dialog closes;
 * - the library in Finnish: Finnish texts, the subtitle languages named in Finnish for every
 *   ISO 639-1 code (Unicode CLDR), crop and subtitle dialogs with the §9 cover ratios.
 * Screenshots (en and fi library, crop, subtitles, player with a cue) go to SCREENSHOT_DIR (default
 * the test's output folder).
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Locator, type Page, type TestInfo } from '@playwright/test';
import { expect, test, signIn } from './support';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');
const RUN = Date.now().toString(36);

/** Where a screenshot goes: SCREENSHOT_DIR when set, else the test's output folder. */
const shot = (info: TestInfo, name: string) => (process.env.SCREENSHOT_DIR ? path.join(process.env.SCREENSHOT_DIR, name) : info.outputPath(name));

/** The cues of a WebVTT file: start and end in seconds, text with tags removed. */
function parseCues(file: string): { start: number; end: number; text: string }[] {
  const seconds = (stamp: string) => stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return readFileSync(file, 'utf8')
    .split(/\r?\n\r?\n/)
    .map((block) => /^(\S+) --> (\S+)[^\n]*\n([\s\S]+)$/m.exec(block.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ start: seconds(m[1]!), end: seconds(m[2]!), text: m[3]!.trim() }));
}

/** A copy of a fixture under a name unique to this run (the media's name is the file's name). */
function fixtureCopy(info: TestInfo, fixture: string, name: string): string {
  const target = info.outputPath(name);
  copyFileSync(path.join(MEDIA_DIR, fixture), target);
  return target;
}

/** The library row of the media named `name` (listed with the name filter). */
async function openRow(page: Page, type: 'video' | 'image', name: string): Promise<Locator> {
  await page.goto(`/dashboard/demo/media/${type}?name=${encodeURIComponent(name)}`);
  const row = page.locator('tr[data-media-id]').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

/**
 * Uploads `file` from the library filtered by its name and waits, on that page, until its row is
 * `status` (the queue refreshes the list when an upload ends; the list polls every 5 s meanwhile).
 */
async function upload(page: Page, type: 'video' | 'image', file: string, status: 'Ready' | 'Error'): Promise<Locator> {
  const name = path.basename(file);
  await page.goto(`/dashboard/demo/media/${type}?name=${encodeURIComponent(name)}`);
  await expect(page.locator('.media-table, .empty-state')).toBeVisible();
  await page.getByTestId('media-add-input').setInputFiles(file);
  const row = page.locator('tr[data-media-id]').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row).toHaveAttribute('data-status', status, { timeout: 120_000 });
  return row;
}

/** Opens a row's action menu and picks `action` (its accessible name in the current language). */
async function rowAction(row: Locator, action: string) {
  await row.locator('summary').click();
  await row.getByRole('button', { name: action, exact: true }).click();
}

test('english.vtt captions show in the player while it plays', async ({ page }, info) => {
  test.setTimeout(240_000);
  await signIn(page, 'owner@example.com');
  const name = `captions-${RUN}.webm`;
  const row = await upload(page, 'video', fixtureCopy(info, 'echo-hereweare.webm', name), 'Ready');

  await rowAction(row, 'Subtitles');
  const subs = page.getByRole('dialog', { name: 'Subtitles' });
  await subs.getByLabel('Language').selectOption('en');
  await subs.getByLabel('WebVTT file (.vtt)').setInputFiles(path.join(MEDIA_DIR, 'english.vtt'));
  await subs.getByRole('button', { name: 'Upload subtitles' }).click();
  await expect(subs.getByRole('list', { name: 'Subtitles' }).getByText('English')).toBeVisible();
  // Download as .vtt: the same cues come back.
  const download = page.waitForEvent('download');
  await subs.getByRole('button', { name: 'Download English subtitles (.vtt)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.vtt$/);
  const downloaded = info.outputPath('downloaded.vtt');
  await file.saveAs(downloaded);
  expect(parseCues(downloaded)).toEqual(parseCues(path.join(MEDIA_DIR, 'english.vtt')));
  await page.keyboard.press('Escape');
  await expect(subs).toBeHidden();
  // Focus is back on the row's menu button, not lost on the page.
  await expect(row.locator('summary')).toBeFocused();

  await row.getByRole('button', { name: `Play ${name}` }).click();
  const video = page.getByRole('dialog', { name }).locator('video');
  await expect(video).toBeVisible();
  // The English track is the player's track; select it (what the CC menu does) and keep it showing.
  expect(await video.evaluate((v: HTMLVideoElement) => [...v.textTracks].map((t) => [t.kind, t.language, t.label]))).toEqual([['subtitles', 'en', 'English']]);
  await video.evaluate((v: HTMLVideoElement) => {
    v.textTracks[0]!.mode = 'showing';
  });

  const cues = parseCues(path.join(MEDIA_DIR, 'english.vtt'));
  const expectedAt = (time: number) => cues.find((c) => c.start <= time && time < c.end)?.text.replace(/<[^>]+>/g, '');
  const sample = () =>
    video.evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      active: [...(v.textTracks[0]?.activeCues ?? [])].map((c) => (c as VTTCue).getCueAsHTML().textContent ?? ''),
    }));
  // The first cue is active early on …
  await expect.poll(async () => (await sample()).active, { timeout: 20_000 }).toContain(cues[0]!.text);
  // … and as currentTime advances past 3 s, the active cue is the file's cue for that time.
  await expect
    .poll(
      async () => {
        const { time, active } = await sample();
        return time >= 3 && active.length === 1 && active[0] === expectedAt(time);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.screenshot({ path: shot(info, 'library-player-captions.png') });
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: `Play ${name}` })).toBeFocused();
});

test('replace keeps the media id; an Error badge explains itself on keyboard focus', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'editor@example.com');

  // Replace: the same id now serves the other picture.
  const name = `replace-${RUN}.jpg`;
  const row = await upload(page, 'image', fixtureCopy(info, 'echo-hereweare.jpg', name), 'Ready');
  const id = await row.getAttribute('data-media-id');
  /** The bytes the library's View dialog shows for the media of `r`. */
  const shownBytes = async (r: Locator) => {
    await r.getByRole('button', { name: `View ${name}` }).click();
    const img = page.getByRole('dialog', { name }).getByRole('img', { name });
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    const src = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
    await page.keyboard.press('Escape');
    return { src, bytes: await (await page.request.get(src)).body() };
  };
  const before = await shownBytes(row);
  expect(before.bytes.equals(readFileSync(path.join(MEDIA_DIR, 'echo-hereweare.jpg')))).toBe(true);
  const chooser = page.waitForEvent('filechooser');
  await rowAction(row, 'Replace');
  await (await chooser).setFiles(path.join(MEDIA_DIR, 'big_buck_bunny.jpg'));
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads).toBeVisible();
  await expect(uploads).toBeHidden({ timeout: 60_000 });
  const after = await openRow(page, 'image', name);
  await expect(after).toHaveAttribute('data-media-id', id!);
  await expect(after).toHaveAttribute('data-status', 'Ready');
  const replaced = await shownBytes(after);
  // A new address (no stale cache anywhere that shows the media) with the new file's bytes.
  expect(replaced.src).not.toBe(before.src);
  expect(replaced.bytes.equals(readFileSync(path.join(MEDIA_DIR, 'big_buck_bunny.jpg')))).toBe(true);

  // A text file named .mp4 ends as Error with the server's reason.
  const broken = info.outputPath(`broken-${RUN}.mp4`);
  writeFileSync(broken, 'This is a shopping list, not a video.\n'.repeat(50));
  const errorRow = await upload(page, 'video', broken, 'Error');
  const badge = errorRow.getByRole('button', { name: 'Error', exact: true });
  const tip = errorRow.getByRole('tooltip');
  await expect(tip).toBeHidden();
  // Reach it with the keyboard: Tab from the search field's neighbours until the badge has focus.
  await page.getByRole('button', { name: 'Search', exact: true }).focus();
  for (let i = 0; i < 12 && !(await badge.evaluate((b) => b === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(badge).toBeFocused();
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(/is not a supported video file/);
  await expect(badge).toHaveAccessibleDescription(/is not a supported video file/);
  // Not clipped by the table's scroll box: the tooltip is what is seen at its centre.
  const tb = (await tip.boundingBox())!;
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('role'), [tb.x + tb.width / 2, tb.y + tb.height / 2])).toBe('tooltip');
  await page.screenshot({ path: shot(info, 'library-error-tooltip.png') });
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await errorRow.locator('.thumb-cell').hover();
  await badge.hover();
  await expect(tip).toBeVisible();
});

test('the library in Finnish: texts, subtitle languages named in Finnish, crop and subtitle dialogs', async ({ page }, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'owner@example.com');
  const image = `crop-${RUN}.jpg`;
  const video = `subs-${RUN}.webm`;
  await upload(page, 'image', fixtureCopy(info, 'big_buck_bunny.jpg', image), 'Ready');
  await upload(page, 'video', fixtureCopy(info, 'echo-hereweare.webm', video), 'Ready');

  await page.goto('/dashboard/demo/media/video');
  await expect(page.getByRole('heading', { name: 'Media library' })).toBeVisible();
  await page.screenshot({ path: shot(info, 'library-en.png'), fullPage: true });

  await page.evaluate(() => localStorage.setItem('vidbot.language', 'fi'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mediakirjasto' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await page.screenshot({ path: shot(info, 'library-fi.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot(info, 'library-fi-390.png'), fullPage: true });
  // Nothing sticks out sideways on a phone: the page does not scroll and each row's menu is in view.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const summary of await page.locator('tr[data-media-id] summary').all()) {
    const b = (await summary.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  await expect(page.locator('tr[data-media-id] summary').first()).toHaveAccessibleName(/^Toiminnot: /);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Subtitles dialog in Finnish: every ISO 639-1 code named by CLDR in Finnish.
  const videoRow = await openRow(page, 'video', video);
  await rowAction(videoRow, 'Tekstitykset');
  const subs = page.getByRole('dialog', { name: 'Tekstitykset' });
  const select = subs.getByLabel('Kieli');
  const options = await select.locator('option:not([value=""])').evaluateAll((els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
  expect(options.length).toBeGreaterThanOrEqual(183);
  expect(options).toContainEqual(['en', 'Englanti (en)']);
  expect(options).toContainEqual(['fi', 'Suomi (fi)']);
  expect(options).toContainEqual(['sv', 'Ruotsi (sv)']);
  // Every name is CLDR's Finnish name (Chromium's own Intl data lacks about 50 of them).
  const cldr = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../node_modules/cldr-localenames-full/main/fi/languages.json'), 'utf8')) as {
    main: { fi: { localeDisplayNames: { languages: Record<string, string> } } };
  }).main.fi.localeDisplayNames.languages;
  const notFinnish = options.filter(([code, text]) => text!.toLocaleLowerCase('fi') !== `${cldr[code!]} (${code})`.toLocaleLowerCase('fi'));
  expect(notFinnish).toEqual([]);
  await select.selectOption('fi');
  await subs.getByLabel('WebVTT-tiedosto (.vtt)').setInputFiles(path.join(MEDIA_DIR, 'english.vtt'));
  await subs.locator('button[type=submit]').click();
  await expect(subs.getByRole('list', { name: 'Tekstitykset' }).getByText('Suomi')).toBeVisible();
  await page.screenshot({ path: shot(info, 'library-subtitles-fi.png') });
  // Delete: the Finnish track goes.
  await subs.getByRole('button', { name: 'Poista tekstitys: Suomi' }).click();
  await expect(subs.getByText('Ei vielä tekstityksiä.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(videoRow.locator('summary')).toBeFocused();

  // Crop dialog in Finnish: arrow keys move 1 %, the cover ratio changes the preview box.
  const imageRow = await openRow(page, 'image', image);
  await rowAction(imageRow, 'Rajaa');
  const crop = page.getByRole('dialog', { name: 'Rajaa' });
  const preview = crop.getByRole('group', { name: 'Rajauksen esikatselu' });
  await expect(preview).toBeFocused();
  await expect(preview).toHaveAccessibleDescription(/nuolinäppäimillä 1 %/);
  await page.keyboard.press('ArrowLeft');
  await expect(crop.getByText('Vaakasijainti 49 %')).toBeVisible();
  const box = async () => (await preview.boundingBox())!;
  expect(Math.round((await box()).width)).toBe(320);
  expect(Math.round((await box()).height)).toBe(320);
  await crop.getByLabel('Kansikuvan kuvasuhde').selectOption('widget');
  expect(Math.round((await box()).height)).toBe(Math.round(320 / 0.525));
  await crop.getByLabel('Kansikuvan kuvasuhde').selectOption('widgetHorizontal');
  expect(Math.round((await box()).height)).toBe(Math.round(320 / (40 / 21)));
  await page.screenshot({ path: shot(info, 'library-crop-fi.png') });
  await page.keyboard.press('Escape');
  await expect(imageRow.locator('summary')).toBeFocused();
  await page.evaluate(() => localStorage.setItem('vidbot.language', 'en'));
});

test.describe('row states, formats and polling (list answers fixed by the test)', () => {
  test.use({ timezoneId: 'Europe/Helsinki' });

  const base = { accountId: 0, previewUrl: null, width: 480, height: 270, size: 1000, crop: { x: 50, y: 50, scale: 1 }, replacesId: null, captions: [], errorReason: null };
  const ready = { ...base, id: 9001, name: 'ready.webm', type: 'SlideVideo', mediaType: 'VIDEO', status: 'Ready', url: '/files/none.webm', thumbnailUrl: '/favicon.svg', duration: 3725.4, createdAt: '2026-11-22T08:05:00Z' };
  const noUrl = { ...ready, id: 9002, name: 'no-url.webm', url: null };
  const draft = { ...ready, id: 9003, name: 'draft.webm', status: 'Draft', url: null, thumbnailUrl: null, duration: null };
  const failed = { ...ready, id: 9004, name: 'failed.webm', status: 'Error', url: null, thumbnailUrl: null, duration: null, errorReason: 'The video could not be decoded.' };
  const list = (records: object[]) => JSON.stringify({ records, metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: records.length } });

  test('Play only for Ready with a url, a pending label, dd/MM/yyyy HH:mm and HH:mm:ss; polls every 5 s only while processing', async ({ page }, info) => {
    await signIn(page, 'owner@example.com');
    let answers = 0;
    let processing = true;
    await page.route(/\/api\/media\?/, (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      answers += 1;
      return route.fulfill({ contentType: 'application/json', body: list(processing ? [ready, noUrl, draft, failed] : [ready, noUrl, { ...draft, status: 'Ready', url: '/files/x.webm' }, failed]) });
    });
    await page.clock.install();
    await page.goto('/dashboard/demo/media/video');
    const rowOf = (name: string) => page.locator('tr[data-media-id]').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(rowOf('draft.webm')).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);

    await expect(rowOf('ready.webm').getByRole('button', { name: 'Play ready.webm' })).toBeVisible();
    await expect(rowOf('ready.webm').locator('.duration-cell')).toHaveText('01:02:05');
    await expect(rowOf('ready.webm').locator('.date-cell')).toHaveText('22/11/2026 10:05');
    for (const name of ['no-url.webm', 'draft.webm', 'failed.webm']) {
      await expect(rowOf(name).getByRole('button', { name: `Play ${name}` })).toHaveCount(0);
      await rowOf(name).locator('summary').click();
      await expect(rowOf(name).getByRole('button', { name: 'Play', exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    await expect(rowOf('draft.webm').getByText('Processing…')).toBeVisible();
    await expect(rowOf('failed.webm').getByRole('button', { name: 'Error' })).toHaveAccessibleDescription('The video could not be decoded.');

    // A Draft is listed: the list asks again after 5 s …
    const first = answers;
    await page.clock.runFor(5_000);
    // (the answer of this poll still lists the Draft, so the next one is due 5 s later)
    await expect.poll(() => answers).toBe(first + 1);
    // … then nothing is processing any more, and the polling stops.
    processing = false;
    await page.clock.runFor(5_000);
    await expect.poll(() => answers).toBe(first + 2);
    // React Query hands answers to the view on a 0 ms timer: let the paused clock tick to show it.
    await expect
      .poll(async () => {
        await page.clock.runFor(10);
        return rowOf('draft.webm').getAttribute('data-status');
      })
      .toBe('Ready');
    await expect(rowOf('draft.webm').getByRole('button', { name: 'Play draft.webm' })).toHaveCount(0); // no thumbnail in the answer
    // On a phone the Error row is no taller than the Draft row (same empty preview).
    await page.setViewportSize({ width: 390, height: 844 });
    const cellHeights = (name: string) => rowOf(name).locator('td').evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().height)));
    const heights = { failed: await cellHeights('failed.webm'), draft: await cellHeights('no-url.webm') };
    const inner = await rowOf('failed.webm').locator('td').evaluateAll((tds) => tds.map((td) => [...td.querySelectorAll('*')].map((e) => `${e.tagName}.${e.className}:${Math.round(e.getBoundingClientRect().height)}`).join(' ')));
    expect(heights.failed[0], JSON.stringify({ heights, inner })).toBeLessThanOrEqual(heights.draft[0]! + 2);
    await page.screenshot({ path: shot(info, 'library-row-states-390.png') });
    await page.clock.runFor(30_000);
    // A round trip through the network after the timers ran: a poll would have been asked for by now.
    await page.evaluate(() => fetch('/api/config').then((r) => r.status));
    expect(answers).toBe(first + 2);
  });
});
