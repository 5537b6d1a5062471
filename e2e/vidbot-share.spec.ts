/**
 * The editor's share tab (spec 001 §2 "Share pages", §4 "Share code", §8 share warnings; issue 12
 * "Distribution"; issue 20 "What the host sees"), against the real server, in English and a short
 * Finnish pass:
 * - the sample vidbot (Published, found by name through the list search): the Share tab shows the
 *   live status, the iframe code at the configured size with its CSP line `frame-src V`, each copied
 *   to the real clipboard with a toast, and the direct link with Copy and Open;
 * - a published bot with a widget video (set up through the API): the widget loader code and the
 *   widget's CSP additions line, exactly as server/src/modules/share/embed.codes.ts prints them;
 * - a Draft bot: the "not published" warning and no code in any sub-tab;
 * - Finnish: the same tab, its labels, toast and warning in Finnish;
 * - a Viewer (who may not edit) copies codes: the share tab is not inert, the settings tab is;
 * - with the account features `widget_sync` and `vidbot_as_ads` (turned on as staff, then off): the
 *   synchronous widget code and the display-ads tab (platform, package download as the server offers
 *   it, harness link, CSP line); without them no display-ads tab.
 * V is the server's public URL (PUBLIC_URL, here the test server's origin).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, idToken, signIn, test } from './support';

const LABELS = {
  en: {
    share: 'Share',
    iframe: 'Iframe',
    link: 'Link',
    widget: 'Widget',
    embedCode: 'Embed code',
    iframeCode: 'Iframe code',
    cspAdditions: 'CSP additions',
    copyEmbed: 'Copy the embed code',
    copyIframe: 'Copy the iframe code',
    copyCsp: 'Copy the CSP additions',
    copyLink: 'Copy the link',
    openLink: 'Open the link',
    copied: 'Copied to the clipboard.',
    notPublished: 'This vidbot is not published yet. Publish it to get its code.',
    linkNeedsNothing: "A link needs nothing in your site's Content-Security-Policy.",
  },
  fi: {
    share: 'Jaa',
    iframe: 'Iframe',
    link: 'Linkki',
    widget: 'Widget',
    embedCode: 'Upotuskoodi',
    iframeCode: 'Iframe-koodi',
    cspAdditions: 'CSP-lisäykset',
    copyEmbed: 'Kopioi upotuskoodi',
    copyIframe: 'Kopioi iframe-koodi',
    copyCsp: 'Kopioi CSP-lisäykset',
    copyLink: 'Kopioi linkki',
    openLink: 'Avaa linkki',
    copied: 'Kopioitu leikepöydälle.',
    notPublished: 'Tätä vidbotia ei ole vielä julkaistu. Julkaise se saadaksesi sen koodin.',
    linkNeedsNothing: 'Linkki ei vaadi mitään sivustosi Content-Security-Policyyn.',
  },
} as const;
type Lang = keyof typeof LABELS;

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

interface BotAnswer {
  id: number;
  publicId: string;
  accountId: number;
  slides: { type: 'VIDEO' | 'IMAGE'; videoId: number | null }[];
  settings: { widgetSettings: Record<string, unknown>; iframeSettings: { width: number; height: number } };
}

/** The sample vidbot, found by name through the list search (other journeys add bots before it). */
async function sampleBot(page: Page): Promise<BotAnswer> {
  await page.goto(`/dashboard/demo/vidbots?bot_name=${encodeURIComponent('Welcome to Vidbot')}`);
  const href = await page.getByRole('link', { name: 'Welcome to Vidbot' }).getAttribute('href');
  const id = Number(/vidbots\/(\d+)/.exec(href ?? '')![1]);
  return (await api<BotAnswer>(page, 'GET', `/api/bot/${id}`)).json;
}

/** Creates a bot with one intro video slide (and `settings`), published when `publish`. */
async function makeBot(page: Page, sample: BotAnswer, name: string, settings: Record<string, unknown>, publish: boolean): Promise<BotAnswer> {
  const videoId = sample.slides.find((s) => s.type === 'VIDEO')!.videoId;
  const created = await api<{ id: number }>(page, 'POST', '/api/bot', { accountId: sample.accountId, name });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const content = { slides: [{ id: 1, name: 'Hello', category: 'INTRO', type: 'VIDEO', videoId, imageId: null, options: [] }], actions: [], settings };
  const saved = await api(page, 'PATCH', `/api/bot/${created.json.id}`, { content });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  if (publish) expect((await api(page, 'PATCH', `/api/bot/${created.json.id}`, { status: 'Published' })).status).toBe(200);
  return (await api<BotAnswer>(page, 'GET', `/api/bot/${created.json.id}`)).json;
}

