/**
 * The action editors (issue 11 Editor; spec 001 §2 "Form editor", "Other action editors"; §3; §4
 * Form integrations; §5; §6 per-integration flags; §9 thank-you defaults), in English and Finnish,
 * against the real server:
 * - the demo account gets the HubSpot and Salesforce flags through the staff feature-flag API;
 * - a form with every field type (text, email, long text, checkbox, radio buttons with options, an
 *   external link shown after submit, Finnish postal code), a keyboard reorder of the fields, HubSpot
 *   and Salesforce enabled → their fields added, locked (no delete) with badges naming them, the info
 *   message; a custom thank-you page with an external-link button; the non-submitting preview;
 * - an external link refusing `javascript:alert(1)` with the message (and the server refusing it
 *   with 422 too), then saved with a real URL; a post message; a close action; a share-media action
 *   with an image uploaded through the media chooser;
 * - after each Save the editor is back on the content tab; the draft is saved, the page reloaded,
 *   and GET /bot/{id} holds every field.
 */
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, idToken, signIn, test } from './support';

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');

/** An ID token from the identity provider (USER_PASSWORD_AUTH), as the other specs get one. */

/** Gives the demo account the dashboard flags `names` through the staff API (POST, or PUT when the flag exists). */
async function grantFlags(request: APIRequestContext, accountId: number, names: string[]) {
  const headers = { Authorization: `Bearer ${await idToken(request, 'superadmin@example.com')}` };
  for (const name of names) {
    const created = await request.post('/api/feature/flags', { headers, data: { name, flag_type: 'dashboard', account_ids: [accountId] } });
    if (!created.ok()) {
      const updated = await request.put('/api/feature/flags', { headers, data: { name, flag_type: 'dashboard', account_ids: [accountId] } });
      expect(updated.ok(), `flag ${name}: ${created.status()} then ${updated.status()}`).toBe(true);
    }
  }
}

/** The UI texts the journey uses, per language. */
const TEXT = {
  en: {
    newForm: 'New form',
    title: 'Title',
    description: 'Description',
    recipient: 'Recipient email',
    bcc: 'Bcc email',
    subject: 'Subject',
    customPrivacy: 'Use a custom privacy policy',
    privacyUrl: 'Privacy policy URL',
    addField: 'Add field',
    type: 'Type',
    label: 'Label',
    option: (n: number) => `Option ${n}`,
    addOption: 'Add option',
    howOpens: 'How the link opens',
    linkType: 'Link type',
    url: 'URL',
    showAfter: 'Show after the form is submitted',
    reorder: (l: string) => `Reorder ${l}`,
    deleteField: (l: string) => `Delete field ${l}`,
    sendTo: (i: string) => `Send submissions to ${i}`,
    hubspotInfo: 'HubSpot is enabled. Fields it requires were added: first-name, last-name, email.',
    campaign: 'HubSpot campaign ID',
    sfStatus: 'Salesforce status',
    sfLead: 'Salesforce lead source',
    thankYou: 'Thank-you page',
    thankYouText: 'Thank-you text',
    buttonAction: 'Button action',
    preview: 'Preview',
    previewOf: (n: string) => `Preview: ${n}`,
    save: 'Save',
    saveOrPublish: 'Save or publish',
    saveDraft: 'Save draft',
    draftSaved: 'Draft saved',
    fillRequired: 'Fill in the required fields to save.',
    newLink: 'New external link',
    name: 'Name',
    scriptRefused: 'Script links (javascript:) are not allowed.',
    newPost: 'New post message',
    value: 'Value',
    valueRequired: 'Value is required.',
    nameRequired: 'Name is required.',
    showMissing: 'Show what is missing',
    newClose: 'New close action',
    newShare: 'New share media action',
    chooseImage: 'Choose image',
    uploadImage: 'Upload image',
    shareLabel: 'Share button label',
    editForm: 'Edit form',
    duplicate: 'Duplicate',
    delete: 'Delete',
  },
  fi: {
    newForm: 'Uusi lomake',
    title: 'Otsikko',
    description: 'Kuvaus',
    recipient: 'Vastaanottajan sähköposti',
    bcc: 'Piilokopion sähköposti',
    subject: 'Aihe',
    customPrivacy: 'Käytä omaa tietosuojaselostetta',
    privacyUrl: 'Tietosuojaselosteen osoite',
    addField: 'Lisää kenttä',
    type: 'Tyyppi',
    label: 'Nimike',
    option: (n: number) => `Vaihtoehto ${n}`,
    addOption: 'Lisää vaihtoehto',
    howOpens: 'Miten linkki avautuu',
    linkType: 'Linkin tyyppi',
    url: 'URL-osoite',
    showAfter: 'Näytä lomakkeen lähettämisen jälkeen',
    reorder: (l: string) => `Järjestä ${l}`,
    deleteField: (l: string) => `Poista kenttä ${l}`,
    sendTo: (i: string) => `Lähetä vastaukset palveluun ${i}`,
    hubspotInfo: 'HubSpot on käytössä. Sen vaatimat kentät lisättiin: first-name, last-name, email.',
    campaign: 'HubSpot-kampanjan tunnus',
    sfStatus: 'Salesforcen tila',
    sfLead: 'Salesforcen liidin lähde',
    thankYou: 'Kiitossivu',
    thankYouText: 'Kiitosteksti',
    buttonAction: 'Painikkeen toiminto',
    preview: 'Esikatselu',
    previewOf: (n: string) => `Esikatselu: ${n}`,
    save: 'Tallenna',
    saveOrPublish: 'Tallenna tai julkaise',
    saveDraft: 'Tallenna luonnos',
    draftSaved: 'Luonnos tallennettu',
    fillRequired: 'Täytä pakolliset kentät tallentaaksesi.',
    newLink: 'Uusi ulkoinen linkki',
    name: 'Nimi',
    scriptRefused: 'Skriptilinkit (javascript:) eivät ole sallittuja.',
    newPost: 'Uusi viesti',
    value: 'Arvo',
    valueRequired: 'Arvo on pakollinen.',
    nameRequired: 'Nimi on pakollinen.',
    showMissing: 'Näytä, mitä puuttuu',
    newClose: 'Uusi sulkemistoiminto',
    newShare: 'Uusi median jako',
    chooseImage: 'Valitse kuva',
    uploadImage: 'Lataa kuva',
    shareLabel: 'Jakopainikkeen teksti',
    editForm: 'Muokkaa lomaketta',
    duplicate: 'Monista',
    delete: 'Poista',
  },
} as const;
type Lang = keyof typeof TEXT;
type Text = (typeof TEXT)[Lang];

