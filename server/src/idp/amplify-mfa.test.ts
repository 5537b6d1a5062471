/**
 * The real aws-amplify v6 client against the local identity provider for issue 3's flows (on
 * PGlite and PostgreSQL): setUpTOTP + verifyTOTPSetup + updateMFAPreference, signIn →
 * CONFIRM_SIGN_IN_WITH_TOTP_CODE → confirmSignIn, the MFA_SETUP sign-in step
 * (CONTINUE_SIGN_IN_WITH_TOTP_SETUP), resetPassword + confirmResetPassword with the code read from
 * the e-mail outbox, and the SRP sign-in lockout.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { and, desc, eq } from 'drizzle-orm';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { Hono } from 'hono';
import { createTestContext, type TestContext } from '../../test/harness';
import { DEMO_PASSWORD } from '../db/seed';
import { emailOutbox, users } from '../db/schema';
import { createIdp } from './index';
import { TOTP_PERIOD, totpCode } from './totp';

let ctx: TestContext;
const servers: ServerType[] = [];

/** Serves `app` on a free loopback port; returns its base URL. */
async function listen(app: Pick<Hono, 'fetch'>): Promise<string> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Points amplify at a user-pool endpoint, with an in-memory token store. */
function configure(endpoint: string, env: TestContext['env']): void {
  Amplify.configure({ Auth: { Cognito: { userPoolId: env.userPoolId, userPoolClientId: env.userPoolClientId, userPoolEndpoint: endpoint } } });
  const store = new Map<string, string>();
  cognitoUserPoolsTokenProvider.setKeyValueStorage({
    setItem: async (k, v) => void store.set(k, v),
    getItem: async (k) => store.get(k) ?? null,
    removeItem: async (k) => void store.delete(k),
    clear: async () => store.clear(),
  });
}

const errorName = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => ({ name: (e as Error).name, message: (e as Error).message }),
  );

const userRow = async (email: string) => (await ctx.deps.db.select().from(users).where(eq(users.email, email)))[0]!;

/** A code the server accepts next: the step after the last one used (inside the ±1 window). */
async function nextCode(email: string, secret: string): Promise<string> {
  const last = (await userRow(email)).totpLastStep;
  const step = last === null ? Math.floor(Date.now() / 1000 / TOTP_PERIOD) : last + 1;
  return totpCode(secret, step * TOTP_PERIOD * 1000 + 1000);
}

beforeAll(async () => {
  ctx = await createTestContext();
  configure(`${await listen(ctx.app)}/idp`, ctx.env);
});
afterAll(async () => {
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
  await ctx?.close();
});

