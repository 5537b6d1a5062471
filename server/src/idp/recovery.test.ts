/**
 * Issue 3's identity-provider rules over the Cognito protocol, on PGlite and PostgreSQL, with an
 * injected clock: system-created users and their temporary password (7 days), ForgotPassword /
 * ConfirmForgotPassword (no enumeration; wrong, expired, reused and retired codes), ChangePassword
 * ending the user's other sign-ins, the sign-in lockout, and the per-IP rate limit.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { and, desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness';
import { DEMO_PASSWORD } from '../db/seed';
import { emailOutbox, idpPasswordResetCodes, idpRefreshTokens, users } from '../db/schema';
import type { Env } from '../env';
import { HttpError } from '../lib/errors';
import { createIdp, type IdpService } from './index';
import { LOCKOUT_MAX_MS, lockoutDelayMs } from './lockout';
import { TEMP_PASSWORD_TTL_MS } from './users';

interface Answer {
  status: number;
  errorType: string | null;
  json: Record<string, unknown>;
  headers: Headers;
}
interface AuthResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
}

let ctx: TestContext;
let clock = Date.now();
let idp: IdpService;

/** One Cognito call against `service` (default: the clock-driven provider). */
async function cognito(op: string, body: unknown, opts: { service?: IdpService; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await (opts.service ?? idp).routes.request('/', {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}`, ...(opts.headers ?? {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, errorType: res.headers.get('x-amzn-errortype'), json: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

const passwordAuth = (USERNAME: string, PASSWORD: string) =>
  cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME, PASSWORD } });

async function signedIn(username: string, password = DEMO_PASSWORD): Promise<AuthResult> {
  const r = await passwordAuth(username, password);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.AuthenticationResult as AuthResult;
}

const refreshWith = (token: string) => cognito('GetTokensFromRefreshToken', { ClientId: ctx.env.userPoolClientId, RefreshToken: token });

beforeAll(async () => {
  ctx = await createTestContext();
  idp = await createIdp({ db: ctx.deps.db, env: ctx.env, now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  // Every test starts an hour after the last one: lockout counters and codes of earlier tests are stale.
  clock += 60 * 60 * 1000;
});

describe('createSystemUser and the temporary password', () => {
  it('creates a FORCE_CHANGE_PASSWORD user whose temporary password expires after 7 days', async () => {
    const created = await idp.createSystemUser({ email: '  New.Owner@Example.com ', firstName: 'Nina', lastName: 'New', temporaryPassword: 'Temp-pass-11' });
    expect(created.temporaryPassword).toBe('Temp-pass-11');
    expect(created.user).toMatchObject({ email: 'new.owner@example.com', firstName: 'Nina', lastName: 'New', idpStatus: 'FORCE_CHANGE_PASSWORD' });
    expect(created.user.tempPasswordExpiresAt!.getTime()).toBe(clock + TEMP_PASSWORD_TTL_MS);
    expect(TEMP_PASSWORD_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);

    const start = clock;
    clock = start + TEMP_PASSWORD_TTL_MS - 60_000;
    const inTime = await passwordAuth('new.owner@example.com', 'Temp-pass-11');
    expect(inTime.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    clock = start + TEMP_PASSWORD_TTL_MS + 1;
    const late = await passwordAuth('new.owner@example.com', 'Temp-pass-11');
    expect(late).toMatchObject({
      status: 400,
      errorType: 'NotAuthorizedException',
      json: { __type: 'NotAuthorizedException', message: 'Temporary password has expired and must be reset by an administrator.' },
    });
  });

  it('generates a temporary password that meets the policy, and refuses a weak one and a taken e-mail', async () => {
    const created = await idp.createSystemUser({ email: 'generated@example.com' });
    expect(created.temporaryPassword).toMatch(/^(?=.*[A-Z])(?=.*\d).{8,}$/);
    const start = await passwordAuth('generated@example.com', created.temporaryPassword);
    expect(start.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const weak = await idp.createSystemUser({ email: 'weak@example.com', temporaryPassword: 'alllowercase1' }).catch((e: unknown) => e);
    expect(weak).toBeInstanceOf(HttpError);
    expect((weak as HttpError).status).toBe(422);
    expect((weak as HttpError).errors).toEqual({ temporaryPassword: 'Password does not conform to policy: Password must have uppercase characters' });
    const taken = await idp.createSystemUser({ email: 'OWNER@example.com' }).catch((e: unknown) => e);
    expect((taken as HttpError).status).toBe(409);
    expect(await ctx.deps.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toEqual([]);
  });
});

describe('ForgotPassword and ConfirmForgotPassword', () => {
  const forgot = (Username: string) => cognito('ForgotPassword', { ClientId: ctx.env.userPoolClientId, Username });
  const confirm = (Username: string, ConfirmationCode: string, Password: string) =>
    cognito('ConfirmForgotPassword', { ClientId: ctx.env.userPoolClientId, Username, ConfirmationCode, Password });
  /** The code in the newest forgot-password e-mail to `to`. */
  const latestCode = async (to: string): Promise<string> => {
    const [mail] = await ctx.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'forgot-password')))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no reset code mailed to ${to}`);
    return code;
  };
  const mailCount = async (to: string) => (await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).length;

  it('answers a known and an unknown user identically and mails a code only to the known one', async () => {
    const known = await forgot('owner@example.com');
    const unknown = await forgot('olga@example.com');
    expect(known.status).toBe(200);
    expect(known.json).toEqual({ CodeDeliveryDetails: { Destination: 'o***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    expect({ ...unknown, headers: null }).toEqual({ ...known, headers: null });
    expect(await mailCount('olga@example.com')).toBe(0);
    expect(await latestCode('owner@example.com')).toMatch(/^\d{6}$/);
    // A username (not an e-mail) that matches nobody gets the same shape with a stable decoy.
    const byId = await forgot('no-such-username');
    expect(byId.status).toBe(200);
    expect((byId.json.CodeDeliveryDetails as { Destination: string }).Destination).toMatch(/^.\*\*\*@.\*\*\*$/);
    expect((await forgot('no-such-username')).json).toEqual(byId.json);
  });

  it('stores only a hash of the code; a wrong code, a weak password and an unknown user are refused; the code works once', async () => {
    await forgot('admin@example.com');
    const code = await latestCode('admin@example.com');
    const rows = await ctx.deps.db.select().from(idpPasswordResetCodes);
    expect(JSON.stringify(rows)).not.toContain(code);
    const refresh = (await signedIn('admin@example.com')).RefreshToken!;

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await confirm('admin@example.com', wrong, 'Reset-pass-1')).json).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    expect((await confirm('admin@example.com', code, 'weakpass')).json).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password must have numeric characters',
    });
    expect((await confirm('nobody@example.com', code, 'Reset-pass-1')).errorType).toBe('CodeMismatchException');

    const ok = await confirm('admin@example.com', code, 'Reset-pass-1');
    expect(ok).toMatchObject({ status: 200, json: {} });
    expect((await passwordAuth('admin@example.com', DEMO_PASSWORD)).errorType).toBe('NotAuthorizedException');
    await signedIn('admin@example.com', 'Reset-pass-1');
    // A reset ends the earlier sign-ins.
    expect((await refreshWith(refresh)).errorType).toBe('NotAuthorizedException');

    const reused = await confirm('admin@example.com', code, 'Reset-pass-2');
    expect(reused.json).toEqual({ __type: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' });
    await signedIn('admin@example.com', 'Reset-pass-1');
  });

  it('refuses a code after 1 hour, a code replaced by a newer one, and a code after 5 wrong tries', async () => {
    await forgot('editor@example.com');
    const expiring = await latestCode('editor@example.com');
    clock += 60 * 60 * 1000 + 1;
    expect((await confirm('editor@example.com', expiring, 'Reset-pass-3')).errorType).toBe('ExpiredCodeException');

    await forgot('editor@example.com');
    const first = await latestCode('editor@example.com');
    await forgot('editor@example.com');
    const second = await latestCode('editor@example.com');
    if (first !== second) expect((await confirm('editor@example.com', first, 'Reset-pass-3')).errorType).toBe('ExpiredCodeException');

    const wrong = second === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm('editor@example.com', wrong, 'Reset-pass-3')).errorType).toBe('CodeMismatchException');
    expect((await confirm('editor@example.com', second, 'Reset-pass-3')).errorType).toBe('ExpiredCodeException');

    await forgot('editor@example.com');
    expect((await confirm('editor@example.com', await latestCode('editor@example.com'), 'Reset-pass-3')).status).toBe(200);
    await signedIn('editor@example.com', 'Reset-pass-3');
  });

  it('mails no code to an SSO-only (external) user, answering the same', async () => {
    const { user } = await idp.createSystemUser({ email: 'sso-only@example.com' });
    await ctx.deps.db.update(users).set({ external: true }).where(eq(users.id, user.id));
    const answer = await forgot('sso-only@example.com');
    expect(answer.json).toEqual({ CodeDeliveryDetails: { Destination: 's***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    expect(await mailCount('sso-only@example.com')).toBe(0);
  });

  it('mails at most 5 codes per user an hour, answering the same after that', async () => {
    const before = await mailCount('viewer@example.com');
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await forgot('viewer@example.com')).json);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await mailCount('viewer@example.com')) - before).toBe(5);
  });
});

