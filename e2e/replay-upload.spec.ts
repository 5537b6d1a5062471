/**
 * Model-based replay of the upload chart (issue 14 "Paths": "The Playwright suite replays the
 * generated paths of the … upload … machines in Chromium against the real server, each path a named
 * test"). The paths are `npm run paths -- upload` (tour), filtered by e2e/replay/upload.selection.ts;
 * each runs in the media library of the demo account (owner, signed in once) with its own copy of a
 * fixture file, against the real server and real tus.
 *
 * How each event is driven:
 *   - the person's `upload.cancel`: the row's “Cancel upload” button;
 *   - the browser's `upload.offline` / `upload.online`: `context.setOffline(true | false)`;
 *   - the server's answers: the requests are real, and the replay decides only WHEN they may go on.
 *     The image's `POST /api/media` (createMedia), the bytes (tus PATCH, image multipart POST) and
 *     the polls (`GET /api/media/{id}`) are held by `page.route` until the step that names their
 *     answer: `done: createMedia` releases the POST and waits for its 201; `upload.progress` releases
 *     the bytes and waits for the bar to move; `upload.sent` waits for the last byte's answer;
 *     `after pollInterval` waits for the poll the 2-second timer sends; `done: pollMedia` lets the
 *     polls through and waits for the answer that says Ready (Draft answers before it are the
 *     processing loop). A video's tus creation (`upload.created`, `upload.started`) is not held: it
 *     is the creation request's answer (its `Media-Id` and `Location` headers).
 * How a state is checked: an init script records, per file, the distinct phases its row in the
 * Uploads list shows (`data-phase`: preparing, uploading, retrying, paused, processing, done, failed,
 * refused, cancelled) and the furthest progress; each expected state must be the row's current phase
 * or the very next one it showed (rows leave the list a second after they end, so the record is what
 * proves a final phase), and the final toasts are checked too.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request, Response, Route } from '@playwright/test';
import { expect, signIn, test } from './support';
import { replayPaths, type ReplayArgs } from './replay/replay';
import { uploadSelection } from './replay/upload.selection';
import type { MachinePathStep } from '../machines/tooling/paths';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');
const STATE_FILE = path.resolve(import.meta.dirname, '../test-results/replay-upload-owner.json');

/** Requests held until a step lets them go. */
class Gate {
  private open = false;
  private held: Route[] = [];
  /** Requests that reached the gate (held or let through). */
  arrived = 0;
  handle = async (route: Route) => {
    this.arrived++;
    if (this.open) return route.continue().catch(() => undefined);
    this.held.push(route);
  };
  /** Lets the held requests and every later one through. */
  release() {
    this.open = true;
    for (const route of this.held.splice(0)) void route.continue().catch(() => undefined);
  }
}

interface UploadCtx {
  name: string;
  video: boolean;
  size: number;
  create: Gate;
  send: Gate;
  poll: Gate;
  /** The tus creation answer (videos). */
  creation: Promise<Response> | null;
  /** Index into the row's recorded phases of the phase shown now. */
  cursor: number;
}

/** The phase the row shows for a state label of the upload chart (machines/upload/upload.selectors.ts). */
function phaseOf(state: string): string {
  if (state === 'checkingFile' || state === 'creatingRecord') return 'preparing';
  if (state.startsWith('uploading')) return 'uploading';
  if (state === 'waitingToRetry') return 'retrying';
  if (state.startsWith('processing')) return 'processing';
  return state; // paused, done, failed, refused, cancelled
}

/** Records each upload row's distinct phases and furthest progress in `window.__replayUploads`. */
function recordUploadRows() {
  type Entry = { phases: string[]; progress: number };
  const store: Record<string, Entry> = {};
  (window as unknown as { __replayUploads: Record<string, Entry> }).__replayUploads = store;
  const scan = () => {
    for (const li of document.querySelectorAll<HTMLElement>('.upload-entry')) {
      const name = li.querySelector('.upload-name')?.lastChild?.textContent?.trim();
      const phase = li.dataset.phase;
      if (!name || !phase) continue;
      const entry = (store[name] ??= { phases: [], progress: 0 });
      if (entry.phases[entry.phases.length - 1] !== phase) entry.phases.push(phase);
      const value = li.querySelector('progress')?.value ?? 0;
      entry.progress = Math.max(entry.progress, value);
    }
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase', 'value'] });
}

async function rowRecord(page: Page, name: string): Promise<{ phases: string[]; progress: number }> {
  return page.evaluate((n) => (window as unknown as { __replayUploads: Record<string, { phases: string[]; progress: number }> }).__replayUploads[n] ?? { phases: [], progress: 0 }, name);
}

const isPoll = (request: Request) => request.method() === 'GET' && /^\/api\/media\/\d+$/.test(new URL(request.url()).pathname);
const isCreateMedia = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/media';
const isSend = (request: Request) => {
  const p = new URL(request.url()).pathname;
  return (request.method() === 'PATCH' && p.startsWith('/api/media/tus/')) || (request.method() === 'POST' && /^\/api\/media\/\d+\/upload$/.test(p));
};
const isTusCreation = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/media/tus';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await signIn(page, 'owner@example.com');
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  await page.context().storageState({ path: STATE_FILE });
  await page.close();
});
test.use({ storageState: STATE_FILE });

