/**
 * TOTP multi-factor authentication of the local identity provider (issue 3; spec 000 §2 MFA setup,
 * §4 software-token step), on PGlite and PostgreSQL: AssociateSoftwareToken, VerifySoftwareToken,
 * SetUserMFAPreference, GetUser's MFA settings, the SOFTWARE_TOKEN_MFA and MFA_SETUP challenges
 * (with an injected clock), and the refusals: wrong code, replayed code, unverified token, spent
 * session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness';
import { DEMO_PASSWORD } from '../db/seed';
import { users } from '../db/schema';
import { createIdp, type IdpService } from './index';
import { TOTP_PERIOD, createSecretBox, matchTotpStep, newTotpSecret, totpCode } from './totp';
import { loadIdpSecret } from './keys';

interface Answer {
  status: number;
  errorType: string | null;
  json: Record<string, unknown>;
}
interface AuthResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
}

let ctx: TestContext;
let clock = Date.now();
let idp: IdpService;
let mfaRequiredIdp: IdpService;

async function cognito(op: string, body: unknown, service: IdpService = idp): Promise<Answer> {
  const res = await service.routes.request('/', {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, errorType: res.headers.get('x-amzn-errortype'), json: (await res.json()) as Record<string, unknown> };
}
const passwordAuth = (USERNAME: string, PASSWORD = DEMO_PASSWORD, service: IdpService = idp) =>
  cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME, PASSWORD } }, service);
const respond = (ChallengeName: string, Session: unknown, ChallengeResponses: Record<string, string>, service: IdpService = idp) =>
  cognito('RespondToAuthChallenge', { ChallengeName, ClientId: ctx.env.userPoolClientId, Session, ChallengeResponses }, service);
const userRow = async (email: string) => (await ctx.deps.db.select().from(users).where(eq(users.email, email)))[0]!;
/** A code that differs from `code` (a wrong answer). */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  ctx = await createTestContext();
  idp = await createIdp({ db: ctx.deps.db, env: ctx.env, now: () => clock });
  mfaRequiredIdp = await createIdp({ db: ctx.deps.db, env: { ...ctx.env, idpMfa: 'required' }, now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  // Each test starts in a fresh hour (and at the start of a TOTP period).
  clock = (Math.floor(clock / 3_600_000) + 1) * 3_600_000;
});

describe('TOTP helpers', () => {
  it('accepts the current step ±1 only and seals secrets so only our key opens them', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const t = 1_700_000_010_000;
    const step = Math.floor(t / 1000 / TOTP_PERIOD);
    expect(matchTotpStep(secret, totpCode(secret, t), t)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, t - 30_000), t)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, t + 30_000), t)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, t + 60_000), t)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', t)).toBeNull();

    const box = createSecretBox(await loadIdpSecret(ctx.deps.db));
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed)).toBe(secret);
    expect(createSecretBox(new Uint8Array(32)).open(sealed)).toBeNull();
    expect(box.open(`${sealed.slice(0, -2)}AA`)).toBeNull();
  });
});

