/**
 * Newcomer's look (issue 11 review): headless-Chromium screenshots of the vidbot list, the content tab
 * (grid and list mode), a slide editor, the form editor and the settings tab, in en and fi, at 1280 px
 * and 390 px wide, of the seeded demo data. Not a test: the pictures are for people to look at.
 *
 * Usage: start a server (e.g. `PORT=5322 node e2e/server.mjs`), then
 *   node scripts/ui-screenshots.mjs [baseURL=http://127.0.0.1:5322] [outDir=test-results/ui-screenshots]
 * Writes `<lang>-<width>-<view>.png` (full page) into outDir, and prints the controls of each view
 * that have no accessible name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './toolchain.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:5322';
const out = process.argv[3] ?? 'test-results/ui-screenshots';
fs.mkdirSync(out, { recursive: true });
const found = await findChromium();
const browser = await chromium.launch({ executablePath: found.path, args: ['--no-sandbox', '--disable-gpu'] });

async function token(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : '';
  });
}

for (const lang of ['en', 'fi']) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('Vidbot-demo-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/dashboard\/demo\//);
    await page.evaluate((l) => localStorage.setItem('vidbot.language', l), lang);
    const shot = async (view) => {
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(out, `${lang}-${width}-${view}.png`), fullPage: true });
      // Controls without an accessible name (the aria snapshot lists them without a quoted name).
      const unnamed = (await page.locator('body').ariaSnapshot())
        .split('\n')
        .filter((line) => /^\s*- (button|textbox|combobox|checkbox|radio|link|spinbutton|slider)\b(?! ")/.test(line));
      if (unnamed.length) console.log(`${lang}-${width}-${view}: unnamed controls\n${unnamed.join('\n')}`);
    };
    await page.goto(`${base}/dashboard/demo/vidbots`);
    await page.locator('table, .vidbot-list').first().waitFor();
    await shot('list');
    // The seeded sample vidbot.
    const t = await token(page);
    const list = await page.evaluate(
      async (t) => (await fetch('/api/bot?account_id=' + (await (await fetch('/api/account', { headers: { authorization: `Bearer ${t}` } })).json()).records[0].id + '&bot_name=Welcome', { headers: { authorization: `Bearer ${t}` } })).json(),
      t,
    );
    const id = list.records[0].id;
    const bot = await page.evaluate(async ({ t, id }) => (await fetch(`/api/bot/${id}`, { headers: { authorization: `Bearer ${t}` } })).json(), { t, id });
    const editor = `${base}/dashboard/demo/vidbots/${id}`;
    await page.evaluate(() => localStorage.setItem('contentEditorMode', 'GRID'));
    await page.goto(editor);
    await page.locator('.slide-card').first().waitFor();
    await shot('content-grid');
    await page.evaluate(() => localStorage.setItem('contentEditorMode', 'LIST'));
    await page.reload();
    await page.locator('table.content-table').first().waitFor();
    await shot('content-list');
    await page.evaluate(() => localStorage.setItem('contentEditorMode', 'GRID'));
    await page.goto(`${editor}/slide/${bot.slides[0].id}`);
    await page.locator('h2').first().waitFor();
    await shot('slide-editor');
    const form = bot.actions.find((a) => a.type === 'REGULAR_FORM');
    await page.goto(form ? `${editor}/form/${form.id}` : `${editor}/form/new`);
    await page.locator('.action-editor').first().waitFor();
    await shot('form-editor');
    await page.goto(`${editor}/settings`);
    await page.locator('h2, h3').first().waitFor();
    await shot('settings');
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
