/**
 * Issue 4's end-to-end administration journeys (spec 000 §2 admin screens, §4 "Join team", §5
 * Invite and sign-up, §6 user management and area access) in the browser against the real server:
 *
 * 1. Staff create an account for a new owner on the accounts screens → the owner's invitation is in
 *    the e-mail outbox (GET /api/admin/outbox as the superadmin) → the owner signs up on the join
 *    page and lands on the new account → the owner invites an Editor through the Users screen's
 *    invite dialog (role defaults to Editor) → the Editor signs up from their e-mail and sees the
 *    vidbots but no Users or Settings entries, and is sent away from /dashboard/{account}/users.
 * 2. A reseller made on the Resellers screen signs in with the e-mailed temporary password, creates
 *    an account, joins another from a staff invitation, and sees exactly the accounts they joined
 *    (a pending invitation is not listed, Demo never is).
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support';

const DEMO_PASSWORD = 'Vidbot-demo-1';

interface OutboxRecord {
  to: string;
  kind: string;
  subject: string;
  text: string;
}

/** An ID token through the identity provider's USER_PASSWORD_AUTH (the Cognito JSON protocol). */
async function idToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const config = (await (await request.get('/api/config')).json()) as { userPoolClientId: string };
  const res = await request.post('/idp', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

/** The first outbox message to `to` (of `kind`) whose text matches `pattern`; waits for it to arrive. */
async function mailTo(request: APIRequestContext, to: string, kind: string, pattern: RegExp): Promise<{ mail: OutboxRecord; match: RegExpExecArray }> {
  const staff = await idToken(request, 'superadmin@example.com');
  let found: { mail: OutboxRecord; match: RegExpExecArray } | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/outbox?size=100', { headers: { authorization: `Bearer ${staff}` } });
      expect(res.status()).toBe(200);
      const { records } = (await res.json()) as { records: OutboxRecord[] };
      for (const mail of records.filter((m) => m.to === to && m.kind === kind)) {
        const match = pattern.exec(mail.text);
        if (match) found = { mail, match };
      }
      return found !== undefined;
    }, { message: `a ${kind} e-mail to ${to}` })
    .toBe(true);
  return found!;
}

