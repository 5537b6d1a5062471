/**
 * The server-rendered player pages (issue 12 "iframe", "Direct link", "Events to the host", "Cross-origin
 * e2e"; issue 20 strict host CSP; server/src/modules/share/share.pages.ts, embed/page/page.ts) against the
 * real server with the published sample vidbot (server/src/db/sample.ts):
 *
 * - `/v/{publicId}`: link-preview tags are in the HTML itself (fetched without a browser), the player
 *   plays (video time advances) and a button navigates;
 * - `/e/{publicId}` framed by a host page on another origin under the strict policy of issue 20: the
 *   thumbnail facade, then playing; VIDBOT_LOADED / VIDBOT_SLIDE / VIDBOT_CTA reach the host exactly once;
 *   the host's `pause` command works from the host origin and is ignored from any other; zero
 *   `securitypolicyviolation` events on the host page.
 */
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { startHost, strictHostCsp, vidbotOrigin, type Host } from './hosts';
import { expect, test } from './support';

const OWNER = { email: 'owner@example.com', password: 'Vidbot-demo-1' };
const SAMPLE = 'Welcome to Vidbot';

async function idToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/idp', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'vidbotlocalclient', AuthParameters: { USERNAME: OWNER.email, PASSWORD: OWNER.password } }),
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

/** The sample's publicId, once its media are processed (the public answer has the intro's video). */
async function samplePublicId(request: APIRequestContext): Promise<string> {
  const auth = { Authorization: `Bearer ${await idToken(request)}` };
  const accounts = (await (await request.get('/api/account?page=1&size=100', { headers: auth })).json()) as { records: { id: number; publicId: string }[] };
  const accountId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  const list = (await (await request.get(`/api/bot?account_id=${accountId}&bot_name=${encodeURIComponent(SAMPLE)}`, { headers: auth })).json()) as {
    records: { name: string; publicId: string }[];
  };
  const publicId = list.records.find((b) => b.name === SAMPLE)!.publicId;
  await expect
    .poll(
      async () => {
        const bot = (await (await request.get(`/api/public/bot/${publicId}`)).json()) as { slides: { category: string; videoUrl: string | null; posterUrl: string | null }[] };
        const intro = bot.slides.find((s) => s.category === 'INTRO');
        return Boolean(intro?.videoUrl && intro.posterUrl);
      },
      { timeout: 120_000, intervals: [1000, 2000, 3000] },
    )
    .toBe(true);
  return publicId;
}

