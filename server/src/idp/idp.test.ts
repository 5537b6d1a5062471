/**
 * The local identity provider (DESIGN §3–4, spec 000 §4, §7) on PGlite and PostgreSQL: the Cognito
 * JSON protocol over `app.request`, and the real aws-amplify v6 client driving USER_SRP_AUTH,
 * refresh and global sign-out against a listening server.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { SignJWT, createLocalJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, type JSONWebKeySet } from 'jose';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, fetchUserAttributes, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { createTestContext, type TestContext } from '../../test/harness';
import { DEMO_PASSWORD } from '../db/seed';
import { idpRefreshTokens, users } from '../db/schema';
import { HttpError } from '../lib/errors';
import { loadEnv } from '../env';
import { startServer } from '../server';
import { createIdp } from './index';
import { openKeyRing } from './keys';

interface CognitoAnswer {
  status: number;
  errorType: string | null;
  contentType: string | null;
  json: Record<string, unknown>;
}
interface AuthResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: string;
}

let ctx: TestContext;

async function cognito(op: string, body: unknown, url = '/idp'): Promise<CognitoAnswer> {
  const res = await ctx.call('POST', url, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` },
    body,
  });
  return {
    status: res.status,
    errorType: res.headers.get('x-amzn-errortype'),
    contentType: res.headers.get('content-type'),
    json: (await res.json()) as Record<string, unknown>,
  };
}

async function passwordAuth(username: string, password = DEMO_PASSWORD): Promise<AuthResult> {
  const r = await cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: ctx.env.userPoolClientId,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.AuthenticationResult as AuthResult;
}

const refreshWith = (token: string) =>
  cognito('GetTokensFromRefreshToken', { ClientId: ctx.env.userPoolClientId, RefreshToken: token });

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('USER_PASSWORD_AUTH', () => {
  it('signs in by e-mail (any case) and by username, with Cognito-shaped tokens', async () => {
    const result = await passwordAuth('Owner@Example.COM');
    expect(result.ExpiresIn).toBe(3600);
    expect(result.TokenType).toBe('Bearer');
    expect(result.RefreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const [owner] = await ctx.deps.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    const id = decodeJwt(result.IdToken);
    expect(id).toMatchObject({
      sub: owner!.username,
      email: 'owner@example.com',
      email_verified: true,
      'cognito:username': owner!.username,
      aud: ctx.env.userPoolClientId,
      iss: `${ctx.env.publicUrl}/idp/${ctx.env.userPoolId}`,
      token_use: 'id',
    });
    expect(id.exp! - id.iat!).toBe(3600);
    expect(typeof id.auth_time).toBe('number');

    const access = decodeJwt(result.AccessToken);
    expect(access).toMatchObject({
      sub: owner!.username,
      client_id: ctx.env.userPoolClientId,
      username: owner!.username,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
    });
    expect(access.exp! - access.iat!).toBe(3600);

    const byUsername = await passwordAuth(owner!.username);
    expect(decodeJwt(byUsername.IdToken).sub).toBe(owner!.username);
    expect((await ctx.deps.idp.verifyIdToken(byUsername.IdToken)).email).toBe('owner@example.com');
  });

  it('answers a wrong password and an unknown user identically (no user enumeration)', async () => {
    const attempt = (USERNAME: string, PASSWORD: string) =>
      cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME, PASSWORD } });
    const wrong = await attempt('owner@example.com', 'Wrong-password-1');
    const unknown = await attempt('nobody@example.com', 'Wrong-password-1');
    expect(wrong).toEqual({
      status: 400,
      errorType: 'NotAuthorizedException',
      contentType: 'application/x-amz-json-1.1',
      json: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    });
    expect(unknown).toEqual(wrong);
  });

  it('stores a salt and an SRP verifier, never the password, and refresh tokens only as SHA-256', async () => {
    const result = await passwordAuth('editor@example.com');
    const [editor] = await ctx.deps.db.select().from(users).where(eq(users.email, 'editor@example.com'));
    expect(editor!.srpSalt).toMatch(/^[0-9a-f]+$/);
    expect(editor!.srpVerifier).toMatch(/^[0-9a-f]{700,}$/);
    expect(JSON.stringify(editor)).not.toContain(DEMO_PASSWORD);
    const rows = await ctx.deps.db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.userId, editor!.id));
    const hash = createHash('sha256').update(result.RefreshToken!).digest('hex');
    expect(rows.map((r) => r.tokenHash)).toContain(hash);
    expect(JSON.stringify(rows)).not.toContain(result.RefreshToken!);
  });
});

describe('protocol errors', () => {
  it('names unknown operations, bad JSON, missing parameters and unknown clients like Cognito', async () => {
    const unknownOp = await cognito('ListUsers', {});
    expect([unknownOp.status, unknownOp.errorType]).toEqual([400, 'UnknownOperationException']);

    const badJson = await ctx.call('POST', '/idp', {
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth', 'content-type': 'application/x-amz-json-1.1' },
      body: '{not json',
    });
    expect([badJson.status, badJson.headers.get('x-amzn-errortype')]).toEqual([400, 'SerializationException']);

    const missing = await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME: 'owner@example.com' } });
    expect(missing.json).toEqual({ __type: 'InvalidParameterException', message: 'Missing required parameter PASSWORD' });

    const noFlow = await cognito('InitiateAuth', { ClientId: ctx.env.userPoolClientId });
    expect(noFlow.errorType).toBe('InvalidParameterException');

    const badFlow = await cognito('InitiateAuth', { AuthFlow: 'CUSTOM_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: {} });
    expect(badFlow.errorType).toBe('InvalidParameterException');

    const badClient = await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'other', AuthParameters: { USERNAME: 'owner@example.com', PASSWORD: DEMO_PASSWORD } });
    expect(badClient.json).toEqual({ __type: 'ResourceNotFoundException', message: 'User pool client other does not exist.' });
  });

  it('accepts POST /idp/ as well as /idp', async () => {
    const r = await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME: 'viewer@example.com', PASSWORD: DEMO_PASSWORD } }, '/idp/');
    expect(r.status).toBe(200);
    const deeper = await ctx.call('POST', '/idp/something', { headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' }, body: {} });
    expect(deeper.status).toBe(404);
  });
});

describe('USER_SRP_AUTH challenge', () => {
  const srpStart = (USERNAME: string) =>
    cognito('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME, SRP_A: 'abcdef0123456789'.repeat(48) } });

  it('gives an unknown user a decoy challenge shaped like a real one, stable per login', async () => {
    const real = await srpStart('admin@example.com');
    const decoy = await srpStart('ghost@example.com');
    const decoyAgain = await srpStart('ghost@example.com');
    expect(real.status).toBe(200);
    expect(decoy.status).toBe(200);
    expect(real.json.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(decoy.json.ChallengeName).toBe('PASSWORD_VERIFIER');
    const rp = real.json.ChallengeParameters as Record<string, string>;
    const dp = decoy.json.ChallengeParameters as Record<string, string>;
    const dp2 = decoyAgain.json.ChallengeParameters as Record<string, string>;
    expect(Object.keys(dp).sort()).toEqual(Object.keys(rp).sort());
    expect(dp.USER_ID_FOR_SRP).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(dp2.USER_ID_FOR_SRP).toBe(dp.USER_ID_FOR_SRP);
    expect(dp2.SALT).toBe(dp.SALT);
    const [admin] = await ctx.deps.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(rp.USER_ID_FOR_SRP).toBe(admin!.username);
  });

  it('refuses a forged PASSWORD_CLAIM_SECRET_BLOCK and a wrong signature with NotAuthorizedException', async () => {
    const start = await srpStart('admin@example.com');
    const p = start.json.ChallengeParameters as Record<string, string>;
    const respond = (secretBlock: string) =>
      cognito('RespondToAuthChallenge', {
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: ctx.env.userPoolClientId,
        ChallengeResponses: {
          USERNAME: p.USER_ID_FOR_SRP,
          PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
          PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32, 1).toString('base64'),
          TIMESTAMP: 'Mon Jan 5 09:05:07 UTC 2026',
        },
      });
    const forged = await respond(Buffer.from('forged').toString('base64'));
    expect(forged.errorType).toBe('NotAuthorizedException');
    const wrongSig = await respond(p.SECRET_BLOCK!);
    expect(wrongSig.json).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });
});

describe('refresh tokens', () => {
  it('refreshes with GetTokensFromRefreshToken and REFRESH_TOKEN_AUTH', async () => {
    const result = await passwordAuth('admin@example.com');
    const r = await refreshWith(result.RefreshToken!);
    expect(r.status).toBe(200);
    const fresh = (r.json.AuthenticationResult as AuthResult);
    expect((await ctx.deps.idp.verifyIdToken(fresh.IdToken)).email).toBe('admin@example.com');
    expect(decodeJwt(fresh.IdToken).auth_time).toBe(decodeJwt(result.IdToken).auth_time);

    const viaInitiate = await cognito('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: ctx.env.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: result.RefreshToken! },
    });
    expect(viaInitiate.status).toBe(200);
    expect((viaInitiate.json.AuthenticationResult as AuthResult).AccessToken).toBeTruthy();
  });

  it('RevokeToken revokes that one refresh token only', async () => {
    const a = await passwordAuth('admin@example.com');
    const b = await passwordAuth('admin@example.com');
    const revoke = await cognito('RevokeToken', { ClientId: ctx.env.userPoolClientId, Token: a.RefreshToken });
    expect([revoke.status, revoke.json]).toEqual([200, {}]);
    const refused = await refreshWith(a.RefreshToken!);
    expect([refused.status, refused.errorType]).toEqual([400, 'NotAuthorizedException']);
    expect((await refreshWith(b.RefreshToken!)).status).toBe(200);
    // Access tokens of the revoked sign-in are refused by GetUser; the other sign-in's still work.
    expect((await cognito('GetUser', { AccessToken: a.AccessToken })).json.message).toBe('Access Token has been revoked');
    expect((await cognito('GetUser', { AccessToken: b.AccessToken })).status).toBe(200);
  });

  it('GlobalSignOut revokes every refresh token of the user', async () => {
    const a = await passwordAuth('viewer@example.com');
    const b = await passwordAuth('viewer@example.com');
    const other = await passwordAuth('editor@example.com');
    const out = await cognito('GlobalSignOut', { AccessToken: a.AccessToken });
    expect([out.status, out.json]).toEqual([200, {}]);
    expect((await refreshWith(a.RefreshToken!)).errorType).toBe('NotAuthorizedException');
    expect((await refreshWith(b.RefreshToken!)).errorType).toBe('NotAuthorizedException');
    expect((await refreshWith(other.RefreshToken!)).status).toBe(200);
    expect((await cognito('GetUser', { AccessToken: b.AccessToken })).errorType).toBe('NotAuthorizedException');
  });

  it('refuses an expired, an unknown and another client\'s refresh token', async () => {
    const a = await passwordAuth('owner@example.com');
    await ctx.deps.db
      .update(idpRefreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idpRefreshTokens.tokenHash, createHash('sha256').update(a.RefreshToken!).digest('hex')));
    expect((await refreshWith(a.RefreshToken!)).json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    expect((await refreshWith('not-a-token')).errorType).toBe('NotAuthorizedException');
    const b = await passwordAuth('owner@example.com');
    const wrongClient = await cognito('GetTokensFromRefreshToken', { ClientId: 'other', RefreshToken: b.RefreshToken });
    expect(wrongClient.errorType).toBe('ResourceNotFoundException');
  });

  it('issues refresh tokens valid for 30 days', async () => {
    const a = await passwordAuth('owner@example.com');
    const [row] = await ctx.deps.db
      .select()
      .from(idpRefreshTokens)
      .where(eq(idpRefreshTokens.tokenHash, createHash('sha256').update(a.RefreshToken!).digest('hex')));
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });
});

describe('GetUser, ChangePassword and NEW_PASSWORD_REQUIRED', () => {
  it('GetUser returns the attributes for a valid access token and refuses an ID token', async () => {
    const a = await passwordAuth('editor@example.com');
    const r = await cognito('GetUser', { AccessToken: a.AccessToken });
    const [editor] = await ctx.deps.db.select().from(users).where(eq(users.email, 'editor@example.com'));
    expect(r.json).toMatchObject({
      Username: editor!.username,
      UserAttributes: [
        { Name: 'sub', Value: editor!.username },
        { Name: 'email', Value: 'editor@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Eddie' },
        { Name: 'family_name', Value: 'Editor' },
      ],
    });
    const withId = await cognito('GetUser', { AccessToken: a.IdToken });
    expect(withId.json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
  });

  it('ChangePassword checks the previous password and the policy', async () => {
    const ctx2 = await createTestContext();
    try {
      const call = async (op: string, body: unknown) => {
        const res = await ctx2.call('POST', '/idp', { headers: { 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` }, body });
        return { errorType: res.headers.get('x-amzn-errortype'), status: res.status };
      };
      const token = await ctx2.call('POST', '/idp', {
        headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx2.env.userPoolClientId, AuthParameters: { USERNAME: 'viewer@example.com', PASSWORD: DEMO_PASSWORD } },
      });
      const { AccessToken } = ((await token.json()) as { AuthenticationResult: AuthResult }).AuthenticationResult;
      expect(await call('ChangePassword', { AccessToken, PreviousPassword: 'Nope-1234', ProposedPassword: 'Brand-new-9' })).toEqual({ errorType: 'NotAuthorizedException', status: 400 });
      expect(await call('ChangePassword', { AccessToken, PreviousPassword: DEMO_PASSWORD, ProposedPassword: 'short' })).toEqual({ errorType: 'InvalidPasswordException', status: 400 });
      expect(await call('ChangePassword', { AccessToken, PreviousPassword: DEMO_PASSWORD, ProposedPassword: 'Brand-new-9' })).toEqual({ errorType: null, status: 200 });
      await expect(ctx2.signIn('viewer@example.com')).rejects.toThrow(/NotAuthorizedException/);
      expect(await ctx2.signIn('viewer@example.com', 'Brand-new-9')).toBeTruthy();
    } finally {
      await ctx2.close();
    }
  });

  it('a FORCE_CHANGE_PASSWORD user must set a new password through NEW_PASSWORD_REQUIRED', async () => {
    const temp = 'Temp-pass-1';
    const username = randomUUID();
    const creds = ctx.deps.idp.createCredentials(username, temp);
    const [row] = await ctx.deps.db
      .insert(users)
      .values({ username, email: 'invited@example.com', idpStatus: 'FORCE_CHANGE_PASSWORD', srpSalt: creds.srpSalt, srpVerifier: creds.srpVerifier })
      .returning();

    const start = await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME: 'invited@example.com', PASSWORD: temp } });
    expect(start.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(start.json.AuthenticationResult).toBeUndefined();
    const respond = (NEW_PASSWORD: string, Session: unknown) =>
      cognito('RespondToAuthChallenge', { ChallengeName: 'NEW_PASSWORD_REQUIRED', ClientId: ctx.env.userPoolClientId, Session, ChallengeResponses: { USERNAME: 'invited@example.com', NEW_PASSWORD } });
    expect((await respond('weakpassword', start.json.Session)).errorType).toBe('InvalidPasswordException');
    expect((await respond('Chosen-pass-7', 'forged-session')).errorType).toBe('NotAuthorizedException');
    // A refused password leaves the session usable.
    const done = await respond('Chosen-pass-7', start.json.Session);
    expect(done.status).toBe(200);
    expect(await ctx.deps.idp.verifyIdToken((done.json.AuthenticationResult as AuthResult).IdToken)).toMatchObject({ email: 'invited@example.com' });
    // The session is single-use, and the new password now signs in directly.
    expect((await respond('Chosen-pass-8', start.json.Session)).errorType).toBe('NotAuthorizedException');
    expect(decodeJwt(await ctx.signIn('invited@example.com', 'Chosen-pass-7')).email).toBe('invited@example.com');
    const [after] = await ctx.deps.db.select().from(users).where(eq(users.id, row!.id));
    expect(after!.idpStatus).toBe('CONFIRMED');
  });
});

describe('signing keys and verifyIdToken', () => {
  const expect401 = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(401);
  };

  it('keeps the keys in the database, not DATA_DIR: a provider of another DATA_DIR on the same database verifies earlier tokens and publishes the same JWKS', async () => {
    const token = await ctx.signIn('owner@example.com');
    expect(existsSync(path.join(ctx.env.dataDir, 'keys'))).toBe(false);
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-idp-node-'));
    try {
      const restarted = await createIdp({ db: ctx.deps.db, env: { ...ctx.env, dataDir: otherDir } });
      expect((await restarted.verifyIdToken(token)).email).toBe('owner@example.com');

      const jwksRes = await ctx.app.request(`/idp/${ctx.env.userPoolId}/.well-known/jwks.json`);
      expect(jwksRes.status).toBe(200);
      const jwks = (await jwksRes.json()) as JSONWebKeySet;
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: decodeProtectedHeader(token).kid });
      expect(jwks.keys[0]).not.toHaveProperty('d');
      const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: `${ctx.env.publicUrl}/idp/${ctx.env.userPoolId}` });
      expect(payload.token_use).toBe('id');
      const restartedJwks = (await (await restarted.routes.request(`/${ctx.env.userPoolId}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
      expect(restartedJwks).toEqual(jwks);
      expect(existsSync(path.join(otherDir, 'keys'))).toBe(false);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }

    // A provider on another database (other keys) refuses the token.
    const other = await createTestContext();
    try {
      await expect401(other.deps.idp.verifyIdToken(token));
    } finally {
      await other.close();
    }
  });

  it('a restarted server (same DATA_DIR) still accepts the ID and refresh tokens it issued before', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-idp-restart-'));
    // PGlite: the database lives under DATA_DIR too; PostgreSQL: the test database (already seeded).
    const env = loadEnv({ DATA_DIR: dataDir, PORT: '0', JOB_CONCURRENCY: '0', ...(ctx.env.databaseUrl ? { DATABASE_URL: ctx.env.databaseUrl } : {}) });
    const post = (url: string, op: string, body: unknown) =>
      fetch(`${url}/idp`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` },
        body: JSON.stringify(body),
      });
    try {
      const first = await startServer(env);
      const res = await post(first.url, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: env.userPoolClientId,
        AuthParameters: { USERNAME: 'owner@example.com', PASSWORD: DEMO_PASSWORD },
      });
      const before = ((await res.json()) as { AuthenticationResult: AuthResult }).AuthenticationResult;
      await first.close();

      const second = await startServer(env);
      try {
        expect((await second.deps.idp.verifyIdToken(before.IdToken)).email).toBe('owner@example.com');
        const refreshed = await post(second.url, 'GetTokensFromRefreshToken', { ClientId: env.userPoolClientId, RefreshToken: before.RefreshToken });
        expect(refreshed.status).toBe(200);
        const after = ((await refreshed.json()) as { AuthenticationResult: AuthResult }).AuthenticationResult;
        expect((await second.deps.idp.verifyIdToken(after.IdToken)).sub).toBe(decodeJwt(before.IdToken).sub);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses expired tokens, wrong audience, wrong issuer, access tokens and tokens signed by another key', async () => {
    const result = await passwordAuth('owner@example.com');
    const later = await createIdp({ db: ctx.deps.db, env: ctx.env, now: () => Date.now() + 61 * 60 * 1000 });
    await expect401(later.verifyIdToken(result.IdToken));
    await expect401(ctx.deps.idp.verifyIdToken(result.AccessToken));
    await expect401(ctx.deps.idp.verifyIdToken('garbage'));

    const keys = await (await openKeyRing({ db: ctx.deps.db, refreshMs: ctx.env.scale.idpKeyRefreshMs })).signingKey();
    const claims = decodeJwt(result.IdToken);
    const signWith = (key: typeof keys.privateKey, patch: Record<string, unknown>) =>
      new SignJWT({ ...claims, ...patch }).setProtectedHeader({ alg: 'RS256', kid: keys.kid }).sign(key);
    // Control: our key and unchanged claims verify, so the refusals below are for the stated reason.
    expect((await ctx.deps.idp.verifyIdToken(await signWith(keys.privateKey, {}))).email).toBe('owner@example.com');
    await expect401(ctx.deps.idp.verifyIdToken(await signWith(keys.privateKey, { aud: 'someone-else' })));
    await expect401(ctx.deps.idp.verifyIdToken(await signWith(keys.privateKey, { iss: 'https://evil.example/idp/x' })));
    await expect401(ctx.deps.idp.verifyIdToken(await signWith(keys.privateKey, { exp: Math.floor(Date.now() / 1000) - 10 })));
    const foreign = await generateKeyPair('RS256');
    await expect401(ctx.deps.idp.verifyIdToken(await signWith(foreign.privateKey, {})));
    // A token without a kid, or naming a kid nobody has, is refused too.
    await expect401(ctx.deps.idp.verifyIdToken(await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(keys.privateKey)));
    await expect401(ctx.deps.idp.verifyIdToken(await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: randomUUID() }).sign(keys.privateKey)));
  });

  it('the API refuses a missing or invalid bearer token with 401', async () => {
    const none = await ctx.call('GET', '/api/user/me');
    expect(none.status).toBe(401);
    const bad = await ctx.call('GET', '/api/user/me', { token: 'x.y.z' });
    expect(bad.status).toBe(401);
  });
});

describe('aws-amplify v6 client against a listening server', () => {
  let server: ServerType;
  let endpoint: string;

  beforeAll(async () => {
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
    Amplify.configure({
      Auth: { Cognito: { userPoolId: ctx.env.userPoolId, userPoolClientId: ctx.env.userPoolClientId, userPoolEndpoint: endpoint } },
    });
    const store = new Map<string, string>();
    cognitoUserPoolsTokenProvider.setKeyValueStorage({
      setItem: async (k, v) => void store.set(k, v),
      getItem: async (k) => store.get(k) ?? null,
      removeItem: async (k) => void store.delete(k),
      clear: async () => store.clear(),
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it('rejects a wrong password and an unknown user with the same NotAuthorizedException', async () => {
    const failure = (username: string) =>
      signIn({ username, password: 'Wrong-password-1' }).then(
        () => null,
        (e: unknown) => ({ name: (e as Error).name, message: (e as Error).message }),
      );
    const wrong = await failure('owner@example.com');
    const unknown = await failure('nobody@example.com');
    expect(wrong).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown).toEqual(wrong);
  });

  it('signs in with USER_SRP_AUTH, refreshes, reads attributes and signs out globally', async () => {
    const out = await signIn({ username: 'Editor@example.com', password: DEMO_PASSWORD });
    expect(out.isSignedIn).toBe(true);
    expect(out.nextStep.signInStep).toBe('DONE');

    const session = await fetchAuthSession();
    const idToken = session.tokens?.idToken?.toString();
    expect(idToken).toBeTruthy();
    const claims = await ctx.deps.idp.verifyIdToken(idToken!);
    expect(claims.email).toBe('editor@example.com');
    // The API accepts the token amplify holds: past authentication to the not-found handler.
    expect((await ctx.call('GET', '/api/no-such-endpoint', { token: idToken })).status).toBe(404);
    expect((await ctx.call('GET', '/api/no-such-endpoint')).status).toBe(401);

    const attrs = await fetchUserAttributes();
    expect(attrs).toMatchObject({ email: 'editor@example.com', given_name: 'Eddie', family_name: 'Editor', sub: claims.sub });

    const refreshed = await fetchAuthSession({ forceRefresh: true });
    const newIdToken = refreshed.tokens?.idToken?.toString();
    expect(newIdToken).toBeTruthy();
    expect(newIdToken).not.toBe(idToken);
    expect((await ctx.deps.idp.verifyIdToken(newIdToken!)).sub).toBe(claims.sub);

    const [editor] = await ctx.deps.db.select().from(users).where(eq(users.username, claims.sub));
    const liveBefore = (await ctx.deps.db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.userId, editor!.id))).filter((r) => !r.revokedAt);
    expect(liveBefore.length).toBeGreaterThan(0);
    await signOut({ global: true });
    const liveAfter = (await ctx.deps.db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.userId, editor!.id))).filter((r) => !r.revokedAt);
    expect(liveAfter).toEqual([]);
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('signs in with USER_PASSWORD_AUTH when asked to', async () => {
    const out = await signIn({ username: 'viewer@example.com', password: DEMO_PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(out.isSignedIn).toBe(true);
    const session = await fetchAuthSession();
    expect((await ctx.deps.idp.verifyIdToken(session.tokens!.idToken!.toString())).email).toBe('viewer@example.com');
    await signOut();
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('completes NEW_PASSWORD_REQUIRED with confirmSignIn after an SRP sign-in', async () => {
    const username = randomUUID();
    const creds = ctx.deps.idp.createCredentials(username, 'Temp-pass-2');
    await ctx.deps.db
      .insert(users)
      .values({ username, email: 'amplify-new@example.com', idpStatus: 'FORCE_CHANGE_PASSWORD', srpSalt: creds.srpSalt, srpVerifier: creds.srpVerifier });
    const first = await signIn({ username: 'amplify-new@example.com', password: 'Temp-pass-2' });
    expect(first.isSignedIn).toBe(false);
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const weak = await confirmSignIn({ challengeResponse: 'weak' }).then(
      () => null,
      (e: unknown) => (e as Error).name,
    );
    expect(weak).toBe('InvalidPasswordException');
    const done = await confirmSignIn({ challengeResponse: 'Chosen-pass-9' });
    expect(done.isSignedIn).toBe(true);
    const session = await fetchAuthSession();
    expect((await ctx.deps.idp.verifyIdToken(session.tokens!.idToken!.toString())).sub).toBe(username);
    await signOut();
    const again = await signIn({ username: 'amplify-new@example.com', password: 'Chosen-pass-9' });
    expect(again.isSignedIn).toBe(true);
    await signOut();
  });

  it('a local signOut revokes that sign-in\'s refresh token with RevokeToken', async () => {
    await signIn({ username: 'admin@example.com', password: DEMO_PASSWORD });
    const session = await fetchAuthSession();
    const sub = session.tokens!.idToken!.payload.sub!;
    const [admin] = await ctx.deps.db.select().from(users).where(eq(users.username, sub));
    const live = async () =>
      (await ctx.deps.db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.userId, admin!.id))).filter((r) => !r.revokedAt).map((r) => r.id);
    const originJti = String(session.tokens!.accessToken.payload.origin_jti);
    expect(await live()).toContain(Number(originJti));
    await signOut();
    expect(await live()).not.toContain(Number(originJti));
  });
});
