/**
 * Account settings — the frame, the Profile tab and the Account tab (spec 002 §2 "Account settings",
 * §3 Profile, §5, §6 tab roles, §8 'updated', §9 contrast levels; issue 15), against the real server:
 * - the Owner sets the theme colours and sees the contrast ratio and rating change with them (21:1
 *   AAA, 4.54:1 AA), adds a social link and an action button in their dialogs (a refused link shows
 *   its message), saves ONCE (one `PUT /account/{id}/profile`, toast 'Updated'), reloads and sees
 *   all of it; the company profile sections show only with the account feature `company_profile`
 *   (turned on as a superuser through `/api/feature/flags`, as staff do on the flags screen);
 * - the Owner sees the Account tab and saves a billing field; an Admin does not see the Account tab
 *   and its address sends them to the first tab they may see;
 * - the same page in Finnish shows Finnish labels and a Finnish contrast readout, and leaving it with
 *   unsaved edits asks first (Stay / Discard changes).
 * The tab navigation marks the current tab (`aria-current="page"`).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, idToken, signIn, test } from './support';

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

/** The demo account's id (`GET /account`, publicId demo). */
async function demoAccountId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/account?size=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const { records } = (await res.json()) as { records: { id: number; publicId: string }[] };
  return records.find((a) => a.publicId === 'demo')!.id;
}

