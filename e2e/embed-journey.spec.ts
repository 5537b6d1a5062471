/**
 * The customer's journey of issue 12 "Done when" and issue 20 "Done when", as a test: the owner signs
 * in, opens the vidbot's Share tab, copies the embed code shown there (read from the page, never
 * hard-coded) into a plain HTML page on another origin (`startHost`, e2e/hosts.ts) served with the
 * strict Content-Security-Policy of issue 20, and the vidbot works there:
 *
 * - widget (en, and fi): the bubble shows; a click opens the dialog; the player frame plays (video
 *   time advances); a slide button navigates (VIDBOT_SLIDE once); the lead form "Leave your e-mail"
 *   is filled and sent — stored (GET /api/bot/{id}/form-submission as the owner), e-mailed (the
 *   outbox, GET /api/admin/outbox as staff) and announced once (VIDBOT_FORM_SUBMITTED);
 *   `Vidbot.close()` → VIDBOT_CLOSE once, `Vidbot.open()` → VIDBOT_OPEN once; a `pause` command from
 *   another origin (a second host that frames the same frame URL) and a malformed one from the right
 *   origin are ignored, while the well-formed one from the host pauses; the host page's own layout and
 *   scroll height are the same with and without the widget; zero `securitypolicyviolation` events
 *   (recorded by an init script, which the page's CSP does not govern) and no console CSP errors
 *   (the support fixture).
 *   Language: the widget's player speaks the bot's widget language (widgetSettings.language, sent as
 *   `lang` of the config's frameUrl; the dialog's Close label follows it too) — the fi run uses a
 *   duplicate of the sample whose widget language is Finnish, with the dashboard in Finnish; its
 *   widget custom CSS (widgetSettings.stylesRaw) shows that the allow-listed rule reaches the bubble
 *   (adoptedStyleSheets) under the strict policy and the dropped one does not.
 * - widget under the nonce + 'strict-dynamic' policy, the pasted tag given `nonce="N"`;
 * - iframe: the code of the share tab's Iframe sub-tab on a strict-CSP host: plays, a button navigates;
 * - accessibility (issue 12): axe on the widget's bubble and open dialog (its shadow root and the
 *   player frame inside), on `/v/{publicId}` and on `/e/{publicId}` — no serious or critical violations.
 *
 * One browser context per scenario; no fixed sleeps.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, FrameLocator, Page } from '@playwright/test';
import { nonceHostCsp, startHost, strictHostCsp, vidbotOrigin, type Host, type HostPage } from './hosts';
import { expect, idToken, signIn, test } from './support';

const V = vidbotOrigin();
const SAMPLE = 'Welcome to Vidbot';

const LABELS = {
  en: { share: 'Share', iframe: 'Iframe', embedCode: 'Embed code', iframeCode: 'Iframe code', close: 'Close', send: 'Send' },
  fi: { share: 'Jaa', iframe: 'Iframe', embedCode: 'Upotuskoodi', iframeCode: 'Iframe-koodi', close: 'Sulje', send: 'Lähetä' },
} as const;
type Lang = keyof typeof LABELS;


interface Bot {
  id: number;
  publicId: string;
  name: string;
}

/** The Finnish duplicate's widget custom CSS: one rule kept (scoped under the bubble), one dropped. */
const WIDGET_CSS = '.o { border-radius: 4px } body { display: none }';

