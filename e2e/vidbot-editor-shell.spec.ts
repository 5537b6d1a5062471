/**
 * The editor's shell in the browser, in English and Finnish (issue 11 "Revisions and the editor
 * machine"; spec 001 §2 editor top bar, §4 "{product} status" and "Editor saves", §8): leaving with
 * unsaved changes (save, exit, stay) and moving between the editor's own tabs without a prompt; Save
 * draft and Publish from the top bar's menu button (keyboard); view published (read-only, banner,
 * return link); two tabs saving the same bot (the second gets the conflict message and keeps its
 * edits); a failed save (PATCH answered 500) keeps the edits and says so.
 *
 * Bots are made through the API (the sample vidbot's intro video as media) so each test starts from a
 * known revision; every edit goes through the UI (`deleteSlide`: the content tab's slide card).
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

type Lang = 'en' | 'fi';

/** The UI texts the tests read, per language (src/locales/fi/messages.po). */
const TEXT = {
  en: {
    menu: 'Save or publish',
    saveDraft: 'Save draft',
    publish: 'Publish',
    draftSaved: 'Draft saved',
    draftSavedBeside: 'Draft saved. The published version stays live until you publish.',
    published: 'Published',
    unsaved: 'Unsaved changes',
    stay: 'Stay',
    exit: 'Exit without saving',
    saveAndExit: 'Save and exit',
    back: /Back to vidbots/,
    settingsTab: 'Settings',
    contentTab: 'Content',
    viewPublished: 'View published',
    returnToDraft: 'Return to the draft',
    publishedBanner: /You are viewing the published version \(v2\)/,
    conflictTitle: 'Someone else saved this vidbot',
    keepEditing: 'Keep editing',
    reload: 'Reload and lose my changes',
    saveFailed: /Saving failed: Storage is down\. Your changes are kept in the editor/,
    slideMenu: (name: string) => `Slide actions for ${name}`,
    delete: 'Delete',
    deleteTitle: 'Delete?',
    version: (n: number, state: 'Draft' | 'Published') => `Version ${n}, ${state}`,
    restricted: 'Editing is restricted to account owners, admins or the author.',
  },
  fi: {
    menu: 'Tallenna tai julkaise',
    saveDraft: 'Tallenna luonnos',
    publish: 'Julkaise',
    draftSaved: 'Luonnos tallennettu',
    draftSavedBeside: 'Luonnos tallennettu. Julkaistu versio pysyy näkyvissä, kunnes julkaiset.',
    published: 'Julkaistu',
    unsaved: 'Tallentamattomia muutoksia',
    stay: 'Jää sivulle',
    exit: 'Poistu tallentamatta',
    saveAndExit: 'Tallenna ja poistu',
    back: /Takaisin vidboteihin/,
    settingsTab: 'Asetukset',
    contentTab: 'Sisältö',
    viewPublished: 'Näytä julkaistu',
    returnToDraft: 'Palaa luonnokseen',
    publishedBanner: /Katselet julkaistua versiota \(v2\)/,
    conflictTitle: 'Joku muu tallensi tämän vidbotin',
    keepEditing: 'Jatka muokkaamista',
    reload: 'Lataa uudelleen ja hylkää muutokseni',
    saveFailed: /Tallennus epäonnistui: Storage is down\. Muutoksesi säilyvät editorissa/,
    slideMenu: (name: string) => `Dian ${name} toiminnot`,
    delete: 'Poista',
    deleteTitle: 'Poistetaanko?',
    version: (n: number, state: 'Draft' | 'Published') => `Versio ${n}, ${state === 'Draft' ? 'Luonnos' : 'Julkaistu'}`,
    restricted: 'Muokkaaminen on rajattu tilin omistajille, ylläpitäjille tai tekijälle.',
  },
} as const;

/** A JSON answer of the app's own API (shapes: docs/api.md). */
interface ApiAnswer {
  status: number;
  /** The parsed body; the tests read a few known fields. */
  body: any;
}

/** One call of the app's API with the signed-in person's token (as the SPA makes it). */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : '';
      const res = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** The names of a bot's slides as the API stores them (latest revision, or the published one). */
async function storedSlides(page: Page, botId: number, mode: 'draft' | 'published' = 'draft'): Promise<string[]> {
  const answer = await api(page, 'GET', `/bot/${botId}?mode=${mode}`);
  return (answer.body.slides as Array<{ name: string }>).map((s) => s.name);
}

