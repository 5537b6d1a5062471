/**
 * The authoring journey of issue 11 "Tests" (first bullet), in English and Finnish, against the real
 * server, entirely through the UI (spec 001 §2 list and editor, §3 Clipboard, §4 "Slides and actions",
 * "{product} status", "Editor saves"):
 * - create a vidbot from the list's Create dialog;
 * - add a form (with a field), an external link and a post-message action from the content tab's
 *   "Add action" menu;
 * - add five slides (the video uploaded once through the media chooser, then chosen from the
 *   chooser's library) and branching buttons in the slide editor: Welcome → Products | Pricing;
 *   Products → form; Pricing → link | Contact; Contact → post message; "Hidden" is deliberately
 *   pointed at by nothing;
 * - the graph panel reports "Hidden" as unreachable (and the cards are marked);
 * - reorder by keyboard drag (@dnd-kit KeyboardSensor); leave with unsaved changes: stay, exit without
 *   saving (the reorder is lost), save and exit (it is stored);
 * - copy a slide and paste it into another vidbot (the action it leads to comes along);
 * - publish (the warning about the unreachable slide, publish anyway), change the draft, view the
 *   published version read-only and return to the draft.
 *
 * UI texts are looked up in the Lingui catalogs (src/locales/{en,fi}/messages.po), so the Finnish run
 * reads the same words a Finnish user reads, and a missing translation fails here too.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');
type Lang = 'en' | 'fi';

/** Parses a gettext catalog: msgid → msgstr (continuation lines joined, escapes undone). */
function readCatalog(lang: Lang): Map<string, string> {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, `../src/locales/${lang}/messages.po`), 'utf8');
  const unquote = (s: string) => JSON.parse(s) as string;
  const out = new Map<string, string>();
  let id: string | null = null;
  let str: string | null = null;
  let field: 'id' | 'str' | null = null;
  const flush = () => {
    if (id !== null && str !== null) out.set(id, str);
    id = str = null;
    field = null;
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"') && field) {
      if (field === 'id') id += unquote(line);
      else str += unquote(line);
    } else if (!line.trim()) flush();
  }
  flush();
  return out;
}
const CATALOGS = { en: readCatalog('en'), fi: readCatalog('fi') };

