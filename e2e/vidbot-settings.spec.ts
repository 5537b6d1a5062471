/**
 * The editor's settings tab (spec 001 §2 "Settings tab", §3 settings, §5, §6 feature gates, §8 tag
 * messages, §9 contrast levels; issue 11), in English and in Finnish, against the real server:
 * - the text and background colours show the WCAG contrast ratio and its rating, and change with them;
 * - delayButtons is stored as a number, then as null once emptied (§5);
 * - SEO meta, analytics (GA4 id, a consent storage), captions and widget settings go into the draft,
 *   Save draft stores them, and after a reload the form and `GET /bot/{id}` show every one;
 * - a field the server's schema refuses (a negative cover offset) shows its message in the form;
 * - the URL-map section (`url_map`) is hidden without the flag and shown once the flag is on for the
 *   account (turned on as a superuser through `/api/feature/flags`, as staff do on the flags screen);
 *   a URL map row is stored;
 * - a tag created inline is attached to the vidbot at once (bot-level, not with the draft);
 * - a logo and a widget cover are uploaded through the media chooser from the settings tab, created
 *   as LogoImage and CoverImage, stored by Save draft (settings.logoId / widgetCoverId) and named
 *   after a reload; the cover chooser refuses an existing SlideImage with its message (issue 11).
 * - a Viewer sees every section read-only. Required fields (label ending in an aria-hidden "*") are
 *   found by role and accessible name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, idToken, signIn, test } from './support';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');

/** In the open media chooser: upload `file` with `button` and wait until the chooser closes with it chosen. */
async function uploadThroughChooser(page: Page, button: string, file: string) {
  const dialog = page.getByRole('dialog');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path.join(MEDIA_DIR, file));
  await expect(dialog).toBeHidden({ timeout: 60_000 });
}


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

const TEXT = {
  en: {
    settings: 'Settings',
    textColour: 'Text colour',
    backgroundColour: 'Background colour',
    aaa: 'AAA (excellent)',
    aa: 'AA (good)',
    fail: 'Fail (hard to read)',
    ratio21: '21.00:1',
    ratio454: '4.54:1',
    delay: 'Delay buttons (seconds)',
    seoTitle: 'SEO title',
    seoDescription: 'SEO description',
    noIndex: 'Ask search engines not to index the share pages',
    ga4: 'GA4 measurement ID',
    adStorage: 'Ad storage',
    granted: 'Granted',
    showCaptions: 'Show captions',
    captionLanguage: 'Caption language',
    width: 'Width (px)',
    position: 'Position',
    topLeft: 'Top left',
    ctaText: 'Call-to-action text',
    coverOffset: 'Cover offset (px)',
    atLeast0: 'Must be at least 0.',
    notValid: 'Some settings are not valid',
    urlMaps: 'URL maps',
    useUrlMaps: 'Use URL maps',
    addUrlMap: 'Add URL map',
    pageUrl1: 'Page URL 1',
    vidbot1: 'Vidbot 1',
    saveDraft: 'Save draft',
    saveOrPublish: 'Save or publish',
    draftSaved: 'Draft saved',
    newTag: 'New tag',
    createTag: 'Create tag',
    tagCreated: 'Tag created successfully',
    tagsOfBot: 'Tags of this vidbot',
    tags: 'Tags',
    branding: 'Logo, covers and company',
    logo: 'Logo',
    widgetCover: 'Widget cover',
    chooseImage: 'Choose an image',
    choose: 'Choose',
    uploadImage: 'Upload image',
    search: 'Search by name',
    refusedCover: (name: string) => `“${name}” (Slide image) cannot be used here. Accepted here: Cover image.`,
  },
  fi: {
    settings: 'Asetukset',
    textColour: 'Tekstin väri',
    backgroundColour: 'Taustaväri',
    aaa: 'AAA (erinomainen)',
    aa: 'AA (hyvä)',
    fail: 'Hylätty (vaikea lukea)',
    ratio21: '21,00:1',
    ratio454: '4,54:1',
    delay: 'Painikkeiden viive (sekuntia)',
    seoTitle: 'SEO-otsikko',
    seoDescription: 'SEO-kuvaus',
    noIndex: 'Pyydä hakukoneita olemaan indeksoimatta jakosivuja',
    ga4: 'GA4-mittaustunnus',
    adStorage: 'Mainosten tallennus',
    granted: 'Sallittu',
    showCaptions: 'Näytä tekstitykset',
    captionLanguage: 'Tekstityskieli',
    width: 'Leveys (px)',
    position: 'Sijainti',
    topLeft: 'Ylhäällä vasemmalla',
    ctaText: 'Toimintakehotteen teksti',
    coverOffset: 'Kannen siirtymä (px)',
    atLeast0: 'Vähintään 0.',
    notValid: 'Osa asetuksista on virheellisiä',
    urlMaps: 'URL-kohdistukset',
    useUrlMaps: 'Käytä URL-kohdistuksia',
    addUrlMap: 'Lisää URL-kohdistus',
    pageUrl1: 'Sivun URL 1',
    vidbot1: 'Vidbot 1',
    saveDraft: 'Tallenna luonnos',
    saveOrPublish: 'Tallenna tai julkaise',
    draftSaved: 'Luonnos tallennettu',
    newTag: 'Uusi tunniste',
    createTag: 'Luo tunniste',
    tagCreated: 'Tunniste luotu',
    tagsOfBot: 'Tämän vidbotin tunnisteet',
    tags: 'Tunnisteet',
    branding: 'Logo, kannet ja yritys',
    logo: 'Logo',
    widgetCover: 'Widgetin kansi',
    chooseImage: 'Valitse kuva',
    choose: 'Valitse',
    uploadImage: 'Lataa kuva',
    search: 'Hae nimellä',
    refusedCover: (name: string) => `”${name}” (Diakuva) ei käy tähän. Tähän käy: Kansikuva.`,
  },
} as const;

