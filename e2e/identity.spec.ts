/**
 * Identity journeys of issue 3 (spec 000 §2 password screens, §4 login sequence and forgot password,
 * §5 password rules, §8 messages) on the real server: each test makes its own user through the API
 * (superadmin adds a reseller → the temporary password is read from the e-mail outbox, GET
 * /api/admin/outbox) so that no demo user's password or MFA changes, and each asserts where the
 * person ends.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support';
import { Secret, TOTP } from 'otpauth';

const DEMO_PASSWORD = 'Vidbot-demo-1';
const NEW_PASSWORD = 'Fresh-pass-42';

interface OutboxRecord {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

let clientId: string | undefined;

/** One Cognito JSON call to the local identity provider. */
async function idp(request: APIRequestContext, operation: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  clientId ??= ((await (await request.get('/api/config')).json()) as { userPoolClientId: string }).userPoolClientId;
  const res = await request.post('/idp', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    data: JSON.stringify({ ClientId: clientId, ...body }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok()) throw new Error(`${operation}: ${JSON.stringify(json)}`);
  return json;
}

async function superadminToken(request: APIRequestContext): Promise<string> {
  const out = await idp(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: 'superadmin@example.com', PASSWORD: DEMO_PASSWORD },
  });
  return (out.AuthenticationResult as { IdToken: string }).IdToken;
}

/** The newest outbox message to `to` whose text matches `pattern`; its first capture group. */
async function fromOutbox(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  const token = await superadminToken(request);
  let found: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/outbox?size=100', { headers: { authorization: `Bearer ${token}` } });
      const { records } = (await res.json()) as { records: OutboxRecord[] };
      const match = records.filter((r) => r.to === to).map((r) => pattern.exec(r.text)).find((m) => m !== null);
      found = match?.[1];
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** A new user (a reseller, so staff: they land on /dashboard/accounts) with a temporary password. */
async function createUserWithTemporaryPassword(request: APIRequestContext, prefix: string): Promise<{ email: string; temporaryPassword: string }> {
  const email = `${prefix}-${Date.now()}@example.com`;
  const res = await request.post('/api/user/resellers', {
    headers: { authorization: `Bearer ${await superadminToken(request)}` },
    data: { email },
  });
  expect(res.status()).toBe(201);
  const temporaryPassword = await fromOutbox(request, email, /Temporary password: (\S+)/);
  return { email, temporaryPassword };
}

/** A new user whose first sign-in is already done through the API, with password NEW_PASSWORD. */
async function createUser(request: APIRequestContext, prefix: string): Promise<string> {
  const { email, temporaryPassword } = await createUserWithTemporaryPassword(request, prefix);
  const challenge = await idp(request, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword } });
  expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  await idp(request, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: NEW_PASSWORD },
  });
  return email;
}

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fillCredentials(page, email, password);
}

