/**
 * Invitations and joining (spec 000 §4 "Join team", §5 sign-up, §8; spec 002 §2): the Owner invites
 * a new e-mail through the API, the join link is read from the e-mail outbox (GET /api/admin/outbox
 * as the superadmin), the invited person signs up in the browser and lands on the account's
 * vidbots. Someone else signed in on a join link is signed out and sees the loginWrongUser notice.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support';

const PASSWORD = 'Vidbot-demo-1';

/** An ID token through the identity provider's USER_PASSWORD_AUTH (the Cognito JSON protocol). */
async function idToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const config = (await (await request.get('/api/config')).json()) as { userPoolClientId: string };
  const res = await request.post('/idp', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

/** The Owner invites `email` to the demo account; answers the path+query of the e-mailed join link. */
async function inviteAndReadLink(request: APIRequestContext, email: string, role = 'Editor'): Promise<string> {
  const owner = await idToken(request, 'owner@example.com');
  const accounts = (await (await request.get('/api/account', { headers: { authorization: `Bearer ${owner}` } })).json()) as {
    records: { id: number; publicId: string }[];
  };
  const demo = accounts.records.find((a) => a.publicId === 'demo');
  expect(demo).toBeTruthy();
  const invited = await request.post(`/api/account/${demo!.id}/user`, { headers: { authorization: `Bearer ${owner}` }, data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);

  const staff = await idToken(request, 'superadmin@example.com');
  const outbox = (await (await request.get('/api/admin/outbox?size=100', { headers: { authorization: `Bearer ${staff}` } })).json()) as {
    records: { to: string; kind: string; text: string }[];
  };
  const mail = outbox.records.find((m) => m.to === email && m.kind === 'invitation');
  expect(mail, 'invitation e-mail in the outbox').toBeTruthy();
  const link = /https?:\/\/\S+\/join-team\?\S+/.exec(mail!.text)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test('an invited person signs up from the e-mailed link and lands on the account vidbots', async ({ page, request }) => {
  const email = `joiner-${Date.now()}@example.org`;
  const link = await inviteAndReadLink(request, email);
  expect(link).toMatch(/token=/);

  await page.goto(link);
  const form = page.getByRole('form', { name: 'Sign up' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');

  // Required fields, the password rule, the repeat and the policy checkbox (spec 000 §5).
  await form.getByRole('button', { name: 'Sign up and join' }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await expect(form.getByText('You must accept the terms and the privacy policy')).toBeVisible();
  await form.getByLabel('First name').fill('Jo');
  await form.getByLabel('Last name').fill('Iner');
  await form.getByLabel('Password', { exact: true }).fill('weakpass');
  await form.getByLabel('Repeat password').fill('Different-1');
  await form.getByRole('button', { name: 'Sign up and join' }).click();
  await expect(form.getByText('Password must contain at least 1 number')).toBeVisible();
  await expect(form.getByText('Passwords do not match')).toBeVisible();

  await form.getByLabel('Password', { exact: true }).fill('Joiner-pass-1');
  await form.getByLabel('Repeat password').fill('Joiner-pass-1');
  await form.getByRole('checkbox', { name: /I accept the/ }).check();
  await form.getByRole('button', { name: 'Sign up and join' }).click();

  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots/);
  await expect(page.getByText('You joined the team.')).toBeVisible();

  // The link is single use: opening it again says so.
  const again = await page.context().newPage();
  await again.goto(link);
  // Signed in as the joiner now, and the token is spent: the page reports the spent link.
  await expect(again.getByText(/invalid, already used or expired/)).toBeVisible();
  await again.close();

  // The new password works through the identity provider too.
  expect(await idToken(request, email, 'Joiner-pass-1')).toBeTruthy();
});

test('someone else signed in on a join link is signed out and sent to /login with loginWrongUser', async ({ page, request }) => {
  const email = `wrong-${Date.now()}@example.org`;
  const link = await inviteAndReadLink(request, email, 'Viewer');

  await signIn(page, 'editor@example.com');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?.*error=loginWrongUser/);
  await expect(page.getByText(/different user than the invitation was sent to/)).toBeVisible();
  // Signed out: the sign-in form is shown, and the invited person can now open the link as a guest.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('form', { name: 'Sign up' })).toBeVisible();
});

test('a person who can already sign in follows a link without a token: sign in first, then Join', async ({ page, request }) => {
  const email = `returning-${Date.now()}@example.org`;
  // They get a password by joining once, are removed, then invited again.
  const first = new URL(await inviteAndReadLink(request, email), 'http://x');
  const token = first.searchParams.get('token')!;
  const accountId = Number(first.searchParams.get('accountid'));
  const joined = await request.post('/api/auth/join', {
    data: { firstName: 'Re', lastName: 'Turning', email, password: 'Returning-pass-1', token, accountId },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const owner = await idToken(request, 'owner@example.com');
  const removed = await request.delete(`/api/account/${accountId}/user/${first.searchParams.get('userid')}`, { headers: { authorization: `Bearer ${owner}` } });
  expect(removed.status()).toBe(204);
  const link = await inviteAndReadLink(request, email, 'Viewer');
  expect(link).not.toMatch(/token=/);

  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Returning-pass-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/join-team\?/);
  await expect(page.getByText(/You have been invited to join Demo as Viewer/)).toBeVisible();
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo\/vidbots/);
  await expect(page.getByText('You joined the team.')).toBeVisible();
});

test('a signed-in e-mail other than the stored invitation e-mail shows the e-mails-mismatch screen with Log Out', async ({ page }) => {
  await signIn(page, 'editor@example.com');
  // A link naming only the e-mail (no user id to compare).
  await page.goto('/join-team?email=someone-else%40example.org&account_name=Demo');
  await expect(page.getByText('[Error] Emails mismatch, please login with the same email as you got the invitation to.')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('vidbot.invitationEmail'))).toBe('someone-else@example.org');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => sessionStorage.getItem('vidbot.invitationEmail'))).toBeNull();
});