describe('aws-amplify TOTP', () => {
  it('setUpTOTP + verifyTOTPSetup + updateMFAPreference, then signIn asks for the code and confirmSignIn completes it', async () => {
    expect((await signIn({ username: 'editor@example.com', password: DEMO_PASSWORD })).isSignedIn).toBe(true);
    const setup = await setUpTOTP();
    const secret = setup.sharedSecret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.getSetupUri('Vidbot').toString()).toContain(`secret=${secret}`);
    expect(await errorName(verifyTOTPSetup({ code: '000000' === totpCode(secret, Date.now()) ? '111111' : '000000' }))).toMatchObject({ name: 'CodeMismatchException' });
    await verifyTOTPSetup({ code: await nextCode('editor@example.com', secret), options: { friendlyDeviceName: 'Test phone' } });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['TOTP'], preferred: 'TOTP' });
    expect(await userRow('editor@example.com')).toMatchObject({ multifactor: true, totpEnabled: true, totpDeviceName: 'Test phone' });
    await signOut();

    const first = await signIn({ username: 'editor@example.com', password: DEMO_PASSWORD });
    expect(first.isSignedIn).toBe(false);
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const good = await nextCode('editor@example.com', secret);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    expect(await errorName(confirmSignIn({ challengeResponse: wrong }))).toEqual({ name: 'CodeMismatchException', message: 'Invalid code received for user' });
    const done = await confirmSignIn({ challengeResponse: good });
    expect(done.isSignedIn).toBe(true);
    const session = await fetchAuthSession();
    expect((await ctx.deps.idp.verifyIdToken(session.tokens!.idToken!.toString())).email).toBe('editor@example.com');
    await signOut();

    // The same code cannot sign in again (the next step's code is shown to work in mfa.test.ts, with a clock).
    const second = await signIn({ username: 'editor@example.com', password: DEMO_PASSWORD });
    expect(second.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect(await errorName(confirmSignIn({ challengeResponse: good }))).toEqual({ name: 'CodeMismatchException', message: 'Invalid code received for user' });
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('sets up TOTP inside the sign-in when the pool requires MFA (CONTINUE_SIGN_IN_WITH_TOTP_SETUP)', async () => {
    const required = await createTestContext({ IDP_MFA: 'required' });
    try {
      configure(`${await listen(required.app)}/idp`, required.env);
      const first = await signIn({ username: 'viewer@example.com', password: DEMO_PASSWORD });
      expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
      if (first.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') throw new Error('unreachable');
      const secret = first.nextStep.totpSetupDetails.sharedSecret;
      const done = await confirmSignIn({ challengeResponse: totpCode(secret, Date.now()) });
      expect(done.isSignedIn).toBe(true);
      const [viewer] = await required.deps.db.select().from(users).where(eq(users.email, 'viewer@example.com'));
      expect(viewer).toMatchObject({ totpEnabled: true, multifactor: true });
      await signOut();
    } finally {
      configure(`${await listen(ctx.app)}/idp`, ctx.env);
      await required.close();
    }
  });
});

describe('aws-amplify resetPassword', () => {
  it('resetPassword mails a code that confirmResetPassword redeems once', async () => {
    const started = await resetPassword({ username: 'admin@example.com' });
    expect(started.nextStep).toMatchObject({
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***', attributeName: 'email' },
    });
    const unknown = await resetPassword({ username: 'alice@example.com' });
    expect(unknown.nextStep).toEqual(started.nextStep);

    const [mail] = await ctx.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'admin@example.com'), eq(emailOutbox.kind, 'forgot-password')))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    expect(await errorName(confirmResetPassword({ username: 'admin@example.com', confirmationCode: code, newPassword: 'short' }))).toMatchObject({
      name: 'InvalidPasswordException',
    });
    await confirmResetPassword({ username: 'admin@example.com', confirmationCode: code, newPassword: 'Reset-by-amplify-1' });
    expect(await errorName(confirmResetPassword({ username: 'admin@example.com', confirmationCode: code, newPassword: 'Reset-by-amplify-2' }))).toMatchObject({
      name: 'ExpiredCodeException',
    });
    expect((await signIn({ username: 'admin@example.com', password: 'Reset-by-amplify-1' })).isSignedIn).toBe(true);
    await signOut();
  });
});

describe('aws-amplify SRP sign-in lockout', () => {
  it('answers "Password attempts exceeded" after 5 wrong passwords, even for the right one', async () => {
    // A provider whose clock stands still, so the 1-second wait cannot pass during the test.
    const frozen = Date.now();
    const stillIdp = await createIdp({ db: ctx.deps.db, env: ctx.env, now: () => frozen });
    configure(`${await listen(stillIdp.routes)}/`, ctx.env);
    try {
      for (let i = 0; i < 5; i++) {
        expect(await errorName(signIn({ username: 'owner@example.com', password: 'Wrong-pass-9' }))).toEqual({
          name: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        });
      }
      expect(await errorName(signIn({ username: 'owner@example.com', password: DEMO_PASSWORD }))).toEqual({
        name: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
    } finally {
      configure(`${await listen(ctx.app)}/idp`, ctx.env);
    }
  });
});
