/**
 * The slide editor and the button editor (spec 001 §2 "Slide editor", "Button editor", "Media
 * chooser"; §3 Slide, Slide option; §4 Editor saves; §5 Slide and Button; issue 11), in English and
 * in Finnish, on the real server:
 * - a new video slide (uploaded through the media chooser, caption-language override) and a new image
 *   slide with an animation (duration required, placeholder 8, repeat); a third slide chooses the
 *   already uploaded video; the new-slide Save is enabled once the slide is valid;
 * - on the intro: buttons to another slide (featured), to a video slide (video-end listener with
 *   autoplay, which takes the listener over from the first button) and to a post-message action
 *   (made through the API: the action editors are another helper's), conversion tracking;
 * - the buttons reordered with the keyboard (dnd-kit KeyboardSensor);
 * - an untouched existing slide's Save is disabled; Save draft, reload, and GET /bot/{id} has every field.
 */
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test, signIn } from './support';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');

/** The UI texts the journey uses, per language (the Finnish ones are the catalog's). */
const TEXT = {
  en: {
    newVideo: 'New video slide',
    newImage: 'New image slide',
    edit: (name: string) => `Edit slide “${name}”`,
    chooseVideo: 'Choose video',
    chooseImage: 'Choose image',
    uploadVideo: 'Upload video',
    uploadImage: 'Upload image',
    name: 'Name',
    description: 'Description',
    captionOverride: 'Use a caption language of its own for this slide',
    captionLanguage: 'Caption language',
    animation: 'Animation',
    zoomOut: 'Zoom out',
    duration: 'Duration (seconds)',
    durationRequired: 'Animation duration is required.',
    repeat: 'Repeat the animation',
    save: 'Save',
    saveOrPublish: 'Save or publish',
    saveDraft: 'Save draft',
    draftSaved: 'Draft saved',
    addButton: 'Add button',
    linkTo: 'Link to',
    buttonName: 'Button name',
    featured: 'Featured',
    videoEnd: 'Go to the target when the video ends',
    autoplay: 'Start the target video automatically',
    conversion: 'Track a click as a conversion',
    willStop: (name: string) => `Only one button per slide can do this: “${name}” will stop doing it.`,
    reorder: (name: string) => `Reorder button ${name}`,
    movedTo: (name: string, position: number, count: number) => `Button ${name} was moved into position ${position} of ${count}.`,
    droppedAt: (name: string, position: number, count: number) => `Button ${name} was dropped at position ${position} of ${count}.`,
    buttons: 'Buttons',
  },
  fi: {
    newVideo: 'Uusi videodia',
    newImage: 'Uusi kuvadia',
    edit: (name: string) => `Muokkaa diaa ”${name}”`,
    chooseVideo: 'Valitse video',
    chooseImage: 'Valitse kuva',
    uploadVideo: 'Lataa video',
    uploadImage: 'Lataa kuva',
    name: 'Nimi',
    description: 'Kuvaus',
    captionOverride: 'Käytä tälle dialle omaa tekstityskieltä',
    captionLanguage: 'Tekstityskieli',
    animation: 'Animaatio',
    zoomOut: 'Loitonnus',
    duration: 'Kesto (sekuntia)',
    durationRequired: 'Animaation kesto on pakollinen.',
    repeat: 'Toista animaatio',
    save: 'Tallenna',
    saveOrPublish: 'Tallenna tai julkaise',
    saveDraft: 'Tallenna luonnos',
    draftSaved: 'Luonnos tallennettu',
    addButton: 'Lisää painike',
    linkTo: 'Johtaa kohteeseen',
    buttonName: 'Painikkeen nimi',
    featured: 'Korostettu',
    videoEnd: 'Siirry kohteeseen, kun video päättyy',
    autoplay: 'Käynnistä kohdevideo automaattisesti',
    conversion: 'Seuraa napsautusta konversiona',
    willStop: (name: string) => `Vain yksi dian painike voi tehdä tämän: ”${name}” lakkaa tekemästä sitä.`,
    reorder: (name: string) => `Järjestä painike ${name}`,
    movedTo: (name: string, position: number, count: number) => `Painike ${name} siirrettiin kohtaan ${position}/${count}.`,
    droppedAt: (name: string, position: number, count: number) => `Painike ${name} pudotettiin kohtaan ${position}/${count}.`,
    buttons: 'Painikkeet',
  },
} as const;