async function openShare(page: Page, lang: Lang, id: number) {
  const L = LABELS[lang];
  await page.evaluate((l) => localStorage.setItem('vidbot.language', l), lang);
  await page.goto(`/dashboard/demo/vidbots/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByRole('navigation').getByRole('link', { name: L.share, exact: true }).click();
  await expect(page.getByRole('heading', { name: L.share, level: 2 })).toBeVisible();
}

const subTab = (page: Page, name: string) => page.locator('nav.share-tabs').getByRole('link', { name, exact: true });

test.beforeEach(async ({ context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
});

test('share tab (en): the sample’s iframe code, CSP line and link; a widget code with its CSP line; a Draft bot warns', async ({ page, baseURL }) => {
  const L = LABELS.en;
  const V = baseURL!;
  await page.setViewportSize({ width: 1300, height: 1000 });
  await signIn(page, 'owner@example.com');
  const sample = await sampleBot(page);

  await openShare(page, 'en', sample.id);
  await expect(page).toHaveURL(new RegExp(`/vidbots/${sample.id}/share$`));
  // Spec 001 §4: the live status of a Published bot.
  await expect(page.locator('.share-head .badge')).toHaveText(/^Published · (live|offline|inactive)$/);

  // Iframe: the code at the configured size, its CSP line; both copied to the clipboard with a toast.
  await subTab(page, L.iframe).click();
  await expect(page).toHaveURL(/\/share\/iframe$/);
  const { width, height } = sample.settings.iframeSettings;
  const iframeCode = `<iframe src="${V}/e/${sample.publicId}?channel=iframe" title="Welcome to Vidbot" width="${width}" height="${height}" allow="autoplay; fullscreen; clipboard-write" allowfullscreen loading="lazy"></iframe>`;
  await expect(page.getByLabel(L.iframeCode)).toHaveValue(iframeCode);
  await expect(page.getByLabel(L.cspAdditions)).toHaveValue(`frame-src ${V}`);
  await page.getByRole('button', { name: L.copyIframe }).click();
  await expect(page.getByText(L.copied).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iframeCode);
  await page.getByRole('button', { name: L.copyCsp }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`frame-src ${V}`);

  // The iframe's size is edited in the settings tab: the link opens its section.
  await page.getByRole('link', { name: 'Iframe settings' }).click();
  await expect(page).toHaveURL(/\/settings#settings-iframe$/);
  await expect(page.locator('#settings-iframe')).toBeInViewport();
  await page.getByRole('navigation').getByRole('link', { name: L.share, exact: true }).click();
  await subTab(page, L.iframe).click();

  // Link: the direct link with Copy and Open; nothing for the CSP.
  await subTab(page, L.link).click();
  await expect(page.getByLabel(L.link, { exact: true })).toHaveValue(`${V}/v/${sample.publicId}`);
  await expect(page.getByRole('link', { name: L.openLink })).toHaveAttribute('href', `${V}/v/${sample.publicId}`);
  await expect(page.getByText(L.linkNeedsNothing)).toBeVisible();
  await page.getByRole('button', { name: L.copyLink }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${V}/v/${sample.publicId}`);

  // Keyboard path: the sub-tabs are links in the tab order; Enter on "Widget" opens it.
  await subTab(page, L.widget).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/vidbots/${sample.id}/share$`));

  // A published bot with a widget video: the loader code and the widget CSP line.
  const withVideo = await makeBot(page, sample, 'Share widget en', { widgetSettings: { ...sample.settings.widgetSettings, chatVideoId: sample.slides.find((s) => s.type === 'VIDEO')!.videoId } }, true);
  await openShare(page, 'en', withVideo.id);
  const widgetCode = `<script async src="${V}/embed/loader.js" data-vidbot-id="${withVideo.publicId}"></script>`;
  await expect(page.getByLabel(L.embedCode)).toHaveValue(widgetCode);
  const cspLine = `script-src ${V}; img-src ${V}; media-src ${V} blob:; frame-src ${V}; connect-src ${V}`;
  await expect(page.getByLabel(L.cspAdditions)).toHaveValue(cspLine);
  await page.getByRole('button', { name: L.copyEmbed }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(widgetCode);
  await page.getByRole('button', { name: L.copyCsp }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(cspLine);

  // A Draft bot: the warning and no code in any sub-tab.
  const draft = await makeBot(page, sample, 'Share draft en', { widgetSettings: withVideo.settings.widgetSettings }, false);
  await openShare(page, 'en', draft.id);
  await expect(page.getByText(L.notPublished)).toBeVisible();
  await expect(page.getByLabel(L.embedCode)).toHaveCount(0);
  await expect(page.locator('.share-head .badge')).toHaveText('Draft');
  await subTab(page, L.iframe).click();
  await expect(page.getByText(L.notPublished)).toBeVisible();
  await expect(page.getByLabel(L.iframeCode)).toHaveCount(0);
  await expect(page.getByLabel(L.cspAdditions)).toHaveCount(0);
});

test('share tab (fi): labels, copy toast and the Draft warning in Finnish', async ({ page, baseURL }) => {
  const L = LABELS.fi;
  const V = baseURL!;
  await signIn(page, 'owner@example.com');
  const sample = await sampleBot(page);
  await openShare(page, 'fi', sample.id);
  await subTab(page, L.iframe).click();
  await expect(page.getByLabel(L.iframeCode)).toHaveValue(new RegExp(`^<iframe src="${V.replace(/[.]/g, '\\.')}/e/${sample.publicId}\\?channel=iframe"`));
  await page.getByRole('button', { name: L.copyIframe }).click();
  await expect(page.getByText(L.copied).first()).toBeVisible();
  await subTab(page, L.link).click();
  await expect(page.getByText(L.linkNeedsNothing)).toBeVisible();
  const draft = await makeBot(page, sample, 'Share draft fi', {}, false);
  await openShare(page, 'fi', draft.id);
  await expect(page.getByText(L.notPublished)).toBeVisible();
  await expect(page.getByLabel(L.embedCode)).toHaveCount(0);
});

test('share tab (en): a Viewer, who may not edit, still copies the codes (spec 001 §6 "share: … Viewer")', async ({ page, baseURL }) => {
  const L = LABELS.en;
  await signIn(page, 'viewer@example.com');
  const sample = await sampleBot(page);
  await openShare(page, 'en', sample.id);
  // The rest of the editor is inert for a viewer; the share tab is not.
  await expect(page.getByTestId('editor-body')).not.toHaveAttribute('inert', /.*/);
  await subTab(page, L.link).click();
  await page.getByRole('button', { name: L.copyLink }).click();
  await expect(page.getByText(L.copied).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/v/${sample.publicId}`);
  await page.getByRole('navigation', { name: 'Editor sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByTestId('editor-body')).toHaveAttribute('inert', /.*/);
});