describe('setting up TOTP with an access token', () => {
  it('associates, refuses a wrong code, verifies, and only then lets SetUserMFAPreference enable it', async () => {
    const tokens = (await passwordAuth('editor@example.com')).json.AuthenticationResult as AuthResult;
    const AccessToken = tokens.AccessToken;

    expect((await cognito('VerifySoftwareToken', { AccessToken, UserCode: '123456' })).errorType).toBe('EnableSoftwareTokenMFAException');
    const early = await cognito('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
    expect(early.json).toEqual({ __type: 'InvalidParameterException', message: 'User has not verified software token mfa' });

    const assoc = await cognito('AssociateSoftwareToken', { AccessToken });
    expect(assoc.status).toBe(200);
    const secret = assoc.json.SecretCode as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(assoc.json.Session).toBeUndefined();
    const stored = await userRow('editor@example.com');
    expect(stored.totpPendingSecret).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(secret);

    const code = totpCode(secret, clock);
    expect((await cognito('VerifySoftwareToken', { AccessToken, UserCode: other(code) })).json).toEqual({ __type: 'CodeMismatchException', message: 'Code mismatch' });
    expect((await cognito('VerifySoftwareToken', { AccessToken, UserCode: code, FriendlyDeviceName: 'Phone' })).json).toEqual({ Status: 'SUCCESS' });
    const verified = await userRow('editor@example.com');
    expect(verified).toMatchObject({ totpEnabled: false, multifactor: false, totpPendingSecret: null, totpDeviceName: 'Phone' });
    expect(verified.totpSecret).toBeTruthy();

    // Verified but not enabled: sign-in needs no code yet, GetUser lists no MFA.
    expect((await passwordAuth('editor@example.com')).json.AuthenticationResult).toBeTruthy();
    expect((await cognito('GetUser', { AccessToken })).json).toMatchObject({ UserMFASettingList: [] });

    expect((await cognito('SetUserMFAPreference', { AccessToken, SMSMfaSettings: { Enabled: true } })).errorType).toBe('InvalidParameterException');
    expect((await cognito('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })).status).toBe(200);
    expect(await userRow('editor@example.com')).toMatchObject({ totpEnabled: true, multifactor: true });
    expect((await cognito('GetUser', { AccessToken })).json).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });

    // Sign-in now asks for the code.
    clock += TOTP_PERIOD * 1000;
    const start = await passwordAuth('editor@example.com');
    expect(start.json.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(start.json.AuthenticationResult).toBeUndefined();
    const username = (await userRow('editor@example.com')).username;
    const now = totpCode(secret, clock);
    expect((await respond('SOFTWARE_TOKEN_MFA', start.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: other(now) })).json).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    // A wrong code leaves the session usable; the right one completes the sign-in.
    const done = await respond('SOFTWARE_TOKEN_MFA', start.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: now });
    expect(done.status).toBe(200);
    expect((done.json.AuthenticationResult as AuthResult).IdToken).toBeTruthy();
    // The session is spent.
    clock += TOTP_PERIOD * 1000;
    const again = await respond('SOFTWARE_TOKEN_MFA', start.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret, clock) });
    expect(again.errorType).toBe('NotAuthorizedException');

    // Disabling turns the challenge and spec `multifactor` off.
    expect((await cognito('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: false } })).status).toBe(200);
    expect(await userRow('editor@example.com')).toMatchObject({ totpEnabled: false, multifactor: false });
    expect((await passwordAuth('editor@example.com')).json.AuthenticationResult).toBeTruthy();
  });
});

describe('SOFTWARE_TOKEN_MFA at sign-in', () => {
  /** Gives `email` a verified, enabled TOTP secret; returns it. */
  async function enableTotp(email: string): Promise<string> {
    const { AccessToken } = (await passwordAuth(email)).json.AuthenticationResult as AuthResult;
    const secret = (await cognito('AssociateSoftwareToken', { AccessToken })).json.SecretCode as string;
    expect((await cognito('VerifySoftwareToken', { AccessToken, UserCode: totpCode(secret, clock) })).status).toBe(200);
    expect((await cognito('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })).status).toBe(200);
    clock += TOTP_PERIOD * 1000;
    return secret;
  }

  it('refuses a code replayed inside its window, and accepts the next step\'s code', async () => {
    const secret = await enableTotp('viewer@example.com');
    const username = (await userRow('viewer@example.com')).username;
    const code = totpCode(secret, clock);
    const first = await passwordAuth('viewer@example.com');
    expect((await respond('SOFTWARE_TOKEN_MFA', first.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code })).status).toBe(200);

    const second = await passwordAuth('viewer@example.com');
    const replay = await respond('SOFTWARE_TOKEN_MFA', second.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code });
    expect(replay.errorType).toBe('CodeMismatchException');
    // Still refused later inside the ±1 window.
    clock += 20_000;
    expect((await respond('SOFTWARE_TOKEN_MFA', second.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code })).errorType).toBe('CodeMismatchException');
    // A code of an earlier step than the last used one is refused too.
    expect((await respond('SOFTWARE_TOKEN_MFA', second.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret, clock - 30_000) })).errorType).toBe('CodeMismatchException');
    clock += TOTP_PERIOD * 1000;
    expect((await respond('SOFTWARE_TOKEN_MFA', second.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret, clock) })).status).toBe(200);
  });

  it('counts wrong codes towards the lockout', async () => {
    const secret = await enableTotp('owner@example.com');
    const username = (await userRow('owner@example.com')).username;
    const start = await passwordAuth('owner@example.com');
    const wrong = other(totpCode(secret, clock));
    for (let i = 0; i < 5; i++) {
      expect((await respond('SOFTWARE_TOKEN_MFA', start.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: wrong })).errorType).toBe('CodeMismatchException');
    }
    const locked = await respond('SOFTWARE_TOKEN_MFA', start.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret, clock) });
    expect(locked.json).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    clock += 1000;
    expect((await respond('SOFTWARE_TOKEN_MFA', start.json.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret, clock) })).status).toBe(200);
  });
});