/** The UI text of `msgid` in `lang` with its `{placeholders}` filled in; throws when untranslated. */
function tr(lang: Lang, msgid: string, vars: Record<string, string | number> = {}): string {
  const found = CATALOGS[lang].get(msgid);
  const text = lang === 'en' ? found || msgid : found;
  if (!text) throw new Error(`No ${lang} text for "${msgid}"`);
  if (!CATALOGS.en.has(msgid)) throw new Error(`"${msgid}" is not in the catalog`);
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

// A step that cannot happen fails in seconds, not at the test's timeout.
test.use({ actionTimeout: 20_000 });

for (const lang of ['en', 'fi'] as const) {
  const T = (msgid: string, vars?: Record<string, string | number>) => tr(lang, msgid, vars);

  test(`authoring journey (${lang}): a five-slide branching bot with a form, a link and a post message, built, reordered, copied, left, published and viewed`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page, 'owner@example.com');
    await page.evaluate((l) => localStorage.setItem('vidbot.language', l), lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const suffix = `${lang} ${Date.now().toString(36)}`;
    const nameA = `Journey ${suffix}`;
    const nameB = `Target ${suffix}`;

    /** Creates a vidbot through the list's Create dialog; @returns the editor's path. */
    const createBot = async (name: string): Promise<string> => {
      await page.goto('/dashboard/demo/vidbots');
      await page.getByRole('button', { name: T('Create new') }).click();
      const create = page.getByRole('dialog');
      await create.getByLabel(T('Name')).fill(name);
      await create.getByRole('button', { name: T('Create'), exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots\/\d+$/);
      return new URL(page.url()).pathname;
    };
    const contentTab = (editor: string) => expect(page).toHaveURL(new RegExp(`${editor}$`));
    const saveItem = async (editor: string) => {
      await page.getByRole('button', { name: T('Save'), exact: true }).click();
      await contentTab(editor);
    };
    const fromMenu = async (item: 'Save draft' | 'Publish') => {
      await page.getByRole('button', { name: T('Save or publish') }).click();
      await page.getByRole('menuitem', { name: T(item), exact: true }).click();
    };
    const addAction = async (type: 'Form' | 'External link' | 'Post message') => {
      await page.getByRole('button', { name: T('Add action') }).click();
      await page.getByRole('menuitem', { name: T(type), exact: true }).click();
    };

    const editorA = await createBot(nameA);

    // --- Actions: a form with a field, an external link, a post message --------------------------
    await addAction('Form');
    await expect(page.getByRole('heading', { name: T('New form') })).toBeFocused();
    await page.getByRole('textbox', { name: T('Title'), exact: true }).fill('Contact us');
    await page.getByRole('textbox', { name: T('Description'), exact: true }).fill('Tell us what you need.');
    await page.getByRole('textbox', { name: T('Recipient email'), exact: true }).fill('sales@example.com');
    await page.getByRole('textbox', { name: T('Subject'), exact: true }).fill('New lead');
    await page.locator('.action-editor').getByRole('button', { name: T('Add field'), exact: true }).click();
    const fieldDialog = page.getByRole('dialog');
    await fieldDialog.getByRole('textbox', { name: T('Label'), exact: true }).fill('Your question');
    await fieldDialog.getByRole('button', { name: T('Add field'), exact: true }).click();
    await expect(fieldDialog).toBeHidden();
    await saveItem(editorA);

    await addAction('External link');
    await expect(page.getByRole('heading', { name: T('New external link') })).toBeFocused();
    await page.getByRole('textbox', { name: T('Name'), exact: true }).fill('Price list');
    await page.getByRole('textbox', { name: T('URL'), exact: true }).fill('https://example.com/prices');
    await saveItem(editorA);

    await addAction('Post message');
    await expect(page.getByRole('heading', { name: T('New post message') })).toBeFocused();
    await page.getByRole('textbox', { name: T('Name'), exact: true }).fill('Say hello');
    await page.getByRole('textbox', { name: T('Value'), exact: true }).fill('{"event":"hello"}');
    await saveItem(editorA);
    await expect(page.locator('[data-section="ACTIONS"] [data-item]')).toHaveCount(3);

    // --- Five slides: one upload, then the chooser's library -------------------------------------
    const addSlide = async (name: string, upload: boolean) => {
      await page.getByRole('button', { name: T('Add video slide') }).click();
      await expect(page.getByRole('heading', { name: T('New video slide') })).toBeFocused();
      await page.getByRole('button', { name: T('Choose video') }).click();
      const chooser = page.getByRole('dialog');
      if (upload) {
        const files = page.waitForEvent('filechooser');
        await chooser.getByRole('button', { name: T('Upload video') }).click();
        await (await files).setFiles(path.join(MEDIA_DIR, 'echo-hereweare.webm'));
        // The upload machine sends, polls until Ready, then the chooser picks the media.
        await expect(chooser).toBeHidden({ timeout: 90_000 });
      } else {
        await chooser.getByRole('button', { name: /echo-hereweare/ }).first().click();
        await expect(chooser).toBeHidden();
      }
      await page.getByLabel(T('Name'), { exact: true }).fill(name);
      await saveItem(editorA);
    };
    await addSlide('Welcome', true);
    for (const name of ['Products', 'Pricing', 'Contact', 'Hidden']) await addSlide(name, false);
    expect(await page.locator('[data-section="INTRO"] .item-name').allTextContents()).toEqual(['Welcome']);
    expect(await page.locator('[data-section="SLIDE"] .item-name').allTextContents()).toEqual(['Products', 'Pricing', 'Contact', 'Hidden']);

    // --- Branching buttons in the slide editor ----------------------------------------------------
    const addButtons = async (slide: string, targets: string[]) => {
      await page.locator('.item-name').getByText(slide, { exact: true }).click();
      await expect(page.getByRole('heading', { name: T('Edit slide “{0}”', { 0: slide }) })).toBeFocused();
      for (const target of targets) {
        await page.getByRole('button', { name: T('Add button'), exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(T('Link to'), { exact: true }).selectOption({ label: target });
        await expect(dialog.getByLabel(T('Button name'), { exact: true })).toHaveValue(target);
        await dialog.getByRole('button', { name: T('Add button'), exact: true }).click();
        await expect(dialog).toBeHidden();
      }
      await saveItem(editorA);
      await expect(page.getByRole('list', { name: T('Buttons of {0}', { 0: slide }) }).getByRole('listitem')).toHaveCount(targets.length);
    };
    await addButtons('Welcome', ['Products', 'Pricing']);
    await addButtons('Products', ['Contact us']);
    await addButtons('Pricing', ['Price list', 'Contact']);
    await addButtons('Contact', ['Say hello']);

    // --- The graph panel: "Hidden" is unreachable -----------------------------------------------------
    const panel = page.getByRole('region', { name: T('Vidbot graph') });
    const unreachable = panel.getByRole('list', { name: T('Unreachable slides') });
    await expect(unreachable.getByRole('link')).toHaveText(['Hidden']);
    await fromMenu('Save draft');
    await expect(page.getByText(T('Draft saved')).first()).toBeVisible();

    // --- Keyboard drag: Contact before Pricing -----------------------------------------------------
    const slideOrder = () => page.locator('[data-section="SLIDE"] .item-name').allTextContents();
    const dragContactLeft = async () => {
      const handle = page.getByRole('button', { name: T('Move slide {0}', { 0: 'Contact' }), exact: true });
      await handle.focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(150); // the sensor measures the droppables (animation frames)
      await page.keyboard.press('ArrowLeft');
      await page.waitForTimeout(150);
      await page.keyboard.press('Space');
      await expect.poll(slideOrder).toEqual(['Products', 'Contact', 'Pricing', 'Hidden']);
    };
    await dragContactLeft();

    // --- Leaving with unsaved changes: stay, exit without saving, save and exit ----------------------
    const back = page.getByRole('link', { name: T('← Back to vidbots') });
    const prompt = page.getByRole('dialog', { name: T('Unsaved changes') });
    await back.click();
    await prompt.getByRole('button', { name: T('Stay') }).click();
    await expect(prompt).toBeHidden();
    await contentTab(editorA);
    expect(await slideOrder()).toEqual(['Products', 'Contact', 'Pricing', 'Hidden']);

    await back.click();
    await prompt.getByRole('button', { name: T('Exit without saving') }).click();
    await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots(\?|$)/);
    await page.getByRole('link', { name: nameA }).click();
    await expect.poll(slideOrder).toEqual(['Products', 'Pricing', 'Contact', 'Hidden']);

    await dragContactLeft();
    await back.click();
    await prompt.getByRole('button', { name: T('Save and exit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots(\?|$)/);
    await expect(page.getByText(T('Draft saved')).first()).toBeVisible();
    await page.getByRole('link', { name: nameA }).click();
    await expect.poll(slideOrder).toEqual(['Products', 'Contact', 'Pricing', 'Hidden']);

    // --- Copy "Contact" (it leads to the post message) and paste it into another vidbot -------------
    await page.getByRole('button', { name: T('Slide actions for {0}', { 0: 'Contact' }) }).click();
    await page.getByRole('menuitem', { name: T('Copy'), exact: true }).click();
    const editorB = await createBot(nameB);
    await page.getByRole('button', { name: T('Paste slide “{name}” from “{source}”', { name: 'Contact', source: nameA }) }).click();
    await expect(page.locator('.item-name')).toHaveText(['Contact', 'Say hello']);
    await expect(page.getByRole('list', { name: T('Buttons of {0}', { 0: 'Contact' }) })).toContainText('Say hello');
    await fromMenu('Save draft');
    await expect(page.getByText(T('Draft saved')).first()).toBeVisible();
    await page.reload();
    await expect(page.locator('.item-name')).toHaveText(['Contact', 'Say hello']);
    await contentTab(editorB);

    // --- Publish A: warned about the unreachable slide, published anyway ---------------------------
    await page.goto(editorA);
    await fromMenu('Publish');
    const warning = page.getByRole('dialog', { name: T('Publish with warnings?') });
    await expect(warning).toContainText('Hidden');
    await warning.getByRole('button', { name: T('Publish anyway') }).click();
    await expect(page.getByLabel(new RegExp(`^${T('Version {revNumber}, {state}', { revNumber: '\\d+', state: T('Published') })}$`))).toBeVisible();

    // --- A draft beside the published version; view published; return ------------------------------
    await page.getByRole('button', { name: T('Slide actions for {0}', { 0: 'Hidden' }) }).click();
    await page.getByRole('menuitem', { name: T('Delete'), exact: true }).click();
    await expect(unreachable).toHaveCount(0);
    await fromMenu('Save draft');
    await expect(page.getByText(T('Draft saved. The published version stays live until you publish.')).first()).toBeVisible();
    const toggle = page.getByRole('button', { name: T('View published') });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(slideOrder).toEqual(['Products', 'Contact', 'Pricing', 'Hidden']);
    await expect(page.getByRole('button', { name: T('Add video slide') })).toHaveCount(0);
    await page.getByRole('button', { name: T('Return to the draft') }).first().click();
    await expect.poll(slideOrder).toEqual(['Products', 'Contact', 'Pricing']);
    await expect(page.getByRole('button', { name: T('Add video slide') })).toBeVisible();
  });
}