/** Turns the dashboard flag `name` on (accountIds) or off ([]) — POST when new, else PUT by name. */
async function setFlag(request: APIRequestContext, staffToken: string, name: string, accountIds: number[]) {
  const headers = { Authorization: `Bearer ${staffToken}` };
  const created = await request.post('/api/feature/flags', { headers, data: { name, flag_type: 'dashboard', account_ids: accountIds } });
  if (created.status() === 409) {
    const updated = await request.put('/api/feature/flags', { headers, data: { name, account_ids: accountIds } });
    expect(updated.status()).toBe(200);
  } else {
    expect(created.status()).toBe(201);
  }
}

test('share tab (en): widget_sync gives the synchronous code; vidbot_as_ads adds the display-ads tab', async ({ page, request, baseURL }) => {
  const L = LABELS.en;
  const V = baseURL!;
  await signIn(page, 'owner@example.com');
  const sample = await sampleBot(page);
  const bot = await makeBot(page, sample, 'Share ads en', { widgetSettings: { ...sample.settings.widgetSettings, chatVideoId: sample.slides.find((s) => s.type === 'VIDEO')!.videoId } }, true);

  // Without the feature: no display-ads tab (spec 001 §2). (Other specs on this server may have left the flags on.)
  const staff = await idToken(request, 'superadmin@example.com');
  await setFlag(request, staff, 'widget_sync', []);
  await setFlag(request, staff, 'vidbot_as_ads', []);
  await openShare(page, 'en', bot.id);
  await expect(subTab(page, L.iframe)).toBeVisible();
  await expect(subTab(page, 'Display ads')).toHaveCount(0);

  try {
    await setFlag(request, staff, 'widget_sync', [sample.accountId]);
    await setFlag(request, staff, 'vidbot_as_ads', [sample.accountId]);
    await openShare(page, 'en', bot.id);
    await expect(page.getByLabel('Embed code (synchronous)')).toHaveValue(`<script src="${V}/embed/sync/${bot.publicId}.js" referrerpolicy="no-referrer-when-downgrade"></script>`);

    await subTab(page, 'Display ads').click();
    await expect(page).toHaveURL(/\/share\/display-ads$/);
    await page.getByLabel('Ad platform').selectOption('gam');
    await expect(page.getByRole('link', { name: 'Open the test page' })).toHaveAttribute('href', `${V}/ad-harness/${bot.publicId}?platform=gam`);
    await expect(page.getByLabel(L.cspAdditions)).toHaveValue(`frame-src ${V}`);
    // The Download button follows what the server offers for this bot and platform.
    const offered = await page.evaluate(async (url) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      return (await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${key ? localStorage.getItem(key) : ''}` } })).status;
    }, `/api/bot/${bot.id}/ad-package?platform=gam`);
    const download = page.getByRole('button', { name: 'Download the ad package' });
    if (offered === 404) {
      await expect(download).toBeDisabled();
      await expect(page.getByText('This server does not offer ad packages yet.')).toBeVisible();
    } else {
      expect(offered).toBe(200);
      await expect(download).toBeEnabled();
      const file = page.waitForEvent('download');
      await download.click();
      expect((await file).suggestedFilename()).toMatch(/\.zip$/);
    }
  } finally {
    await setFlag(request, staff, 'widget_sync', []);
    await setFlag(request, staff, 'vidbot_as_ads', []);
  }
});