let owner: Record<string, string>;
let sample: Bot;
/** A duplicate of the sample whose widget speaks Finnish (widgetSettings.language = fi). */
let sampleFi: Bot;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  owner = { Authorization: `Bearer ${await idToken(request, 'owner@example.com')}` };
  const accounts = (await (await request.get('/api/account?page=1&size=100', { headers: owner })).json()) as { records: Array<{ id: number; publicId: string }> };
  const demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  const list = (await (await request.get(`/api/bot?account_id=${demoId}&bot_name=${encodeURIComponent(SAMPLE)}&size=100`, { headers: owner })).json()) as {
    records: Array<Bot>;
  };
  sample = list.records.find((b) => b.name === SAMPLE)!;
  // The media worker makes the sample's videos Ready shortly after the start.
  await expect
    .poll(async () => ((await (await request.get(`/api/public/bot/${sample.publicId}/widget?url=${encodeURIComponent('http://localhost/')}`)).json()) as { show: boolean }).show, {
      timeout: 120_000,
      intervals: [1000, 2000],
    })
    .toBe(true);

  // The Finnish duplicate: same slides, form and widget video; widget language fi; published.
  const cloned = await request.post(`/api/bot/${sample.id}/clone`, { headers: owner });
  expect(cloned.status(), await cloned.text()).toBe(201);
  const copy = (await cloned.json()) as Bot & { slides: unknown[]; actions: unknown[]; theme: unknown; settings: { widgetSettings: Record<string, unknown> } };
  const patched = await request.patch(`/api/bot/${copy.id}`, {
    headers: owner,
    data: {
      name: 'Tervetuloa Vidbotiin',
      status: 'Published',
      content: { slides: copy.slides, actions: copy.actions, theme: copy.theme, settings: { ...copy.settings, widgetSettings: { ...copy.settings.widgetSettings, language: 'fi', stylesRaw: WIDGET_CSS } } },
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  sampleFi = (await patched.json()) as Bot;
});

test.afterAll(async ({ request }) => {
  // The other journeys expect the demo account's bots as seeded.
  if (sampleFi) expect((await request.delete(`/api/bot/${sampleFi.id}`, { headers: owner })).status()).toBe(200);
});

/** Signs in as the owner (dashboard in `lang`) and opens the bot's Share tab. */
async function openShareTab(page: Page, lang: Lang, bot: Bot): Promise<void> {
  await signIn(page, 'owner@example.com');
  await page.evaluate((l) => localStorage.setItem('vidbot.language', l), lang);
  await page.goto(`/dashboard/demo/vidbots/${bot.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByRole('navigation').getByRole('link', { name: LABELS[lang].share, exact: true }).click();
  await expect(page.getByRole('heading', { name: LABELS[lang].share, level: 2 })).toBeVisible();
}

/** The widget code the share tab shows (the loader, or the sync variant when the account has widget_sync). */
async function copyWidgetCode(page: Page, lang: Lang, bot: Bot): Promise<string> {
  await openShareTab(page, lang, bot);
  const code = await page.getByLabel(LABELS[lang].embedCode).inputValue();
  expect(code).toContain(bot.publicId);
  expect(code).toMatch(/^<script /);
  return code;
}

/** The iframe code of the share tab's Iframe sub-tab. */
async function copyIframeCode(page: Page, lang: Lang, bot: Bot): Promise<string> {
  await openShareTab(page, lang, bot);
  await page.locator('nav.share-tabs').getByRole('link', { name: LABELS[lang].iframe, exact: true }).click();
  const code = await page.getByLabel(LABELS[lang].iframeCode).inputValue();
  expect(code).toMatch(new RegExp(`^<iframe src="${V.replace(/[.]/g, '\\.')}/e/${bot.publicId}\\?`));
  return code;
}

/** The host page's own content: long enough to scroll; no inline script or style (strict CSP). */
const CONTENT = `<main id="content"><h1>Our own page</h1>${Array.from({ length: 50 }, (_, i) => `<p>Paragraph ${i + 1} of the host's own content.</p>`).join('')}</main>`;
const hostHtml = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Customer site</title></head><body>${CONTENT}${body}</body></html>`;

interface Recorded {
  violations: string[];
  events: Array<{ origin: string; data: { type: string; to?: number; from?: number | null; submissionId?: string; [k: string]: unknown } }>;
}

/** Records CSP violations and Vidbot protocol events of every page of the context (init scripts run before the page's own). */
async function record(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __rec: Recorded };
    w.__rec = { violations: [], events: [] };
    document.addEventListener('securitypolicyviolation', (e) => w.__rec.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    window.addEventListener('message', (e) => {
      const d = e.data as Recorded['events'][number]['data'] & { source?: string };
      if (d && d.source === 'vidbot') w.__rec.events.push({ origin: e.origin, data: d });
    });
  });
}
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __rec: Recorded }).__rec);
const types = async (page: Page, type: string) => (await recorded(page)).events.filter((e) => e.data.type === type);

/** The layout facts of the host page the widget must not change. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const r = document.getElementById('content')!.getBoundingClientRect();
    return { box: [r.x, r.y, r.width, r.height], scrollHeight: document.scrollingElement!.scrollHeight, bodyStyle: document.body.getAttribute('style') };
  });

/** Waits until the player video in `scope` has played past `seconds` beyond `from`. */
async function expectPlaying(scope: FrameLocator, from = 0, seconds = 0.3): Promise<void> {
  const video = scope.locator('[data-vidbot-player] video');
  await expect(video).toHaveCount(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(from + seconds);
}
const currentTime = (scope: FrameLocator) => scope.locator('[data-vidbot-player] video').evaluate((v: HTMLVideoElement) => v.currentTime);
const paused = (scope: FrameLocator) => scope.locator('[data-vidbot-player] video').evaluate((v: HTMLVideoElement) => v.paused);

type VidbotApi = { Vidbot: { open(): void; close(): void } };

/**
 * The whole widget journey for `lang` on a host page with `csp`; `nonce` = the nonce put on the
 * pasted tag (and in the policy).
 */
async function widgetJourney(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  lang: Lang,
  bot: Bot,
  opts: { nonce?: string; form: boolean; wrongOrigin: boolean; customCss?: boolean },
): Promise<void> {
  const L = LABELS[lang];
  let code = await copyWidgetCode(page, lang, bot);
  if (opts.nonce) code = code.replace(/^<script /, `<script nonce="${opts.nonce}" `);
  const csp = opts.nonce ? nonceHostCsp(V, opts.nonce) : strictHostCsp(V);
  const pages: Record<string, HostPage> = {
    '/plain.html': { html: hostHtml(lang, ''), csp },
    '/widget.html': { html: hostHtml(lang, code), csp },
  };
  const host = await startHost(pages);
  let other: Host | undefined;
  try {
    // A fresh context: the customer's visitor, no dashboard session.
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const visitor = await context.newPage();
    await record(visitor);
    await visitor.goto(host.url('/plain.html'));
    const without = await layout(visitor);

    await visitor.goto(host.url('/widget.html'));
    const bubble = visitor.locator('vidbot-widget .o');
    await expect(bubble).toBeVisible();
    await expect(bubble).toHaveAccessibleName(bot.name);
    await expect.poll(async () => (await types(visitor, 'VIDBOT_LOADED')).map((e) => e.data)).toEqual([
      { source: 'vidbot', v: 1, type: 'VIDBOT_LOADED', publicId: bot.publicId, channel: 'widget' },
    ]);
    expect(await layout(visitor)).toEqual(without);
    // The widget's custom CSS (widgetSettings.stylesRaw) arrives allow-listed and applies through an
    // adopted stylesheet; the dropped rule (body) does not touch the host page.
    const radius = await bubble.evaluate((e) => getComputedStyle(e).borderTopLeftRadius);
    if (opts.customCss) expect(radius).toBe('4px');
    else expect(radius).not.toBe('4px');
    expect(await visitor.evaluate(() => getComputedStyle(document.body).display)).toBe('block');

    // Open it: the dialog with the player frame, in the widget's language.
    await bubble.click();
    const dialog = visitor.getByRole('dialog', { name: bot.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: L.close, exact: true })).toBeFocused();
    const frameEl = dialog.locator('iframe');
    await expect(frameEl).toHaveAttribute('src', new RegExp(`[?&]lang=${lang}&`));
    const frame = dialog.frameLocator('iframe');
    await expect(frame.locator('html')).toHaveAttribute('lang', lang);
    await expectPlaying(frame);
    await expect.poll(async () => (await types(visitor, 'VIDBOT_OPEN')).length).toBe(1);
    await expect.poll(async () => (await types(visitor, 'VIDBOT_SLIDE')).map((e) => [e.data.from, e.data.to])).toEqual([[null, 1]]);

    // A slide button navigates: VIDBOT_SLIDE 1 → 4 exactly once, straight from the frame (origin V).
    await frame.getByRole('button', { name: 'Capture leads' }).click();
    await expect(frame.locator('[data-vidbot-player] [data-slide-id]')).toHaveAttribute('data-slide-id', '4');
    await expect.poll(async () => (await types(visitor, 'VIDBOT_SLIDE')).map((e) => [e.data.from, e.data.to])).toEqual([
      [null, 1],
      [1, 4],
    ]);
    expect((await types(visitor, 'VIDBOT_SLIDE')).every((e) => e.origin === V)).toBe(true);
    const t4 = await currentTime(frame);
    await expectPlaying(frame, t4);

    if (opts.form) {
      // The lead form: filled and sent once; stored, e-mailed, announced once.
      const email = `lead-${lang}-${Date.now()}@customer.example`;
      await frame.getByRole('button', { name: 'Leave your e-mail' }).click();
      await frame.getByRole('textbox', { name: 'Your name', exact: true }).fill(`Lead ${lang}`);
      await frame.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
      await frame.getByRole('checkbox', { name: 'You may contact me about Vidbot.' }).check();
      await frame.getByRole('button', { name: L.send, exact: true }).click();
      await expect(frame.getByRole('button', { name: 'Continue the tour' })).toBeVisible();
      await expect.poll(async () => (await types(visitor, 'VIDBOT_FORM_SUBMITTED')).length).toBe(1);
      const submitted = (await types(visitor, 'VIDBOT_FORM_SUBMITTED'))[0]!.data;
      expect(submitted).toMatchObject({ source: 'vidbot', v: 1, publicId: bot.publicId, actionId: 7, submissionId: expect.any(String) });

      const list = (await (await request.get(`/api/bot/${bot.id}/form-submission?size=100`, { headers: owner })).json()) as {
        records: Array<{ submissionId: string; values: Record<string, unknown>; language: string; formName: string }>;
      };
      const stored = list.records.filter((r) => r.submissionId === submitted.submissionId);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ formName: 'Leave your e-mail', language: lang, values: { name: `Lead ${lang}`, email, consent: true } });

      const staff = { Authorization: `Bearer ${await idToken(request, 'superadmin@example.com')}` };
      await expect
        .poll(async () => {
          const { records } = (await (await request.get('/api/admin/outbox?size=100', { headers: staff })).json()) as {
            records: Array<{ to: string; bcc: string | null; kind: string; text: string }>;
          };
          return records.filter((m) => m.kind === 'form-submission' && m.text.includes(email)).map((m) => [m.to, m.bcc]);
        })
        .toEqual([['owner@example.com', 'admin@example.com']]);
      // Still exactly once after the round trips.
      expect(await types(visitor, 'VIDBOT_FORM_SUBMITTED')).toHaveLength(1);
    }

    if (opts.wrongOrigin) {
      // Back to a playing video, then a command from another origin: a second host frames the very
      // frame URL the widget uses (host = the first host's origin) and posts `pause` to it — ignored.
      const frameUrl = (await frameEl.getAttribute('src'))!;
      other = await startHost({
        '/other.html': {
          html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Elsewhere</title></head><body><iframe id="f" title="Vidbot elsewhere" width="400" height="600" allow="autoplay" src="${frameUrl.replace(/&/g, '&amp;')}"></iframe></body></html>`,
        },
      });
      const elsewhere = await context.newPage();
      await elsewhere.goto(other.url('/other.html'));
      const foreign = elsewhere.frameLocator('#f');
      await expectPlaying(foreign);
      await elsewhere.evaluate(() => (document.getElementById('f') as HTMLIFrameElement).contentWindow!.postMessage({ source: 'vidbot-host', v: 1, type: 'pause' }, '*'));
      const t0 = await currentTime(foreign);
      await expectPlaying(foreign, t0, 0.5);
      expect(await paused(foreign)).toBe(false);
      await elsewhere.close();

      // In the host page itself: a malformed command is ignored, the well-formed one obeyed.
      const post = (message: unknown) =>
        visitor.evaluate((m) => {
          const f = document.querySelector('vidbot-widget')!.shadowRoot!.querySelector('iframe')!;
          f.contentWindow!.postMessage(m, '*');
        }, message);
      if (opts.form) {
        // From the thank-you page: on to slide 5 (an image), then "Watch again" → the intro video.
        await frame.getByRole('button', { name: 'Continue the tour' }).click();
        await frame.getByRole('button', { name: 'Watch again' }).click();
      } else await frame.getByRole('button', { name: 'Back to the start' }).click();
      await expect(frame.locator('[data-vidbot-player] [data-slide-id]')).toHaveAttribute('data-slide-id', '1');
      await expectPlaying(frame);
      await post({ source: 'vidbot-host', v: 2, type: 'pause' });
      await post({ source: 'vidbot', v: 1, type: 'pause' });
      const t1 = await currentTime(frame);
      await expectPlaying(frame, t1, 0.5);
      await post({ source: 'vidbot-host', v: 1, type: 'pause' });
      await expect.poll(() => paused(frame)).toBe(true);
    }

    // Host API: close → VIDBOT_CLOSE once, open → VIDBOT_OPEN once (the second since the click).
    await visitor.evaluate(() => (window as unknown as VidbotApi).Vidbot.close());
    await expect(dialog).toBeHidden();
    await expect(bubble).toBeFocused();
    await expect.poll(async () => (await types(visitor, 'VIDBOT_CLOSE')).length).toBe(1);
    await visitor.evaluate(() => (window as unknown as VidbotApi).Vidbot.open());
    await expect(dialog).toBeVisible();
    await expect.poll(async () => (await types(visitor, 'VIDBOT_OPEN')).length).toBe(2);
    expect(await types(visitor, 'VIDBOT_CLOSE')).toHaveLength(1);
    expect(await types(visitor, 'VIDBOT_LOADED')).toHaveLength(1);

    // The host's own layout and scroll: unchanged with the widget open, and the page still scrolls.
    expect(await layout(visitor)).toEqual(without);
    await visitor.evaluate(() => (window as unknown as VidbotApi).Vidbot.close());
    await visitor.mouse.wheel(0, 600);
    await expect.poll(() => visitor.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await layout(visitor)).scrollHeight).toBe(without.scrollHeight);

    expect((await recorded(visitor)).violations).toEqual([]);
    await context.close();
  } finally {
    await host.close();
    await other?.close();
  }
}