/** The file a path uploads: a fresh copy of a fixture under the path's own name (or an empty / text file). */
function fileFor(args: ReplayArgs): { file: string; tab: 'video' | 'image' } {
  const base = `replay-${args.path.id.replace(/\//g, '-')}`;
  const dir = test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  const make = (name: string, content: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };
  switch (args.path.inputName) {
    case 'video':
      return { file: make(`${base}.mp4`, fs.readFileSync(path.join(MEDIA_DIR, 'sample.mp4'))), tab: 'video' };
    case 'image':
      return { file: make(`${base}.jpg`, fs.readFileSync(path.join(MEDIA_DIR, 'echo-hereweare.jpg'))), tab: 'image' };
    case 'zeroLength':
      return { file: make(`${base}.mp4`, Buffer.alloc(0)), tab: 'video' };
    case 'unsupported':
      return { file: make(`${base}.txt`, Buffer.from('notes, not a picture\n')), tab: 'image' };
    default:
      throw new Error(`No file for input ${args.path.inputName}`);
  }
}

replayPaths<UploadCtx>({
  selection: uploadSelection,
  async setup(args) {
    const { page } = args;
    const { file, tab } = fileFor(args);
    const ctx: UploadCtx = {
      name: path.basename(file),
      video: tab === 'video',
      size: fs.statSync(file).size,
      create: new Gate(),
      send: new Gate(),
      poll: new Gate(),
      creation: null,
      cursor: 0,
    };
    await page.addInitScript(recordUploadRows);
    await page.route((url) => url.pathname.startsWith('/api/media'), async (route) => {
      const request = route.request();
      if (isCreateMedia(request)) return ctx.create.handle(route);
      if (isSend(request)) return ctx.send.handle(route);
      if (isPoll(request)) return ctx.poll.handle(route);
      return route.fallback();
    });
    await page.goto(`/dashboard/demo/media/${tab}`);
    await expect(page.locator('.media-table, .empty-state')).toBeVisible();
    if (ctx.video && ctx.size > 0) ctx.creation = page.waitForResponse((r) => isTusCreation(r.request()));
    await page.getByTestId('media-add-input').setInputFiles(file);
    return ctx;
  },

  async perform(ctx, step: MachinePathStep, _index, { page }) {
    const event = step.event as { type: string };
    switch (event.type) {
      case 'upload.cancel':
        await page.locator('.upload-entry').filter({ hasText: ctx.name }).getByRole('button', { name: 'Cancel upload' }).click();
        return;
      case 'upload.offline':
        await page.context().setOffline(true);
        return;
      case 'upload.online':
        await page.context().setOffline(false);
        return;
      case 'upload.created': {
        const response = await ctx.creation!;
        expect(response.status()).toBe(201);
        expect(Number(response.headers()['media-id'])).toBeGreaterThan(0);
        return;
      }
      case 'upload.started': {
        const response = await ctx.creation!;
        expect(response.headers()['location']).toMatch(/\/api\/media\/tus\//);
        return;
      }
      case 'xstate.done.actor.createMedia': {
        const answer = page.waitForResponse((r) => isCreateMedia(r.request()));
        await expect.poll(() => ctx.create.arrived).toBeGreaterThan(0);
        ctx.create.release();
        expect((await answer).status()).toBe(201);
        return;
      }
      case 'upload.progress':
        ctx.send.release();
        await expect.poll(async () => (await rowRecord(page, ctx.name)).progress).toBeGreaterThan(0);
        return;
      case 'upload.sent': {
        const answer = page.waitForResponse((r) => isSend(r.request()));
        ctx.send.release();
        const response = await answer;
        expect(response.ok(), `${response.status()} ${await response.text().catch(() => '')}`).toBe(true);
        if (ctx.video) expect(Number(response.headers()['upload-offset'])).toBe(ctx.size);
        else expect(((await response.json()) as { status: string }).status).toBe('Ready');
        return;
      }
      case 'xstate.after.pollInterval.upload.processing.waiting':
        // The chart asks again two seconds after the last answer; the question is held at the gate.
        await expect.poll(() => ctx.poll.arrived, { timeout: 10_000 }).toBeGreaterThan(0);
        return;
      case 'xstate.done.actor.pollMedia': {
        const ready = page.waitForResponse(async (r) => isPoll(r.request()) && ((await r.json().catch(() => ({}))) as { status?: string }).status === 'Ready', { timeout: 60_000 });
        ctx.poll.release();
        await ready;
        return;
      }
      default:
        throw new Error(`The upload replay cannot drive ${event.type}`);
    }
  },

  async expectState(ctx, state, { page }) {
    const phase = phaseOf(state);
    await expect
      .poll(
        async () => {
          const { phases } = await rowRecord(page, ctx.name);
          if (phases[ctx.cursor] === phase) return phase;
          if (phases.length > ctx.cursor + 1 && phases[ctx.cursor + 1] === phase) {
            ctx.cursor++;
            return phase;
          }
          return `shown so far: ${phases.join(' → ') || 'nothing'} (at ${phases[ctx.cursor] ?? '—'})`;
        },
        { message: `the upload row of ${ctx.name} shows ${phase} (${state})`, timeout: 20_000 },
      )
      .toBe(phase);
    if (state === 'done') await expect(page.getByText(`${ctx.name} is ready`)).toBeVisible();
    if (state === 'refused') {
      const text = ctx.size === 0 ? "File has zero length" : `${ctx.name} is not a supported file type.`;
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
  },

  async teardown(ctx, { page }) {
    await page.context().setOffline(false);
    ctx.create.release();
    ctx.send.release();
    ctx.poll.release();
  },
});
