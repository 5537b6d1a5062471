/**
 * The spine journey (issue 2): sign in as the Owner in the browser, create a vidbot, upload a real
 * video (intro slide) and a real image (second slide) through the media chooser, add a SLIDE button
 * from the intro to the image slide, save a draft, publish, open the preview and watch it play: the
 * video's currentTime advances, the button shows, clicking it shows the image slide.
 * Plus: an AVI upload ends Ready (transcoded) and plays; a Viewer cannot create.
 */
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test, signIn } from './support';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');
/** In the open media chooser: upload `file` and wait until the chooser closes with it chosen. */
async function uploadThroughChooser(page: Page, button: 'Upload video' | 'Upload image', file: string) {
  const dialog = page.getByRole('dialog');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path.join(MEDIA_DIR, file));
  // The upload machine sends, polls every 2 s until Ready, then the chooser picks the media.
  await expect(dialog).toBeHidden({ timeout: 90_000 });
}

async function expectVideoPlays(page: Page) {
  const video = page.locator('video').first();
  await expect(video).toBeVisible();
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(async () => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(before + 0.5);
}

test('owner builds a vidbot from a real video and image, publishes it and watches it play', async ({ page, context }) => {
  await signIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots/);

  // Create (spec 001 §2 Create dialog): name required, privacy Public by default.
  await page.getByRole('button', { name: 'Create new' }).click();
  const create = page.getByRole('dialog');
  await expect(create.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  await expect(create.getByLabel('Privacy')).toHaveValue('Public');
  await create.getByLabel('Name').fill('Echo tour');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots\/\d+/);
  const botId = /vidbots\/(\d+)/.exec(page.url())![1];

  // Intro: a video slide; second slide: an image. "Add video slide" opens the slide editor for a new
  // slide (spec 001 §2 slide editor); its Save adds it to the draft and returns to the content tab.
  const editorUrl = new RegExp(`/vidbots/${botId}/?$`);
  await page.getByRole('button', { name: 'Add video slide' }).click();
  await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/slide/new\\?type=VIDEO$`));
  await page.getByRole('button', { name: 'Choose video' }).click();
  await uploadThroughChooser(page, 'Upload video', 'echo-hereweare.webm');
  // The slide's name comes from the media's name.
  const introName = await page.getByLabel('Name', { exact: true }).inputValue();
  expect(introName).toBe('echo-hereweare');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(editorUrl);
  await page.getByRole('button', { name: 'Add image slide' }).click();
  await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/slide/new\\?type=IMAGE$`));
  await page.getByRole('button', { name: 'Choose image' }).click();
  await uploadThroughChooser(page, 'Upload image', 'big_buck_bunny.jpg');
  const imageName = await page.getByLabel('Name', { exact: true }).inputValue();
  expect(imageName).toBe('big_buck_bunny');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(editorUrl);

  const slides = page.locator('.slide-card');
  await expect(slides).toHaveCount(2);
  await expect(slides.nth(0)).toContainText(introName);
  await expect(slides.nth(0)).toContainText('Video');
  await expect(slides.nth(1)).toContainText(imageName);
  await expect(slides.nth(1)).toContainText('Image');

  // A SLIDE button on the intro that goes to the image slide, added in the intro's slide editor.
  await slides.nth(0).getByRole('link', { name: introName, exact: true }).click();
  await page.getByRole('button', { name: 'Add button' }).click();
  const buttonDialog = page.getByRole('dialog');
  await buttonDialog.getByLabel('Link to', { exact: true }).selectOption({ label: imageName });
  await buttonDialog.getByLabel('Button name', { exact: true }).fill('Show me the bunny');
  await buttonDialog.getByRole('button', { name: 'Add button' }).click();
  await expect(buttonDialog).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(editorUrl);
  await expect(page.getByRole('list', { name: `Buttons of ${introName}` })).toContainText('Show me the bunny');

  // Save draft and Publish are in the top bar's menu button (spec 001 §2).
  await page.getByRole('button', { name: 'Save or publish' }).click();
  await page.getByRole('menuitem', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Save or publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(page.getByLabel(/^Version \d+, Published$/)).toBeVisible();

  // The list shows it Published.
  await page.getByRole('link', { name: /Back to vidbots/ }).click();
  await expect(page.getByRole('row', { name: /Echo tour/ })).toContainText('Published');

  // Preview: the video plays, the button shows, clicking it shows the image slide.
  const preview = await context.newPage();
  await preview.goto(`/preview/${botId}?preview=true`);
  await expectVideoPlays(preview);
  const cta = preview.getByRole('button', { name: 'Show me the bunny' });
  await expect(cta).toBeVisible();
  await cta.click();
  await expect(preview.getByRole('img', { name: imageName })).toBeVisible();
});

test('an AVI upload is transcoded, ends Ready and plays', async ({ page, context }) => {
  await signIn(page, 'editor@example.com');
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots/);
  await page.getByRole('button', { name: 'Create new' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('AVI check');
  await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/vidbots\/\d+/);
  const botId = /vidbots\/(\d+)/.exec(page.url())![1];
  await page.getByRole('button', { name: 'Add video slide' }).click();
  await page.getByRole('button', { name: 'Choose video' }).click();
  await uploadThroughChooser(page, 'Upload video', 'sample.avi');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/?$`));
  await page.getByRole('button', { name: 'Save or publish' }).click();
  await page.getByRole('menuitem', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();

  // The stored media is Ready and served as MP4.
  const preview = await context.newPage();
  await preview.goto(`/preview/${botId}?preview=true`);
  await expectVideoPlays(preview);
  const src = await preview.locator('video').first().evaluate((v: HTMLVideoElement) => v.currentSrc);
  expect(src).toMatch(/playback\.mp4$/);
});

test('a Viewer cannot create a vidbot, and the API refuses with 403', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots/);
  await expect(page.getByRole('button', { name: 'Create new' })).toBeDisabled();
  // The server enforces it too (principle 5): the same call the dialog makes.
  const status = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const token = key ? localStorage.getItem(key) : '';
    const accounts = await (await fetch('/api/account', { headers: { authorization: `Bearer ${token}` } })).json();
    const res = await fetch('/api/bot', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: accounts.records[0].id, name: 'Not allowed' }),
    });
    return res.status;
  });
  expect(status).toBe(403);
});
