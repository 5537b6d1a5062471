/**
 * The editor's content tab (spec 001 §2 editor "Content", §3 Clipboard, §4 "Slides and actions";
 * issue 11 Editor), in English and in Finnish, against the real server:
 * - a bot with five slides and a post-message action is set up through the API with the seeded demo
 *   media (the sample vidbot's clips and image; the slide editor that adds slides is another part);
 * - keyboard drag (space, arrows, space) reorders two slides and moves a slide into Intro, with the
 *   screen-reader announcement in the page's language;
 * - multi-select duplicates two slides ("(Copy)") and deletes them (confirmation); the intro is refused;
 * - the grid / list mode is remembered across a reload (contentEditorMode);
 * - a slide copied in one bot is pasted into another: the paste names the source, brings the slides and
 *   actions it leads to with new ids and remapped targets;
 * - deleting a slide that others point at asks first, listing those slides;
 * - every step is saved as a draft and reloaded, so the server stored it.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const LABELS = {
  en: {
    slides: 'Slides',
    moveSlide: (n: string) => `Move slide ${n}`,
    select: (n: string) => `Select ${n}`,
    selected: (k: number) => `${k} selected`,
    duplicateSelected: 'Duplicate selected',
    deleteSelected: 'Delete selected',
    clearSelection: 'Clear selection',
    delete: 'Delete',
    slideMenu: (n: string) => `Slide actions for ${n}`,
    copy: 'Copy',
    copied: (n: string) => `Copied “${n}” to the clipboard.`,
    paste: (n: string, bot: string) => `Paste slide “${n}” from “${bot}”`,
    saveOrPublish: 'Save or publish',
    saveDraft: 'Save draft',
    draftSaved: 'Draft saved',
    cannotDeleteIntro: 'The intro slide cannot be deleted.',
    pickedUp: (n: string) => `Picked up slide ${n}.`,
    buttonsOf: (n: string) => `Buttons of ${n}`,
    list: 'List',
    grid: 'Grid',
    slidesPointing: 'Slides pointing at it',
  },
  fi: {
    slides: 'Diat',
    moveSlide: (n: string) => `Siirrä diaa ${n}`,
    select: (n: string) => `Valitse ${n}`,
    selected: (k: number) => `${k} valittu`,
    duplicateSelected: 'Monista valitut',
    deleteSelected: 'Poista valitut',
    clearSelection: 'Tyhjennä valinta',
    delete: 'Poista',
    slideMenu: (n: string) => `Dian ${n} toiminnot`,
    copy: 'Kopioi',
    copied: (n: string) => `”${n}” kopioitiin leikepöydälle.`,
    paste: (n: string, bot: string) => `Liitä dia ”${n}” vidbotista ”${bot}”`,
    saveOrPublish: 'Tallenna tai julkaise',
    saveDraft: 'Tallenna luonnos',
    draftSaved: 'Luonnos tallennettu',
    cannotDeleteIntro: 'Aloitusdiaa ei voi poistaa.',
    pickedUp: (n: string) => `dia ${n} nostettiin.`,
    buttonsOf: (n: string) => `Dian ${n} painikkeet`,
    list: 'Lista',
    grid: 'Ruudukko',
    slidesPointing: 'Siihen osoittavat diat',
  },
} as const;

/** A call to the API with the signed-in user's id token (as the SPA makes it). */
async function api<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : '';
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, url, body },
  );
}

interface SampleSlide {
  type: 'VIDEO' | 'IMAGE';
  videoId: number | null;
  imageId: number | null;
}

/** Creates a bot named `name` holding `content`; @returns its id. */
async function makeBot(page: Page, accountId: number, name: string, content: unknown): Promise<number> {
  const created = await api<{ id: number }>(page, 'POST', '/api/bot', { accountId, name });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const saved = await api(page, 'PATCH', `/api/bot/${created.json.id}`, { content });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return created.json.id;
}