/** Adds a field through the field dialog. */
async function addField(page: Page, x: Text, type: string, label: string, extra?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.locator('.action-editor').getByRole('button', { name: x.addField, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: x.label, exact: true })).toBeFocused();
  await dialog.getByRole('combobox', { name: x.type, exact: true }).selectOption(type);
  await dialog.getByRole('textbox', { name: x.label, exact: true }).fill(label);
  if (extra) await extra(dialog);
  await dialog.getByRole('button', { name: x.addField, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Saves the action editor (back on the content tab), then the draft. */
async function saveActionAndDraft(page: Page, x: Text, botId: number) {
  const save = page.locator('.action-editor-footer').getByRole('button', { name: x.save, exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}$`));
  // Save draft is in the top bar's "Save or publish" menu (spec 001 §2).
  await page.getByRole('button', { name: x.saveOrPublish, exact: true }).click();
  await page.getByRole('menuitem', { name: x.saveDraft, exact: true }).click();
  await expect(page.getByText(x.draftSaved).first()).toBeVisible();
}

for (const lang of ['en', 'fi'] as const) {
  test(`[${lang}] builds a form with every field type and integrations, a link refusing javascript:, a post message, a close action and a share-media action; all stored`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const x = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 1000 });
    const ownerHeaders = { Authorization: `Bearer ${await idToken(request, 'owner@example.com')}` };
    const accounts = (await (await request.get('/api/account', { headers: ownerHeaders })).json()) as { records: Array<{ id: number; publicId: string }> };
    const demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
    await grantFlags(request, demoId, ['integration_hubspot', 'integration_salesforce']);
    const created = await request.post('/api/bot', { headers: ownerHeaders, data: { accountId: demoId, name: `Actions ${lang} ${Date.now()}` } });
    expect(created.status()).toBe(201);
    const botId = ((await created.json()) as { id: number }).id;
    const base = `/dashboard/demo/vidbots/${botId}`;

    await signIn(page, 'owner@example.com');
    if (lang === 'fi') await page.evaluate(() => localStorage.setItem('vidbot.language', 'fi'));

    // --- Form ----------------------------------------------------------------------------------
    await page.goto(`${base}/form/new`);
    await expect(page.getByRole('heading', { name: x.newForm })).toBeFocused();
    const save = page.locator('.action-editor-footer').getByRole('button', { name: x.save, exact: true });
    await expect(save).toBeDisabled();
    await expect(page.getByText(x.fillRequired)).toBeVisible();
    await page.getByRole('textbox', { name: x.title, exact: true }).fill('Contact us');
    await page.getByRole('textbox', { name: x.description, exact: true }).fill('Tell us what you need.');
    await page.getByRole('textbox', { name: x.recipient, exact: true }).fill('sales@example.com');
    await page.getByRole('textbox', { name: x.bcc, exact: true }).fill('archive@example.com');
    await page.getByRole('textbox', { name: x.subject, exact: true }).fill('New lead');
    await page.getByLabel(x.customPrivacy).check();
    await page.getByLabel(x.privacyUrl).fill('https://example.com/privacy');

    await addField(page, x, 'text', 'Full name');
    await addField(page, x, 'email', 'Work email');
    await addField(page, x, 'textarea', 'Message');
    await addField(page, x, 'general_checkbox', 'Subscribe to news');
    await addField(page, x, 'radio_button', 'Size', async (dialog) => {
      await dialog.getByRole('textbox', { name: x.option(1), exact: true }).fill('Small');
      await dialog.getByRole('button', { name: x.addOption }).click();
      await dialog.getByRole('textbox', { name: x.option(2), exact: true }).fill('Large');
    });
    await addField(page, x, 'external_link', 'Terms', async (dialog) => {
      await dialog.getByLabel(x.howOpens).selectOption('new_tab');
      await dialog.getByRole('combobox', { name: x.linkType, exact: true }).selectOption('url');
      await dialog.getByRole('textbox', { name: x.url, exact: true }).fill('https://example.com/terms');
      await dialog.getByLabel(x.showAfter).check();
    });
    await addField(page, x, 'postal_code_fi', 'Postinumero');
    const rows = page.locator('.fields-table tbody tr');
    await expect(rows).toHaveCount(7);

    // Keyboard reorder: Message moves above Work email.
    await page.getByRole('button', { name: x.reorder('Message') }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-field-name'))))
      .toEqual(['full-name', 'message', 'work-email', 'subscribe-to-news', 'size', 'terms', 'postinumero']);

    // Integrations: HubSpot adds first-name, last-name, email (locked, badged); Salesforce adds company.
    await page.getByLabel(x.sendTo('HubSpot')).check();
    await expect(page.getByRole('status').filter({ hasText: x.hubspotInfo })).toBeVisible();
    await expect(rows).toHaveCount(10);
    for (const key of ['first-name', 'last-name', 'email']) {
      const row = page.locator(`.fields-table tr[data-field-name="${key}"]`);
      await expect(row.locator('.integration-badge', { hasText: 'HubSpot' })).toBeVisible();
      await expect(row.getByRole('button', { name: new RegExp(`^${x.deleteField('')}`) })).toBeDisabled();
    }
    await page.getByLabel(x.campaign).fill('camp-42');
    await page.getByLabel(x.sendTo('Salesforce')).check();
    await expect(rows).toHaveCount(11);
    await expect(page.locator('.fields-table tr[data-field-name="last-name"] .integration-badge')).toHaveText(['HubSpot', 'Salesforce']);
    await expect(save).toBeDisabled(); // Salesforce status is required
    await page.getByLabel(x.sfStatus).fill('Open');
    await page.getByLabel(x.sfLead).fill('Vidbot');
    // Unlocked fields can still be deleted.
    await expect(page.getByRole('button', { name: x.deleteField('Message') })).toBeEnabled();

    // Custom thank-you page with an external-link button.
    await page.getByRole('combobox', { name: x.thankYou }).selectOption('CUSTOM');
    await page.getByLabel(x.thankYouText).fill('Thanks, we will call you.');
    await page.getByLabel(x.buttonAction).selectOption('EXTERNAL_LINK');
    await page.getByLabel(x.howOpens).selectOption('same_tab');
    await page.getByRole('textbox', { name: x.url, exact: true }).fill('https://example.com/next');

    // Preview: the form as a viewer sees it; sending does nothing.
    await page.getByRole('button', { name: x.preview, exact: true }).click();
    const preview = page.getByRole('dialog');
    await expect(preview.getByRole('heading', { name: x.previewOf('Contact us') })).toBeVisible();
    await expect(preview.getByRole('radio', { name: 'Large' })).toBeVisible();
    await expect(preview.getByLabel('Postinumero')).toHaveAttribute('inputmode', 'numeric');
    await expect(preview.getByRole('checkbox', { name: 'Subscribe to news' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await saveActionAndDraft(page, x, botId);

    // --- External link: javascript: refused ------------------------------------------------------
    await page.goto(`${base}/link/new`);
    await expect(page.getByRole('heading', { name: x.newLink })).toBeFocused();
    await page.getByRole('textbox', { name: x.name, exact: true }).fill('Docs');
    await page.getByLabel(x.howOpens).selectOption('embed');
    const url = page.getByRole('textbox', { name: x.url, exact: true });
    await url.fill('javascript:alert(1)');
    await url.blur();
    await expect(page.getByText(x.scriptRefused)).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('combobox', { name: x.linkType, exact: true }).selectOption('deep_link');
    await expect(page.getByText(x.scriptRefused)).toBeVisible();
    await expect(page.locator('.action-editor-footer').getByRole('button', { name: x.save, exact: true })).toBeDisabled();
    await page.getByRole('combobox', { name: x.linkType, exact: true }).selectOption('url');
    await expect(url).toHaveAttribute('type', 'url');
    await url.fill('https://example.com/docs');
    await expect(page.getByText(x.scriptRefused)).toHaveCount(0);
    await saveActionAndDraft(page, x, botId);

    // --- Post message, close action -----------------------------------------------------------------
    await page.goto(`${base}/action/new`);
    await expect(page.getByRole('heading', { name: x.newPost })).toBeFocused();
    // Save stays disabled until valid; "Show what is missing" reveals the messages of untouched fields.
    await page.getByRole('button', { name: x.showMissing }).click();
    await expect(page.getByText(x.nameRequired)).toBeVisible();
    await expect(page.getByText(x.valueRequired)).toBeVisible();
    await page.getByRole('textbox', { name: x.name, exact: true }).fill('Tell the host');
    const value = page.getByRole('textbox', { name: x.value, exact: true });
    await value.fill('{"event":"lead"}');
    await saveActionAndDraft(page, x, botId);

    await page.goto(`${base}/close-action/new`);
    await expect(page.getByRole('heading', { name: x.newClose })).toBeFocused();
    await page.getByRole('textbox', { name: x.name, exact: true }).fill('Close');
    await saveActionAndDraft(page, x, botId);

    // --- Share media: an image uploaded through the chooser ---------------------------------------
    await page.goto(`${base}/share-media/new`);
    await expect(page.getByRole('heading', { name: x.newShare })).toBeFocused();
    await page.getByRole('textbox', { name: x.name, exact: true }).fill('Share the poster');
    await expect(page.getByLabel(x.shareLabel)).toHaveValue('Share');
    await page.getByRole('button', { name: x.chooseImage }).click();
    const chooser = page.getByRole('dialog');
    const files = page.waitForEvent('filechooser');
    await chooser.getByRole('button', { name: x.uploadImage }).click();
    await (await files).setFiles(path.join(MEDIA_DIR, 'big_buck_bunny.jpg'));
    await expect(chooser).toBeHidden({ timeout: 90_000 });
    await expect(page.locator('.chosen-media .chip')).toBeVisible();
    await saveActionAndDraft(page, x, botId);

    // --- Reload: the server stored every field -------------------------------------------------------
    await page.reload();
    const bot = (await (await request.get(`/api/bot/${botId}`, { headers: ownerHeaders })).json()) as { actions: Array<Record<string, any>> };
    const byType = (type: string) => bot.actions.find((a) => a.type === type)!;
    expect(bot.actions.map((a) => a.type)).toEqual(['REGULAR_FORM', 'EXTERNAL_LINK', 'POST_MESSAGE', 'CLOSE_VIDBOT', 'SHARE_MEDIA']);
    const form = byType('REGULAR_FORM');
    expect(form).toMatchObject({
      name: 'Contact us',
      description: 'Tell us what you need.',
      email: 'sales@example.com',
      emailBcc: 'archive@example.com',
      subject: 'New lead',
      customPrivacyPolicy: { enabled: true, url: 'https://example.com/privacy' },
      hubspot: { enabled: true, campaignId: 'camp-42' },
      salesforce: { enabled: true, status: 'Open', leadSource: 'Vidbot' },
      button: { type: 'THANK_YOU_PAGE' },
      thankYouPage: { type: 'CUSTOM', description: 'Thanks, we will call you.', buttonType: 'EXTERNAL_LINK', linkType: 'same_tab', externalLinkType: 'url', url: 'https://example.com/next' },
    });
    const fields = form.fields as Array<Record<string, any>>;
    expect(fields.map((f) => [f.name, f.type])).toEqual([
      ['full-name', 'text'],
      ['message', 'textarea'],
      ['work-email', 'email'],
      ['subscribe-to-news', 'general_checkbox'],
      ['size', 'radio_button'],
      ['terms', 'external_link'],
      ['postinumero', 'postal_code_fi'],
      ['first-name', 'text'],
      ['last-name', 'text'],
      ['email', 'email'],
      ['company', 'text'],
    ]);
    expect(fields.find((f) => f.name === 'size')!.options.map((o: { label: string }) => o.label)).toEqual(['Small', 'Large']);
    expect(fields.find((f) => f.name === 'terms')).toMatchObject({ url: 'https://example.com/terms', linkType: 'new_tab', externalLinkType: 'url', showAfterSubmit: true });
    for (const key of ['first-name', 'last-name', 'email', 'company']) expect(fields.find((f) => f.name === key)!.required).toBe(true);
    expect(byType('EXTERNAL_LINK')).toMatchObject({ name: 'Docs', url: 'https://example.com/docs', externalLinkType: 'url', linkType: 'embed' });
    expect(byType('POST_MESSAGE')).toMatchObject({ name: 'Tell the host', value: '{"event":"lead"}' });
    expect(byType('CLOSE_VIDBOT')).toMatchObject({ name: 'Close' });
    expect(byType('SHARE_MEDIA')).toMatchObject({ name: 'Share the poster', value: 'Share', button: { type: 'THANK_YOU_PAGE' }, thankYouPage: { type: 'DEFAULT', buttonType: 'CLOSE_FORM', buttonName: 'Close' } });
    expect(byType('SHARE_MEDIA').mediaId).toBeGreaterThan(0);

    // The server refuses javascript: too (422 naming the field).
    const refused = await request.patch(`/api/bot/${botId}`, {
      headers: ownerHeaders,
      data: { content: { slides: [], actions: [{ id: 99, type: 'EXTERNAL_LINK', name: 'Bad', url: 'javascript:alert(1)', externalLinkType: 'url', linkType: 'new_tab' }] } },
    });
    expect(refused.status()).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('Script links (javascript:) are not allowed.');

    // The stored form opens again with its locked fields.
    await page.goto(`${base}/form/${form.id}`);
    await expect(page.getByRole('heading', { name: x.editForm })).toBeFocused();
    await expect(page.getByRole('textbox', { name: x.title, exact: true })).toHaveValue('Contact us');
    await expect(page.locator('.fields-table tr[data-field-name="company"] .integration-badge')).toHaveText('Salesforce');
    await expect(page.locator('.action-editor-footer').getByRole('button', { name: x.save, exact: true })).toBeDisabled();

    // Duplicate opens the copy; Delete (confirmed) removes it and returns to the content tab.
    await page.locator('.action-editor-footer').getByRole('button', { name: x.duplicate, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}/form/(?!${form.id}$)\\d+$`));
    await expect(page.getByRole('heading', { name: x.editForm })).toBeFocused();
    await expect(page.getByRole('textbox', { name: x.title, exact: true })).toHaveValue('Contact us (Copy)');
    await expect(page.locator('.fields-table tbody tr')).toHaveCount(11);
    await page.locator('.action-editor-footer').getByRole('button', { name: x.delete, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: x.delete, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/vidbots/${botId}$`));

    // Read-only (spec 001 §6): a Viewer sees the form, every control disabled, no Save or Delete.
    const viewer = await page.context().browser()!.newPage();
    await signIn(viewer, 'viewer@example.com');
    if (lang === 'fi') await viewer.evaluate(() => localStorage.setItem('vidbot.language', 'fi'));
    await viewer.goto(`${base}/form/${form.id}`);
    await expect(viewer.getByRole('textbox', { name: x.title, exact: true })).toHaveValue('Contact us');
    await expect(viewer.getByRole('textbox', { name: x.title, exact: true })).toBeDisabled();
    await expect(viewer.locator('.fields-table tr[data-field-name="message"]').getByRole('button', { name: x.deleteField('Message') })).toBeDisabled();
    await expect(viewer.locator('.action-editor-footer').getByRole('button', { name: x.save, exact: true })).toBeDisabled();
    await expect(viewer.locator('.action-editor-footer').getByRole('button', { name: x.preview, exact: true })).toBeEnabled();
    await viewer.close();
  });
}