test('en: the widget code from the share tab on a strict-CSP host — plays, navigates, sends the lead form, host API, wrong origin ignored', async ({ page, browser, request }) => {
  await widgetJourney(page, browser, request, 'en', sample, { form: true, wrongOrigin: true });
});

test('fi: the same journey with the dashboard and the widget in Finnish (and the widget custom CSS applied)', async ({ page, browser, request }) => {
  await widgetJourney(page, browser, request, 'fi', sampleFi, { form: true, wrongOrigin: false, customCss: true });
});

test('en: the widget code with nonce="N" on a nonce + strict-dynamic host', async ({ page, browser, request }) => {
  await widgetJourney(page, browser, request, 'en', sample, { nonce: 'k3yN0nce', form: false, wrongOrigin: false });
});

test('en: the iframe code from the share tab on a strict-CSP host — plays, a button navigates', async ({ page, browser }) => {
  const code = await copyIframeCode(page, 'en', sample);
  const host = await startHost({ '/iframe.html': { html: hostHtml('en', code), csp: strictHostCsp(V) } });
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const visitor = await context.newPage();
    await record(visitor);
    await visitor.goto(host.url('/iframe.html'));
    const frame = visitor.frameLocator('iframe');
    // The thumbnail facade (iframeSettings.thumbnail) when the iframe is not set to autoplay.
    await frame.getByRole('button', { name: `Play ${SAMPLE}` }).click();
    await expectPlaying(frame);
    await expect.poll(async () => (await types(visitor, 'VIDBOT_LOADED')).map((e) => e.data.channel)).toEqual(['iframe']);
    await frame.getByRole('button', { name: 'What is a vidbot?' }).click();
    await expect(frame.locator('[data-vidbot-player] [data-slide-id]')).toHaveAttribute('data-slide-id', '2');
    await expect.poll(async () => (await types(visitor, 'VIDBOT_SLIDE')).map((e) => [e.data.from, e.data.to])).toEqual([
      [null, 1],
      [1, 2],
    ]);
    await expectPlaying(frame, 0, 0.3);
    expect((await recorded(visitor)).violations).toEqual([]);
    await context.close();
  } finally {
    await host.close();
  }
});