async function logOut(page: Page, email: string) {
  await page.getByRole('button', { name: `User menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('first sign-in with a temporary password: new-password step, reload sends back to login, complete profile, then the dashboard', async ({ page, request }) => {
  const { email, temporaryPassword } = await createUserWithTemporaryPassword(request, 'first');
  await signIn(page, email, temporaryPassword);
  await expect(page).toHaveURL(/\/new-password\?.*new=true/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // A reload loses the pending sign-in: back to /login with a message.
  await page.reload();
  await expect(page).toHaveURL(/\/login\?.*error=signInExpired/);
  await expect(page.getByText('Your sign-in was interrupted. Please sign in again.')).toBeVisible();

  await fillCredentials(page, email, temporaryPassword);
  await expect(page).toHaveURL(/\/new-password/);
  // Client-side rules: too weak, then a mismatch — each message tied to its field and focused.
  await page.getByLabel('New password', { exact: true }).fill('weakpass');
  await page.getByLabel('Repeat new password').fill('weakpass');
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page.getByText('Password must contain at least one number')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat new password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Repeat new password')).toBeFocused();
  await expect(page.getByLabel('Repeat new password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password and continue' }).click();

  // A user made by staff has no name yet: the complete-profile screen, then / → their dashboard.
  await expect(page).toHaveURL(/\/complete-profile/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
  const auth = await idp(request, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: NEW_PASSWORD } });
  const idToken = (auth.AuthenticationResult as { IdToken: string }).IdToken;
  const me = (await (await request.get('/api/user/me', { headers: { authorization: `Bearer ${idToken}` } })).json()) as { firstName: string; lastName: string };
  expect([me.firstName, me.lastName]).toEqual(['Ada', 'Lovelace']);

  // The new password is the password now.
  await logOut(page, email);
  await fillCredentials(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
});

test('MFA set-up, sign-out, and sign-in with a TOTP code', async ({ page, request }) => {
  const email = await createUser(request, 'mfa');
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
  await page.getByRole('button', { name: `User menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Set up MFA' }).click();
  await expect(page).toHaveURL(/\/dashboard\/security/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

  // A wrong code: the error state and its message; the QR code stays.
  const wrong = totp.generate() === '000000' ? '111111' : '000000';
  await page.getByLabel('Authentication code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verification failed, please recheck and enter the code again.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication is on' })).toBeVisible();

  await logOut(page, email);
  await fillCredentials(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Enter authentication code' })).toBeFocused();
  // The code just used is refused as a replay; the next period's code is inside the ±1 window.
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
});

test('forgot password: code from the e-mail, new password, sign in with it', async ({ page, request }) => {
  const email = await createUser(request, 'forgot');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Check your e-mail. If an account exists for ${email}, we sent it a verification code.`)).toBeVisible();

  const code = await fromOutbox(request, email, /reset code is (\d{6})/);
  const wrongCode = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrongCode);
  await page.getByLabel('New password', { exact: true }).fill('Reset-pass-77');
  await page.getByLabel('Repeat new password').fill('Reset-pass-77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The code is not correct. Check it and try again.')).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
  await fillCredentials(page, email, 'Reset-pass-77');
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
});

test('lockout: after 5 wrong passwords the sign-in refuses with the error', async ({ page, request }) => {
  const email = await createUser(request, 'lockout');
  await page.goto('/login');
  const alert = page.getByRole('alert');
  for (let i = 1; i <= 5; i++) {
    await fillCredentials(page, email, `Wrong-pass-${i}`);
    await expect(alert).toHaveText('Incorrect e-mail address or password.');
    // The alert is replaced on the next attempt: wait until this one is settled.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  }
  // From the 6th attempt the provider answers without looking at the password (waits double).
  await fillCredentials(page, email, NEW_PASSWORD);
  await expect(alert).toHaveText(/Too many attempts\. Please wait a while and try again\.|Incorrect e-mail address or password\./);
  let locked = (await alert.textContent()) === 'Too many attempts. Please wait a while and try again.';
  for (let i = 0; i < 4 && !locked; i++) {
    await fillCredentials(page, email, 'Wrong-pass-again1');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    locked = (await alert.textContent()) === 'Too many attempts. Please wait a while and try again.';
  }
  expect(locked).toBe(true);
  await expect(page).toHaveURL(/\/login/);
});

test('change password: mismatch and wrong current password messages, then the new password signs in', async ({ page, request }) => {
  const email = await createUser(request, 'change');
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
  await page.getByRole('button', { name: `User menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/dashboard\/security\/change-password/);

  await page.getByLabel('Current password').fill(NEW_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('Changed-pass-9');
  await page.getByLabel('Repeat new password').fill('Changed-pass-8');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Current password').fill('Not-my-pass-1');
  await page.getByLabel('Repeat new password').fill('Changed-pass-9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to change password');
  await expect(page.getByRole('alert')).toContainText('The current password is not correct.');

  await page.getByLabel('Current password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await page.goto('/dashboard/accounts');
  await logOut(page, email);
  await fillCredentials(page, email, NEW_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail address or password.');
  await fillCredentials(page, email, 'Changed-pass-9');
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
});

test('team select: an invited team is joined, the active one selected, and log in to another account signs out', async ({ page, request }) => {
  const stamp = Date.now();
  const email = `teams-${stamp}@example.com`;
  const superHeaders = { authorization: `Bearer ${await superadminToken(request)}` };
  // Team A: the new user joins through the invitation link's sign-up (API), so the role is Active.
  const teamA = await request.post('/api/account', { headers: superHeaders, data: { businessName: `Alpha ${stamp}`, ownerEmail: email } });
  expect(teamA.status()).toBe(201);
  const accountA = (await teamA.json()) as { id: number; publicId: string };
  const token = await fromOutbox(request, email, /token=([^\s&]+)/);
  const join = await request.post('/api/auth/join', {
    data: { firstName: 'Tea', lastName: 'Mate', email, password: NEW_PASSWORD, token: decodeURIComponent(token), accountId: accountA.id },
  });
  expect(join.status()).toBe(200);
  // Team B: only invited.
  const teamB = await request.post('/api/account', { headers: superHeaders, data: { businessName: `Beta ${stamp}`, ownerEmail: email } });
  expect(teamB.status()).toBe(201);
  const accountB = (await teamB.json()) as { publicId: string };

  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/dashboard/${accountA.publicId}/vidbots`));
  await page.goto('/team-select');
  const yours = page.getByRole('region', { name: 'Your teams' });
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(yours.getByText(`Alpha ${stamp}`)).toBeVisible();
  await expect(invitations.getByText(`Beta ${stamp}`)).toBeVisible();

  await invitations.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/dashboard\/[^/]+\/vidbots/);
  await page.goto('/team-select');
  await expect(yours.getByText(`Beta ${stamp}`)).toBeVisible();
  await expect(invitations).toHaveCount(0);
  await yours.getByRole('listitem').filter({ hasText: `Beta ${stamp}` }).getByRole('link', { name: 'Select' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${accountB.publicId}`));

  await page.goto('/team-select');
  await page.getByRole('button', { name: 'Log in to another account' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

/** The built aws-amplify chunk's URL path (dist/.vite/manifest.json of the build under test). */
function amplifyChunkPath(): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest['src/features/session/amplify.ts'];
  if (!chunk) throw new Error('no aws-amplify chunk in the manifest');
  return `/${chunk.file}`;
}

/** Paths of the scripts `page` requests from now on. */
function recordScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') paths.push(new URL(req.url()).pathname);
  });
  return paths;
}

test('a valid stored ID token shows the dashboard without aws-amplify; an expired one is refreshed through it (issue 10 §2)', async ({ page, request }) => {
  const email = await createUser(request, 'stored-token');
  const amplifyChunk = amplifyChunkPath();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/accounts/);

  // Reload with a valid token: the session comes from storage, aws-amplify is not fetched, the API accepts the token.
  let scripts = recordScripts(page);
  await page.reload();
  await expect(page.getByRole('button', { name: `User menu for ${email}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
  expect(scripts).not.toContain(amplifyChunk);

  // Stored tokens whose exp has passed (the payload rewritten, so the signature no longer holds either):
  // the SPA must not send them; aws-amplify loads and refreshes them with the refresh token.
  const tampered = await page.evaluate(() => {
    const last = Object.keys(localStorage).find((k) => k.endsWith('.LastAuthUser'))!;
    const base = `${last.slice(0, -'.LastAuthUser'.length)}.${localStorage.getItem(last)}`;
    const expire = (token: string) => {
      const [h, p, s] = token.split('.');
      const payload = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
      payload.exp = Math.floor(Date.now() / 1000) - 30;
      const b64 = btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      return `${h}.${b64}.${s}`;
    };
    for (const kind of ['idToken', 'accessToken']) localStorage.setItem(`${base}.${kind}`, expire(localStorage.getItem(`${base}.${kind}`)!));
    return { key: `${base}.idToken`, idToken: localStorage.getItem(`${base}.idToken`)! };
  });
  scripts = recordScripts(page);
  await page.reload();
  await expect(page.getByRole('button', { name: `User menu for ${email}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
  expect(scripts).toContain(amplifyChunk);
  const refreshed = await page.evaluate((key) => localStorage.getItem(key), tampered.key);
  expect(refreshed).not.toBe(tampered.idToken);
  const exp = (JSON.parse(Buffer.from(refreshed!.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }).exp;
  expect(exp).toBeGreaterThan(Date.now() / 1000 + 60);
});
