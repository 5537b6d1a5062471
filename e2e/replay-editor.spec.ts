/**
 * The editor machine's model-based paths replayed in Chromium against the real server (issue 14
 * "Paths"; spec 001 §2 editor, §4 "{product} status" / "Editor saves"; issue 11 revisions): each
 * path of e2e/replay/editor.selection.ts (`npm run paths -- editor --shortest`, journeys included)
 * is one named test.
 *
 * Setup per path: a new bot in the demo account through the API — Intro (INTRO) with buttons to
 * five reachable slides, plus an unreachable "Orphan" slide when the path's first publish expects
 * graph warnings; for the `published` input it is published and then gets a draft revision — and
 * its editor opened. The owner signs in once per worker; later tests reuse the session's tokens.
 *
 * Steps, in the real UI: `draft.change` deletes the next reachable slide (warnings unchanged), or
 * duplicates a slide (an unreachable copy: a warning) / deletes the orphan when the next warning
 * check of the path expects a different answer, or sets the intro as a normal slide (no intro);
 * `draft.save` / `revision.publish` are the top bar's menu items; `leave.requested` is the Back link;
 * the dialogs' buttons answer the prompts; a conflict is caused by a save through the API just
 * before the UI's save; an actor's done / error event is the real server's answer, checked by the
 * state the page shows next.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { expect } from './support';
import { signIn } from './support';
import { replayPaths } from './replay/replay';
import { changeKind, editorSelection } from './replay/editor.selection';
import type { MachinePath } from '../machines/tooling/paths';

/** Tokens of the signed-in owner (localStorage entries), captured by the first test. */
let session: Array<[string, string]> | null = null;

/** One call of the app's API with the signed-in person's token (as the SPA makes it). */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
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

async function signedIn(page: Page): Promise<void> {
  if (session) {
    await page.goto('/login');
    await page.evaluate((entries) => {
      for (const [k, v] of entries) localStorage.setItem(k, v);
    }, session);
    return;
  }
  await signIn(page, 'owner@example.com');
  session = await page.evaluate(() => Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? ''] as [string, string]));
}

/** The warning counts the path's checks answer, in order, each with the index of its step. */
function warningAnswers(path: MachinePath): Array<{ index: number; count: number }> {
  return path.steps.flatMap((s, index) =>
    s.event.type === 'xstate.done.actor.countPublishWarnings' ? [{ index, count: Number((s.event as { output?: unknown }).output) }] : [],
  );
}

interface Ctx {
  id: number;
  url: string;
  /** Reachable slides an ordinary edit may still delete. */
  deletable: string[];
  /** The name of the unreachable slide, while there is one. */
  orphan: string | null;
  noIntro: boolean;
  path: MachinePath;
  /** True once the person left with “Exit without saving”: the editor is gone (the chart is left in editing.dirty). */
  left?: boolean;
}

const REACHABLE = ['Second', 'Third', 'Fourth', 'Fifth', 'Sixth'];

async function makeBot(page: Page, name: string, published: boolean, orphan: boolean): Promise<number> {
  const accounts = await api(page, 'GET', '/account');
  const accountId = (accounts.body.records as Array<{ id: number; publicId: string }>).find((a) => a.publicId === 'demo')!.id;
  const list = await api(page, 'GET', `/bot?account_id=${accountId}&bot_name=Welcome`);
  const sample = await api(page, 'GET', `/bot/${list.body.records[0].id}`);
  const videoId = sample.body.slides[0].videoId as number;
  const created = await api(page, 'POST', '/bot', { accountId, name });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const slide = (sid: number, slideName: string, category: 'INTRO' | 'SLIDE', options: unknown[] = []) => ({ id: sid, name: slideName, category, type: 'VIDEO', videoId, imageId: null, options });
  const content = (prefix: string) => ({
    slides: [
      slide(1, 'Intro', 'INTRO', REACHABLE.map((n, i) => ({ id: i + 1, name: `${prefix} ${n}`, type: 'SLIDE', targetId: i + 2 }))),
      ...REACHABLE.map((n, i) => slide(i + 2, n, 'SLIDE')),
      ...(orphan ? [slide(REACHABLE.length + 2, 'Orphan', 'SLIDE')] : []),
    ],
    actions: [],
  });
  expect((await api(page, 'PATCH', `/bot/${id}`, { content: content('To') })).status).toBe(200);
  if (published) {
    expect((await api(page, 'PATCH', `/bot/${id}`, { status: 'Published' })).status).toBe(200);
    expect((await api(page, 'PATCH', `/bot/${id}`, { content: content('On to') })).status).toBe(200);
  }
  return id;
}