describe('ChangePassword', () => {
  it('ends the user\'s other sign-ins and keeps the one that changed the password', async () => {
    const here = await signedIn('superadmin@example.com');
    const elsewhere = await signedIn('superadmin@example.com');
    const changed = await cognito('ChangePassword', { AccessToken: here.AccessToken, PreviousPassword: DEMO_PASSWORD, ProposedPassword: 'Changed-pass-4' });
    expect(changed.status).toBe(200);
    expect((await refreshWith(elsewhere.RefreshToken!)).json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    expect((await cognito('GetUser', { AccessToken: elsewhere.AccessToken })).errorType).toBe('NotAuthorizedException');
    expect((await refreshWith(here.RefreshToken!)).status).toBe(200);
    expect((await cognito('GetUser', { AccessToken: here.AccessToken })).status).toBe(200);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, 'superadmin@example.com'));
    const live = (await ctx.deps.db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.userId, row!.id))).filter((r) => !r.revokedAt);
    expect(live).toHaveLength(1);
    // The policy applies here too.
    const weak = await cognito('ChangePassword', { AccessToken: here.AccessToken, PreviousPassword: 'Changed-pass-4', ProposedPassword: 'NoDigitsHere' });
    expect(weak.json).toEqual({ __type: 'InvalidPasswordException', message: 'Password does not conform to policy: Password must have numeric characters' });
  });
});

