/**
 * SSO journey (issue 3; spec 000 §2 /sso and /oauth-check, §3 SSO config/provision, §4 federated
 * sign-in): a real OpenID Connect provider (oidc-provider, dev interactions) is the upstream, the
 * real server federates to it, and aws-amplify's real signInWithRedirect/code-exchange runs in
 * Chromium.
 *
 * aws-amplify always builds `https://${oauth.domain}/oauth2/…`, so this spec starts its own server
 * with HTTPS (TLS_CERT_FILE/TLS_KEY_FILE, a self-signed certificate made with openssl for
 * 127.0.0.1) on a free port with a fresh DATA_DIR and the demo data, instead of the shared plain-http
 * server of playwright.config.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import { expect, test } from './support';
import Provider from 'oidc-provider';

const REPO = path.resolve(import.meta.dirname, '..');
const SSO_EMAIL = 'jane.sso@sso-corp.example';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

let tmp: string;
let upstream: Server;
let upstreamIssuer: string;
let app: ChildProcess;
let appUrl: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'vidbot-sso-e2e-'));
  // A self-signed test certificate for IP 127.0.0.1 (valid to 2126), kept in the repository so the
  // journey needs no openssl on the machine (issue 19).
  const cert = path.join(REPO, 'e2e/fixtures/localhost-cert.pem');
  const key = path.join(REPO, 'e2e/fixtures/localhost-key.pem');

  const appPort = await freePort();
  appUrl = `https://127.0.0.1:${appPort}`;

  // --- the upstream OpenID Connect provider, one user -----------------------------------------
  const upstreamPort = await freePort();
  upstreamIssuer = `http://127.0.0.1:${upstreamPort}`;
  const provider = new Provider(upstreamIssuer, {
    clients: [
      {
        client_id: 'vidbot-sso',
        client_secret: 'sso-client-secret',
        redirect_uris: [`${appUrl}/idp/oauth2/idpresponse`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    scopes: ['openid', 'email', 'profile'],
    cookies: { keys: ['sso-e2e-cookie-key'] },
    async findAccount(_ctx, id) {
      // The dev login form's "login" is the account id (and the upstream `sub`).
      if (id !== SSO_EMAIL) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: SSO_EMAIL, email_verified: true, given_name: 'Jane', family_name: 'Sso' }),
      };
    },
  });
  provider.on('server_error', (_ctx, err) => console.error('[upstream] server_error', err));
  upstream = createServer(provider.callback());
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', () => resolve()));

  // --- Vidbot over HTTPS --------------------------------------------------------------------
  app = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: REPO,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      DATABASE_URL: '',
      SEED_DEMO: '1',
      JOB_CONCURRENCY: '0',
      TLS_CERT_FILE: cert,
      TLS_KEY_FILE: key,
      PUBLIC_URL: appUrl,
    },
  });
  api = await request.newContext({ baseURL: appUrl, ignoreHTTPSErrors: true });
  await expect
    .poll(async () => (await api.get('/api/config').catch(() => null))?.status() ?? 0, { timeout: 120_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app.once('exit', resolve));
    app.kill('SIGTERM');
    await exited;
  }
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

async function superadminToken(): Promise<string> {
  const res = await api.post('/idp', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: (await (await api.get('/api/config')).json()).userPoolClientId,
      AuthParameters: { USERNAME: 'superadmin@example.com', PASSWORD: 'Vidbot-demo-1' },
    }),
  });
  expect(res.status()).toBe(200);
  return (await res.json()).AuthenticationResult.IdToken as string;
}

test.use({ ignoreHTTPSErrors: true });

test('SSO: e-mail → upstream OpenID Connect login → new Viewer lands on the demo vidbots', async ({ page }) => {
  // Superadmin creates the SSO config and provisions it into the demo account (spec 000 §7).
  const token = await superadminToken();
  const auth = { authorization: `Bearer ${token}` };
  const accounts = await (await api.get('/api/account?size=100', { headers: auth })).json();
  const demo = (accounts.records as { id: number; publicId: string }[]).find((a) => a.publicId === 'demo');
  expect(demo).toBeTruthy();
  const created = await api.post('/api/sso/config', {
    headers: auth,
    data: { name: 'SSO Corp', domain: 'sso-corp.example', provider: 'sso-corp', issuerUrl: upstreamIssuer, clientId: 'vidbot-sso', clientSecret: 'sso-client-secret' },
  });
  expect(created.status()).toBe(201);
  const config = await created.json();
  const provisioned = await api.post(`/api/sso/config/${config.id}/provision`, { headers: auth, data: { accountId: demo?.id, defaultRole: 'Viewer' } });
  expect(provisioned.status()).toBe(201);

  // The login page links to /sso; an unknown domain shows the not-found message.
  await page.goto(`${appUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(page).toHaveURL(/\/sso$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
  await page.getByLabel('Work email').fill('someone@no-sso.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('No single sign-on provider was found for this email address.');

  // The real journey: discover → amplify signInWithRedirect → /idp/oauth2/authorize → upstream.
  await page.getByLabel('Work email').fill(SSO_EMAIL);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.origin === upstreamIssuer);
  const login = page.locator('input[name="login"]');
  await expect(login).toHaveValue(SSO_EMAIL); // login_hint forwarded upstream
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // oidc-provider's consent step.
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back through /idp/oauth2/idpresponse → /oauth-check (code + PKCE exchange, finalize) → dashboard.
  await page.waitForURL((u) => u.origin === appUrl && u.pathname === '/dashboard/demo/vidbots', { timeout: 60_000 });

  const me = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'));
    const idToken = key ? localStorage.getItem(key) : null;
    const res = await fetch('/api/user/me', { headers: { authorization: `Bearer ${idToken}` } });
    return { status: res.status, body: await res.json() };
  });
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({
    email: SSO_EMAIL,
    firstName: 'Jane',
    external: true,
    roles: [{ accountId: demo?.id, role: 'Viewer', status: 'Active' }],
  });

  // Signing out of an OAuth sign-in goes through the identity provider's /logout back to /login.
  await page.getByRole('button', { name: `User menu for ${SSO_EMAIL}` }).click();
  const logoutRequest = page.waitForRequest((r) => r.url().startsWith(`${appUrl}/idp/logout?`));
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  expect(new URL((await logoutRequest).url()).searchParams.get('logout_uri')).toBe(`${appUrl}/login`);
  await page.waitForURL((u) => u.origin === appUrl && u.pathname === '/login');
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});