describe('MFA_SETUP when the pool requires MFA (IDP_MFA=required)', () => {
  it('sets up TOTP inside the sign-in with the Session, then issues tokens', async () => {
    const start = await passwordAuth('admin@example.com', DEMO_PASSWORD, mfaRequiredIdp);
    expect(start.json).toMatchObject({ ChallengeName: 'MFA_SETUP', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    const username = (await userRow('admin@example.com')).username;

    const tooEarly = await respond('MFA_SETUP', start.json.Session, { USERNAME: username }, mfaRequiredIdp);
    expect(tooEarly.errorType).toBe('InvalidParameterException');

    const again = await passwordAuth('admin@example.com', DEMO_PASSWORD, mfaRequiredIdp);
    const assoc = await cognito('AssociateSoftwareToken', { Session: again.json.Session }, mfaRequiredIdp);
    expect(assoc.status).toBe(200);
    const secret = assoc.json.SecretCode as string;
    expect(typeof assoc.json.Session).toBe('string');
    // The MFA_SETUP session handed to AssociateSoftwareToken is spent.
    expect((await cognito('AssociateSoftwareToken', { Session: again.json.Session }, mfaRequiredIdp)).errorType).toBe('NotAuthorizedException');

    const code = totpCode(secret, clock);
    expect((await cognito('VerifySoftwareToken', { Session: assoc.json.Session, UserCode: other(code) }, mfaRequiredIdp)).errorType).toBe('CodeMismatchException');
    const verified = await cognito('VerifySoftwareToken', { Session: assoc.json.Session, UserCode: code }, mfaRequiredIdp);
    expect(verified.json).toMatchObject({ Status: 'SUCCESS' });
    expect(await userRow('admin@example.com')).toMatchObject({ totpEnabled: true, multifactor: true });

    const done = await respond('MFA_SETUP', verified.json.Session, { USERNAME: username }, mfaRequiredIdp);
    expect(done.status).toBe(200);
    expect((done.json.AuthenticationResult as AuthResult).AccessToken).toBeTruthy();
    expect((await respond('MFA_SETUP', verified.json.Session, { USERNAME: username }, mfaRequiredIdp)).errorType).toBe('NotAuthorizedException');

    // From now on the sign-in asks for the code instead.
    const next = await passwordAuth('admin@example.com', DEMO_PASSWORD, mfaRequiredIdp);
    expect(next.json.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('refuses AssociateSoftwareToken without an access token or a valid session', async () => {
    expect((await cognito('AssociateSoftwareToken', {})).errorType).toBe('InvalidParameterException');
    expect((await cognito('AssociateSoftwareToken', { Session: 'forged' })).errorType).toBe('NotAuthorizedException');
    expect((await cognito('AssociateSoftwareToken', { AccessToken: 'not-a-token' })).errorType).toBe('NotAuthorizedException');
  });
});
