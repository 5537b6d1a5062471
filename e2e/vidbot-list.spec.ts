/**
 * List housekeeping of issue 11 (spec 001 §2 list, §4 status, §6, §8), in English and in Finnish,
 * against the real server and Chromium, as a superuser (the one role that may do everything in the
 * row menu, reactivate included; the role rules are the server tests' and rowActions.test.ts'):
 * - create a tag from a row's tag editor, see its chip, filter the list by it (tag_ids in the URL);
 * - duplicate a vidbot ("… (Copy)", tags kept);
 * - deactivate it (the row disables duplicate), reactivate it;
 * - copy it to another account (its media is copied, the copy plays there);
 * - delete the published original after a confirmation naming it: the player endpoint answers 404.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, idToken, test } from './support';

const RUN = Date.now().toString(36);

/** The texts the journey clicks, per language (en source, fi from src/locales/fi/messages.po). */
const TEXT = {
  en: {
    actionsFor: (name: string) => `Actions for ${name}`,
    editTags: 'Edit tags',
    newTag: 'New tag',
    createTag: 'Create tag',
    tagCreated: 'Tag created successfully',
    saveTags: 'Save tags',
    tagsOf: (name: string) => `Tags of ${name}`,
    filterByTag: 'Filter by tag',
    removeFilter: (tag: string) => `Remove tag filter ${tag}`,
    duplicate: 'Duplicate',
    duplicated: (name: string) => `Duplicated as “${name}”`,
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    deactivated: 'Deactivated',
    published: /^Published · /,
    copyToAccount: 'Copy to account',
    account: 'Account',
    copy: 'Copy',
    copied: (account: string, name: string) => `Copied to ${account} as “${name}”`,
    delete: 'Delete',
    deleteTitle: 'Delete vidbot',
    deleteQuestion: (name: string) => `Delete “${name}”?`,
    deleted: (name: string) => `“${name}” deleted`,
    searchByName: 'Search by name',
  },
  fi: {
    actionsFor: (name: string) => `Toiminnot: ${name}`,
    editTags: 'Muokkaa tunnisteita',
    newTag: 'Uusi tunniste',
    createTag: 'Luo tunniste',
    tagCreated: 'Tunniste luotu',
    saveTags: 'Tallenna tunnisteet',
    tagsOf: (name: string) => `Vidbotin ${name} tunnisteet`,
    filterByTag: 'Suodata tunnisteella',
    removeFilter: (tag: string) => `Poista tunnistesuodatin ${tag}`,
    duplicate: 'Monista',
    duplicated: (name: string) => `Monistettu nimellä ”${name}”`,
    deactivate: 'Poista käytöstä',
    reactivate: 'Ota uudelleen käyttöön',
    deactivated: 'Poistettu käytöstä',
    published: /^Julkaistu · /,
    copyToAccount: 'Kopioi tilille',
    account: 'Tili',
    copy: 'Kopioi',
    copied: (account: string, name: string) => `Kopioitu tilille ${account} nimellä ”${name}”`,
    delete: 'Poista',
    deleteTitle: 'Poista vidbot',
    deleteQuestion: (name: string) => `Poistetaanko ”${name}”?`,
    deleted: (name: string) => `”${name}” poistettu`,
    searchByName: 'Hae nimellä',
  },
} as const;

