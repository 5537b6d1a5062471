/**
 * Issue 13 "Tests" and "Done when", as one journey against the real server and Chromium: a viewer
 * plays a published vidbot through the WIDGET on a cross-origin host page (strict CSP), presses a
 * tracked button (trackConversion) and submits the lead form, then leaves. The owner then sees, after
 * the rollup job has run, on the analytics page: the session, the open, the CTA and the form in the
 * per-vidbot row; the slide transition in the detail's path analytics (Sankey + its table); and the
 * CSV and XLSX downloads contain that row (parsed here with xlsx).
 *
 * The dashboard's range ends yesterday (spec 002 §6). "With the clock moved": the viewer's browser
 * context runs a day behind (Playwright clock), so the player stamps its events yesterday — inside the
 * ingest's 48 h window — and the rollup of yesterday picks them up. The live status turns live at once.
 *
 * A fresh clone of the sample ("Analytics journey") keeps the numbers exact while other specs play
 * the sample at the same time.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { startHost, strictHostCsp, vidbotOrigin } from './hosts';
import { expect, idToken, signIn, test } from './support';

const V = vidbotOrigin();
const SAMPLE = 'Welcome to Vidbot';
const NAME = `Analytics journey ${Date.now().toString(36)}`;
const DAY_MS = 86_400_000;


interface Bot {
  id: number;
  publicId: string;
  name: string;
}
interface Row {
  botId: number;
  session: number;
  opened: number;
  cta: number;
  formSubmitted: number;
  engaged: number;
  widgetViewed: number;
}

let owner: Record<string, string>;
let demoId: number;
let bot: Bot;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  owner = { Authorization: `Bearer ${await idToken(request, 'owner@example.com')}` };
  const accounts = (await (await request.get('/api/account?page=1&size=100', { headers: owner })).json()) as { records: Array<{ id: number; publicId: string }> };
  demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  const list = (await (await request.get(`/api/bot?account_id=${demoId}&bot_name=${encodeURIComponent(SAMPLE)}&size=100`, { headers: owner })).json()) as { records: Bot[] };
  const sample = list.records.find((b) => b.name === SAMPLE)!;
  await expect
    .poll(async () => ((await (await request.get(`/api/public/bot/${sample.publicId}/widget?url=${encodeURIComponent('http://localhost/')}`)).json()) as { show: boolean }).show, {
      timeout: 120_000,
      intervals: [1000, 2000],
    })
    .toBe(true);

  // The clone: the "Capture leads" button of the first slide and the form button are tracked (CTA).
  const cloned = await request.post(`/api/bot/${sample.id}/clone`, { headers: owner });
  expect(cloned.status(), await cloned.text()).toBe(201);
  const copy = (await cloned.json()) as Bot & { slides: Array<{ id: number; options: Array<{ id: number; name: string }> }>; actions: unknown[]; theme: unknown; settings: unknown };
  const slides = copy.slides.map((s) => ({
    ...s,
    options: s.options.map((o) => (o.name === 'Capture leads' || o.name === 'Leave your e-mail' ? { ...o, trackConversion: true } : o)),
  }));
  const patched = await request.patch(`/api/bot/${copy.id}`, {
    headers: owner,
    data: { name: NAME, status: 'Published', content: { slides, actions: copy.actions, theme: copy.theme, settings: copy.settings } },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  bot = (await patched.json()) as Bot;
});

test.afterAll(async ({ request }) => {
  if (bot) expect((await request.delete(`/api/bot/${bot.id}`, { headers: owner })).status()).toBe(200);
});

async function widgetCode(page: Page): Promise<string> {
  await page.goto(`/dashboard/demo/vidbots/${bot.id}/share`);
  const code = await page.getByLabel('Embed code').inputValue();
  expect(code).toContain(bot.publicId);
  return code;
}

const rowOf = async (request: APIRequestContext, extra = ''): Promise<Row | undefined> => {
  const res = await request.get(`/api/analytics?account_id=${demoId}&bot_ids=${bot.id}${extra}`, { headers: owner });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { records: Row[] }).records.find((r) => r.botId === bot.id);
};

test('a widget visit on a customer site shows up in analytics, its paths and its exports', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  // Never seen: inactive (the share tab's own preview below already counts as seen).
  const before = (await (await request.get(`/api/bot/${bot.id}`, { headers: owner })).json()) as { liveStatus: string };
  expect(before.liveStatus).toBe('inactive');
  await signIn(page, 'owner@example.com');
  const code = await widgetCode(page);
  const host = await startHost({ '/index.html': { html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer site</title></head><body><h1>Our shop</h1>${code}</body></html>`, csp: strictHostCsp(V) } });
  try {
    // The viewer, a day behind (see the docstring).
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    await context.clock.install({ time: new Date(Date.now() - DAY_MS) });
    const visitor = await context.newPage();
    const sent: string[] = [];
    visitor.on('request', (r) => {
      if (r.url().startsWith(`${V}/api/events`)) sent.push(r.postDataBuffer()?.toString('utf8') ?? '');
    });
    await visitor.goto(host.url('/index.html'));
    const bubble = visitor.locator('vidbot-widget .o');
    await expect(bubble).toBeVisible();
    await bubble.click();
    const frame = visitor.getByRole('dialog', { name: NAME }).frameLocator('iframe');
    await expect(frame.locator('[data-vidbot-player] [data-slide-id]')).toHaveAttribute('data-slide-id', '1');

    // The tracked button: slide 1 → 4 (a CTA and a transition).
    await frame.getByRole('button', { name: 'Capture leads' }).click();
    await expect(frame.locator('[data-vidbot-player] [data-slide-id]')).toHaveAttribute('data-slide-id', '4');
    // The lead form.
    await frame.getByRole('button', { name: 'Leave your e-mail' }).click();
    await frame.getByRole('textbox', { name: 'Your name', exact: true }).fill('Analytics lead');
    await frame.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`lead-${Date.now()}@customer.example`);
    await frame.getByRole('checkbox', { name: 'You may contact me about Vidbot.' }).check();
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(frame.getByRole('button', { name: 'Continue the tour' })).toBeVisible();

    // The bot is live at once (a session event arrived), while the numbers wait for the rollup.
    await expect
      .poll(async () => ((await (await request.get(`/api/bot/${bot.id}`, { headers: owner })).json()) as { liveStatus: string }).liveStatus, { timeout: 30_000 })
      .toBe('live');

    // The batches went out within the flush interval (2 s); then the viewer leaves (whatever is still
    // queued would go by sendBeacon on pagehide — a beacon from a closing frame is not reported to
    // Playwright, so the journey waits for the form's batch first).
    await expect.poll(() => sent.some((body) => body.includes('"form_submitted"')), { timeout: 20_000 }).toBe(true);
    await context.close();

    // After the rollup job (it runs within about half a minute of the events): yesterday's row.
    await expect
      .poll(async () => {
        const r = await rowOf(request);
        return r && { session: r.session, opened: r.opened, cta: r.cta >= 1, formSubmitted: r.formSubmitted, engaged: r.engaged, widgetViewed: r.widgetViewed };
      }, { timeout: 90_000, intervals: [2000, 3000, 5000] })
      .toEqual({ session: 1, opened: 1, cta: true, formSubmitted: 1, engaged: 1, widgetViewed: 1 });
    const row = (await rowOf(request))!;

    // The page: the per-vidbot row (default range: the last 30 days up to yesterday).
    await page.goto(`/dashboard/demo/analytics?bot_name=${encodeURIComponent(NAME)}`);
    const table = page.getByRole('table', { name: 'Analytics per vidbot of Demo' });
    const tr = table.getByRole('row').filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
    await expect(tr).toBeVisible();
    const headers = await table.locator('thead th').allInnerTexts();
    const cells = await tr.locator('th, td').allInnerTexts();
    const cell = (name: string) => cells[headers.findIndex((h) => h.trim().startsWith(name))]?.trim();
    expect(cell('Sessions')).toBe('1');
    expect(cell('Opens')).toBe('1');
    expect(cell('CTA')).toBe(String(row.cta));

    // Exports: CSV (semicolons, BOM) and XLSX contain the row.
    for (const format of ['CSV', 'XLSX'] as const) {
      await page.getByRole('button', { name: /^Export/ }).click();
      const downloaded = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('menuitem', { name: format }).click();
      const file = await downloaded;
      const bytes = await readFile((await file.path())!);
      const wb = format === 'CSV' ? XLSX.read(bytes.subarray(3).toString('utf8'), { type: 'string', FS: ';' }) : XLSX.read(bytes, { type: 'buffer' });
      const sheet = wb.Sheets[format === 'CSV' ? wb.SheetNames[0]! : 'Analytics']!;
      const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false }) as string[][];
      const headerIndex = rows.findIndex((r) => r.includes('Sessions'));
      expect(headerIndex, `${format} has a header row`).toBeGreaterThanOrEqual(0);
      const header = rows[headerIndex]!;
      const data = rows.slice(headerIndex + 1).find((r) => r.some((c) => String(c) === NAME));
      expect(data, `${format} has the vidbot's row`).toBeDefined();
      expect(String(data![header.indexOf('Sessions')])).toBe('1');
      expect(String(data![header.indexOf('Opens')])).toBe('1');
    }

    // The detail: path analytics show the transition Welcome → Capture leads.
    await tr.getByRole('link', { name: NAME, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Analytics: ${NAME}` })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Flow of sessions from slide to slide' })).toBeVisible();
    const transitions = page.getByRole('table', { name: 'Transitions' });
    await expect(transitions.getByRole('row').filter({ hasText: 'Welcome' }).filter({ hasText: 'Capture leads' })).toHaveCount(1);
  } finally {
    await host.close();
  }
});
