/**
 * The bot's own graph in the editor (issue 11 "The bot's own graph"): a bot saved through the API with
 * a deliberately unreachable slide; the editor's graph panel (a region with lists of links) reports it,
 * and adding a button to it in the editor clears the finding at once, before any save (the panel
 * analyses the live draft). `GET /api/bot/{id}/graph` reports the same for the saved revision.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, signIn, test } from './support';

async function idToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/idp', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'vidbotlocalclient',
      AuthParameters: { USERNAME: 'owner@example.com', PASSWORD: DEMO_PASSWORD },
    }),
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

const MEDIA_DIR = process.env.FIXTURES_MEDIA ?? path.resolve(import.meta.dirname, '../../shared/fixtures/media');

test('the graph panel reports an unreachable slide and clears it as the draft changes', async ({ page, request }) => {
  const auth = { Authorization: `Bearer ${await idToken(request)}` };
  const accounts = (await (await request.get('/api/account?page=1&size=100', { headers: auth })).json()) as { records: { id: number; publicId: string }[] };
  const accountId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  // A Ready slide image (simple upload), so every slide is complete and the slide editor can save it.
  const media = (await (await request.post('/api/media', { headers: auth, data: { type: 'SlideImage', name: 'Graph picture', accountId } })).json()) as {
    id: number;
    uploadUrl: { uploadUrl: string; uploadToken: string };
  };
  const sent = await request.post(media.uploadUrl.uploadUrl, {
    headers: { ...auth, 'Upload-Token': media.uploadUrl.uploadToken },
    multipart: { file: { name: 'graph.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(MEDIA_DIR, 'big_buck_bunny.jpg')) } },
  });
  expect(((await sent.json()) as { status: string }).status).toBe('Ready');
  const slide = (id: number, name: string, options: unknown[], category = 'SLIDE') => ({ id, name, category, type: 'IMAGE', imageId: media.id, options });
  const bot = (await (await request.post('/api/bot', { headers: auth, data: { accountId, name: 'Graph journey' } })).json()) as { id: number };
  const saved = await request.patch(`/api/bot/${bot.id}`, {
    headers: auth,
    data: {
      content: {
        slides: [
          slide(1, 'Welcome', [{ id: 1, name: 'Pricing', type: 'SLIDE', targetId: 2 }], 'INTRO'),
          slide(2, 'Pricing', [{ id: 1, name: 'Contact us', type: 'REGULAR_FORM', targetId: 10 }]),
          slide(3, 'Hidden extras', [{ id: 1, name: 'Home', type: 'SLIDE', targetId: 1 }]),
        ],
        actions: [
          {
            id: 10,
            name: 'Contact form',
            type: 'REGULAR_FORM',
            description: 'Tell us how to reach you.',
            email: 'sales@example.com',
            subject: 'A contact request',
            fields: [],
          },
        ],
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const graph = (await (await request.get(`/api/bot/${bot.id}/graph`, { headers: auth })).json()) as {
    unreachable: { slideIds: number[] };
    pathCount: number;
  };
  expect(graph.unreachable.slideIds).toEqual([3]);
  expect(graph.pathCount).toBe(1);

  await signIn(page, 'owner@example.com');
  await page.goto(`/dashboard/demo/vidbots/${bot.id}`);
  const panel = page.getByRole('region', { name: 'Vidbot graph' });
  const unreachable = panel.getByRole('list', { name: 'Unreachable slides' });
  await expect(unreachable.getByRole('link', { name: 'Hidden extras' })).toHaveAttribute('href', `/dashboard/demo/vidbots/${bot.id}/slide/3`);
  await expect(panel).toContainText('1 distinct path from the intro to an end.');

  // A button from the intro to the hidden slide, added in the slide editor (spec 001 §2 button
  // editor): back on the content tab the finding is gone before any save (Save draft not used).
  await page.locator('.slide-card').getByRole('link', { name: 'Welcome', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/vidbots/${bot.id}/slide/1$`));
  await page.getByRole('button', { name: 'Add button' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Link to', { exact: true }).selectOption({ label: 'Hidden extras' });
  await dialog.getByLabel('Button name', { exact: true }).fill('Extras');
  await dialog.getByRole('button', { name: 'Add button' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/vidbots/${bot.id}/?$`));
  await expect(page.getByRole('list', { name: 'Buttons of Welcome' })).toContainText('Extras');
  await expect(unreachable).toBeHidden();
  // Welcome → Pricing → form, and Welcome → Hidden extras → Welcome is a loop with a way out.
  await expect(panel.getByRole('list', { name: 'Loops' })).toContainText('Welcome, Hidden extras');
});
