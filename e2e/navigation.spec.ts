/**
 * Navigation of every role leads to pages that exist (issue 10 §2 "First impression"): for owner,
 * admin, editor, viewer and the super admin, every visible side-navigation entry, user-menu link,
 * account-switcher choice and the users / accounts row links open a page that is not 'Page not
 * found' / 'Account not found', stays at the entry's address, and shows exactly one app shell and
 * one `<main>`. The not-found pages render once: inside the one shell for unknown pages under an
 * account (an unknown path, a child route's notFound, an unknown account), standalone elsewhere.
 *
 * With NAV_SCREENSHOTS=<dir> the pages are also saved there as PNG files.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

async function shot(page: Page, name: string) {
  const dir = process.env.NAV_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * The page at `path` (or a page under it, e.g. /media → /media/video) is a real page: no not-found
 * heading, one shell, one main landmark.
 */
async function expectRealPage(page: Page, path: string, what: string) {
  await expect(page, what).toHaveURL(new RegExp(`${path.replace(/[$.]/g, '\\$&')}(/[^?]*)?(\\?.*)?$`));
  await expect(page.locator('.full-cover-loader'), what).toHaveCount(0);
  await expect(page.getByRole('main'), what).toHaveCount(1);
  await expect(page.locator('.app-shell'), what).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Page not found' }), what).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Account not found' }), what).toHaveCount(0);
}

/** Clicks every side-navigation entry in turn. Answers the entries' paths. */
async function walkSideNav(page: Page, label: string): Promise<string[]> {
  await expect(nav(page).locator('a[data-nav]').first()).toBeVisible();
  const entries = await nav(page)
    .locator('a[data-nav]')
    .evaluateAll((links) => links.map((a) => ({ key: a.getAttribute('data-nav')!, path: new URL((a as HTMLAnchorElement).href).pathname })));
  expect(entries.length).toBeGreaterThan(0);
  for (const { key, path } of entries) {
    await nav(page).locator(`a[data-nav="${key}"]`).click();
    await expectRealPage(page, path, `${label}: side navigation '${key}' → ${path}`);
    await expect(nav(page).locator(`a[data-nav="${key}"]`)).toHaveAttribute('aria-current', 'page');
    await shot(page, `${label}-nav-${key}`);
  }
  return entries.map((e) => e.path);
}

/** Opens the user menu and follows each of its links in turn. */
async function walkUserMenu(page: Page, label: string) {
  const button = page.getByRole('button', { name: /^User menu for / });
  await button.click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await shot(page, `${label}-user-menu`);
  const links = await menu
    .locator('a[role="menuitem"]')
    .evaluateAll((as) => as.map((a) => ({ name: a.textContent ?? '', path: new URL((a as HTMLAnchorElement).href).pathname })));
  expect(links.map((l) => l.name)).toEqual(expect.arrayContaining(['Change password']));
  await page.keyboard.press('Escape');
  for (const { name, path } of links) {
    await button.click();
    await menu.getByRole('menuitem', { name, exact: true }).click();
    await expectRealPage(page, path, `${label}: user menu '${name}' → ${path}`);
  }
}

for (const who of ['owner', 'admin', 'editor', 'viewer'] as const) {
  test(`${who}: every navigation entry and user-menu link opens a page inside one shell`, async ({ page }) => {
    await signIn(page, `${who}@example.com`);
    await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots/);
    const paths = await walkSideNav(page, who);
    expect(paths).toContain('/dashboard/demo/vidbots');
    expect(paths).toContain('/dashboard/demo/media');
    if (who === 'owner' || who === 'admin') {
      expect(paths).toContain('/dashboard/demo/users');
      // Row menu of the users list: Edit opens the user's profile.
      await nav(page).locator('a[data-nav="users"]').click();
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await expectRealPage(page, '/dashboard/demo/users/\\d+', `${who}: users row menu Edit`);
    }
    await walkUserMenu(page, who);
  });
}

test('super admin: staff entries, account entries, switcher choices and account rows open real pages', async ({ page }) => {
  await signIn(page, 'superadmin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
  const staffPaths = await walkSideNav(page, 'superadmin');
  expect(staffPaths).toEqual(
    expect.arrayContaining([
      '/dashboard/accounts',
      '/dashboard/resellers',
      '/dashboard/admin/feature-flags',
      '/dashboard/admin/users',
      '/dashboard/admin/sso-config',
    ]),
  );
  await walkUserMenu(page, 'superadmin');

  // Account switcher: an account, then 'All accounts'.
  await page.getByRole('button', { name: /^Switch account/ }).click();
  await shot(page, 'superadmin-switcher');
  await page.getByRole('option', { name: 'Demo' }).click();
  await expectRealPage(page, '/dashboard/demo/vidbots', 'switcher → Demo');
  // The side navigation re-renders for the account after the URL changes: wait for its entries.
  await expect(nav(page).locator('a[data-nav="mediaLibrary"]')).toBeVisible();
  const accountPaths = await walkSideNav(page, 'superadmin-demo');
  expect(accountPaths).toEqual(expect.arrayContaining(['/dashboard/demo/vidbots', '/dashboard/demo/media', '/dashboard/demo/users', '/dashboard/accounts']));
  await page.getByRole('button', { name: /^Switch account/ }).click();
  await page.getByRole('option', { name: 'All accounts' }).click();
  await expectRealPage(page, '/dashboard/accounts', "switcher → 'All accounts'");

  // Links of the accounts list's Demo row: log in to the account, edit it.
  await page.getByRole('link', { name: 'Log in to account Demo', exact: true }).click();
  await expectRealPage(page, '/dashboard/demo/vidbots', 'accounts row → log in to account');
  await nav(page).locator('a[data-nav="accounts"]').click();
  await page.getByRole('link', { name: 'Edit Demo', exact: true }).click();
  await expectRealPage(page, '/dashboard/demo/edit', 'accounts row → edit');
});

test.describe('not-found pages render once', () => {
  test('inside the account: an unknown page, an unknown vidbot id and an unknown account, each in one shell', async ({ page }) => {
    await signIn(page, 'owner@example.com');
    for (const [path, heading, name] of [
      ['/dashboard/demo/no-such-page', 'Page not found', 'unknown-page-in-account'],
      ['/dashboard/demo/vidbots/not-a-number', 'Page not found', 'child-not-found'],
      ['/dashboard/no-such-account', 'Account not found', 'unknown-account'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }), path).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
      await expect(page.getByRole('main'), path).toHaveCount(1);
      await expect(page.locator('.app-shell'), path).toHaveCount(1);
      await expect(page.locator('header.top-bar'), path).toHaveCount(1);
      await shot(page, `not-found-${name}`);
      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots/);
    }
  });

  test('outside the dashboard: one standalone page, signed in or not', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.locator('.app-shell')).toHaveCount(0);
    await shot(page, 'not-found-signed-out');
    await signIn(page, 'viewer@example.com');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});