describe('lockout after failed sign-ins', () => {
  const exceeded = { status: 400, errorType: 'NotAuthorizedException', json: { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' } };
  const incorrect = { status: 400, errorType: 'NotAuthorizedException', json: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } };
  const strip = (a: Answer) => ({ status: a.status, errorType: a.errorType, json: a.json });

  it('doubles the wait from 1 s after 5 failures, up to 15 minutes', () => {
    expect([4, 5, 6, 7, 8].map(lockoutDelayMs)).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(lockoutDelayMs(40)).toBe(LOCKOUT_MAX_MS);
    expect(LOCKOUT_MAX_MS).toBe(15 * 60 * 1000);
  });

  it('refuses even the right password while locked, and a completed sign-in resets the count', async () => {
    const created = await idp.createSystemUser({ email: 'locked@example.com', temporaryPassword: 'Temp-pass-12' });
    for (let i = 0; i < 5; i++) expect(strip(await passwordAuth('locked@example.com', 'Wrong-pass-1'))).toEqual(incorrect);
    expect(strip(await passwordAuth('locked@example.com', 'Temp-pass-12'))).toEqual(exceeded);
    clock += 1000;
    expect(strip(await passwordAuth('locked@example.com', 'Wrong-pass-1'))).toEqual(incorrect);
    expect(strip(await passwordAuth('locked@example.com', 'Temp-pass-12'))).toEqual(exceeded);
    clock += 1999;
    expect(strip(await passwordAuth('locked@example.com', 'Temp-pass-12'))).toEqual(exceeded);
    clock += 1;
    // The right password gets through (NEW_PASSWORD_REQUIRED), and finishing sign-in clears the count.
    const start = await passwordAuth('locked@example.com', 'Temp-pass-12');
    expect(start.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await cognito('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: ctx.env.userPoolClientId,
      Session: start.json.Session,
      ChallengeResponses: { USERNAME: created.user.username, NEW_PASSWORD: 'Own-pass-13' },
    });
    expect(done.status).toBe(200);
    for (let i = 0; i < 4; i++) expect(strip(await passwordAuth('locked@example.com', 'Wrong-pass-1'))).toEqual(incorrect);
    await signedIn('locked@example.com', 'Own-pass-13');
  });

  it('forgets the failures after 15 quiet minutes', async () => {
    await idp.createSystemUser({ email: 'quiet@example.com', temporaryPassword: 'Temp-pass-14' });
    for (let i = 0; i < 4; i++) await passwordAuth('quiet@example.com', 'Wrong-pass-1');
    clock += 15 * 60 * 1000 + 1;
    // Had the 4 counted, this 5th failure would lock the next attempt.
    expect(strip(await passwordAuth('quiet@example.com', 'Wrong-pass-1'))).toEqual(incorrect);
    expect((await passwordAuth('quiet@example.com', 'Temp-pass-14')).json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('locks a login that matches no user the same way (no enumeration)', async () => {
    for (let i = 0; i < 5; i++) expect(strip(await passwordAuth('ghost@example.com', 'Wrong-pass-1'))).toEqual(incorrect);
    expect(strip(await passwordAuth('ghost@example.com', 'Wrong-pass-1'))).toEqual(exceeded);
    clock += 1000;
    expect(strip(await passwordAuth('ghost@example.com', 'Wrong-pass-1'))).toEqual(incorrect);
  });
});

describe('rate limit on /idp per client IP', () => {
  const limited = async (patch: Partial<Env>) => createIdp({ db: ctx.deps.db, env: { ...ctx.env, ...patch }, now: () => clock });
  const unknownOp = (service: IdpService, ip?: string) =>
    cognito('NoSuchOperation', {}, { service, headers: ip ? { 'x-forwarded-for': `${ip}, 10.0.0.1` } : {} });

  it('answers 429 TooManyRequestsException when an IP\'s bucket is empty, refills over time, and keeps IPs apart', async () => {
    const service = await limited({ idpRateLimitBurst: 3, idpRateLimitPerSecond: 1, trustProxy: true });
    for (let i = 0; i < 3; i++) expect((await unknownOp(service, '203.0.113.7')).status).toBe(400);
    const refused = await unknownOp(service, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.errorType).toBe('TooManyRequestsException');
    expect(refused.json).toEqual({ __type: 'TooManyRequestsException', message: 'Too many requests.' });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await unknownOp(service, '198.51.100.2')).status).toBe(400);
    clock += 1000;
    expect((await unknownOp(service, '203.0.113.7')).status).toBe(400);
    expect((await unknownOp(service, '203.0.113.7')).status).toBe(429);
    // The JWKS is not limited.
    const jwks = await service.routes.request(`/${ctx.env.userPoolId}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
  });

  it('keys on the socket address (X-Forwarded-For ignored unless TRUST_PROXY), and a burst of 0 turns the limit off', async () => {
    const service = await limited({ idpRateLimitBurst: 2, idpRateLimitPerSecond: 1, trustProxy: false });
    const server = serve({ fetch: service.routes.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const post = async (xff: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.NoSuchOperation', 'x-forwarded-for': xff },
          body: '{}',
        });
      expect((await post('192.0.2.1')).status).toBe(400);
      expect((await post('192.0.2.2')).status).toBe(400);
      const refused = await post('192.0.2.3');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-amzn-errortype')).toBe('TooManyRequestsException');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const off = await limited({ idpRateLimitBurst: 0, trustProxy: true });
    for (let i = 0; i < 5; i++) expect((await unknownOp(off, '203.0.113.9')).status).toBe(400);
    // In-process calls without an address are not limited.
    const inProcess = await limited({ idpRateLimitBurst: 1, idpRateLimitPerSecond: 1, trustProxy: false });
    for (let i = 0; i < 3; i++) expect((await unknownOp(inProcess)).status).toBe(400);
  });
});