type Locale = keyof typeof TEXT;

/**
 * Save draft from the top bar's "Save or publish" menu and wait for its toast (an earlier toast gone
 * first, so this one is this save's).
 */
async function saveDraft(page: Page, L: (typeof TEXT)[Locale]) {
  await expect(page.getByText(L.draftSaved)).toHaveCount(0);
  await page.getByRole('button', { name: L.saveOrPublish }).click();
  await page.getByRole('menuitem', { name: L.saveDraft }).click();
  await expect(page.getByText(L.draftSaved)).toBeVisible();
}

/** The section (labelled fieldset) named `name`. */
const section = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

for (const locale of ['en', 'fi'] as const satisfies readonly Locale[]) {
  test(`settings tab (${locale}): contrast, delayButtons, SEO, analytics, captions, widget, a gated URL map, saved and reloaded`, async ({ page, request }) => {
    const L = TEXT[locale];
    const owner = await idToken(request, 'owner@example.com');
    const staff = await idToken(request, 'superadmin@example.com');
    const headers = { Authorization: `Bearer ${owner}` };
    const accounts = (await (await request.get('/api/account', { headers })).json()) as { records: Array<{ id: number; publicId: string }> };
    const demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
    const created = await request.post('/api/bot', { headers, data: { accountId: demoId, name: `Settings ${locale}`, privacy: 'Public' } });
    expect(created.ok()).toBe(true);
    const botId = ((await created.json()) as { id: number }).id;
    const target = await request.post('/api/bot', { headers, data: { accountId: demoId, name: `Mapped ${locale}`, privacy: 'Public' } });
    const targetId = ((await target.json()) as { id: number }).id;
    await setFlag(request, staff, 'url_map', []);

    await signIn(page, 'owner@example.com');
    await page.evaluate((l) => localStorage.setItem('vidbot.language', l), locale);
    await page.goto(`/dashboard/demo/vidbots/${botId}/settings`);
    await expect(page.getByRole('heading', { name: L.settings, level: 2 })).toBeVisible();

    // Contrast (§9): black on white is 21:1 AAA; #767676 on white 4.54:1 AA; equal colours fail.
    const text = page.getByRole('textbox', { name: L.textColour, exact: true });
    const background = page.getByRole('textbox', { name: L.backgroundColour, exact: true });
    await text.fill('#000000');
    await background.fill('#FFFFFF');
    await expect(page.getByTestId('contrast-ratio')).toHaveText(L.ratio21);
    await expect(page.getByTestId('contrast-rating')).toHaveText(L.aaa);
    await text.fill('#767676');
    await expect(page.getByTestId('contrast-ratio')).toHaveText(L.ratio454);
    await expect(page.getByTestId('contrast-rating')).toHaveText(L.aa);
    await text.fill('#FFFFFF');
    await expect(page.getByTestId('contrast-rating')).toHaveText(L.fail);
    await text.fill('#767676');

    // delayButtons: a number first (saved), emptied later (null).
    const delay = page.getByLabel(L.delay, { exact: true });
    await delay.fill('3');

    // A value the server's schema refuses shows its message; fixing it clears the message.
    const coverOffset = page.getByLabel(L.coverOffset, { exact: true });
    await coverOffset.fill('-5');
    await expect(page.getByText(L.atLeast0)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: L.notValid })).toBeVisible();
    await coverOffset.fill('12');
    await expect(page.getByText(L.atLeast0)).toHaveCount(0);

    await saveDraft(page, L);
    let bot = (await (await request.get(`/api/bot/${botId}`, { headers })).json()) as { theme: Record<string, unknown>; settings: Record<string, any> };
    expect(bot.theme).toMatchObject({ textColor: '#767676', backgroundColor: '#FFFFFF', delayButtons: 3 });
    expect(bot.settings.widgetSettings.coverOffset).toBe(12);

    // Empty delayButtons (→ null), SEO, analytics, captions and widget settings.
    await page.getByLabel(L.delay, { exact: true }).fill('');
    await page.getByLabel(L.seoTitle, { exact: true }).fill(`Tour ${locale}`);
    await page.getByLabel(L.seoDescription, { exact: true }).fill('A short tour');
    await page.getByLabel(L.noIndex, { exact: true }).check();
    await page.getByLabel(L.ga4, { exact: true }).fill('G-TEST123');
    await page.getByLabel(L.adStorage, { exact: true }).selectOption({ label: L.granted });
    await page.getByLabel(L.showCaptions, { exact: true }).check();
    await page.getByLabel(L.captionLanguage, { exact: true }).selectOption('fi');
    await page.getByRole('textbox', { name: L.width, exact: true }).fill('320');
    await page.getByRole('combobox', { name: L.position, exact: true }).selectOption({ label: L.topLeft });
    await page.getByLabel(L.ctaText, { exact: true }).fill('Ask us anything');

    // URL maps (url_map): hidden without the flag; shown once the account has it.
    await expect(section(page, L.urlMaps)).toHaveCount(0);
    await saveDraft(page, L);
    await setFlag(request, staff, 'url_map', [demoId]);
    await page.reload();
    const urlMaps = section(page, L.urlMaps);
    await expect(urlMaps).toBeVisible();
    await urlMaps.getByLabel(L.useUrlMaps, { exact: true }).check();
    await urlMaps.getByRole('button', { name: L.addUrlMap }).click();
    await urlMaps.getByLabel(L.pageUrl1, { exact: true }).fill('https://shop.example/pricing');
    await urlMaps.getByLabel(L.vidbot1, { exact: true }).selectOption({ label: `Mapped ${locale}` });
    await saveDraft(page, L);

    // Reload: the form shows what was stored, and GET /bot/{id} has every field.
    await page.reload();
    await expect(page.getByLabel(L.seoTitle, { exact: true })).toHaveValue(`Tour ${locale}`);
    await expect(page.getByLabel(L.delay, { exact: true })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: L.width, exact: true })).toHaveValue('320');
    await expect(page.getByRole('textbox', { name: L.textColour, exact: true })).toHaveValue('#767676');
    await expect(section(page, L.urlMaps).getByLabel(L.pageUrl1, { exact: true })).toHaveValue('https://shop.example/pricing');
    bot = (await (await request.get(`/api/bot/${botId}`, { headers })).json()) as typeof bot;
    expect(bot.theme).toMatchObject({ textColor: '#767676', backgroundColor: '#FFFFFF', delayButtons: null });
    expect(bot.settings.seoMeta).toEqual({ title: `Tour ${locale}`, description: 'A short tour', isIndexingDisabled: true });
    expect(bot.settings.analyticsIntegrationSettings).toMatchObject({ ga4Id: 'G-TEST123', adStorage: 'granted', analyticsStorage: 'denied' });
    expect(bot.settings.isCaptionEnabled).toBe(true);
    expect(bot.settings.language).toBe('fi');
    expect(bot.settings.widgetSettings).toMatchObject({ width: 320, align: 'top_left', text: 'Ask us anything', coverOffset: 12, height: 100, borderColor: '#351DDA' });
    expect(bot.settings.urlMapsSettings).toEqual({ enabled: true, defaultBotDisabled: false });
    expect(bot.settings.urlMaps).toEqual([{ matchType: 'exact', url: 'https://shop.example/pricing', botId: targetId }]);
    await setFlag(request, staff, 'url_map', []);
  });

  test(`settings tab (${locale}): a tag created inline is attached at once`, async ({ page, request }) => {
    const L = TEXT[locale];
    const owner = await idToken(request, 'owner@example.com');
    const headers = { Authorization: `Bearer ${owner}` };
    const accounts = (await (await request.get('/api/account', { headers })).json()) as { records: Array<{ id: number; publicId: string }> };
    const demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
    const created = await request.post('/api/bot', { headers, data: { accountId: demoId, name: `Tagged ${locale}`, privacy: 'Public' } });
    const botId = ((await created.json()) as { id: number }).id;

    await signIn(page, 'owner@example.com');
    await page.evaluate((l) => localStorage.setItem('vidbot.language', l), locale);
    await page.goto(`/dashboard/demo/vidbots/${botId}/settings`);
    const tags = section(page, L.tags);
    const tagName = `Onboarding ${locale} ${Date.now()}`;
    await tags.getByLabel(L.newTag, { exact: true }).fill(tagName);
    await tags.getByRole('button', { name: L.createTag }).click();
    await expect(page.getByText(L.tagCreated)).toBeVisible();
    await expect(tags.getByRole('list', { name: L.tagsOfBot }).getByRole('checkbox', { name: tagName })).toBeChecked();
    // Bot-level: stored without Save draft.
    const bot = (await (await request.get(`/api/bot/${botId}`, { headers })).json()) as { tagsList: { name: string }[] };
    expect(bot.tagsList.map((t) => t.name)).toContain(tagName);
  });

  test(`settings tab (${locale}): a logo and a cover uploaded through the chooser are stored; a slide image is refused as the cover`, async ({ page, request }) => {
    const L = TEXT[locale];
    const owner = await idToken(request, 'owner@example.com');
    const headers = { Authorization: `Bearer ${owner}` };
    const accounts = (await (await request.get('/api/account', { headers })).json()) as { records: Array<{ id: number; publicId: string }> };
    const demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
    const created = await request.post('/api/bot', { headers, data: { accountId: demoId, name: `Branded ${locale}`, privacy: 'Public' } });
    const botId = ((await created.json()) as { id: number }).id;
    // A Ready SlideImage (as the slide editor or the library makes them), uniquely named.
    const slideImageName = `Slide picture ${locale} ${Date.now()}`;
    const media = (await (await request.post('/api/media', { headers, data: { type: 'SlideImage', name: slideImageName, accountId: demoId } })).json()) as {
      uploadUrl: { uploadUrl: string; uploadToken: string };
    };
    const sent = await request.post(media.uploadUrl.uploadUrl, {
      headers: { ...headers, 'Upload-Token': media.uploadUrl.uploadToken },
      multipart: { file: { name: 'slide.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(MEDIA_DIR, 'echo-hereweare.jpg')) } },
    });
    expect(((await sent.json()) as { status: string }).status).toBe('Ready');

    await signIn(page, 'owner@example.com');
    await page.evaluate((l) => localStorage.setItem('vidbot.language', l), locale);
    await page.goto(`/dashboard/demo/vidbots/${botId}/settings`);
    const branding = section(page, L.branding);
    const logo = branding.getByRole('group', { name: L.logo, exact: true });
    const cover = branding.getByRole('group', { name: L.widgetCover, exact: true });

    // Logo: the image chooser; the upload becomes a LogoImage and is chosen.
    await logo.getByRole('button', { name: L.chooseImage }).click();
    await uploadThroughChooser(page, L.uploadImage, 'big_buck_bunny.jpg');
    await expect(logo.getByText('big_buck_bunny.jpg')).toBeVisible();

    // Cover: the existing SlideImage is listed but refused with the message, and nothing is chosen.
    await cover.getByRole('button', { name: L.choose, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(L.search).fill(slideImageName);
    await dialog.getByRole('button', { name: slideImageName }).click();
    await expect(dialog.getByRole('alert')).toHaveText(L.refusedCover(slideImageName));
    await expect(dialog).toBeVisible();
    // An upload from this chooser becomes a CoverImage and is chosen.
    await dialog.getByLabel(L.search).fill('');
    await uploadThroughChooser(page, L.uploadImage, 'echo-hereweare.jpg');
    await expect(cover.getByText('echo-hereweare.jpg')).toBeVisible();

    await saveDraft(page, L);
    const bot = (await (await request.get(`/api/bot/${botId}`, { headers })).json()) as { settings: { logoId: number | null; widgetCoverId: number | null } };
    expect(bot.settings.logoId).toEqual(expect.any(Number));
    expect(bot.settings.widgetCoverId).toEqual(expect.any(Number));
    const kindOf = async (id: number) => ((await (await request.get(`/api/media/${id}`, { headers })).json()) as { type: string; name: string });
    expect(await kindOf(bot.settings.logoId!)).toMatchObject({ type: 'LogoImage', name: 'big_buck_bunny.jpg' });
    expect(await kindOf(bot.settings.widgetCoverId!)).toMatchObject({ type: 'CoverImage', name: 'echo-hereweare.jpg' });

    // After a reload the chosen media are named (GET /media/{id}).
    await page.reload();
    await expect(logo.getByText('big_buck_bunny.jpg')).toBeVisible();
    await expect(cover.getByText('echo-hereweare.jpg')).toBeVisible();
  });
}

test('settings tab read-only for a Viewer: every section visible, nothing editable', async ({ page, request }) => {
  const owner = await idToken(request, 'owner@example.com');
  const headers = { Authorization: `Bearer ${owner}` };
  const accounts = (await (await request.get('/api/account', { headers })).json()) as { records: Array<{ id: number; publicId: string }> };
  const demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  const created = await request.post('/api/bot', { headers, data: { accountId: demoId, name: 'Read only settings', privacy: 'Public' } });
  const botId = ((await created.json()) as { id: number }).id;
  await signIn(page, 'viewer@example.com');
  await page.goto(`/dashboard/demo/vidbots/${botId}/settings`);
  await expect(page.getByText('Read-only: you can see these settings but not change them.')).toBeVisible();
  for (const name of ['Appearance', 'SEO', 'Analytics', 'Captions', 'Widget', 'Iframe', 'Link', 'Meta pixel']) {
    await expect(section(page, name)).toBeVisible();
  }
  await expect(page.getByLabel('SEO title', { exact: true })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Text colour', exact: true })).toBeDisabled();
  await expect(page.getByLabel('Show captions', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create tag' })).toBeDisabled();
});