/**
 * A new bot in the demo account with three VIDEO slides (Intro → Second, Third) made of the sample
 * vidbot's intro video. `published`: published, then a draft revision renames "Second" to "Second
 * (draft)" (a Published bot with a draft). Revisions: 1 at create, 2 the three slides (published), 3 the draft.
 */
async function makeBot(page: Page, name: string, published = false): Promise<number> {
  const accounts = await api(page, 'GET', '/account');
  const accountId = (accounts.body.records as Array<{ id: number; publicId: string }>).find((a) => a.publicId === 'demo')!.id;
  const list = await api(page, 'GET', `/bot?account_id=${accountId}&bot_name=Welcome`);
  const sample = await api(page, 'GET', `/bot/${list.body.records[0].id}`);
  const videoId = sample.body.slides[0].videoId as number;
  const created = await api(page, 'POST', '/bot', { accountId, name });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const slide = (sid: number, slideName: string, category: 'INTRO' | 'SLIDE', options: unknown[] = []) => ({
    id: sid,
    name: slideName,
    category,
    type: 'VIDEO',
    videoId,
    imageId: null,
    options,
  });
  const content = (second: string) => ({
    slides: [
      slide(1, 'Intro', 'INTRO', [
        { id: 1, name: 'Go on', type: 'SLIDE', targetId: 2 },
        { id: 2, name: 'Or here', type: 'SLIDE', targetId: 3 },
      ]),
      slide(2, second, 'SLIDE'),
      slide(3, 'Third', 'SLIDE'),
    ],
    actions: [],
  });
  expect((await api(page, 'PATCH', `/bot/${id}`, { content: content('Second') })).status).toBe(200);
  if (published) {
    expect((await api(page, 'PATCH', `/bot/${id}`, { status: 'Published' })).status).toBe(200);
    expect((await api(page, 'PATCH', `/bot/${id}`, { content: content('Second (draft)') })).status).toBe(200);
  }
  return id;
}