/** A call to the API as the signed-in user (the id token the SPA keeps). */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : '';
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as T };
    },
    { method, url, body },
  );
}

/** In the open media chooser: uploads `file` and waits until the chooser closes with it chosen. */
async function uploadThroughChooser(page: Page, button: string, file: string) {
  const dialog = page.getByRole('dialog');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path.join(MEDIA_DIR, file));
  // The upload machine sends, polls every 2 s until Ready, then the chooser picks the media.
  await expect(dialog).toBeHidden({ timeout: 90_000 });
}

interface StoredButton {
  id: number;
  name: string;
  type: string;
  targetId: number | null;
  featured?: boolean;
  videoEndListener?: boolean;
  videoEndAutoplay?: boolean;
  trackConversion?: boolean;
}
interface StoredSlide {
  id: number;
  name: string;
  description?: string | null;
  category: string;
  type: string;
  videoId: number | null;
  imageId: number | null;
  language?: string | null;
  imageAnimation?: { type: string; duration: number; repeat?: boolean | number } | null;
  options: StoredButton[];
}

for (const locale of ['en', 'fi'] as const) {
  const L = TEXT[locale];

  test(`slide and button editors (${locale}): video and image slides, buttons to slides and an action, keyboard reorder, video-end button, stored by the server`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, 'owner@example.com');
    if (locale === 'fi') {
      await page.evaluate(() => localStorage.setItem('vidbot.language', 'fi'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    }

    // A bot with a post-message action (made through the API: the action editors are not on this branch).
    const accounts = await api<{ records: Array<{ id: number; publicId: string }> }>(page, 'GET', '/api/account');
    const account = accounts.json.records.find((a) => a.publicId === 'demo')!;
    const created = await api<{ id: number }>(page, 'POST', '/api/bot', { accountId: account.id, name: `Slide editor ${locale}` });
    expect(created.status).toBe(201);
    const botId = created.json.id;
    const seeded = await api(page, 'PATCH', `/api/bot/${botId}`, {
      content: { slides: [], actions: [{ id: 1, name: 'Say hi', type: 'POST_MESSAGE', value: 'hello-host' }] },
    });
    expect(seeded.status).toBe(200);
    const editor = `/dashboard/demo/vidbots/${botId}`;
    const saveDraft = async () => {
      // Save draft is in the top bar's "Save or publish" menu (spec 001 §2).
      await page.getByRole('button', { name: L.saveOrPublish }).click();
      await page.getByRole('menuitem', { name: L.saveDraft }).click();
      await expect(page.getByText(L.draftSaved).last()).toBeVisible();
    };

    // --- a new video slide --------------------------------------------------------------------
    await page.goto(`${editor}/slide/new?type=VIDEO`);
    const heading = page.getByRole('heading', { name: L.newVideo });
    await expect(heading).toBeFocused();
    const save = page.getByRole('button', { name: L.save, exact: true });
    await expect(save).toBeDisabled();
    await page.getByRole('button', { name: L.chooseVideo }).click();
    await uploadThroughChooser(page, L.uploadVideo, 'echo-hereweare.webm');
    // The name is filled from the media; a preview of the video shows.
    await expect(page.getByLabel(L.name, { exact: true })).toHaveValue('echo-hereweare');
    await expect(page.locator('.slide-preview video')).toHaveAttribute('src', /\/files\//);
    // New and valid: Save is enabled without any further change (spec 001 §4).
    await expect(save).toBeEnabled();
    await page.getByLabel(L.name, { exact: true }).fill('Welcome');
    await page.getByLabel(L.description, { exact: true }).fill('The first slide');
    await page.getByLabel(L.captionOverride, { exact: true }).check();
    await expect(save).toBeDisabled(); // a language must be chosen while the override is on
    await page.getByLabel(L.captionLanguage, { exact: true }).selectOption('fi');
    await save.click();
    await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/?$`));
    await saveDraft();

    // --- a new image slide with an animation ---------------------------------------------------
    await page.goto(`${editor}/slide/new?type=IMAGE`);
    await expect(page.getByRole('heading', { name: L.newImage })).toBeFocused();
    await page.getByRole('button', { name: L.chooseImage }).click();
    await uploadThroughChooser(page, L.uploadImage, 'big_buck_bunny.jpg');
    await page.getByLabel(L.name, { exact: true }).fill('Bunny');
    await page.getByLabel(L.animation, { exact: true }).selectOption({ label: L.zoomOut });
    const duration = page.getByLabel(L.duration, { exact: true });
    await expect(duration).toHaveAttribute('placeholder', '8');
    await expect(save).toBeDisabled(); // the duration is required (spec 001 §5)
    await duration.fill('6');
    await duration.fill('');
    await duration.blur();
    await expect(page.getByText(L.durationRequired)).toBeVisible();
    await duration.fill('6');
    await page.getByLabel(L.repeat, { exact: true }).check();
    await expect(page.locator('.slide-preview img')).toHaveClass(/animate-zoom-out/);
    await save.click();
    await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/?$`));
    await saveDraft();

    // --- a third slide: the video already uploaded, chosen from the chooser's list ----------------
    await page.goto(`${editor}/slide/new?type=VIDEO`);
    await expect(page.getByRole('heading', { name: L.newVideo })).toBeFocused();
    await page.getByRole('button', { name: L.chooseVideo }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /echo-hereweare/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByLabel(L.name, { exact: true }).fill('Pricing');
    await save.click();
    await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/?$`));
    await saveDraft();

    const afterSlides = await api<{ slides: StoredSlide[] }>(page, 'GET', `/api/bot/${botId}`);
    const byName = (name: string) => afterSlides.json.slides.find((s) => s.name === name)!;
    const welcome = byName('Welcome');
    const bunny = byName('Bunny');
    const pricing = byName('Pricing');
    expect(welcome).toBeTruthy();
    expect(bunny).toBeTruthy();
    expect(pricing).toBeTruthy();

    // --- buttons on the intro ---------------------------------------------------------------------
    await page.goto(`${editor}/slide/${welcome.id}`);
    await expect(page.getByRole('heading', { name: L.edit('Welcome') })).toBeFocused();
    // Untouched existing slide: Save is disabled (spec 001 §4).
    await expect(save).toBeDisabled();
    await expect(page.getByLabel(L.name, { exact: true })).toHaveValue('Welcome');
    await expect(page.getByLabel(L.captionLanguage, { exact: true })).toHaveValue('fi');

    const dialog = page.getByRole('dialog');
    // 1: to the image slide, featured, the video-end listener (autoplay is not offered for an image target).
    await page.getByRole('button', { name: L.addButton }).click();
    const submitButton = dialog.getByRole('button', { name: L.addButton });
    await expect(submitButton).toBeDisabled();
    await dialog.getByLabel(L.linkTo, { exact: true }).selectOption({ label: 'Bunny' });
    await expect(dialog.getByLabel(L.buttonName, { exact: true })).toHaveValue('Bunny'); // auto-filled from the target (§5)
    await dialog.getByLabel(L.featured, { exact: true }).check();
    await dialog.getByLabel(L.videoEnd, { exact: true }).check();
    await expect(dialog.getByLabel(L.autoplay, { exact: true })).toHaveCount(0);
    await submitButton.click();
    await expect(dialog).toBeHidden();

    // 2: to the Pricing video slide with the video-end listener and autoplay: takes the listener over.
    await page.getByRole('button', { name: L.addButton }).click();
    await dialog.getByLabel(L.linkTo, { exact: true }).selectOption({ label: 'Pricing' });
    await dialog.getByLabel(L.buttonName, { exact: true }).fill('See prices');
    await dialog.getByLabel(L.videoEnd, { exact: true }).check();
    await expect(dialog.getByText(L.willStop('Bunny'))).toBeVisible();
    await dialog.getByLabel(L.autoplay, { exact: true }).check();
    await dialog.getByRole('button', { name: L.addButton }).click();
    await expect(dialog).toBeHidden();

    // 3: to the post-message action, tracked as a conversion.
    await page.getByRole('button', { name: L.addButton }).click();
    await dialog.getByLabel(L.linkTo, { exact: true }).selectOption({ label: 'Say hi' });
    await expect(dialog.getByLabel(L.buttonName, { exact: true })).toHaveValue('Say hi');
    await dialog.getByLabel(L.conversion, { exact: true }).check();
    await dialog.getByRole('button', { name: L.addButton }).click();
    await expect(dialog).toBeHidden();

    const rows = page.getByRole('table', { name: L.buttons }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Bunny');
    await expect(rows.nth(1)).toContainText('See prices');
    await expect(rows.nth(2)).toContainText('Say hi');

    // --- keyboard reorder: "Say hi" to the top (Space lifts, ArrowUp twice, Space drops) --------
    const handle = page.getByRole('button', { name: L.reorder('Say hi') });
    // Each key waits for dnd-kit's (translated) screen-reader announcement of the previous one.
    const announced = (text: string) => expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowUp');
    await announced(L.movedTo('Say hi', 2, 3));
    await page.keyboard.press('ArrowUp');
    await announced(L.movedTo('Say hi', 1, 3));
    await page.keyboard.press('Space');
    await announced(L.droppedAt('Say hi', 1, 3));
    await expect(rows.nth(0)).toContainText('Say hi');
    await expect(rows.nth(1)).toContainText('Bunny');
    await expect(rows.nth(2)).toContainText('See prices');

    await expect(save).toBeEnabled();
    await save.click();
    await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/?$`));
    await saveDraft();

    // --- the server stored every field ------------------------------------------------------------
    const stored = await api<{ slides: StoredSlide[]; actions: Array<{ id: number; name: string }> }>(page, 'GET', `/api/bot/${botId}`);
    const slides = stored.json.slides;
    expect(slides.map((s) => [s.name, s.category, s.type])).toEqual([
      ['Welcome', 'INTRO', 'VIDEO'],
      ['Bunny', 'SLIDE', 'IMAGE'],
      ['Pricing', 'SLIDE', 'VIDEO'],
    ]);
    const intro = slides[0]!;
    expect(intro).toMatchObject({ description: 'The first slide', language: 'fi', imageId: null });
    expect(intro.videoId).toEqual(expect.any(Number));
    expect(slides[2]!.videoId).toBe(intro.videoId);
    expect(slides[1]).toMatchObject({ imageAnimation: { type: 'ZOOM_OUT', duration: 6, repeat: true }, language: null, videoId: null });
    expect(slides[1]!.imageId).toEqual(expect.any(Number));
    const flags = (b: StoredButton) => [b.name, b.type, b.targetId, !!b.featured, !!b.videoEndListener, !!b.videoEndAutoplay, !!b.trackConversion];
    expect(intro.options.map(flags)).toEqual([
      ['Say hi', 'POST_MESSAGE', 1, false, false, false, true],
      ['Bunny', 'SLIDE', bunny.id, true, false, false, false],
      ['See prices', 'SLIDE', pricing.id, false, true, true, false],
    ]);

    // --- after a reload the editor shows what was stored; untouched, Save stays disabled ----------
    await page.goto(`${editor}/slide/${intro.id}`);
    await expect(page.getByRole('heading', { name: L.edit('Welcome') })).toBeFocused();
    await expect(rows.nth(0)).toContainText('Say hi');
    await expect(page.getByLabel(L.description, { exact: true })).toHaveValue('The first slide');
    await expect(save).toBeDisabled();
    await page.goto(`${editor}/slide/${bunny.id}`);
    await expect(page.getByLabel(L.duration, { exact: true })).toHaveValue('6');
    await expect(page.getByLabel(L.repeat, { exact: true })).toBeChecked();
    await expect(save).toBeDisabled();
  });
}

