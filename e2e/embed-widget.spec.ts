/**
 * The widget script on a host page of another origin (issue 12 "Cross-origin e2e", "Host JS API";
 * issue 20 strict CSP; architecture §1–§4): the sample vidbot (its widget video is the intro's) is
 * embedded with the copy-paste code on `http://localhost:<port>` under the strict host policy of
 * issue 20, and again under the nonce + 'strict-dynamic' policy with the nonce on the script tag,
 * and with the sync variant (feature widget_sync). Each page records `securitypolicyviolation`
 * events from an init script (not subject to the page's CSP) and asserts none; the support fixture
 * also fails on console CSP errors. Checked: the bubble shows and its video plays, a call queued in
 * `window.vidbotQ` before the loader runs, `Vidbot.open()` / `close()` open and close the dialog
 * (iframe of the frame page) with VIDBOT_OPEN / VIDBOT_CLOSE exactly once each, hide / show, and the
 * host page's own layout and scroll height are the same with and without the widget.
 */
import type { Page } from '@playwright/test';
import { nonceHostCsp, startHost, strictHostCsp, vidbotOrigin, type Host } from './hosts';
import { expect, idToken, test } from './support';

const V = vidbotOrigin();


/** The host page's own content: long enough to scroll, styled by nothing inline (strict CSP). */
const CONTENT = `<main id="content"><h1>Host page</h1>${Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i + 1} of the host's own content.</p>`).join('')}</main>`;
const page_ = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>${CONTENT}${body}</body></html>`;
const js = (code: string) => ({ html: code, headers: { 'content-type': 'text/javascript; charset=utf-8' } });

/** Records CSP violations and Vidbot events of the page (init scripts run before the page's own). */
async function record(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspv: string[]; __events: Array<{ type: string; to?: number }> };
    w.__cspv = [];
    w.__events = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspv.push(`${e.violatedDirective} ${e.blockedURI}`));
    window.addEventListener('message', (e) => {
      if (e.data && e.data.source === 'vidbot') w.__events.push(e.data);
    });
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspv: string[] }).__cspv);
/** The events the loader owns (LOADED, OPEN, CLOSE), in order; the frame's own events are left out. */
const events = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __events: Array<{ type: string }> }).__events.map((e) => e.type).filter((t) => ['VIDBOT_LOADED', 'VIDBOT_OPEN', 'VIDBOT_CLOSE'].includes(t)),
  );
/** The slides the player frame reported entering (VIDBOT_SLIDE `to`), straight from the frame. */
const slides = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: Array<{ type: string; to?: number }> }).__events.filter((e) => e.type === 'VIDBOT_SLIDE').map((e) => e.to));

const bubble = (page: Page) => page.locator('vidbot-widget .o');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Vidbot' });

