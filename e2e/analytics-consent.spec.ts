/**
 * Analytics consent end to end (issue 13 "Events", "Consent and privacy"; docs/embedding.md
 * "Analytics"): the sample vidbot's account requires consent (account option
 * analyticsConsentRequired), its widget plays on a host page of another origin (e2e/hosts.ts) under
 * the strict host CSP. Played without consent, the player sends nothing to `POST V/api/events`
 * (every request of the page and its frames is watched); after `Vidbot.setConsent({ analytics_storage:
 * 'granted' })` it sends batches whose events all happened after the grant, with the contract's
 * envelope (channel widget, a sessionStorage session id, the host page as source), and the frame's
 * pagehide sends the open slide visit by sendBeacon (well before the 2 s flush interval).
 *
 * Stored: every answered batch is a 202 whose ack counts all its events as accepted or duplicates
 * (the ingest acknowledges only durable events); e2e/analytics-journey.spec.ts follows them into the
 * rollups and the dashboard.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { startHost, strictHostCsp, vidbotOrigin, type Host } from './hosts';
import { expect, idToken, test } from './support';

const V = vidbotOrigin();


interface Batch {
  v: number;
  publicId: string;
  channel: string;
  sessionId: string;
  source?: string;
  events: Array<{ id: string; name: string; at: number; slideId?: number; seconds?: number }>;
}

let publicId: string;
let demoId: number;
let host: Host;

async function setConsentRequired(request: APIRequestContext, on: boolean): Promise<void> {
  const staff = await idToken(request, 'superadmin@example.com');
  const res = await request.put(`/api/account/${demoId}`, { headers: { Authorization: `Bearer ${staff}` }, data: { options: { analyticsConsentRequired: on } } });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  const owner = await idToken(request, 'owner@example.com');
  const headers = { Authorization: `Bearer ${owner}` };
  const accounts = (await (await request.get('/api/account', { headers })).json()) as { records: Array<{ id: number; publicId: string }> };
  demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  const bots = (await (await request.get(`/api/bot?account_id=${demoId}&size=100`, { headers })).json()) as { records: Array<{ name: string; publicId: string }> };
  publicId = bots.records.find((b) => b.name === 'Welcome to Vidbot')!.publicId;
  await expect
    .poll(async () => ((await (await request.get(`/api/public/bot/${publicId}/widget?url=${encodeURIComponent('http://localhost/')}`)).json()) as { show: boolean }).show, {
      timeout: 90_000,
      intervals: [1000, 2000],
    })
    .toBe(true);
  await setConsentRequired(request, true);
  host = await startHost({
    '/shop/page.html': {
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><h1>Shop</h1><script async src="${V}/embed/loader.js" data-vidbot-id="${publicId}"></script></body></html>`,
      csp: strictHostCsp(V),
    },
  });
});
test.afterAll(async ({ request }) => {
  await host?.close();
  await setConsentRequired(request, false);
});

/** Every request to the ingest, from the page or any of its frames. */
function watchIngest(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url() === `${V}/api/events`) seen.push(r);
  });
  return seen;
}
const batches = (reqs: Request[]): Batch[] =>
  reqs.map((r) => JSON.parse(r.postDataBuffer()?.toString('utf8') || r.postData() || '{"events":[]}') as Batch);
const names = (reqs: Request[]) => batches(reqs).flatMap((b) => b.events.map((e) => e.name));

