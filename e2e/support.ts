/**
 * Shared steps of the Playwright journeys: the demo password (DESIGN §3 demo data) and signing in on
 * /login as a demo user (spec 000 §5 login sequence).
 */
import { expect, type Page } from '@playwright/test';

/** Password of every demo user (owner@, admin@, editor@, viewer@, superadmin@example.com). */
export const DEMO_PASSWORD = 'Vidbot-demo-1';

/** Opens the app, is sent to /login, signs in as `email` and waits for the demo account's dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\//);
}
