/**
 * E2E replay of the sign-in chart's model-based paths (issue 14 "Paths": "The Playwright suite
 * replays the generated paths of the login/MFA … machines in Chromium against the real server,
 * each path a named test"; spec 000 §4 login sequence, §2 password screens). The paths are
 * `npm run paths -- session` (tour strategy), selected by e2e/replay/session.selection.ts; each
 * selected path is one test titled `<path title> [<path id>]`.
 *
 * The driver keys on event names and on the last segment of each state label, so it drives the
 * session chart today and a `signIn` child flow after the sign-in steps move there.
 *
 * How each event is produced in the browser, against the real server of e2e/server.mjs and its
 * identity provider (/idp):
 *   - `xstate.done.actor.loadSession`: opening the app, with a stored session (signed in through
 *     the form during set-up) when the output is a person, without one when it is null;
 *   - `session.signIn`: the login form. Who signs in is chosen by looking at the next step, the
 *     identity provider's answer: `signedIn` → the event's own credentials (a demo user);
 *     `newPasswordRequired` → a new user with the temporary password of their e-mail;
 *     `totpRequired` → a new user with an authenticator (set up through the identity provider's
 *     API); `totpSetup` → a new user without one, on a second server whose identity provider
 *     requires MFA (IDP_MFA=required); `xstate.error.actor.signIn` → a wrong password;
 *   - `session.submitNewPassword`: the new-password form with the event's password;
 *   - `session.submitTotpCode`: the authentication-code field with the authenticator's real code
 *     (the next 30-second step not used yet), or a wrong code when the next step is
 *     `xstate.error.actor.confirmSignIn`;
 *   - `session.cancelSignIn`: "Back to sign in"; `session.signOut`: the user menu's "Log out";
 *   - `session.hubEvent` signedIn: a second tab of the same browser signs in (the storage event);
 *   - other done / error events: the identity provider's real answer, which the next state's
 *     assertion waits for.
 * What the page shows per state: the login form (and its red alert after a refused password), the
 * new-password form, the authentication-code step, the QR set-up step, the signed-in person's user
 * menu. Pending states (`signingIn`, `confirmingSignIn`, `checkingSession`, …) pass too quickly to
 * assert; the state after them is asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { Secret, TOTP } from 'otpauth';
import { replayPaths, selectedPaths, type ReplayArgs } from './replay/replay';
import { needsMfaRequired, sessionReplaySelection, signInAnswer, stateKey } from './replay/session.selection';
import { signInReplaySelection } from './replay/signIn.selection';
import { pathSources } from '../machines/catalog.paths';
import type { ReplayDriver } from './replay/replay';
import { DEMO_PASSWORD, expect, test } from './support';

/** Password the API gives the users it makes (their first-sign-in step is done through the API). */
const USER_PASSWORD = 'Replay-pass-42';
const TOTP_PERIOD_MS = 30_000;

/** A server under test: its origin, whether its identity provider requires MFA, its cached staff token. */
interface Server {
  base: string;
  mfaRequired: boolean;
  clientId?: string;
  superToken?: string;
}

/** A person the driver signs in as, with their authenticator when they have one. */
interface Person {
  email: string;
  password: string;
  totp?: TOTP;
  /** Last 30-second step whose code was used (the identity provider refuses a code twice). */
  lastStep?: number;
}

interface Ctx {
  page: Page;
  request: APIRequestContext;
  server: Server;
  /** Who is signing in or signed in. */
  person?: Person;
  /** People made for this path, by the answer they get at sign-in (reused when the path signs in again). */
  people: Map<string, Person>;
  /** The last step was a refusal by the identity provider: the next state shows it as an alert. */
  refused: boolean;
}

const port = Number(process.env.E2E_PORT ?? 3199);
const mainServer: Server = { base: `http://127.0.0.1:${port}`, mfaRequired: false };

const anyNeedsMfaRequired = [sessionReplaySelection, signInReplaySelection].some((selection) => selectedPaths(selection).some(needsMfaRequired));
let mfaServer: Promise<Server> | undefined;
let mfaProcess: ChildProcess | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A second real server (e2e/server.mjs) whose identity provider requires MFA: MFA_SETUP at sign-in.
 * Spawned once, by the first path of the file (it starts while the other paths run); awaited by
 * the paths that need it.
 */