/** The drag ids (`slide:3`) of a section's cards, in order. */
const order = (page: Page, section: 'INTRO' | 'SLIDE' | 'ACTIONS') =>
  page.locator(`[data-section="${section}"] [data-item]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-item')));

/** Space, `arrows`, space on a card's drag handle (@dnd-kit KeyboardSensor). */
async function keyboardDrag(page: Page, handleName: string, arrows: string[]) {
  const handle = page.getByRole('button', { name: handleName, exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  for (const key of arrows) {
    // The sensor measures the droppables after each move (animation frames).
    await page.waitForTimeout(150);
    await page.keyboard.press(key);
  }
  await page.waitForTimeout(150);
  await page.keyboard.press('Space');
}

async function saveAndReload(page: Page, L: (typeof LABELS)['en' | 'fi']) {
  // Save draft is in the top bar's "Save or publish" menu (spec 001 §2).
  await page.getByRole('button', { name: L.saveOrPublish }).click();
  await page.getByRole('menuitem', { name: L.saveDraft }).click();
  await expect(page.getByText(L.draftSaved).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: L.slides, level: 2 })).toBeVisible();
}

for (const lang of ['en', 'fi'] as const) {
  test(`content tab (${lang}): keyboard drag, intro by drag, multi-select, list mode, paste across bots, delete with confirmation`, async ({ page }) => {
    const L = LABELS[lang];
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page, 'owner@example.com');

    // Setup through the API: the seeded sample's media, two new bots. The sample is found by name: after
    // the other journeys it may no longer be on the list's first page.
    await page.goto(`/dashboard/demo/vidbots?bot_name=${encodeURIComponent('Welcome to Vidbot')}`);
    const sampleHref = await page.getByRole('link', { name: 'Welcome to Vidbot' }).getAttribute('href');
    const sampleId = Number(/vidbots\/(\d+)/.exec(sampleHref ?? '')![1]);
    const sample = await api<{ accountId: number; slides: SampleSlide[] }>(page, 'GET', `/api/bot/${sampleId}`);
    const videoId = sample.json.slides.find((s) => s.type === 'VIDEO')!.videoId;
    const imageId = sample.json.slides.find((s) => s.type === 'IMAGE')!.imageId;
    const video = (id: number, name: string, category: 'INTRO' | 'SLIDE', options: unknown[] = []) => ({ id, name, category, type: 'VIDEO', videoId, imageId: null, options });
    const nameA = `Content A ${lang}`;
    const nameB = `Content B ${lang}`;
    const botA = await makeBot(page, sample.json.accountId, nameA, {
      slides: [
        video(1, 'Start', 'INTRO', [
          { id: 1, name: 'To Alpha', type: 'SLIDE', targetId: 2 },
          { id: 2, name: 'To Beta', type: 'SLIDE', targetId: 3 },
        ]),
        video(2, 'Alpha', 'SLIDE', [{ id: 1, name: 'To Gamma', type: 'SLIDE', targetId: 4 }]),
        { id: 3, name: 'Beta', category: 'SLIDE', type: 'IMAGE', videoId: null, imageId, options: [{ id: 1, name: 'Also Gamma', type: 'SLIDE', targetId: 4 }] },
        video(4, 'Gamma', 'SLIDE', [{ id: 1, name: 'Say hello', type: 'POST_MESSAGE', targetId: 6 }]),
        video(5, 'Delta', 'SLIDE'),
      ],
      actions: [{ id: 6, name: 'Hello', type: 'POST_MESSAGE', value: 'hello' }],
    });
    const botB = await makeBot(page, sample.json.accountId, nameB, { slides: [video(1, 'Home', 'INTRO')], actions: [] });

    // The page's language.
    await page.evaluate((l) => localStorage.setItem('vidbot.language', l), lang);
    await page.goto(`/dashboard/demo/vidbots/${botA}`);
    await expect(page.getByRole('heading', { name: L.slides, level: 2 })).toBeVisible();
    expect(await order(page, 'INTRO')).toEqual(['slide:1']);
    expect(await order(page, 'SLIDE')).toEqual(['slide:2', 'slide:3', 'slide:4', 'slide:5']);
    expect(await order(page, 'ACTIONS')).toEqual(['action:6']);
    await expect(page.getByRole('list', { name: L.buttonsOf('Gamma') })).toContainText('Hello');

    // Keyboard drag within Slides: Beta onto Alpha's place, announced in the page's language.
    await keyboardDrag(page, L.moveSlide('Beta'), ['ArrowLeft']);
    await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(/./);
    expect(await order(page, 'SLIDE')).toEqual(['slide:3', 'slide:2', 'slide:4', 'slide:5']);
    // Into Intro: Alpha up onto the intro card makes it the intro; the old intro leads the Slides.
    const handle = page.getByRole('button', { name: L.moveSlide('Alpha'), exact: true });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(L.pickedUp('Alpha'));
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(150);
    await page.keyboard.press('Space');
    await expect.poll(() => order(page, 'INTRO')).toEqual(['slide:2']);
    expect(await order(page, 'SLIDE')).toEqual(['slide:1', 'slide:3', 'slide:4', 'slide:5']);

    // Multi-select: duplicate Beta and Delta, then delete the copies (with a confirmation).
    await page.getByRole('checkbox', { name: L.select('Beta') }).check();
    await page.getByRole('checkbox', { name: L.select('Delta') }).check();
    const bar = page.locator('.selection-bar');
    await expect(bar).toContainText(L.selected(2));
    await bar.getByRole('button', { name: L.duplicateSelected }).click();
    await expect(bar).toHaveCount(0);
    expect(await order(page, 'SLIDE')).toEqual(['slide:1', 'slide:3', 'slide:7', 'slide:4', 'slide:5', 'slide:8']);
    await expect(page.locator('[data-item="slide:7"]')).toContainText('Beta (Copy)');
    await expect(page.locator('[data-item="slide:8"]')).toContainText('Delta (Copy)');
    await page.getByRole('checkbox', { name: L.select('Beta (Copy)') }).check();
    await page.getByRole('checkbox', { name: L.select('Delta (Copy)') }).check();
    await bar.getByRole('button', { name: L.deleteSelected }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Beta (Copy)');
    await dialog.getByRole('button', { name: L.delete, exact: true }).click();
    expect(await order(page, 'SLIDE')).toEqual(['slide:1', 'slide:3', 'slide:4', 'slide:5']);
    // The intro cannot be deleted, alone or in a selection.
    await page.getByRole('checkbox', { name: L.select('Alpha') }).check();
    await bar.getByRole('button', { name: L.deleteSelected }).click();
    await expect(page.getByText(L.cannotDeleteIntro).first()).toBeVisible();
    await bar.getByRole('button', { name: L.clearSelection }).click();
    expect(await order(page, 'INTRO')).toEqual(['slide:2']);

    // Saved: the server has the new order and intro.
    await saveAndReload(page, L);
    expect(await order(page, 'INTRO')).toEqual(['slide:2']);
    expect(await order(page, 'SLIDE')).toEqual(['slide:1', 'slide:3', 'slide:4', 'slide:5']);

    // List mode is remembered (contentEditorMode) across a reload.
    await page.getByRole('button', { name: L.list, exact: true }).click();
    await expect(page.locator('table.content-table')).toHaveCount(3);
    await page.reload();
    await expect(page.locator('table.content-table')).toHaveCount(3);
    expect(await page.evaluate(() => localStorage.getItem('contentEditorMode'))).toBe('LIST');
    expect(await order(page, 'SLIDE')).toEqual(['slide:1', 'slide:3', 'slide:4', 'slide:5']);
    await page.getByRole('button', { name: L.grid, exact: true }).click();
    await expect(page.locator('table.content-table')).toHaveCount(0);

    // Copy Alpha (leads to Gamma, which leads to the Hello action); no paste into the same bot.
    await page.getByRole('button', { name: L.slideMenu('Alpha') }).click();
    await page.getByRole('menuitem', { name: L.copy, exact: true }).click();
    await expect(page.getByText(L.copied('Alpha')).first()).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('vidbotClipboard'))) ?? 'null')).toMatchObject({ type: 'slide', sourceBotId: botA, sourceBotName: nameA });
    await expect(page.getByRole('button', { name: L.paste('Alpha', nameA) })).toHaveCount(0);

    // Paste into bot B: new ids after B's own, targets remapped.
    await page.goto(`/dashboard/demo/vidbots/${botB}`);
    await page.getByRole('button', { name: L.paste('Alpha', nameA) }).click();
    const checkB = async () => {
      expect(await order(page, 'INTRO')).toEqual(['slide:1']);
      expect(await order(page, 'SLIDE')).toEqual(['slide:2', 'slide:3']);
      expect(await order(page, 'ACTIONS')).toEqual(['action:4']);
      await expect(page.locator('[data-item="slide:2"]')).toContainText('Alpha');
      await expect(page.locator('[data-item="slide:3"]')).toContainText('Gamma');
      await expect(page.getByRole('list', { name: L.buttonsOf('Alpha') })).toContainText('To Gamma → Gamma');
      await expect(page.getByRole('list', { name: L.buttonsOf('Gamma') })).toContainText('Say hello → Hello');
    };
    await checkB();
    await saveAndReload(page, L);
    await checkB();
    const storedB = await api<{ slides: Array<{ id: number; options: Array<{ targetId: number }> }>; actions: Array<{ id: number; name: string }> }>(
      page,
      'GET',
      `/api/bot/${botB}`,
    );
    expect(storedB.json.slides.map((s) => [s.id, s.options.map((o) => o.targetId)])).toEqual([
      [1, []],
      [2, [3]],
      [3, [4]],
    ]);
    expect(storedB.json.actions.map((a) => [a.id, a.name])).toEqual([[4, 'Hello']]);

    // Back in A: deleting Gamma, which Alpha and Beta point at, asks first and lists them.
    await page.goto(`/dashboard/demo/vidbots/${botA}`);
    await page.getByRole('button', { name: L.slideMenu('Gamma') }).click();
    await page.getByRole('menuitem', { name: L.delete, exact: true }).click();
    const pointing = page.getByRole('dialog').getByRole('list', { name: L.slidesPointing });
    await expect(pointing.getByRole('listitem')).toHaveText(['Alpha', 'Beta']);
    await page.getByRole('dialog').getByRole('button', { name: L.delete, exact: true }).click();
    expect(await order(page, 'SLIDE')).toEqual(['slide:1', 'slide:3', 'slide:5']);
    await expect(page.getByRole('list', { name: L.buttonsOf('Alpha') })).toHaveCount(0);
    await saveAndReload(page, L);
    expect(await order(page, 'SLIDE')).toEqual(['slide:1', 'slide:3', 'slide:5']);
    await expect(page.getByRole('list', { name: L.buttonsOf('Beta') })).toHaveCount(0);
  });
}

test('read-only and narrow screens: no drag handles; read-only also has no selection, add or editing menus', async ({ page }) => {
  // A Viewer may not edit (spec 001 §6): everything viewable, nothing that edits.
  await signIn(page, 'viewer@example.com');
  // Searched by name: after the other journeys the sample is no longer on the list's first page.
  await page.goto(`/dashboard/demo/vidbots?bot_name=${encodeURIComponent('Welcome to Vidbot')}`);
  await page.getByRole('link', { name: 'Welcome to Vidbot' }).click();
  await expect(page.getByRole('heading', { name: 'Slides', level: 2 })).toBeVisible();
  await expect(page.locator('.slide-card')).toHaveCount(5);
  await expect(page.getByRole('button', { name: /^Move slide / })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add video slide' })).toHaveCount(0);
  // The shell's read-only overlay blocks interaction (spec 001 §2 editor, §6): the red notice, and the
  // content (card menus included) is inert: the read-only menu (Copy) is shown but cannot be opened.
  await expect(page.getByText('Editing is restricted to account owners, admins or the author.')).toBeVisible();
  await expect(page.getByTestId('editor-body')).toHaveAttribute('inert', '');
  await expect(page.getByRole('button', { name: 'Slide actions for Welcome' })).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveCount(0);

  // An editor below the sm breakpoint (767 px): editing, but no dragging.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize({ width: 700, height: 900 });
  await signIn(page, 'owner@example.com');
  await page.goto(`/dashboard/demo/vidbots?bot_name=${encodeURIComponent('Welcome to Vidbot')}`);
  await page.getByRole('link', { name: 'Welcome to Vidbot' }).click();
  await expect(page.getByRole('checkbox', { name: 'Select Welcome' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Move slide / })).toHaveCount(0);
  await page.setViewportSize({ width: 1200, height: 900 });
  await expect(page.getByRole('button', { name: /^Move slide / })).toHaveCount(5);
});