/** Serious and critical axe violations inside `include` of `page` (frames included), as readable lines. */
async function axeProblems(page: Page, include: string, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

test('accessibility (axe): the widget dialog on the host page, the direct link /v and the frame /e — no serious or critical violations', async ({ page, browser }) => {
  const code = await copyWidgetCode(page, 'en', sample);
  // No CSP on this host: axe itself is injected into the page and its frames.
  const host = await startHost({ '/widget.html': { html: hostHtml('en', code) } });
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const visitor = await context.newPage();
    await visitor.goto(host.url('/widget.html'));
    await expect(visitor.locator('vidbot-widget .o')).toBeVisible();
    const problems = await axeProblems(visitor, 'vidbot-widget', 'bubble');
    await visitor.locator('vidbot-widget .o').click();
    const frame = visitor.getByRole('dialog', { name: SAMPLE }).frameLocator('iframe');
    await expectPlaying(frame);
    problems.push(...(await axeProblems(visitor, 'vidbot-widget', 'widget dialog')));
    // A page of its own for the player pages (no host page's favicon checked against their policy).
    await visitor.close();
    const viewer = await context.newPage();

    await viewer.goto(`${V}/v/${sample.publicId}`);
    await expect(viewer.locator('[data-vidbot-player] video')).toHaveCount(1);
    problems.push(...(await axeProblems(viewer, 'body', '/v')));
    await viewer.goto(`${V}/e/${sample.publicId}?channel=iframe`);
    await expect(viewer.getByRole('button', { name: `Play ${SAMPLE}` })).toBeVisible();
    problems.push(...(await axeProblems(viewer, 'body', '/e (thumbnail)')));
    await viewer.getByRole('button', { name: `Play ${SAMPLE}` }).click();
    await expect(viewer.locator('[data-vidbot-player] video')).toHaveCount(1);
    problems.push(...(await axeProblems(viewer, 'body', '/e (playing)')));
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    await host.close();
  }
});
