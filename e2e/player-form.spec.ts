/**
 * The sample vidbot's lead form on the real direct-link page (issue 12 "forms with every field type,
 * validation, thank-you page and submission to the server … nothing lost on retry"; the "Capture
 * leads" slide of server/src/db/sample.content.ts; the page is server/src/modules/share/share.pages.ts
 * + embed/page, the player embed/player with its lazily loaded action views).
 *
 * A viewer opens `V/v/{publicId}` of the published sample, presses "Capture leads", then "Leave your
 * e-mail": the form's field messages show (nothing sent), the filled form is sent, and the server's
 * first answer is swallowed after it stored the submission (a lost response); the view retries with
 * the same submissionId and the server answers 200 — one stored row (listed for the owner by
 * `GET /api/bot/{id}/form-submission`), one e-mail (to the form's recipient, bcc its admin) in the
 * outbox. Then the custom thank-you page, whose button continues the tour on slide 5. The page's own
 * strict CSP reports no `securitypolicyviolation`.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support';

const PASSWORD = 'Vidbot-demo-1';
const SAMPLE = 'Welcome to Vidbot';

async function idToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/idp', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'vidbotlocalclient', AuthParameters: { USERNAME: email, PASSWORD: PASSWORD } }),
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

interface PublicForm {
  id: number;
  type: 'REGULAR_FORM';
  name: string;
  fields: { name: string; type: string }[];
}

test('a viewer fills in the sample lead form on the direct link: field messages, a lost answer retried without a duplicate, the row stored and the e-mail in the outbox', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await idToken(request, 'owner@example.com');
  const auth = { authorization: `Bearer ${owner}` };
  const accounts = (await (await request.get('/api/account?page=1&size=100', { headers: auth })).json()) as { records: { id: number; publicId: string }[] };
  const accountId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  const bots = (await (await request.get(`/api/bot?account_id=${accountId}&bot_name=${encodeURIComponent(SAMPLE)}`, { headers: auth })).json()) as {
    records: { id: number; publicId: string; name: string }[];
  };
  const sample = bots.records.find((b) => b.name === SAMPLE)!;
  const bot = (await (await request.get(`/api/public/bot/${sample.publicId}`)).json()) as {
    revisionId: number;
    slides: { name: string; options: { name: string; type: string; targetId: number | null }[] }[];
    actions: PublicForm[];
  };
  const leave = bot.slides.find((s) => s.name === 'Capture leads')!.options.find((o) => o.type === 'REGULAR_FORM')!;
  expect(leave.name).toBe('Leave your e-mail');
  const form = bot.actions.find((a) => a.id === leave.targetId)!;
  expect(form.fields.map((f) => f.type)).toEqual(['text', 'email', 'general_checkbox']);

  // The endpoint itself: field messages for bad answers (what the view maps onto its fields).
  const bad = await request.post(`/api/public/bot/${sample.publicId}/form-submission`, {
    data: { submissionId: crypto.randomUUID(), revisionId: bot.revisionId, actionId: form.id, values: { name: 'X', email: 'nope', consent: false } },
  });
  expect(bad.status()).toBe(422);
  expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({ 'values.email': 'Must be an email address.', 'values.consent': 'This box must be ticked.' });

  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`/v/${sample.publicId}?lang=en`);

  // The intro's buttons (after the theme's delay) → "Capture leads" → "Leave your e-mail".
  const player = page.locator('[data-vidbot-player]');
  await player.getByRole('button', { name: 'Capture leads', exact: true }).click({ timeout: 30_000 });
  await expect(player.locator('[data-slide-id="4"]')).toBeVisible();
  await player.getByRole('button', { name: 'Leave your e-mail', exact: true }).click({ timeout: 30_000 });

  const dialog = player.getByRole('dialog', { name: form.name });
  await expect(dialog).toBeVisible();
  // The action views' own stylesheet reached the shadow root: the panel covers the slide.
  await expect(dialog).toHaveCSS('position', 'absolute');
  const name = dialog.getByRole('textbox', { name: 'Your name', exact: true });

  // Send with nothing filled: a message per field, the first invalid field focused, nothing sent.
  const submitted: string[] = [];
  let lost = false;
  await page.route('**/api/public/bot/*/form-submission', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    submitted.push(JSON.parse(route.request().postData() ?? '{}').submissionId as string);
    if (!lost) {
      // The first answer is lost after the server stored it; the view retries with the same id.
      lost = true;
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please check the highlighted fields.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('This field is required.');
  await expect(dialog.getByRole('checkbox')).toHaveAccessibleDescription('This box must be ticked.');
  await expect(name).toBeFocused();
  expect(submitted).toEqual([]);

  await name.fill('Lea Lead');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  const email = dialog.getByRole('textbox', { name: 'E-mail', exact: true });
  await email.fill('lea@');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(submitted).toEqual([]);
  await email.fill('lea@example.org');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Send' }).click();

  // The thank-you page (custom, from the sample) follows; its button continues the tour on slide 5.
  const thanks = player.getByRole('dialog', { name: 'Thank you!' });
  await expect(thanks).toBeVisible({ timeout: 20_000 });
  await expect(thanks).toContainText('every answer is stored with the vidbot');
  await expect(thanks.getByRole('button', { name: 'Continue the tour' })).toBeFocused();
  await thanks.getByRole('button', { name: 'Continue the tour' }).click();
  await expect(player.locator('[data-slide-id="5"]')).toBeVisible();
  await expect(thanks).toHaveCount(0);
  expect(submitted.length).toBeGreaterThanOrEqual(2);
  expect(new Set(submitted).size).toBe(1);
  const submissionId = submitted[0]!;

  // Stored once, listed for the bot's owner, e-mailed once to the recipient with bcc.
  const list = (await (await request.get(`/api/bot/${sample.id}/form-submission`, { headers: auth })).json()) as {
    records: { submissionId: string; values: Record<string, unknown> }[];
  };
  expect(list.records.filter((r) => r.submissionId === submissionId)).toEqual([
    expect.objectContaining({ values: { name: 'Lea Lead', email: 'lea@example.org', consent: true } }),
  ]);
  const staff = await idToken(request, 'superadmin@example.com');
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/api/admin/outbox?size=100', { headers: { authorization: `Bearer ${staff}` } })).json()) as {
        records: { kind: string; text: string }[];
      };
      return outbox.records.filter((m) => m.kind === 'form-submission' && m.text.includes(submissionId)).length;
    })
    .toBe(1);
  const outbox = (await (await request.get('/api/admin/outbox?size=100', { headers: { authorization: `Bearer ${staff}` } })).json()) as {
    records: { to: string; bcc: string | null; subject: string; kind: string; text: string }[];
  };
  const mail = outbox.records.find((m) => m.kind === 'form-submission' && m.text.includes(submissionId))!;
  expect(mail).toMatchObject({ to: 'owner@example.com', bcc: 'admin@example.com', subject: 'New lead from the Vidbot tour' });
  expect(mail.text).toContain('Your name: Lea Lead');
  expect(mail.text).toContain('You may contact me about Vidbot.: Yes');

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
