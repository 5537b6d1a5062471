/**
 * Shared steps of the Playwright journeys: the demo password (DESIGN §3 demo data), signing in on
 * /login as a demo user (spec 000 §5 login sequence), and the `test`/`expect` every spec imports.
 *
 * Every spec imports `test` and `expect` from here, never from '@playwright/test':
 *   import { expect, test } from './support';
 * (types such as `Page` may still come from '@playwright/test'). This `test` carries the auto
 * fixture `cspViolations` (issue 10 §3): it collects every console message and page error that
 * mentions the Content Security Policy, from every page of every browser context the test uses —
 * the default context, contexts made with `browser.newContext()`/`browser.newPage()`, popups, and
 * iframes (their messages reach their page) — and fails the test at teardown listing them, so the
 * server's policy (server/src/lib/security-headers.ts) is proven by every journey. The same watch
 * collects the console errors src/i18n.ts logs for a message asked for but not in the loaded
 * (per-route) catalogs — it would render as its id — and fails the test on them too.
 */
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

export { expect };

/** Whether a console text or error message reports a Content Security Policy violation. */
export function isCspViolation(text: string): boolean {
  return /Content[- ]Security[- ]Policy/i.test(text);
}

/** Start of src/i18n.ts `MISSING_MESSAGE` (not imported: the app module loads its catalogs). */
const MISSING_MESSAGE = 'Vidbot i18n: message not loaded';

/** Collects the CSP violations (into `into`) and missing messages (into `missing`) of every page of `context`. */
function watchContext(context: BrowserContext, into: string[], watched: WeakSet<object>, missing: string[]): void {
  if (watched.has(context)) return;
  watched.add(context);
  const watchPage = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on('console', (message) => {
      if (isCspViolation(message.text())) into.push(`[console ${message.type()}] ${message.location().url || page.url()}: ${message.text()}`);
      if (message.text().startsWith(MISSING_MESSAGE)) missing.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => {
      if (isCspViolation(`${error.name}: ${error.message}`)) into.push(`[pageerror] ${page.url()}: ${error.message}`);
    });
  };
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const missing: string[] = [];
      const watched = new WeakSet<object>();
      watchContext(context, violations, watched, missing);
      // Contexts the test makes itself (browser.newPage() goes through newContext too).
      const newContext = browser.newContext;
      browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
        const made = await newContext.apply(this, args);
        watchContext(made, violations, watched, missing);
        return made;
      } as Browser['newContext'];
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content Security Policy violations reported in the browser').toEqual([]);
      expect(missing, 'messages rendered without their catalog (src/i18n.ts per-route catalogs)').toEqual([]);
    },
    { auto: true },
  ],
});

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

/**
 * An ID token of a demo user for API calls (`Authorization: Bearer …`), from the local identity
 * provider's USER_PASSWORD_AUTH flow (the Cognito InitiateAuth call aws-amplify makes).
 * Fails the test when the sign-in is refused.
 */
export async function idToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const config = (await (await request.get('/api/config')).json()) as { userPoolClientId: string };
  const res = await request.post('/idp', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}