/** The layout facts of the host page that the widget must not change. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const r = document.getElementById('content')!.getBoundingClientRect();
    return { box: [r.x, r.y, r.width, r.height], scrollHeight: document.scrollingElement!.scrollHeight, bodyStyle: document.body.getAttribute('style') };
  });

let publicId: string;
let demoId: number;
let host: Host;

test.beforeAll(async ({ request }) => {
  const owner = await idToken(request, 'owner@example.com');
  const headers = { Authorization: `Bearer ${owner}` };
  const accounts = (await (await request.get('/api/account', { headers })).json()) as { records: Array<{ id: number; publicId: string }> };
  demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  const bots = (await (await request.get(`/api/bot?account_id=${demoId}&size=100`, { headers })).json()) as { records: Array<{ name: string; publicId: string }> };
  publicId = bots.records.find((b) => b.name === 'Welcome to Vidbot')!.publicId;
  // The media worker makes the intro video Ready shortly after the start.
  await expect
    .poll(async () => ((await (await request.get(`/api/public/bot/${publicId}/widget?url=${encodeURIComponent('http://localhost/')}`)).json()) as { show: boolean }).show, {
      timeout: 90_000,
      intervals: [1000, 2000],
    })
    .toBe(true);
  const staff = await idToken(request, 'superadmin@example.com');
  const sh = { Authorization: `Bearer ${staff}` };
  const created = await request.post('/api/feature/flags', { headers: sh, data: { name: 'widget_sync', flag_type: 'dashboard', account_ids: [demoId] } });
  if (created.status() === 409) expect((await request.put('/api/feature/flags', { headers: sh, data: { name: 'widget_sync', account_ids: [demoId] } })).status()).toBe(200);
  else expect(created.status()).toBe(201);

  const csp = strictHostCsp(V);
  host = await startHost({
    '/plain.html': { html: page_(''), csp },
    '/queue.js': js("(window.vidbotQ = window.vidbotQ || []).push(['setConsent', { analytics_storage: 'denied' }], ['open']);"),
    '/widget.html': { html: page_(`<script src="/queue.js"></script><script async src="${V}/embed/loader.js" data-vidbot-id="${publicId}" data-analytics-storage="granted"></script>`), csp },
    '/nonce.html': { html: page_(`<script nonce="n0nce" async src="${V}/embed/loader.js" data-vidbot-id="${publicId}"></script>`), csp: nonceHostCsp(V, 'n0nce') },
    '/sync.html': { html: page_(`<script src="${V}/embed/sync/${publicId}.js"></script>`), csp },
  });
});
test.afterAll(async ({ request }) => {
  await host?.close();
  // Leave the account as the other journeys expect it (e2e/vidbot-share.spec.ts reads the async code).
  const staff = await idToken(request, 'superadmin@example.com');
  expect((await request.put('/api/feature/flags', { headers: { Authorization: `Bearer ${staff}` }, data: { name: 'widget_sync', account_ids: [] } })).status()).toBe(200);
});

test('widget under the strict host CSP: bubble, queued call, open/close events once, hide/show, host layout unchanged', async ({ page }) => {
  await record(page);
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(host.url('/plain.html'));
  const without = await layout(page);

  await page.goto(host.url('/widget.html'));
  // The queued ['open'] ran once the config arrived: the dialog is open with the frame.
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
  await expect(dialog(page).locator('iframe')).toHaveAttribute('title', 'Welcome to Vidbot');
  await expect(dialog(page).locator('iframe')).toHaveAttribute('src', new RegExp(`/e/${publicId}\\?channel=widget&lang=en&src=[^&]+&host=${encodeURIComponent(host.origin)}&autoplay=1$`.replace(/[.]/g, '\\.')));
  await expect.poll(() => events(page)).toEqual(['VIDBOT_LOADED', 'VIDBOT_OPEN']);

  // The player in the frame plays, and a slide button navigates (the frame tells the host itself).
  const player = dialog(page).frameLocator('iframe');
  await expect.poll(() => player.locator('[data-vidbot-player] video').first().evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.2);
  await player.getByRole('button', { name: 'What is a vidbot?' }).click();
  await expect.poll(() => slides(page)).toEqual([1, 2]);

  await page.evaluate(() => (window as unknown as { Vidbot: { close(): void } }).Vidbot.close());
  await expect(dialog(page)).toBeHidden();
  await expect(bubble(page)).toBeVisible();
  await expect(bubble(page)).toBeFocused();
  await expect.poll(() => events(page)).toEqual(['VIDBOT_LOADED', 'VIDBOT_OPEN', 'VIDBOT_CLOSE']);

  // The bubble's chat video plays (media-src V under the strict policy).
  await expect.poll(() => page.locator('vidbot-widget video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.2);

  // Click opens; Escape closes; each once.
  await bubble(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await page.evaluate(() => (window as unknown as { Vidbot: { open(): void } }).Vidbot.open());
  await expect(dialog(page)).toBeVisible();
  await page.evaluate(() => (window as unknown as { Vidbot: { close(): void } }).Vidbot.close());
  await expect.poll(() => events(page)).toEqual(['VIDBOT_LOADED', 'VIDBOT_OPEN', 'VIDBOT_CLOSE', 'VIDBOT_OPEN', 'VIDBOT_CLOSE', 'VIDBOT_OPEN', 'VIDBOT_CLOSE']);

  await page.evaluate(() => (window as unknown as { Vidbot: { hide(): void } }).Vidbot.hide());
  await expect(bubble(page)).toBeHidden();
  await page.evaluate(() => (window as unknown as { Vidbot: { show(): void } }).Vidbot.show());
  await expect(bubble(page)).toBeVisible();

  expect(await layout(page)).toEqual(without);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await violations(page)).toEqual([]);
});

test('widget under a nonce + strict-dynamic host CSP with the nonce on the script tag', async ({ page }) => {
  await record(page);
  await page.goto(host.url('/nonce.html'));
  await expect(bubble(page)).toBeVisible();
  await expect.poll(() => events(page)).toEqual(['VIDBOT_LOADED']);
  await bubble(page).click();
  await expect(dialog(page)).toBeVisible();
  await page.evaluate(() => (window as unknown as { Vidbot: { close(): void } }).Vidbot.close());
  await expect(dialog(page)).toBeHidden();
  await expect.poll(() => events(page)).toEqual(['VIDBOT_LOADED', 'VIDBOT_OPEN', 'VIDBOT_CLOSE']);
  expect(await violations(page)).toEqual([]);
});

test('sync variant: one script with the config inline, no config request', async ({ page }) => {
  await record(page);
  const configRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/widget?url=')) configRequests.push(r.url());
  });
  await page.goto(host.url('/sync.html'));
  await expect(bubble(page)).toBeVisible();
  await expect.poll(() => events(page)).toEqual(['VIDBOT_LOADED']);
  await page.evaluate(() => (window as unknown as { Vidbot: { open(): void } }).Vidbot.open());
  await expect(dialog(page)).toBeVisible();
  expect(configRequests).toEqual([]);
  expect(await violations(page)).toEqual([]);
});

test('widget preview page: announces VIDBOT_PREVIEW_READY to the dashboard and redraws the bubble from SET_DATA', async ({ page }) => {
  await page.goto('/');
  const ready = await page.evaluate(
    (id) =>
      new Promise<unknown>((resolve) => {
        window.addEventListener('message', (e) => {
          if (e.data && e.data.action === 'VIDBOT_PREVIEW_READY') resolve(e.data);
        });
        const frame = document.createElement('iframe');
        frame.id = 'widget-preview';
        frame.src = `/widget-preview/${id}`;
        frame.width = '800';
        frame.height = '600';
        document.body.appendChild(frame);
      }),
    publicId,
  );
  expect(ready).toEqual({ action: 'VIDBOT_PREVIEW_READY' });
  const preview = page.frameLocator('#widget-preview');
  await expect(preview.locator('vidbot-widget .o')).toBeVisible();
  await page.evaluate(() => {
    const frame = document.getElementById('widget-preview') as HTMLIFrameElement;
    frame.contentWindow!.postMessage({ action: 'SET_DATA', data: { widgetSettings: { text: 'Ask me anything', align: 'top_left', closeButtonEnabled: true } } }, location.origin);
  });
  await expect(preview.locator('vidbot-widget .t')).toHaveText('Ask me anything');
  await expect(preview.locator('vidbot-widget .x')).toBeVisible();
  // top_left: the bubble sits at the top of the preview's viewport, its text below it.
  const y = (sel: string) => preview.locator(sel).evaluate((e) => e.getBoundingClientRect().y);
  expect(await y('vidbot-widget .o')).toBeLessThan(20);
  expect(await y('vidbot-widget .t')).toBeGreaterThan(await y('vidbot-widget .o'));
});
