/**
 * SSO config admin screens (spec 000 §2 /dashboard/admin/sso-config, §5 "SSO create", §7): a
 * superadmin creates a config with its upstream OpenID Connect settings (issuer URL, client id,
 * write-only client secret) in the browser, sees it in the list and on the detail page (the secret
 * only as "Set"), and replaces the secret there.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support';

const PASSWORD = 'Vidbot-demo-1';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

test('superadmin creates an SSO config with issuer URL, client id and secret; list and detail show it', async ({ page }) => {
  await signIn(page, 'superadmin@example.com');
  await page.goto('/dashboard/admin/sso-config');
  await page.getByRole('button', { name: 'Create new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create SSO configuration' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Name').fill('Acme Admin SSO');
  await dialog.getByLabel('Domain').fill('acme-admin-sso.example');
  await dialog.getByLabel('Provider').fill('acme-admin');
  await dialog.getByLabel('Issuer URL').fill('login.acme-admin-sso.example');
  await dialog.getByLabel('Client id').fill('vidbot-acme');
  await dialog.getByLabel('Client secret').fill('acme-secret-1');

  // An issuer that is not an http(s) URL is refused before anything is sent.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Issuer URL must be an https or http URL.')).toBeVisible();
  await expect(dialog.getByLabel('Issuer URL')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Issuer URL').fill('https://login.acme-admin-sso.example/realms/acme');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  // The detail page: issuer and client id shown, the secret only as "Set".
  await expect(page).toHaveURL(/\/dashboard\/admin\/sso-config\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Admin SSO' })).toBeVisible();
  const details = page.locator('dl.details');
  await expect(details).toContainText('https://login.acme-admin-sso.example/realms/acme');
  await expect(details).toContainText('vidbot-acme');
  await expect(details.locator('dt', { hasText: 'Client secret' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Set');
  await expect(page.getByText('acme-secret-1')).toHaveCount(0);
  const upstream = page.locator('form', { has: page.getByRole('heading', { name: 'Upstream identity provider' }) });
  await expect(upstream.getByLabel('Issuer URL')).toHaveValue('https://login.acme-admin-sso.example/realms/acme');
  await expect(upstream.getByLabel('Client id')).toHaveValue('vidbot-acme');
  await expect(upstream.getByLabel('New client secret')).toHaveValue('');
  await expect(upstream.getByText('A client secret is set.')).toBeVisible();

  // The API keeps the secret write-only and agrees with the screen.
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  const apiToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  expect(apiToken).toBeTruthy();
  const res = await page.request.get(`/api/sso/config/${id}`, { headers: { Authorization: `Bearer ${apiToken ?? ''}` } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ issuerUrl: 'https://login.acme-admin-sso.example/realms/acme', clientId: 'vidbot-acme', hasClientSecret: true });
  expect(JSON.stringify(body)).not.toContain('acme-secret-1');

  // Replace the client id and the secret on the detail page.
  await upstream.getByLabel('Client id').fill('vidbot-acme-2');
  await upstream.getByLabel('New client secret').fill('acme-secret-2');
  await upstream.getByRole('button', { name: 'Save upstream settings' }).click();
  await expect(details).toContainText('vidbot-acme-2');
  await expect(upstream.getByLabel('New client secret')).toHaveValue('');

  // The list shows the new config.
  await page.getByRole('link', { name: 'Back to SSO configurations' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Acme Admin SSO' }) });
  await expect(row).toContainText('acme-admin-sso.example');
  await expect(row).toContainText('acme-admin');
  await expect(row).toContainText('Active');
});