/** An ID token through the identity provider's USER_PASSWORD_AUTH (the Cognito JSON protocol). */

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown, status = 200): Promise<T> {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

type Bot = { id: number; publicId: string; name: string; slides: Array<{ videoId: number | null; imageId: number | null; videoUrl: string | null; imageUrl: string | null }> };

/** The table row whose name link is exactly `name`. */
const rowOf = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Opens the row menu of `name` and chooses `item`. */
async function choose(page: Page, lang: 'en' | 'fi', name: string, item: string) {
  await page.getByRole('button', { name: TEXT[lang].actionsFor(name), exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

for (const lang of ['en', 'fi'] as const) {
  test(`list housekeeping in ${lang}: tags and filter, duplicate, deactivate and reactivate, copy to account, delete`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const L = TEXT[lang];
    const staff = await idToken(request, 'superadmin@example.com');
    const owner = await idToken(request, 'owner@example.com');

    // A published bot made of the sample vidbot's content (real media of the demo account).
    const demo = (await api<{ records: Array<{ id: number; publicId: string }> }>(request, owner, 'GET', '/api/user/me/account')).records.find((a) => a.publicId === 'demo')!;
    const sample = (await api<{ records: Bot[] }>(request, owner, 'GET', `/api/bot?account_id=${demo.id}&bot_name=${encodeURIComponent('Welcome to Vidbot')}`)).records[0]!;
    const sampleBot = await api<Bot & { actions: unknown[]; theme: unknown }>(request, owner, 'GET', `/api/bot/${sample.id}`);
    const name = `Housekeeping ${lang} ${RUN}`;
    const made = await api<Bot>(request, owner, 'POST', '/api/bot', { accountId: demo.id, name }, 201);
    const published = await api<Bot>(request, owner, 'PATCH', `/api/bot/${made.id}`, {
      content: { slides: sampleBot.slides, actions: sampleBot.actions, theme: sampleBot.theme },
      status: 'Published',
    });
    expect(published.slides[0]!.videoUrl ?? published.slides[0]!.imageUrl).toBeTruthy();
    // An untagged bot made just now, so it is on the list's first page (newest first) whatever other
    // journeys left in the demo account; its name does not match the search of step 3.
    const untagged = `Untagged ${RUN} ${lang}`;
    await api<Bot>(request, owner, 'POST', '/api/bot', { accountId: demo.id, name: untagged }, 201);
    // The account to copy into (staff may copy anywhere).
    const targetName = `Copy target ${lang} ${RUN}`;
    const target = await api<{ id: number; publicId: string }>(request, staff, 'POST', '/api/account', { businessName: targetName, ownerEmail: `copy-${lang}-${RUN}@list.example` }, 201);

    // Staff land on the accounts list (support.ts signIn expects the demo account's dashboard).
    await page.goto('/');
    await page.getByLabel('Email').fill('superadmin@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/accounts/);
    await page.evaluate((l) => localStorage.setItem('vidbot.language', l), lang);
    await page.goto(`/dashboard/demo/vidbots?bot_name=${encodeURIComponent(`${lang} ${RUN}`)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(rowOf(page, name)).toBeVisible();

    // 1. Tag created inline in the row's tag editor, chosen, saved: the chip shows on the row.
    const tagName = `Tag-${lang}-${RUN}`;
    await choose(page, lang, name, L.editTags);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(L.newTag).fill(tagName);
    await dialog.getByRole('button', { name: L.createTag }).click();
    await expect(page.getByText(L.tagCreated)).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: tagName })).toBeChecked();
    // the same name again: the server's 400 detail is shown
    await dialog.getByLabel(L.newTag).fill(tagName.toUpperCase());
    await dialog.getByRole('button', { name: L.createTag }).click();
    await expect(dialog.getByText(`A tag named "${tagName.toUpperCase()}" already exists in this account.`)).toBeVisible();
    await dialog.getByRole('button', { name: L.saveTags }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name).getByRole('list', { name: L.tagsOf(name) }).getByText(tagName)).toBeVisible();

    // 2. Filter by the tag (keyboard): only the tagged bot; tag_ids in the URL; removing the filter.
    await page.goto('/dashboard/demo/vidbots');
    await expect(rowOf(page, untagged)).toBeVisible();
    await page.getByRole('button', { name: L.filterByTag }).click();
    await page.getByRole('checkbox', { name: tagName }).press('Space');
    await expect(page).toHaveURL(/tag_ids=/);
    await expect(rowOf(page, name)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2); // header + the one tagged bot
    await page.reload();
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: L.removeFilter(tagName) }).click();
    await expect(page).not.toHaveURL(/tag_ids=/);
    await expect(rowOf(page, untagged)).toBeVisible();

    // 3. Duplicate: a Draft "(Copy)" with the tag.
    await page.getByLabel(L.searchByName).fill(`${lang} ${RUN}`);
    await page.getByLabel(L.searchByName).press('Enter');
    await expect(page.getByRole('row')).toHaveCount(2);
    // by keyboard: the menu button, Enter opens the menu on its first item, ArrowDown, Enter chooses
    await page.getByRole('button', { name: L.actionsFor(name), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: L.editTags, exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: L.duplicate, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    const cloneName = `${name} (Copy)`;
    await expect(page.getByText(L.duplicated(cloneName))).toBeVisible();
    await expect(rowOf(page, cloneName)).toBeVisible();
    await expect(rowOf(page, cloneName).getByText(tagName)).toBeVisible();

    // 4. Deactivate (the row then disables duplicate and deactivate), reactivate (staff).
    await choose(page, lang, name, L.deactivate);
    await expect(rowOf(page, name).getByText(L.deactivated, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: L.actionsFor(name), exact: true }).click();
    await expect(page.getByRole('menuitem', { name: L.duplicate, exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('menuitem', { name: L.deactivate, exact: true })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    expect((await request.get(`/api/public/bot/${made.publicId}`)).status()).toBe(404);
    await choose(page, lang, name, L.reactivate);
    await expect(rowOf(page, name).getByText(L.published)).toBeVisible();
    expect((await request.get(`/api/public/bot/${made.publicId}`)).status()).toBe(200);

    // 5. Copy to the other account: the copy is there, with its own media that plays.
    await choose(page, lang, name, L.copyToAccount);
    const copyDialog = page.getByRole('dialog');
    await copyDialog.getByLabel(L.account).selectOption({ label: targetName });
    await copyDialog.getByRole('button', { name: L.copy, exact: true }).click();
    await expect(page.getByText(L.copied(targetName, cloneName))).toBeVisible();
    const copies = await api<{ records: Bot[] }>(request, staff, 'GET', `/api/bot?account_id=${target.id}`);
    expect(copies.records.map((b) => b.name)).toEqual([cloneName]);
    const copy = await api<Bot>(request, staff, 'GET', `/api/bot/${copies.records[0]!.id}`);
    expect(copy.slides).toHaveLength(published.slides.length);
    for (const [i, s] of copy.slides.entries()) {
      const url = s.videoUrl ?? s.imageUrl;
      expect(url, `slide ${i} of the copy resolves its media`).toBeTruthy();
      expect(url).not.toBe(published.slides[i]!.videoUrl ?? published.slides[i]!.imageUrl);
      expect((await request.get(url!)).status()).toBe(200);
    }
    await page.goto(`/dashboard/${target.publicId}/vidbots`);
    await expect(rowOf(page, cloneName)).toBeVisible();

    // 6. Delete the published original after a confirmation naming it: it stops serving.
    await page.goto(`/dashboard/demo/vidbots?bot_name=${encodeURIComponent(`${lang} ${RUN}`)}`);
    await choose(page, lang, name, L.delete);
    const confirm = page.getByRole('dialog', { name: L.deleteTitle });
    await expect(confirm.getByText(L.deleteQuestion(name))).toBeVisible();
    await confirm.getByRole('button', { name: L.delete, exact: true }).click();
    await expect(page.getByText(L.deleted(name))).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);
    await expect(rowOf(page, cloneName)).toBeVisible();
    expect((await request.get(`/api/public/bot/${made.publicId}`)).status()).toBe(404);
  });
}
