/**
 * The AI prompt wizard end to end (issue 16 "Prompt wizard"; spec 001 §2 "AI prompt wizard", §5
 * prompt non-empty, §8 messages, §9 polling 3000 ms) against the real server with the embedded
 * (extractive, offline) generator — no model configured:
 * - the Owner opens /vidbots/gen-ai-prompt, presses Generate with a blank prompt and is told
 *   'Please enter a prompt'; writes a prompt about a bakery, picks a tone, names the vidbot and
 *   generates: the job's progress shows, the script's nodes appear (polled every 3000 ms);
 * - edits the entry node's text, presses Finish, gets 'Vidbot created successfully!' and lands in
 *   the new vidbot's editor;
 * - through the API: the vidbot has the name given, one slide per node, and the entry slide (INTRO,
 *   named after the node's title) holds the edited text (spec 001 §2; issue-16 architecture §5);
 * - a Viewer is sent back to /dashboard (spec 001 §6).
 *
 * Runs after the lead merges the server side (POST /gen-ai/prompt, the ai.run job with the extractive
 * generator, POST /gen-ai with a script, the demo account's generative_ai flag): it is written
 * against the contract of the issue-16 architecture note §1, §2, §5, §9.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const PROMPT =
  'A warm welcome video for Aurora Bakery in Helsinki: we bake sourdough bread and cinnamon buns every morning, ' +
  'cater office breakfasts, and take orders online for pick-up the next day.';
const EDITED = 'Our sourdough comes out of the oven at six every morning — edited in the e2e journey.';
const BOT_NAME = 'Aurora Bakery from a prompt';

interface BotSlide {
  id: number;
  name: string;
  description: string | null;
  category: 'INTRO' | 'SLIDE';
}

/** A GET to the API with the signed-in user's id token (as the SPA makes it). */
async function apiGet<T>(page: Page, url: string): Promise<{ status: number; json: T }> {
  return page.evaluate(async (url) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const token = key ? localStorage.getItem(key) : '';
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, json: await res.json().catch(() => null) };
  }, url);
}

test('the owner writes a prompt, edits the generated script and lands in the new vidbot’s editor', async ({ page }) => {
  await signIn(page, 'owner@example.com');
  await page.goto('/dashboard/demo/vidbots/gen-ai-prompt');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a vidbot from a prompt' })).toBeVisible();

  // A blank prompt is refused on the field (spec 001 §5, §8).
  const prompt = page.getByRole('textbox', { name: 'Prompt', exact: true });
  await page.getByRole('button', { name: 'Generate script' }).click();
  await expect(page.getByText('Please enter a prompt')).toBeVisible();
  await expect(prompt).toBeFocused();

  await prompt.fill(PROMPT);
  await page.getByLabel('Tone').selectOption('storytelling');
  await expect(page.getByLabel('Script language')).toHaveValue('en');
  await page.getByRole('textbox', { name: 'Vidbot name' }).fill(BOT_NAME);
  await page.getByRole('button', { name: 'Generate script' }).click();

  // Progress while the job runs (status in words), then the script.
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const scriptHeading = page.getByRole('heading', { level: 2, name: 'Video script' });
  await expect(scriptHeading).toBeVisible({ timeout: 60_000 });
  await expect(scriptHeading).toBeFocused();

  const nodes = page.locator('.ai-script-nodes > li');
  const nodeCount = await nodes.count();
  expect(nodeCount).toBeGreaterThanOrEqual(1);
  // The embedded generator writes from the prompt: the script speaks of the bakery.
  await expect(page.locator('.ai-script-nodes')).toContainText(/bakery|sourdough|cinnamon/i);

  // Edit the entry node's text.
  const entry = nodes.filter({ hasText: 'Entry point' });
  await expect(entry).toHaveCount(1);
  const entryTitle = ((await entry.getByRole('heading', { level: 3 }).textContent()) ?? '').replace('Entry point', '').trim();
  expect(entryTitle).not.toBe('');
  const text = entry.getByLabel(`Text of “${entryTitle}”`);
  await text.fill(EDITED);

  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Vidbot created successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots\/\d+/);
  const botId = Number(/\/vidbots\/(\d+)/.exec(page.url())![1]);

  // The server stored what the person saw: the name, one slide per node, the edited text on the entry slide.
  const bot = await apiGet<{ name: string; privacy: string; slides: BotSlide[] }>(page, `/api/bot/${botId}`);
  expect(bot.status).toBe(200);
  expect(bot.json.name).toBe(BOT_NAME);
  expect(bot.json.privacy).toBe('Private');
  expect(bot.json.slides).toHaveLength(nodeCount);
  const intro = bot.json.slides.filter((s) => s.category === 'INTRO');
  expect(intro).toHaveLength(1);
  expect(intro[0]!.name).toBe(entryTitle);
  expect(intro[0]!.description ?? '').toContain(EDITED);
});

test('a Viewer cannot open the prompt wizard', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  await page.goto('/dashboard/demo/vidbots/gen-ai-prompt');
  await expect(page).not.toHaveURL(/gen-ai-prompt/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a vidbot from a prompt' })).toHaveCount(0);
});