function requiredMfaServer(): Promise<Server> {
  mfaServer ??= (async () => {
    const mfaPort = await freePort();
    mfaProcess = spawn(process.execPath, ['e2e/server.mjs'], { env: { ...process.env, PORT: String(mfaPort), IDP_MFA: 'required' }, stdio: 'ignore' });
    const base = `http://127.0.0.1:${mfaPort}`;
    const until = Date.now() + 150_000;
    for (;;) {
      const ok = await fetch(`${base}/api/config`).then((r) => r.ok, () => false);
      if (ok) return { base, mfaRequired: true };
      if (Date.now() > until || mfaProcess.exitCode !== null) throw new Error(`the IDP_MFA=required server on ${base} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return mfaServer;
}

test.afterAll(() => {
  mfaProcess?.kill('SIGTERM');
});

/** One Cognito JSON call to the identity provider of `server`. */
async function idp(request: APIRequestContext, server: Server, operation: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  server.clientId ??= ((await (await request.get(`${server.base}/api/config`)).json()) as { userPoolClientId: string }).userPoolClientId;
  const res = await request.post(`${server.base}/idp`, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    data: JSON.stringify({ ClientId: server.clientId, ...body }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok()) throw new Error(`${operation}: ${JSON.stringify(json)}`);
  return json;
}

/** The current 30-second TOTP step. */
const currentStep = () => Math.floor(Date.now() / TOTP_PERIOD_MS);

/** A code of `person`'s authenticator the identity provider has not seen yet (waits for the next step when both in the window are used). */
async function nextCode(person: Person): Promise<string> {
  const step = Math.max(currentStep(), (person.lastStep ?? -1) + 1);
  const wait = (step - 1) * TOTP_PERIOD_MS + 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  person.lastStep = step;
  return person.totp!.generate({ timestamp: step * TOTP_PERIOD_MS });
}

/** Six digits that are none of the codes the identity provider accepts now. */
function wrongCode(person: Person): string {
  const valid = [-1, 0, 1].map((d) => person.totp!.generate({ timestamp: Date.now() + d * TOTP_PERIOD_MS }));
  return ['000000', '111111', '222222'].find((c) => !valid.includes(c))!;
}

/** A staff ID token of `server` (on the MFA-required server, superadmin first sets up an authenticator through the API). */
async function superToken(request: APIRequestContext, server: Server): Promise<string> {
  if (server.superToken) return server.superToken;
  const first = await idp(request, server, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: 'superadmin@example.com', PASSWORD: DEMO_PASSWORD },
  });
  let result = first.AuthenticationResult as { IdToken: string } | undefined;
  if (!result) {
    expect(first.ChallengeName).toBe('MFA_SETUP');
    const associated = await idp(request, server, 'AssociateSoftwareToken', { Session: first.Session });
    const totp = new TOTP({ secret: Secret.fromBase32(String(associated.SecretCode)), digits: 6, period: 30, algorithm: 'SHA1' });
    const verified = await idp(request, server, 'VerifySoftwareToken', { Session: associated.Session, UserCode: totp.generate() });
    const done = await idp(request, server, 'RespondToAuthChallenge', {
      ChallengeName: 'MFA_SETUP',
      Session: verified.Session,
      ChallengeResponses: { USERNAME: 'superadmin@example.com' },
    });
    result = done.AuthenticationResult as { IdToken: string };
  }
  server.superToken = result.IdToken;
  return server.superToken;
}

let made = 0;

/**
 * A new person on `server` (a reseller made by superadmin, named so they land on their dashboard):
 * `temporary` keeps the temporary password of their e-mail (NEW_PASSWORD_REQUIRED at sign-in);
 * `password` has chosen USER_PASSWORD through the API; `totp` also has an authenticator.
 */
async function makePerson(request: APIRequestContext, server: Server, kind: 'temporary' | 'password' | 'totp'): Promise<Person> {
  const email = `replay-${kind}-${Date.now()}-${++made}@example.com`;
  const headers = { authorization: `Bearer ${await superToken(request, server)}` };
  const created = await request.post(`${server.base}/api/user/resellers`, { headers, data: { email } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const named = await request.patch(`${server.base}/api/user/${id}`, { headers, data: { firstName: 'Replay', lastName: 'Tester' } });
  expect(named.ok(), await named.text()).toBe(true);
  let temporary: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`${server.base}/api/admin/outbox?size=100`, { headers });
      const { records } = (await res.json()) as { records: { to: string; text: string }[] };
      temporary = records.filter((r) => r.to === email).map((r) => /Temporary password: (\S+)/.exec(r.text)?.[1]).find(Boolean);
      return temporary;
    })
    .toBeTruthy();
  if (kind === 'temporary') return { email, password: temporary! };
  const challenge = await idp(request, server, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: temporary } });
  const answered = await idp(request, server, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: USER_PASSWORD },
  });
  const person: Person = { email, password: USER_PASSWORD };
  if (kind === 'totp') {
    const accessToken = (answered.AuthenticationResult as { AccessToken: string }).AccessToken;
    const { SecretCode } = await idp(request, server, 'AssociateSoftwareToken', { AccessToken: accessToken });
    person.totp = new TOTP({ secret: Secret.fromBase32(String(SecretCode)), digits: 6, period: 30, algorithm: 'SHA1' });
    await idp(request, server, 'VerifySoftwareToken', { AccessToken: accessToken, UserCode: await nextCode(person) });
    await idp(request, server, 'SetUserMFAPreference', { AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  }
  return person;
}

/** Who signs in for `answer` (the identity provider's next answer); made once per path and answer. */
async function personFor(ctx: Ctx, answer: string, credentials: { email: string; password: string }): Promise<Person> {
  const known = ctx.people.get(answer);
  if (known) return known;
  let person: Person;
  if (answer === 'signedIn') person = { ...credentials };
  else if (answer === 'refused') person = { email: credentials.email, password: `${credentials.password}-wrong` };
  else if (answer === 'newPasswordRequired') person = await makePerson(ctx.request, ctx.server, 'temporary');
  else if (answer === 'totpRequired') person = await makePerson(ctx.request, ctx.server, 'totp');
  else person = await makePerson(ctx.request, ctx.server, 'password'); // totpSetup, on the MFA-required server
  ctx.people.set(answer, person);
  return person;
}

/** The identity provider's answer to a `session.signIn` at step `index`: read from the next step. */
function answerAfter(steps: { event: EventObject }[], index: number): string {
  const next = steps[index + 1]?.event;
  if (!next) return 'signedIn';
  if (next.type === 'xstate.error.actor.signIn') return 'refused';
  return signInAnswer(next) ?? 'signedIn';
}

async function fillLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const userMenu = (page: Page, email: string) => page.getByRole('button', { name: `User menu for ${email}` });

const sessionDriver: ReplayDriver<Ctx> = {
  selection: sessionReplaySelection,

  async setup({ page, request, path }: ReplayArgs) {
    if (anyNeedsMfaRequired) requiredMfaServer().catch(() => undefined); // starts now; awaited (and a failure reported) by the paths that need it
    if (needsMfaRequired(path)) test.info().setTimeout(test.info().timeout + 150_000);
    const server = needsMfaRequired(path) ? await requiredMfaServer() : mainServer;
    const ctx: Ctx = { page, request, server, people: new Map(), refused: false };
    const first = path.steps[0]?.event as { type: string; output?: { email?: string } | null } | undefined;
    if (first?.type === 'xstate.done.actor.loadSession' && first.output?.email) {
      // A stored session: sign in through the form once; the path starts when the app is opened again.
      ctx.person = { email: first.output.email, password: DEMO_PASSWORD };
      await page.goto(`${server.base}/login`);
      await fillLoginForm(page, ctx.person.email, ctx.person.password);
      await expect(userMenu(page, ctx.person.email)).toBeVisible();
    }
    return ctx;
  },

  async perform(ctx, step, index, { path }) {
    const { page } = ctx;
    const event = step.event as EventObject & Record<string, unknown>;
    switch (event.type) {
      case 'xstate.done.actor.loadSession':
        ctx.refused = false;
        await page.goto(`${ctx.server.base}${event.output ? '/' : '/login'}`);
        return;
      case 'session.signIn': {
        ctx.refused = false;
        const credentials = event.credentials as { email: string; password: string };
        ctx.person = await personFor(ctx, answerAfter(path.steps, index), credentials);
        await fillLoginForm(page, ctx.person.email, ctx.person.password);
        return;
      }
      case 'session.submitNewPassword': {
        ctx.refused = false;
        const password = String(event.password);
        await page.getByLabel('New password', { exact: true }).fill(password);
        await page.getByLabel('Repeat new password').fill(password);
        await page.getByRole('button', { name: 'Set password and continue' }).click();
        ctx.person!.password = password;
        return;
      }
      case 'session.submitTotpCode': {
        ctx.refused = false;
        const person = ctx.person!;
        if (!person.totp) {
          // The QR set-up step: the authenticator is the secret the page shows.
          const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
          person.totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
        }
        const refused = path.steps[index + 1]?.event.type === 'xstate.error.actor.confirmSignIn';
        await page.getByLabel('Authentication code').fill(refused ? wrongCode(person) : await nextCode(person));
        await page.getByRole('button', { name: 'Verify and sign in' }).click();
        return;
      }
      case 'session.cancelSignIn':
        ctx.refused = false;
        await page.getByRole('button', { name: 'Back to sign in' }).or(page.getByRole('link', { name: 'Back to sign in' })).click();
        return;
      case 'session.signOut':
        ctx.refused = false;
        await userMenu(page, ctx.person!.email).click();
        await page.getByRole('menuitem', { name: 'Log out' }).click();
        return;
      case 'session.hubEvent': {
        // Another tab of the same browser signs in: the shared storage tells this tab.
        expect(event.event).toBe('signedIn');
        const other = await page.context().newPage();
        await other.goto(`${ctx.server.base}/login`);
        ctx.person = { email: 'owner@example.com', password: DEMO_PASSWORD };
        await fillLoginForm(other, ctx.person.email, ctx.person.password);
        await expect(userMenu(other, ctx.person.email)).toBeVisible();
        await other.close();
        // checkingSession passes at once: this tab reads the stored session and shows the dashboard.
        await expect(userMenu(page, ctx.person.email)).toBeVisible();
        return;
      }
      default:
        // A service's done / error event: the identity provider's real answer, asserted by the next state.
        ctx.refused = event.type.startsWith('xstate.error.actor.') || signInAnswer(event) === 'refused';
    }
  },

  async expectState(ctx, state) {
    const { page } = ctx;
    const alert = page.getByRole('alert');
    switch (stateKey(state)) {
      case 'signedOut':
      case 'failed': // the sign-in flow ended refused: the login form again, with the alert
      case 'cancelled': // the person went back from a step: the login form
        await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
        await expect(page.getByLabel('Email')).toBeVisible();
        if (ctx.refused) await expect(alert).toHaveText('Incorrect e-mail address or password.');
        else await expect(alert).toHaveCount(0);
        return;
      case 'choosingNewPassword':
        await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeFocused();
        await expect(page.getByLabel('Email')).toHaveValue(ctx.person!.email);
        return;
      case 'enteringTotpCode':
        await expect(page.getByRole('heading', { name: 'Enter authentication code' })).toBeVisible();
        await expect(page.getByTestId('totp-secret')).toHaveCount(0);
        if (ctx.refused) await expect(alert).not.toBeEmpty();
        else await expect(alert).toHaveCount(0);
        return;
      case 'settingUpTotp':
        await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
        await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
        await expect(page.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7 ]{16,}$/);
        if (ctx.refused) await expect(alert).not.toBeEmpty();
        else await expect(alert).toHaveCount(0);
        return;
      case 'signedIn':
        await expect(userMenu(page, ctx.person!.email)).toBeVisible();
        await expect(page).not.toHaveURL(/\/(login|new-password)/);
        return;
      default:
        // checkingSession, signingIn, confirmingSignIn, signingOut, refreshing: pending, asserted through the next state.
        return;
    }
  },
};

replayPaths<Ctx>(sessionDriver);

/**
 * The sign-in flow's own paths (`signIn`, the session's child). A path starts in `signingIn` with the
 * credentials of its input: the set-up submits the login form as the person whom the identity
 * provider answers as the first step says; the rest is the session driver's.
 */
replayPaths<Ctx>({
  ...sessionDriver,
  selection: signInReplaySelection,
  async setup(args: ReplayArgs) {
    const ctx = await sessionDriver.setup(args);
    const credentials = pathSources.signIn!().inputs[args.path.inputName] as { email: string; password: string };
    await args.page.goto(`${ctx.server.base}/login`);
    ctx.person = await personFor(ctx, answerAfter(args.path.steps, -1), credentials);
    await fillLoginForm(args.page, ctx.person.email, ctx.person.password);
    return ctx;
  },
});
