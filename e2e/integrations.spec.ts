/**
 * CRM integrations end to end (issue 15 "Integrations"; spec 002 §2 Integrations tab, §4 states and
 * OAuth callback, §8; spec 001 §4 Form integrations) against the real server with the local CRM
 * fakes that e2e/server.mjs starts (server/test/fakes/crm-*.ts; the demo account has the integration
 * feature flags):
 * - the Owner connects HubSpot and Salesforce through their fake authorize pages and the
 *   `/integration-callback/{type}` route (the tab lands with `?integration&code&state`, posts them,
 *   cleans the URL and shows Connected with the CRM user), Linear and Pipedrive with an API key (a
 *   wrong key is refused in the dialog first);
 * - an invalid OAuth state on the callback route toasts 'Invalid authentication state' and goes to /dashboard;
 * - a published vidbot whose form has all four integration blocks enabled gets a submission through
 *   the public endpoint (as the player sends it); the vidbot's analytics page lists it under "Form
 *   submissions" with Delivered and each CRM's id for each of the four CRMs (the job delivered it
 *   to each fake);
 * - each CRM is disconnected after a confirmation and shows Not connected.
 *
 * Runs after the CRM core (routes, delivery job, HubSpot + Linear fakes, e2e/server.mjs fakes) is
 * merged: it is written against the contract of the issue-15 architecture note §5–§6.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, idToken, signIn, test } from './support';

/** The API key / token each fake accepts (server/test/fakes/crm-linear.ts FAKE_LINEAR_API_KEY, crm-pipedrive.ts default). */
const LINEAR_KEY = 'lin_api_vidbotFakeKey0000000000000000000000000';
const PIPEDRIVE_KEY = 'pd-test-token';
const SAMPLE = 'Welcome to Vidbot';

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function openTab(page: Page) {
  await page.goto('/dashboard/demo/settings/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 2 })).toBeVisible();
}

async function connectOAuth(page: Page, name: string) {
  await card(page, name).getByRole('button', { name: `Connect ${name}` }).click();
  // Vendor's (fake) authorize page → /integration-callback/{type} → the tab, which posts code + state and cleans the URL.
  await expect(card(page, name).getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/demo\/settings\/integrations$/);
  await expect(page.getByText(new RegExp(`${name} connected`))).toBeVisible();
}

async function connectKey(page: Page, name: string, key: string) {
  await card(page, name).getByRole('button', { name: `Connect ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Connect ${name}` });
  await dialog.getByLabel(`${name} API key`).fill(key);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
}

/** Creates and publishes a copy of the sample vidbot whose lead form sends to all four CRMs; @returns its id and publicId. */
async function botWithCrmForm(request: APIRequestContext, auth: Record<string, string>, accountId: number) {
  const list = (await (await request.get(`/api/bot?account_id=${accountId}&bot_name=${encodeURIComponent(SAMPLE)}`, { headers: auth })).json()) as { records: { id: number; name: string }[] };
  const sample = list.records.find((b) => b.name === SAMPLE)!;
  const published = (await (await request.get(`/api/bot/${sample.id}?mode=published`, { headers: auth })).json()) as {
    slides: unknown[];
    actions: ({ id: number; type: string } & Record<string, unknown>)[];
    settings: unknown;
    theme?: unknown;
  };
  const text = (id: number, name: string, label: string, type = 'text') => ({ id, name, type, label, required: true });
  const fields = [
    text(1, 'first-name', 'First name'),
    text(2, 'last-name', 'Last name'),
    text(3, 'email', 'E-mail', 'email'),
    text(4, 'telephone', 'Telephone'),
    text(5, 'company', 'Company'),
    text(6, 'topic', 'What would you like to talk about?'),
    text(7, 'gdpr-agreement', 'I agree to the privacy policy', 'general_checkbox'),
    text(8, 'optional-info', 'Anything else?', 'textarea'),
    text(9, 'source-url', 'Source URL'),
    text(10, 'utm-source', 'utm_source'),
    text(11, 'utm-medium', 'utm_medium'),
    text(12, 'utm-campaign', 'utm_campaign'),
    text(13, 'utm-term', 'utm_term'),
    text(14, 'utm-content', 'utm_content'),
    text(15, 'postal-code', 'Postal code', 'postal_code_fi'),
  ];
  const actions = published.actions.map((a) =>
    a.type === 'REGULAR_FORM'
      ? {
          ...a,
          fields,
          hubspot: { enabled: true, campaignId: null },
          linear: { enabled: true },
          pipedrive: { enabled: true, titleValue: 'topic', personId: null },
          salesforce: { enabled: true, status: 'Open - Not Contacted', leadSource: 'Web' },
        }
      : a,
  );
  const form = actions.find((a) => a.type === 'REGULAR_FORM')!;
  const bot = (await (await request.post('/api/bot', { headers: auth, data: { accountId, name: `CRM journey ${Date.now()}` } })).json()) as { id: number; publicId: string };
  const content = { slides: published.slides, actions, settings: published.settings, ...(published.theme ? { theme: published.theme } : {}) };
  const saved = await request.patch(`/api/bot/${bot.id}`, { headers: auth, data: { status: 'Published', content } });
  expect(saved.status(), await saved.text()).toBe(200);
  const pub = (await (await request.get(`/api/public/bot/${bot.publicId}`)).json()) as { revisionId: number };
  return { ...bot, formId: form.id, revisionId: pub.revisionId };
}

test('an Owner connects each CRM against its fake, a form submission arrives in each and shows Delivered, then disconnects', async ({ page, request }) => {
  test.setTimeout(240_000);
  await signIn(page, 'owner@example.com');

  // A state that is not a token: the callback route refuses it before anything is posted.
  await page.goto('/integration-callback/hubspot?code=x&state=garbage');
  await expect(page.getByText('Invalid authentication state')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard(\/|$)/);

  await openTab(page);
  for (const name of ['HubSpot', 'Linear', 'Pipedrive', 'Salesforce']) await expect(card(page, name).getByText('Not connected')).toBeVisible();
  await expect(card(page, 'Google Drive')).toBeVisible();

  await connectOAuth(page, 'HubSpot');
  await connectOAuth(page, 'Salesforce');
  await expect(card(page, 'Salesforce').getByText('as Sam Salesforce')).toBeVisible();

  // A wrong Pipedrive token is refused in the dialog; the right one connects.
  await connectKey(page, 'Pipedrive', 'not-a-token');
  await expect(page.getByRole('dialog', { name: 'Connect Pipedrive' }).getByText(/did not accept/)).toBeVisible();
  await page.getByRole('dialog', { name: 'Connect Pipedrive' }).getByLabel('Pipedrive API key').fill(PIPEDRIVE_KEY);
  await page.getByRole('dialog', { name: 'Connect Pipedrive' }).getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(card(page, 'Pipedrive').getByText('as Pia Pipedrive')).toBeVisible();
  await connectKey(page, 'Linear', LINEAR_KEY);
  await expect(card(page, 'Linear').getByText('Connected', { exact: true })).toBeVisible();

  // Survives a reload: the server holds the four connections.
  await page.reload();
  for (const name of ['HubSpot', 'Linear', 'Pipedrive', 'Salesforce']) await expect(card(page, name).getByText('Connected', { exact: true })).toBeVisible();

  // A submission of a form with the four blocks on.
  const owner = await idToken(request, 'owner@example.com');
  const auth = { authorization: `Bearer ${owner}` };
  const accounts = (await (await request.get('/api/account?page=1&size=100', { headers: auth })).json()) as { records: { id: number; publicId: string }[] };
  const accountId = accounts.records.find((a) => a.publicId === 'demo')!.id;
  const bot = await botWithCrmForm(request, auth, accountId);
  const sent = await request.post(`/api/public/bot/${bot.publicId}/form-submission`, {
    data: {
      submissionId: crypto.randomUUID(),
      revisionId: bot.revisionId,
      actionId: bot.formId,
      values: {
        'first-name': 'Ada',
        'last-name': 'Lovelace',
        email: `ada+${Date.now()}@example.com`,
        telephone: '+358401234567',
        company: 'Analytical Engines',
        topic: 'Demo request',
        'gdpr-agreement': true,
        'optional-info': 'Call me in the morning',
        'source-url': 'https://shop.example/landing',
        'utm-source': 'newsletter',
        'utm-medium': 'email',
        'utm-campaign': 'autumn',
        'utm-term': 'vidbot',
        'utm-content': 'hero',
        'postal-code': '00100',
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The vidbot's analytics page shows the submission with one Delivered badge (and the CRM's id) per CRM.
  await page.goto(`/dashboard/demo/analytics/${bot.id}`);
  const panel = page.getByRole('region', { name: 'Form submissions' });
  await expect(panel.getByText('Demo request')).toBeVisible();
  for (const [type, name] of [
    ['hubspot', 'HubSpot'],
    ['linear', 'Linear'],
    ['pipedrive', 'Pipedrive'],
    ['salesforce', 'Salesforce'],
  ] as const) {
    const badge = panel.locator(`[data-delivery="${type}"]`);
    await expect(badge.getByText(name)).toBeVisible();
    // The panel refreshes itself while a delivery is on its way.
    await expect(badge.getByText('Delivered')).toBeVisible({ timeout: 60_000 });
    await expect(badge.getByText(/^id \S+/)).toBeVisible();
  }

  // Disconnect each, after the confirmation.
  await openTab(page);
  for (const name of ['HubSpot', 'Linear', 'Pipedrive', 'Salesforce']) {
    await card(page, name).getByRole('button', { name: `Disconnect ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disconnect ${name}?` });
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(card(page, name).getByText('Not connected')).toBeVisible();
  }
  await page.reload();
  for (const name of ['HubSpot', 'Linear', 'Pipedrive', 'Salesforce']) await expect(card(page, name).getByText('Not connected')).toBeVisible();
});