/** The join link (path and query) of the invitation e-mail to `to`. */
async function joinLink(request: APIRequestContext, to: string): Promise<{ path: string; mail: OutboxRecord }> {
  const { mail, match } = await mailTo(request, to, 'invitation', /https?:\/\/\S+\/join-team\?\S+/);
  const url = new URL(match[0]);
  return { path: url.pathname + url.search, mail };
}

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function logOut(page: Page, email: string) {
  await page.getByRole('button', { name: `User menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Fills the join page's sign-up form and submits it. */
async function signUp(page: Page, link: string, email: string, first: string, last: string, password: string) {
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Sign up' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Repeat password').fill(password);
  await form.getByRole('checkbox', { name: /I accept the/ }).check();
  await form.getByRole('button', { name: 'Sign up and join' }).click();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('staff create an account → the owner joins → the owner invites an Editor → the Editor joins with content access only', async ({ browser, request }) => {
  const stamp = Date.now();
  const business = `Harbour Tours ${stamp}`;
  const slug = `harbour-tours-${stamp}`;
  const ownerEmail = `olga-${stamp}@harbour.example`;
  const editorEmail = `eddie-${stamp}@harbour.example`;

  // Staff create the account on the accounts screens.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'superadmin@example.com');
  await expect(staff).toHaveURL(/\/dashboard\/accounts/);
  await staff.getByRole('link', { name: 'Create account' }).click();
  await expect(staff.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await staff.getByRole('textbox', { name: 'Business name', exact: true }).fill(business);
  await staff.getByLabel('Owner email').fill(ownerEmail);
  await staff.getByRole('button', { name: 'Create account' }).click();
  await expect(staff).toHaveURL(/\/dashboard\/accounts$/);
  await expect(staff.getByRole('row', { name: new RegExp(business) })).toContainText(ownerEmail);
  await staffContext.close();

  // The owner's invitation names the account and carries a join link with a token.
  const ownerInvite = await joinLink(request, ownerEmail);
  expect(`${ownerInvite.mail.subject}\n${ownerInvite.mail.text}`).toContain(business);
  expect(ownerInvite.path).toMatch(/token=/);

  // The owner signs up on the join page and lands on the new account.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUp(owner, ownerInvite.path, ownerEmail, 'Olga', 'Owner', 'Owner-pass-1');
  await expect(owner).toHaveURL(new RegExp(`/dashboard/${slug}/vidbots`));
  await expect(owner.getByText('You joined the team.')).toBeVisible();
  // A single account: the header names it (no switcher needed).
  await expect(owner.getByRole('banner')).toContainText(business);

  // The owner invites an Editor through the Users screen's invite dialog (the role defaults to Editor).
  await nav(owner).getByRole('link', { name: 'Users' }).click();
  await expect(owner).toHaveURL(new RegExp(`/dashboard/${slug}/users`));
  await owner.getByRole('button', { name: 'Invite user' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite user' });
  await expect(dialog.getByLabel('Role')).toHaveValue('Editor');
  await dialog.getByLabel('Email').fill(editorEmail);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText('Invitation sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(owner.getByRole('row', { name: new RegExp(editorEmail) })).toBeVisible();
  await ownerContext.close();

  // The Editor's invitation arrives; they sign up and see the vidbots but no Users or Settings.
  const editorInvite = await joinLink(request, editorEmail);
  expect(editorInvite.path).toMatch(/token=/);
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signUp(editor, editorInvite.path, editorEmail, 'Eddie', 'Editor', 'Editor-pass-1');
  await expect(editor).toHaveURL(new RegExp(`/dashboard/${slug}/vidbots`));
  await expect(editor.getByText('You joined the team.')).toBeVisible();
  await expect(nav(editor).getByRole('link', { name: 'Vidbots' })).toBeVisible();
  await expect(nav(editor).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav(editor).getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await editor.goto(`/dashboard/${slug}/users`);
  await expect(editor).toHaveURL(new RegExp(`/dashboard/${slug}/vidbots`));
  await expect(editor.getByRole('heading', { name: 'Users' })).toHaveCount(0);

  // The server agrees: the Editor holds an Active Editor role in the account, and nothing else.
  const token = await idToken(request, editorEmail, 'Editor-pass-1');
  const me = (await (await request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    roles: { role: string; status: string }[];
  };
  expect(me.roles.map((r) => `${r.role}/${r.status}`)).toEqual(['Editor/Active']);
  await editorContext.close();
});

test('a reseller made on the Resellers screen sees only the accounts they joined', async ({ browser, request }) => {
  const stamp = Date.now();
  const resellerEmail = `rita-${stamp}@resell.example`;
  const business = `Rita Client ${stamp}`;

  // The superadmin invites the reseller on the Resellers screen.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'superadmin@example.com');
  await expect(staff).toHaveURL(/\/dashboard\/accounts/);
  await nav(staff).getByRole('link', { name: 'Resellers' }).click();
  await expect(staff.getByRole('heading', { name: 'Resellers' })).toBeVisible();
  await staff.getByRole('button', { name: 'Invite reseller' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Invite reseller' });
  await dialog.getByLabel('Email').fill(resellerEmail);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(staff.getByText('Invitation sent')).toBeVisible();
  await expect(staff.getByRole('row', { name: new RegExp(resellerEmail) })).toBeVisible();
  await staffContext.close();

  // The reseller signs in with the e-mailed temporary password, chooses a password and a name.
  const { match } = await mailTo(request, resellerEmail, 'temporary-password', /Temporary password: (\S+)/);
  const page = await (await browser.newContext()).newPage();
  await signIn(page, resellerEmail, match[1]!);
  await expect(page).toHaveURL(/\/new-password/);
  await page.getByLabel('New password', { exact: true }).fill('Reseller-pass-1');
  await page.getByLabel('Repeat new password').fill('Reseller-pass-1');
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page).toHaveURL(/\/complete-profile/);
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Reseller');
  await page.getByRole('button', { name: 'Continue' }).click();

  // No account joined yet: the accounts list is empty — Demo is not there.
  await expect(page).toHaveURL(/\/dashboard\/accounts/);
  await expect(page.getByText('Showing the accounts you have joined.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No results' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Demo/ })).toHaveCount(0);

  // The reseller creates an account for a customer and so joins it (an Active Reseller role).
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Business name', exact: true }).fill(business);
  await page.getByLabel('Owner email').fill(`client-${stamp}@client.example`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts$/);

  // Exactly the joined account is listed (header row + one row), and not Demo.
  await expect(page.getByRole('row', { name: new RegExp(business) })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Demo/ })).toHaveCount(0);
  // After a reload (fresh data from the server) too.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(business) })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  // Staff invite the reseller into an account they did not create: while the invitation is pending
  // it is not listed; once the reseller joins from the e-mailed link, both joined accounts are.
  const staffToken = await idToken(request, 'superadmin@example.com');
  const otherName = `Staff Made ${stamp}`;
  const made = await request.post('/api/account', {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { businessName: otherName, ownerEmail: `someone-${stamp}@staff.example` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const other = (await made.json()) as { id: number; publicId: string };
  const invited = await request.post(`/api/account/${other.id}/user`, { headers: { authorization: `Bearer ${staffToken}` }, data: { email: resellerEmail, role: 'Reseller' } });
  expect(invited.status(), await invited.text()).toBe(201);
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(business) })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: new RegExp(otherName) })).toHaveCount(0);

  const invitation = await joinLink(request, resellerEmail);
  expect(invitation.path).not.toMatch(/token=/); // they can sign in already
  await page.goto(invitation.path);
  await expect(page.getByText(new RegExp(`You have been invited to join ${otherName} as Reseller`))).toBeVisible();
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${other.publicId}/`));
  await page.goto('/dashboard/accounts');
  await expect(page.getByRole('row', { name: new RegExp(otherName) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(business) })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('row', { name: /Demo/ })).toHaveCount(0);

  // The account switcher offers the same: the joined accounts, not Demo.
  await page.getByRole('button', { name: /Switch account/ }).click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: business })).toHaveCount(1);
  await expect(options.filter({ hasText: otherName })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Demo' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // And the API behind it: GET /api/account answers only the joined account.
  const token = await idToken(request, resellerEmail, 'Reseller-pass-1');
  const accounts = (await (await request.get('/api/account?size=100', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    records: { businessName: string }[];
  };
  expect(accounts.records.map((a) => a.businessName).sort()).toEqual([business, otherName].sort());
  await logOut(page, resellerEmail);
});
