/**
 * The AI URL wizard end to end (issue 16 "Tests"; spec 001 §2 "AI URL wizard", §7, §8) on the real
 * server with the embedded (extractive) generator and Chromium: the Aurora Bakery website fixture is
 * served on 127.0.0.1 (server/test/fakes/website.ts; e2e/server.mjs lists 127.0.0.1 in
 * AI_FETCH_ALLOWLIST), the owner starts from the vidbot list's create dialog ("Website with AI"), goes
 * through the four steps — URL, Parse Result (a script option must be picked), Analyze Navigation
 * (links made absolute against the site), Video Script (written on arrival) — and Finish lands in the
 * editor of a new vidbot. The vidbot's slides and buttons are then checked through the API against
 * the script the wizard sent to `POST /api/gen-ai`.
 *
 * Depends on the server side of issue 16 (routes, job runner, fetcher, extractive generator, the
 * demo account's generative_ai feature): run after those are merged.
 */
import type { Page } from '@playwright/test';
import { startWebsite, type Website } from '../server/test/fakes/website';
import type { Script } from '../server/src/modules/ai/ai.schemas';
import { expect, idToken, signIn, test } from './support';

const RUN = Date.now().toString(36);

interface ContentSlide {
  id: number;
  name: string;
  description?: string | null;
  category: 'INTRO' | 'SLIDE';
  type: string;
  options: Array<{ id: number; name: string; type: string; targetId: number | null }>;
}
interface ContentAction {
  id: number;
  name: string;
  type: string;
  url?: string;
}

let site: Website;

test.beforeAll(async () => {
  site = await startWebsite();
});

test.afterAll(async () => {
  await site?.close();
});

/** The current step's heading ("Step n of 4: …") has focus and the indicator marks that step. */
async function expectStep(page: Page, n: number, name: string) {
  const heading = page.getByRole('heading', { level: 2, name: `Step ${n} of 4: ${name}` });
  await expect(heading).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('navigation', { name: 'Wizard steps' }).locator('[aria-current="step"]')).toContainText(name);
  if (n > 1) await expect(heading).toBeFocused();
}

test('from a website to an editable vidbot in four steps with the embedded generator', async ({ page, request }) => {
  test.setTimeout(240_000);
  const botName = `Aurora Bakery ${RUN}`;
  await signIn(page, 'owner@example.com');
  await page.goto('/dashboard/demo/vidbots');

  // The create dialog: Start from "Website with AI" → the wizard, with the name in navigation state.
  await page.getByRole('button', { name: 'Create new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create vidbot' });
  await dialog.getByLabel('Name').fill(botName);
  await dialog.getByRole('radio', { name: 'Website with AI' }).check();
  await expect(dialog.getByLabel('Privacy')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots\/gen-ai$/);

  // Step 1: a wrong address is refused with the §8 message; the fixture site is analysed.
  await expectStep(page, 1, 'Enter Website URL');
  const url = page.getByRole('textbox', { name: 'Website URL' });
  await url.fill('aurora bakery');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();
  await url.fill(site.url('/'));
  await expect(page.getByText('Please enter a valid URL')).toHaveCount(0);
  await page.getByRole('button', { name: 'Analyze' }).click();

  // Step 2: source info of the bakery; Next stays disabled until a script option is picked.
  await expectStep(page, 2, 'Parse Result');
  await expect(page.locator('.ai-source-info')).toContainText('Aurora Bakery');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  const options = page.getByRole('group', { name: 'Choose a script' }).getByRole('radio');
  expect(await options.count()).toBeGreaterThan(0);
  await options.first().check();
  await expect(next).toBeEnabled();
  await next.click();

  // Step 3: the site's navigation, relative links made absolute against the site (spec 001 §9).
  await expectStep(page, 3, 'Analyze Navigation');
  const links = page.locator('table.ai-links tbody tr');
  expect(await links.count()).toBeGreaterThan(0);
  for (const href of await page.locator('table.ai-links a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
    expect(href).toMatch(/^https?:\/\//);
  }
  await expect(page.locator('table.ai-links')).toContainText(site.url('/products.html'));
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: the script is written on arrival (polled every 5 s); nodes with an entry point.
  await expectStep(page, 4, 'Video Script');
  const nodes = page.getByRole('list', { name: 'Video script' }).locator('> li');
  await expect(nodes.first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Entry point')).toHaveCount(1);
  await expect(page.getByLabel('Tone')).toHaveValue('persuasive');
  await expect(page.getByLabel('Vidbot name')).toHaveValue(botName);

  // Finish sends the script; the editor of the new vidbot opens with the §8 toast.
  const createRequest = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/gen-ai');
  await page.getByRole('button', { name: 'Finish' }).click();
  const sent = (await createRequest).postDataJSON() as { botName: string; script: Script; accountId: number };
  expect(sent.botName).toBe(botName);
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots\/(\d+)/, { timeout: 30_000 });
  await expect(page.getByText('Vidbot created successfully!')).toBeVisible();
  const botId = Number(/\/vidbots\/(\d+)/.exec(page.url())![1]);

  // The vidbot (through the API) is Private and its slides and buttons are the script's nodes and links.
  const token = await idToken(request, 'owner@example.com');
  const res = await request.get(`/api/bot/${botId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const bot = (await res.json()) as { name: string; privacy: string; slides: ContentSlide[]; actions: ContentAction[] };
  expect(bot.name).toBe(botName);
  expect(bot.privacy).toBe('Private');
  const { slides, actions } = bot;
  const script = sent.script;
  const entry = script.nodes.find((n) => n.isEntryPoint)!;
  const ordered = [entry, ...script.nodes.filter((n) => n !== entry)];
  expect(slides.map((s) => s.name)).toEqual(ordered.map((n) => n.title));
  expect(slides.map((s) => s.category)).toEqual(ordered.map((_, i) => (i === 0 ? 'INTRO' : 'SLIDE')));
  const slideOfNode = new Map(ordered.map((n, i) => [n.id, slides[i]!]));
  for (const node of ordered) {
    const slide = slideOfNode.get(node.id)!;
    expect(slide.description ?? '').toContain(node.content.text);
    expect(slide.options.map((o) => o.name)).toEqual(node.links.map((l) => l.label));
    node.links.forEach((link, i) => {
      const button = slide.options[i]!;
      if (link.type === 'internal') {
        expect(button.type).toBe('SLIDE');
        expect(button.targetId).toBe(slideOfNode.get(link.targetId)!.id);
      } else {
        expect(button.type).toBe('EXTERNAL_LINK');
        const action = actions.find((a) => a.id === button.targetId);
        expect(action, `action of button "${button.name}"`).toMatchObject({ type: 'EXTERNAL_LINK', url: link.url });
      }
    });
  }
});