/** Signs in as the owner in `lang` and opens the editor of bot `id`. */
async function openEditor(page: Page, lang: Lang, id: number): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.evaluate((l) => localStorage.setItem('vidbot.language', l), lang);
  await page.goto(`/dashboard/demo/vidbots/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('.slide-card').first()).toBeVisible();
}

/**
 * One edit through the content tab: deletes the slide `name` from its card's menu (its card
 * disappears). The slide must have a button pointing at it (as "Third" has from the intro), so the
 * content tab asks first with the slides pointing at it (spec 001 §4), and this confirms.
 */
async function deleteSlide(page: Page, lang: Lang, name: string): Promise<void> {
  const L = TEXT[lang];
  const cards = page.locator('.slide-card');
  const before = await cards.count();
  await page.getByRole('button', { name: L.slideMenu(name), exact: true }).click();
  await page.getByRole('menuitem', { name: L.delete, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: L.deleteTitle });
  await confirm.getByRole('button', { name: L.delete, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(cards).toHaveCount(before - 1);
}

/** Chooses `item` from the top bar's Save / Publish menu button. */
async function fromMenu(page: Page, lang: Lang, item: 'saveDraft' | 'publish'): Promise<void> {
  await page.getByRole('button', { name: TEXT[lang].menu }).click();
  await page.getByRole('menuitem', { name: TEXT[lang][item], exact: true }).click();
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

for (const lang of ['en', 'fi'] as const) {
  const L = TEXT[lang];

  test.describe(`editor shell (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await signIn(page, 'owner@example.com');
    });

    test('leaving with unsaved changes asks: stay, exit without saving, save and exit; the editor\'s own tabs never ask', async ({ page }) => {
      const id = await makeBot(page, `Leave ${lang}`);
      await openEditor(page, lang, id);
      const badge = page.getByText(L.unsaved, { exact: true }).first();
      await expect(badge).toHaveCount(0);

      await deleteSlide(page, lang, 'Third');
      await expect(page.locator('.editor-title').getByText(L.unsaved)).toBeVisible();

      // Tabs inside the editor: no prompt, the draft stays.
      await page.locator('nav.editor-tabs').getByRole('link', { name: L.settingsTab, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/vidbots/${id}/settings$`));
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('link', { name: L.contentTab, exact: true }).click();
      await expect(page.locator('.slide-card')).toHaveCount(2);

      // Stay: the dialog closes, nothing changes.
      await page.getByRole('link', { name: L.back }).click();
      const prompt = page.getByRole('dialog', { name: L.unsaved });
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: L.stay }).click();
      await expect(prompt).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/vidbots/${id}$`));
      await expect(page.locator('.slide-card')).toHaveCount(2);

      // Exit without saving: the list, and the server still has three slides.
      await page.getByRole('link', { name: L.back }).click();
      await prompt.getByRole('button', { name: L.exit }).click();
      await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots(\?|$)/);
      expect(await storedSlides(page, id)).toEqual(['Intro', 'Second', 'Third']);

      // Save and exit: saved as a new revision, then the list.
      await openEditor(page, lang, id);
      await deleteSlide(page, lang, 'Third');
      await page.getByRole('link', { name: L.back }).click();
      await prompt.getByRole('button', { name: L.saveAndExit }).click();
      await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots(\?|$)/);
      await expect(toast(page, L.draftSaved)).toBeVisible();
      expect(await storedSlides(page, id)).toEqual(['Intro', 'Second']);
    });

    test('save draft and publish from the menu button, by keyboard; the version badge follows', async ({ page }) => {
      const id = await makeBot(page, `Publish ${lang}`);
      await openEditor(page, lang, id);
      await expect(page.getByLabel(L.version(2, 'Draft'))).toBeVisible();

      await deleteSlide(page, lang, 'Third');
      await fromMenu(page, lang, 'saveDraft');
      await expect(toast(page, L.draftSaved)).toBeVisible();
      await expect(page.getByLabel(L.version(3, 'Draft'))).toBeVisible();
      await expect(page.locator('.editor-title').getByText(L.unsaved)).toHaveCount(0);

      // Keyboard: the menu button opens on ArrowDown with focus on Save draft (disabled now: nothing
      // to save); ArrowDown moves to Publish; Enter publishes.
      const menuButton = page.getByRole('button', { name: L.menu });
      await menuButton.focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: L.saveDraft })).toBeFocused();
      await expect(page.getByRole('menuitem', { name: L.saveDraft })).toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: L.publish, exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel(L.version(3, 'Published'))).toBeVisible();
      await expect(toast(page, L.published)).toBeVisible();
      await expect(menuButton).toBeFocused();
      expect(await storedSlides(page, id, 'published')).toEqual(['Intro', 'Second']);
      // Escape closes the menu and returns focus to its button.
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(menuButton).toBeFocused();
    });

    test('a Published bot with a draft: view the published version read-only, return to the draft, save beside it, publish it', async ({ page }) => {
      const id = await makeBot(page, `View ${lang}`, true);
      await openEditor(page, lang, id);
      await expect(page.getByRole('button', { name: L.slideMenu('Second (draft)'), exact: true })).toBeVisible();
      await deleteSlide(page, lang, 'Third');

      const toggle = page.getByRole('button', { name: L.viewPublished });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(L.publishedBanner)).toBeVisible();
      await expect(page.getByLabel(L.version(2, 'Published'))).toBeVisible();
      // The published content, read-only (the overlay makes it inert).
      await expect(page.locator('.slide-card')).toHaveCount(3);
      await expect(page.getByRole('button', { name: L.slideMenu('Second'), exact: true })).toBeVisible();
      await expect(page.getByTestId('editor-body')).toHaveAttribute('inert', '');

      // The return link: the draft as it was, edits kept.
      await page.getByRole('button', { name: L.returnToDraft }).click();
      await expect(page.getByText(L.publishedBanner)).toHaveCount(0);
      await expect(page.locator('.slide-card')).toHaveCount(2);
      await expect(page.locator('.editor-title').getByText(L.unsaved)).toBeVisible();

      // Saving beside a live version says so.
      await fromMenu(page, lang, 'saveDraft');
      await expect(toast(page, L.draftSavedBeside)).toBeVisible();
      expect(await storedSlides(page, id, 'published')).toEqual(['Intro', 'Second', 'Third']);

      // Publishing the draft revision by its id.
      await expect(page.getByLabel(L.version(4, 'Draft'))).toBeVisible();
      await fromMenu(page, lang, 'publish');
      await expect(page.getByLabel(L.version(4, 'Published'))).toBeVisible();
      expect(await storedSlides(page, id, 'published')).toEqual(['Intro', 'Second (draft)']);
      await expect(page.getByRole('button', { name: L.viewPublished })).toHaveCount(0);
    });

    test('two tabs save the same bot: the second is refused with the conflict message and keeps its edits', async ({ page, context }) => {
      const id = await makeBot(page, `Two tabs ${lang}`);
      const other = await context.newPage();
      await openEditor(page, lang, id);
      await openEditor(other, lang, id);

      await deleteSlide(page, lang, 'Third');
      await fromMenu(page, lang, 'saveDraft');
      await expect(toast(page, L.draftSaved)).toBeVisible();

      await other.bringToFront();
      await deleteSlide(other, lang, 'Second');
      await fromMenu(other, lang, 'saveDraft');
      const conflict = other.getByRole('dialog', { name: L.conflictTitle });
      await expect(conflict).toBeVisible();
      expect(await storedSlides(page, id)).toEqual(['Intro', 'Second']);
      await expect(other.locator('.slide-card')).toHaveCount(2);

      // Keep editing: the edits stay; the next save knowingly replaces the other tab's revision.
      await conflict.getByRole('button', { name: L.keepEditing }).click();
      await expect(conflict).toBeHidden();
      await expect(other.locator('.editor-title').getByText(L.unsaved)).toBeVisible();
      await expect(other.getByRole('button', { name: L.slideMenu('Third'), exact: true })).toBeVisible();
      await fromMenu(other, lang, 'saveDraft');
      await expect(toast(other, L.draftSaved)).toBeVisible();
      expect(await storedSlides(other, id)).toEqual(['Intro', 'Third']);

      // The first tab is now behind: its next save conflicts; reload-and-lose takes the latest.
      await page.bringToFront();
      await deleteSlide(page, lang, 'Second');
      await fromMenu(page, lang, 'saveDraft');
      const conflictA = page.getByRole('dialog', { name: L.conflictTitle });
      await expect(conflictA).toBeVisible();
      await conflictA.getByRole('button', { name: L.reload }).click();
      await expect(conflictA).toBeHidden();
      await expect(page.getByRole('button', { name: L.slideMenu('Third'), exact: true })).toBeVisible();
      await expect(page.locator('.slide-card')).toHaveCount(2);
      await expect(page.locator('.editor-title').getByText(L.unsaved)).toHaveCount(0);
      await other.close();
    });

    test('a failed save keeps the edits and says so; saving again works', async ({ page }) => {
      const id = await makeBot(page, `Fail ${lang}`);
      await openEditor(page, lang, id);
      await deleteSlide(page, lang, 'Third');
      await page.route(`**/api/bot/${id}`, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Storage is down' }) })
          : route.continue(),
      );
      await fromMenu(page, lang, 'saveDraft');
      await expect(page.getByRole('alert').filter({ hasText: L.saveFailed })).toBeVisible();
      await expect(page.locator('.slide-card')).toHaveCount(2);
      await expect(page.locator('.editor-title').getByText(L.unsaved)).toBeVisible();
      expect(await storedSlides(page, id)).toEqual(['Intro', 'Second', 'Third']);

      await page.unroute(`**/api/bot/${id}`);
      await fromMenu(page, lang, 'saveDraft');
      await expect(toast(page, L.draftSaved)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: L.saveFailed })).toHaveCount(0);
      expect(await storedSlides(page, id)).toEqual(['Intro', 'Second']);
    });
  });

  test(`a Viewer sees the editor read-only: red notice, inert content, no save or publish; the server refuses with 403 (${lang})`, async ({ page }) => {
    await signIn(page, 'viewer@example.com');
    const accounts = await api(page, 'GET', '/account');
    const accountId = (accounts.body.records as Array<{ id: number; publicId: string }>).find((a) => a.publicId === 'demo')!.id;
    const list = await api(page, 'GET', `/bot?account_id=${accountId}&bot_name=Welcome`);
    const id = list.body.records[0].id as number;
    await openEditor(page, lang, id);
    await expect(page.getByRole('note').filter({ hasText: L.restricted })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: L.restricted })).toHaveClass(/alert-error/);
    await expect(page.getByTestId('editor-body')).toHaveAttribute('inert', '');
    await expect(page.getByRole('button', { name: L.menu })).toBeDisabled();
    const sample = await api(page, 'GET', `/bot/${id}`);
    const refused = await api(page, 'PATCH', `/bot/${id}`, { content: { slides: sample.body.slides.slice(0, 1).map((s: Record<string, unknown>) => ({ id: s.id, name: s.name, category: s.category, type: s.type, videoId: s.videoId, imageId: s.imageId, options: [] })), actions: [] } });
    expect(refused.status).toBe(403);
  });
}