/** Puts the stored profile back to empty (other journeys share the server). */
async function resetProfile(request: APIRequestContext, token: string, accountId: number) {
  const res = await request.put(`/api/account/${accountId}/profile`, { headers: { Authorization: `Bearer ${token}` }, data: { appearance: {}, profile: {} } });
  expect(res.status()).toBe(200);
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

test.describe('account settings', () => {
  let staff = '';
  let accountId = 0;
  test.beforeAll(async ({ request }) => {
    staff = await idToken(request, 'superadmin@example.com');
    accountId = await demoAccountId(request, staff);
  });
  test.afterAll(async ({ request }) => {
    await setFlag(request, staff, 'company_profile', []);
    await resetProfile(request, staff, accountId);
  });

  test('the Owner sets colours, adds a social link and an action button, saves once and sees them after a reload', async ({ page, request }) => {
    await setFlag(request, staff, 'company_profile', []);
    await signIn(page, 'owner@example.com');
    await page.goto('/dashboard/demo/settings');
    await expect(page).toHaveURL(/\/dashboard\/demo\/settings\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs(page).getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current', 'page');
    // Without company_profile: theme and brand media only.
    await expect(page.getByRole('heading', { name: 'Theme' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose Global chat icon video' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose Company logo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Social links' })).toHaveCount(0);

    await setFlag(request, staff, 'company_profile', [accountId]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Social links' })).toBeVisible();

    // Theme colours with the contrast readout (§9: 7 AAA, 4.5 AA).
    const text = page.getByRole('textbox', { name: 'Button text colour', exact: true });
    const background = page.getByRole('textbox', { name: 'Button background colour', exact: true });
    await text.fill('#FFFFFF');
    await background.fill('#000000');
    await expect(page.getByTestId('contrast-ratio')).toHaveText('21.00:1');
    await expect(page.getByTestId('contrast-rating')).toHaveText('AAA (excellent)');
    await background.fill('#767676');
    await expect(page.getByTestId('contrast-ratio')).toHaveText('4.54:1');
    await expect(page.getByTestId('contrast-rating')).toHaveText('AA (good)');
    await page.getByLabel('Custom CSS').fill('.vb-button { font-weight: 700 }');
    await page.getByLabel('Company name').fill('Demo Oy');

    // A social link: a URL that is not one is refused in the dialog, with focus on it.
    await page.getByRole('button', { name: 'Add social link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Add social link' });
    await linkDialog.getByLabel('Icon').selectOption({ label: 'LinkedIn' });
    await linkDialog.getByLabel('URL').fill('linkedin.com/company/demo');
    await linkDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(linkDialog.getByText('Must be a full http:// or https:// URL.')).toBeVisible();
    await expect(linkDialog.getByLabel('URL')).toBeFocused();
    await linkDialog.getByLabel('URL').fill('https://www.linkedin.com/company/demo');
    await linkDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(linkDialog).toBeHidden();
    const links = page.getByRole('list', { name: 'Social links' });
    await expect(links.getByRole('listitem')).toHaveCount(1);
    await expect(links).toContainText('https://www.linkedin.com/company/demo');

    // An action button: an external link of type tel, typed as a phone number.
    await page.getByRole('button', { name: 'Add action button' }).click();
    const actionDialog = page.getByRole('dialog', { name: 'Add action button' });
    await actionDialog.getByLabel('Name').fill('Call us');
    await actionDialog.getByLabel('Type').selectOption('external_link');
    await actionDialog.getByLabel('Link type').selectOption('tel');
    await actionDialog.getByLabel('Phone number').fill('+358 40 123 4567');
    await actionDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(actionDialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Action buttons' })).toContainText('Call us');
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

    // Nothing was sent yet; one Save sends everything in one PUT.
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes(`/api/account/${accountId}/profile`)) puts.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    expect(puts).toHaveLength(1);
    const sent = JSON.parse(puts[0]!) as { appearance: Record<string, unknown>; profile: { socialLinks: unknown[]; actions: unknown[] } };
    expect(sent.appearance).toMatchObject({ buttonTextColor: '#FFFFFF', buttonBackgroundColor: '#767676' });
    expect(sent.profile.socialLinks).toEqual([{ icon: 'Linkedin', url: 'https://www.linkedin.com/company/demo', target: 'new_tab' }]);
    expect(sent.profile.actions).toEqual([{ type: 'external_link', name: 'Call us', externalLinkType: 'tel', url: 'tel:+358 40 123 4567', style: 'standard', target: 'new_tab' }]);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Button background colour', exact: true })).toHaveValue('#767676');
    await expect(page.getByTestId('contrast-rating')).toHaveText('AA (good)');
    await expect(page.getByLabel('Custom CSS')).toHaveValue('.vb-button { font-weight: 700 }');
    await expect(page.getByLabel('Company name')).toHaveValue('Demo Oy');
    await expect(page.getByRole('list', { name: 'Social links' })).toContainText('LinkedIn');
    await expect(page.getByRole('list', { name: 'Action buttons' })).toContainText('tel:+358 40 123 4567');

    // A required colour left empty is refused at the field, with focus on it; nothing is sent.
    await page.getByRole('textbox', { name: 'Button text colour', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Button text colour', exact: true })).toBeFocused();
    await expect(page.getByText('Required.')).toBeVisible();
    expect(puts).toHaveLength(1);
  });

  test('the Owner saves a billing field on the Account tab; an Admin has no Account tab', async ({ page, browser }) => {
    await signIn(page, 'owner@example.com');
    await page.goto('/dashboard/demo/settings/account');
    await expect(tabs(page).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Business type')).toHaveCount(0); // power-user mode only
    await page.getByLabel('Country').fill('Finland');
    await page.getByLabel('Billing email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByLabel('Billing email')).toBeFocused();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await page.getByLabel('Billing email').fill('billing@example.com');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Country')).toHaveValue('Finland');
    await expect(page.getByLabel('Billing email')).toHaveValue('billing@example.com');

    const admin = await browser.newPage();
    await signIn(admin, 'admin@example.com');
    await admin.goto('/dashboard/demo/settings/profile');
    await expect(tabs(admin).getByRole('link')).toHaveText(['Profile', 'Integrations', 'Tags', 'Audit log']);
    await admin.goto('/dashboard/demo/settings/account');
    await expect(admin).toHaveURL(/\/dashboard\/demo\/settings\/profile$/);
    await admin.close();
  });

  test('the Profile tab in Finnish', async ({ page }) => {
    await signIn(page, 'owner@example.com');
    await page.evaluate(() => localStorage.setItem('vidbot.language', 'fi'));
    await page.goto('/dashboard/demo/settings/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Asetukset' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Asetusten osiot' }).getByRole('link', { name: 'Profiili', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('textbox', { name: 'Painikkeen tekstin väri', exact: true }).fill('#FFFFFF');
    await page.getByRole('textbox', { name: 'Painikkeen taustaväri', exact: true }).fill('#000000');
    await expect(page.getByTestId('contrast-ratio')).toHaveText('21,00:1');
    await expect(page.getByTestId('contrast-rating')).toHaveText('AAA (erinomainen)');
    await expect(page.getByLabel('Oma CSS')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tallenna', exact: true })).toBeVisible();
    // Leaving with unsaved colours asks first (Finnish too); discarding goes on to the Account tab.
    await page.getByRole('link', { name: 'Tili', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Hylätäänkö tallentamattomat muutokset?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Hylkää muutokset' }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByLabel('Laskutussähköposti')).toBeVisible();
  });
});