async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.slide-card').first()).toBeVisible();
}

const badge = (page: Page) => page.locator('.editor-title').getByText('Unsaved changes', { exact: true });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function fromMenu(page: Page, item: 'Save draft' | 'Publish'): Promise<void> {
  await page.getByRole('button', { name: 'Save or publish' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function slideMenu(page: Page, name: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Slide actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function deleteSlide(page: Page, name: string): Promise<void> {
  const cards = page.locator('.slide-card');
  const before = await cards.count();
  await slideMenu(page, name, 'Delete');
  const confirm = dialog(page, 'Delete?');
  // A slide that buttons point at is confirmed first (spec 001 §4).
  await expect(cards.or(confirm).first()).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(cards).toHaveCount(before - 1);
}

/** The first warning answer after step `index` and before the next edit, or null. */
function nextWarningAnswer(path: MachinePath, index: number): number | null {
  for (const s of path.steps.slice(index + 1)) {
    if (s.event.type === 'draft.change') return null;
    if (s.event.type === 'xstate.done.actor.countPublishWarnings') return Number((s.event as { output?: unknown }).output);
  }
  return null;
}

/** A save through the API (another tab), so the UI's next save answers 409 revisionConflict. */
async function saveElsewhere(page: Page, ctx: Ctx): Promise<void> {
  const latest = await api(page, 'GET', `/bot/${ctx.id}`);
  const answer = await api(page, 'PATCH', `/bot/${ctx.id}`, { content: { slides: latest.body.slides, actions: latest.body.actions } });
  expect(answer.status).toBe(200);
}

/** The UI action at `index` is answered by a conflict (the next service answers of the path contain a 409). */
function answeredByConflict(path: MachinePath, index: number): boolean {
  for (const s of path.steps.slice(index + 1)) {
    if (!s.event.type.startsWith('xstate.')) return false;
    if (s.event.type === 'xstate.error.actor.saveDraft' && (s.event as { error?: { status?: number } }).error?.status === 409) return true;
  }
  return false;
}

async function change(page: Page, ctx: Ctx, event: EventObject, index: number): Promise<void> {
  if (changeKind(event) === 'noIntro') {
    await slideMenu(page, 'Intro', 'Set as normal');
    ctx.noIntro = true;
    return;
  }
  const wanted = nextWarningAnswer(ctx.path, index);
  if (wanted !== null && wanted > 0 && !ctx.orphan) {
    await slideMenu(page, 'Second', 'Duplicate');
    ctx.orphan = 'Second (Copy)';
    await expect(page.getByRole('button', { name: `Slide actions for ${ctx.orphan}`, exact: true })).toBeVisible();
    return;
  }
  if (wanted === 0 && ctx.orphan) {
    await deleteSlide(page, ctx.orphan);
    ctx.orphan = null;
    return;
  }
  const next = ctx.deletable.shift();
  if (!next) throw new Error('The replay ran out of slides to delete');
  await deleteSlide(page, next);
}

replayPaths<Ctx>({
  selection: editorSelection,
  async setup({ page, path }) {
    await signedIn(page);
    const answers = warningAnswers(path);
    const firstChange = path.steps.findIndex((s) => s.event.type === 'draft.change');
    const orphan = answers.length > 0 && answers[0]!.count > 0 && (firstChange < 0 || answers[0]!.index < firstChange);
    const id = await makeBot(page, `Replay ${path.id}`, path.inputName === 'published', orphan);
    const url = `/dashboard/demo/vidbots/${id}`;
    await openEditor(page, url);
    return { id, url, deletable: [...REACHABLE], orphan: orphan ? 'Orphan' : null, noIntro: false, path };
  },
  async teardown(ctx, { page }) {
    // The path's bot goes again: the specs that run later find the demo account as before (the
    // sample vidbot on the first page of the list).
    // (Not asserted: a failure here must not hide the path's own failure.)
    await api(page, 'DELETE', `/bot/${ctx.id}`);
  },
  async perform(ctx, step, index, { page, path }) {
    const { event } = step;
    const previous = index > 0 ? path.steps[index - 1]!.event.type : '';
    switch (event.type) {
      case 'draft.change':
        return change(page, ctx, event, index);
      case 'draft.save':
        if (answeredByConflict(path, index)) await saveElsewhere(page, ctx);
        return fromMenu(page, 'Save draft');
      case 'revision.publish':
        if (answeredByConflict(path, index)) await saveElsewhere(page, ctx);
        await fromMenu(page, 'Publish');
        if (ctx.noIntro) await expect(page.getByRole('alert').filter({ hasText: 'A vidbot needs an intro slide before it can be published.' })).toBeVisible();
        return;
      case 'publish.confirm':
        if (answeredByConflict(path, index)) await saveElsewhere(page, ctx);
        return dialog(page, 'Publish with warnings?').getByRole('button', { name: 'Publish anyway' }).click();
      case 'publish.cancel':
        return dialog(page, 'Publish with warnings?').getByRole('button', { name: 'Cancel' }).click();
      case 'view.published':
        return page.getByRole('button', { name: 'View published' }).click();
      case 'view.draft':
        return page.getByRole('button', { name: 'Return to the draft' }).click();
      case 'leave.requested':
        await page.getByRole('link', { name: /Back to vidbots/ }).click();
        if (step.state === 'editing.clean') {
          // Nothing unsaved: the editor closes at once; the path goes on in a fresh (clean) editor.
          await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots(\?|$)/);
          await openEditor(page, ctx.url);
        }
        return;
      case 'prompt.stay':
        return dialog(page, 'Unsaved changes').getByRole('button', { name: 'Stay' }).click();
      case 'prompt.exit':
        await dialog(page, 'Unsaved changes').getByRole('button', { name: 'Exit without saving' }).click();
        await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots(\?|$)/);
        ctx.left = true;
        return;
      case 'prompt.save':
        if (answeredByConflict(path, index)) await saveElsewhere(page, ctx);
        return dialog(page, 'Unsaved changes').getByRole('button', { name: 'Save and exit' }).click();
      case 'conflict.keep':
        return dialog(page, 'Someone else saved this vidbot').getByRole('button', { name: 'Keep editing' }).click();
      case 'conflict.reload':
        return dialog(page, 'Someone else saved this vidbot').getByRole('button', { name: 'Reload and lose my changes' }).click();
      case 'failure.dismiss':
        await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
        await expect(page.getByRole('alert')).toHaveCount(0);
        return;
      case 'xstate.done.actor.saveDraft':
        if (previous === 'prompt.save') {
          // Save and exit: the draft is saved and the editor closes; the path goes on in a fresh editor.
          await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots(\?|$)/);
          await expect(page.locator('.Toastify').getByText(/^Draft saved/).first()).toBeVisible();
          await openEditor(page, ctx.url);
        } else if (step.state === 'editing.clean' || step.state === 'editing.dirty') {
          await expect(page.locator('.Toastify').getByText(/^Draft saved/).first()).toBeVisible();
        }
        return;
      case 'xstate.done.actor.publishRevision':
        await expect(toast(page, 'Published')).toBeVisible();
        await expect(page.getByLabel(/Version \d+, Published/)).toBeVisible();
        return;
      default:
        // Other answers of the real server (set Published, the warning check, the latest or the
        // published version, a 409): the state the page shows next is the check.
        return;
    }
  },
  async expectState(ctx, state, { page }) {
    if (ctx.left) {
      // The editor closed without saving (the last step of such a path): the vidbot list shows, with no editor and no prompt.
      await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots(\?|$)/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      return;
    }
    switch (state) {
      case 'editing.clean':
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(badge(page)).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Save or publish' })).toBeEnabled();
        return;
      case 'editing.dirty':
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(badge(page)).toBeVisible();
        return;
      case 'leavePrompt':
        await expect(dialog(page, 'Unsaved changes')).toBeVisible();
        return;
      case 'confirmingPublish':
        await expect(dialog(page, 'Publish with warnings?')).toBeVisible();
        return;
      case 'conflict.choosing':
        await expect(dialog(page, 'Someone else saved this vidbot').getByRole('button', { name: 'Keep editing' })).toBeEnabled();
        return;
      case 'viewingPublished.showing':
        await expect(page.getByText(/You are viewing the published version \(v\d+\)\. It is read-only\./)).toBeVisible();
        return;
      default:
        // Transient states (a save, the warning check, a publish step, a lookup): the real server
        // answers too fast to observe them reliably; the next step's state is checked instead.
        return;
    }
  },
});