test('consent required: nothing is sent until analytics_storage is granted; afterwards the journey is', async ({ page }) => {
  test.setTimeout(120_000);
  const ingest = watchIngest(page);
  await page.goto(host.url('/shop/page.html?utm_source=mail#top'));
  const dialog = page.getByRole('dialog', { name: 'Welcome to Vidbot' });
  await page.evaluate(() => (window as unknown as { Vidbot: { open(): void } }).Vidbot.open());
  await expect(dialog).toBeVisible();
  const player = dialog.frameLocator('iframe');
  await expect.poll(() => player.locator('[data-vidbot-player] video').first().evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.2);
  await player.getByRole('button', { name: 'What is a vidbot?' }).click();
  await page.evaluate(() => (window as unknown as { Vidbot: { close(): void } }).Vidbot.close());
  // Longer than the flush interval (2 s) and the first retry: still nothing.
  await page.waitForTimeout(4500);
  expect(ingest.map((r) => r.url())).toEqual([]);

  const grantedAt = await page.evaluate(() => {
    (window as unknown as { Vidbot: { setConsent(c: Record<string, string>): void } }).Vidbot.setConsent({ analytics_storage: 'granted' });
    return Date.now();
  });
  await page.evaluate(() => (window as unknown as { Vidbot: { open(): void } }).Vidbot.open());
  await expect(dialog).toBeVisible();
  // On slide 2 (the click before the grant took the player there): back to the start.
  await player.getByRole('button', { name: 'Back to the start' }).click();
  await expect.poll(() => names(ingest), { timeout: 20_000 }).toEqual(expect.arrayContaining(['session', 'slide_nav', 'click', 'slide_played']));

  const sent = batches(ingest);
  for (const b of sent) {
    expect(b).toMatchObject({ v: 1, publicId, channel: 'widget', source: `${host.origin}/shop/page.html` });
    expect(b.sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    for (const e of b.events) {
      expect(e.at).toBeGreaterThanOrEqual(grantedAt - 1000);
      expect(e.id.startsWith(`${b.sessionId}.`)).toBe(true);
    }
  }
  expect(new Set(sent.map((b) => b.sessionId)).size).toBe(1);
  // The first click (before the grant) is not there: one click after the grant.
  expect(names(ingest).filter((n) => n === 'click')).toHaveLength(1);

  // The frame's pagehide (what leaving the page fires in it) closes the open slide visit and sends it
  // by sendBeacon at once. Dispatched in the live frame (Playwright reports no requests of a frame a
  // real navigation has torn down, nor a beacon's Blob body, so the frame's sendBeacon is wrapped to
  // read what it sends — the real one still sends it).
  const before = ingest.length;
  const frame = page.frames().find((f) => f.url().startsWith(`${V}/e/`))!;
  const beacons = await frame.evaluate(async () => {
    const sent: Promise<string>[] = [];
    const real = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) sent.push(data.text().then((t) => `${data.type} ${t}`));
      return real(url, data);
    };
    window.dispatchEvent(new Event('pagehide'));
    return Promise.all(sent);
  });
  expect(beacons).toHaveLength(1);
  expect(beacons[0]!.startsWith('text/plain {')).toBe(true);
  const beacon = JSON.parse(beacons[0]!.slice('text/plain '.length)) as Batch;
  // Last: the open visit of slide 1; before it whatever the ingest has not acknowledged yet (all of
  // it while the ingest answers 501), with the ids it was first sent with.
  expect(beacon.events.at(-1)).toMatchObject({ name: 'slide_played', slideId: 1 });
  const firstSent = new Set(batches(ingest.slice(0, before)).flatMap((b) => b.events.map((e) => e.id)));
  for (const e of beacon.events.slice(0, -1)) expect(firstSent.has(e.id)).toBe(true);
  await expect.poll(() => ingest.slice(before).map((r) => `${r.resourceType()} ${r.headers()['content-type']}`)).toEqual(['ping text/plain']);

  // Stored: every batch the page saw answered was acknowledged (202 only once the events are
  // durable), none dropped, every event counted as stored or as a retry's duplicate.
  let acknowledged = 0;
  for (const r of ingest) {
    const res = await r.response().catch(() => null);
    if (!res || r.resourceType() === 'ping') continue; // the beacon: Playwright sees neither its Blob body nor always its answer
    expect(res.status()).toBe(202);
    const ack = (await res.json()) as { accepted: number; duplicates: number; dropped: number };
    expect(ack.dropped).toBe(0);
    expect(ack.accepted + ack.duplicates).toBe(batches([r])[0]!.events.length);
    acknowledged += 1;
  }
  expect(acknowledged).toBeGreaterThan(0);
});