/** Waits until the video in `scope` has played past `seconds`. */
async function expectPlaying(scope: Page | FrameLocator, seconds = 1): Promise<void> {
  const video = scope.locator('[data-vidbot-player] video');
  await expect(video).toHaveCount(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(seconds);
}

/** `<meta property|name="key" content="…">` of an HTML text (decoded). */
function metaContent(html: string, key: string): string | null {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`);
  const m = re.exec(html);
  return m ? m[1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))) : null;
}

let publicId: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  publicId = await samplePublicId(request);
});

test('the direct link: link-preview tags without JavaScript, then it plays and a button navigates', async ({ page, request }) => {
  const res = await request.get(`/v/${publicId}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/text\/html/);
  expect(res.headers()['cache-control']).toBe('public, max-age=60');
  const html = await res.text();
  const v = vidbotOrigin();
  expect(html).toContain(`<title>${SAMPLE}</title>`);
  expect(metaContent(html, 'og:title')).toBe(SAMPLE);
  expect(metaContent(html, 'og:type')).toBe('video.other');
  expect(metaContent(html, 'og:url')).toBe(`${v}/v/${publicId}`);
  expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^${v}/files/.+`));
  expect(metaContent(html, 'og:video')).toMatch(new RegExp(`^${v}/files/.+`));
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  expect(metaContent(html, 'robots')).toBeNull();
  // The preview image is really there.
  expect((await request.get(metaContent(html, 'og:image')!)).status()).toBe(200);

  await page.goto(`/v/${publicId}`);
  await expectPlaying(page);
  const slide = page.locator('[data-vidbot-player] [data-slide-id]');
  await expect(slide).toHaveAttribute('data-slide-id', '1');
  await page.getByRole('button', { name: 'What is a vidbot?' }).click();
  await expect(slide).toHaveAttribute('data-slide-id', '2');
  await expectPlaying(page, 0.5);

  // An unknown bot: a 404 page (HTML, not JSON).
  const missing = await request.get('/v/no-such-bot');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Vidbot not found');
});

interface Recorded {
  violations: string[];
  messages: { origin: string; data: { type?: string; [k: string]: unknown } }[];
}

/** Records the host page's CSP violations and the messages it receives (init scripts are not subject to its CSP). */
async function recordHost(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __rec: Recorded };
    w.__rec = { violations: [], messages: [] };
    document.addEventListener('securitypolicyviolation', (e) => w.__rec.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    window.addEventListener('message', (e) => w.__rec.messages.push({ origin: e.origin, data: e.data as Recorded['messages'][number]['data'] }));
  });
}
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __rec: Recorded }).__rec);
const ofType = (r: Recorded, type: string) => r.messages.filter((m) => m.data?.type === type);

test.describe('the iframe on another origin under a strict CSP', () => {
  let host: Host;
  test.afterEach(async () => {
    await host?.close();
  });

  test('facade, play, events exactly once, host commands only from the host origin, nothing blocked', async ({ page }) => {
    const v = vidbotOrigin();
    const pageHtml = (hostOrigin: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<h1>Host page</h1>
<iframe id="good" title="Vidbot" src="${v}/e/${publicId}?host=${encodeURIComponent(hostOrigin)}" width="650" height="340" allow="autoplay; fullscreen"></iframe>
<iframe id="other" title="Vidbot elsewhere" src="${v}/e/${publicId}?autoplay=1&amp;host=${encodeURIComponent('https://not-this-host.example')}" width="650" height="340" allow="autoplay"></iframe>
</body></html>`;
    // The page needs its own origin in the iframe's `host` parameter: serve it, then fill it in.
    const pages: Record<string, { html: string; csp: string }> = { '/iframe.html': { html: '', csp: strictHostCsp(v) } };
    host = await startHost(pages);
    pages['/iframe.html']!.html = pageHtml(host.origin);

    await recordHost(page);
    await page.goto(host.url('/iframe.html'));
    const frame = page.frameLocator('#good');

    // The thumbnail facade (iframeSettings.thumbnail: a frame of the intro video), then a click plays.
    const facade = frame.getByRole('button', { name: `Play ${SAMPLE}` });
    await expect(facade).toBeVisible();
    await expect(frame.locator('[data-vidbot-player]')).toHaveCount(0);
    await facade.click();
    await expectPlaying(frame);

    const fromFrame = (r: Recorded) => ({ ...r, messages: r.messages.filter((m) => m.origin === v) });
    await expect.poll(async () => ofType(fromFrame(await recorded(page)), 'VIDBOT_SLIDE').length).toBe(1);
    let r = fromFrame(await recorded(page));
    // LOADED once from the good frame (the other frame posts to another targetOrigin: not delivered here).
    expect(ofType(r, 'VIDBOT_LOADED')).toHaveLength(1);
    expect(ofType(r, 'VIDBOT_LOADED')[0]!.data).toEqual({ source: 'vidbot', v: 1, type: 'VIDBOT_LOADED', publicId, channel: 'iframe' });
    expect(ofType(r, 'VIDBOT_SLIDE')[0]!.data).toEqual({ source: 'vidbot', v: 1, type: 'VIDBOT_SLIDE', publicId, from: null, to: 1 });

    // A button: VIDBOT_CTA and VIDBOT_SLIDE 1 → 2, each once.
    await frame.getByRole('button', { name: 'What is a vidbot?' }).click();
    await expect(frame.locator('[data-vidbot-player] [data-slide-id]')).toHaveAttribute('data-slide-id', '2');
    await expect.poll(async () => ofType(fromFrame(await recorded(page)), 'VIDBOT_SLIDE').length).toBe(2);
    r = fromFrame(await recorded(page));
    expect(ofType(r, 'VIDBOT_CTA').map((m) => m.data)).toEqual([
      { source: 'vidbot', v: 1, type: 'VIDBOT_CTA', publicId, slideId: 1, optionId: expect.any(Number), name: 'What is a vidbot?' },
    ]);
    expect(ofType(r, 'VIDBOT_SLIDE')[1]!.data).toMatchObject({ from: 1, to: 2 });
    expect(ofType(r, 'VIDBOT_LOADED')).toHaveLength(1);
    await expectPlaying(frame, 0.5);

    // A command from the host origin: pause works.
    const pause = (id: string) =>
      page.evaluate((frameId) => {
        (document.getElementById(frameId) as HTMLIFrameElement).contentWindow!.postMessage({ source: 'vidbot-host', v: 1, type: 'pause' }, '*');
      }, id);
    await pause('good');
    await expect.poll(() => frame.locator('[data-vidbot-player] video').evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);

    // The other frame expects commands from another origin: the same command from this page is ignored.
    const other = page.frameLocator('#other');
    await expectPlaying(other, 0.5);
    await pause('other');
    const t0 = await other.locator('[data-vidbot-player] video').evaluate((el: HTMLVideoElement) => el.currentTime);
    await expect.poll(() => other.locator('[data-vidbot-player] video').evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(t0 + 0.5);
    expect(await other.locator('[data-vidbot-player] video').evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
    // A malformed command from the right origin is ignored too.
    await page.evaluate(() => {
      (document.getElementById('good') as HTMLIFrameElement).contentWindow!.postMessage({ source: 'vidbot-host', v: 2, type: 'play' }, '*');
    });
    await page.waitForTimeout(500);
    expect(await frame.locator('[data-vidbot-player] video').evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);

    expect((await recorded(page)).violations).toEqual([]);
  });
});