test('slide editor footer (en): intro refused, unsaved-edits prompt, copy to the clipboard, duplicate, delete with the pointing slides listed; read-only for a Viewer', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner@example.com');
  const accounts = await api<{ records: Array<{ id: number; publicId: string }> }>(page, 'GET', '/api/account');
  const account = accounts.json.records.find((a) => a.publicId === 'demo')!;
  const created = await api<{ id: number }>(page, 'POST', '/api/bot', { accountId: account.id, name: 'Slide footer' });
  const botId = created.json.id;
  const seeded = await api(page, 'PATCH', `/api/bot/${botId}`, {
    content: {
      slides: [
        { id: 1, name: 'Start', category: 'INTRO', type: 'VIDEO', options: [{ id: 1, name: 'To the end', type: 'SLIDE', targetId: 2 }] },
        { id: 2, name: 'End', category: 'SLIDE', type: 'IMAGE', options: [] },
      ],
      actions: [],
    },
  });
  expect(seeded.status).toBe(200);
  const editor = `/dashboard/demo/vidbots/${botId}`;

  // The intro cannot be deleted (cannotDeleteIntroSlide).
  await page.goto(`${editor}/slide/1`);
  await expect(page.getByRole('heading', { name: 'Edit slide “Start”' })).toBeFocused();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The intro slide cannot be deleted.');

  // Unsaved edits: duplicate and copy wait for Save; leaving asks (Stay keeps the edit); Cancel leaves.
  await page.goto(`${editor}/slide/2`);
  await page.getByLabel('Name', { exact: true }).fill('The end');
  await expect(page.getByRole('button', { name: 'Duplicate' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Copy to another bot' })).toBeDisabled();
  await page.getByRole('navigation', { name: 'Editor sections' }).getByRole('link', { name: 'Settings' }).click();
  const prompt = page.getByRole('dialog', { name: 'Discard the changes to this slide?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/slide\/2$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('The end');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/?$`));

  // Copy to another bot: the clipboard entry in localStorage (spec 001 §3 Clipboard) and a toast.
  await page.goto(`${editor}/slide/2`);
  await page.getByRole('button', { name: 'Copy to another bot' }).click();
  await expect(page.getByText('Slide “End” copied. Open another vidbot and paste it there.')).toBeVisible();
  const clip = await page.evaluate(() => JSON.parse(localStorage.getItem('vidbotClipboard') ?? 'null'));
  expect(clip).toMatchObject({ type: 'slide', sourceBotId: botId, sourceBotName: 'Slide footer', data: { id: 2, name: 'End' } });

  // Duplicate opens the copy.
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(/\/slide\/3$/);
  await expect(page.getByRole('heading', { name: 'Edit slide “End (Copy)”' })).toBeFocused();

  // Deleting "End": the confirmation lists the slide pointing at it; the button to it goes too.
  await page.getByRole('button', { name: 'Back to content' }).click();
  await page.getByRole('button', { name: 'Save or publish' }).click();
  await page.getByRole('menuitem', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved').last()).toBeVisible();
  await page.goto(`${editor}/slide/2`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete slide?' });
  await expect(confirm.getByRole('listitem')).toHaveText(['Slide “Start”']);
  await confirm.getByRole('button', { name: 'Delete slide' }).click();
  await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/?$`));
  await page.getByRole('button', { name: 'Save or publish' }).click();
  await page.getByRole('menuitem', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved').last()).toBeVisible();
  const stored = await api<{ slides: Array<{ id: number; name: string; options: unknown[] }> }>(page, 'GET', `/api/bot/${botId}`);
  expect(stored.json.slides.map((s) => [s.id, s.name, s.options.length])).toEqual([
    [1, 'Start', 0],
    [3, 'End (Copy)', 0],
  ]);

  // A Viewer sees the slide editor read-only (spec 001 §6).
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, 'viewer@example.com');
  await viewer.goto(`${editor}/slide/3`);
  await expect(viewer.getByRole('heading', { name: 'Edit slide “End (Copy)”' })).toBeVisible();
  await expect(viewer.getByLabel('Name', { exact: true })).toHaveValue('End (Copy)');
  await expect(viewer.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Duplicate' })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Add button' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Copy to another bot' })).toBeEnabled();
  await viewerContext.close();
});
