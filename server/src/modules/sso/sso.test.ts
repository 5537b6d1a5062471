/**
 * SSO (issue 3; spec 000 §3, §4, §5, §7) on PGlite and PostgreSQL: discovery, finalize, config CRUD
 * and permissions, federation rules, and the identity provider's OAuth code/token endpoints.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId, userIdByEmail } from '../../../test/accounts';
import { roles, ssoConfigs, users } from '../../db/schema';
import { issueCode } from '../../idp/oauth/codes';
import { FederationError, federateUser } from '../../idp/oauth/federation';
import { findUpstream } from '../../idp/oauth/upstream';
import { openClientSecret } from '../../idp/oauth/secrets';
import { loadIdpSecret } from '../../idp/keys';

let ctx: TestContext;
let superToken: string;
let ownerToken: string;
let demoId: number;
let configId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  superToken = await ctx.signIn('superadmin@example.com');
  ownerToken = await ctx.signIn('owner@example.com');
  demoId = await demoAccountId(ctx);
});
afterAll(() => ctx.close());

const corp = { name: 'Corp', domain: 'SSO-Corp.example', provider: 'corp-oidc', issuerUrl: 'http://127.0.0.1:9/oidc', clientId: 'vidbot', clientSecret: 's3cret' };

describe('SSO config API', () => {
  it('refuses non-superusers with 403, even with a bad body', async () => {
    for (const [m, u, body] of [
      ['GET', '/api/sso/config', undefined],
      ['POST', '/api/sso/config', { name: '' }],
      ['GET', '/api/sso/config/1', undefined],
      ['PATCH', '/api/sso/config/1', { status: 'disabled' }],
      ['POST', '/api/sso/config/1/provision', { accountId: demoId, defaultRole: 'Viewer' }],
    ] as const) {
      const res = await ctx.call(m, u, { token: ownerToken, body });
      expect(res.status, `${m} ${u}`).toBe(403);
    }
    expect((await ctx.call('GET', '/api/sso/config')).status).toBe(401);
  });

  it('validates create: name, domain, provider required; reserved provider; bad issuer', async () => {
    const res = await ctx.call('POST', '/api/sso/config', { token: superToken, body: {} });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(['domain', 'name', 'provider']);
    const reserved = await ctx.call('POST', '/api/sso/config', { token: superToken, body: { ...corp, provider: 'Google' } });
    expect(reserved.status).toBe(422);
    const badDomain = await ctx.call('POST', '/api/sso/config', { token: superToken, body: { ...corp, domain: 'not a domain' } });
    expect(((await badDomain.json()) as { errors: Record<string, string> }).errors.domain).toMatch(/domain name/);
    const insecure = await ctx.call('POST', '/api/sso/config', { token: superToken, body: { ...corp, issuerUrl: 'http://idp.example.com' } });
    expect(((await insecure.json()) as { errors: Record<string, string> }).errors.issuerUrl).toMatch(/https/);
  });

  it('creates active, lower-cases the domain, encrypts the secret and never answers it', async () => {
    const res = await ctx.call('POST', '/api/sso/config', { token: superToken, body: corp });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown> & { id: number };
    configId = created.id;
    expect(created).toMatchObject({ name: 'Corp', domain: 'sso-corp.example', provider: 'corp-oidc', status: 'active', hasClientSecret: true, ssoProvisions: [] });
    expect(JSON.stringify(created)).not.toContain('s3cret');
    const [row] = await ctx.deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.id, configId));
    expect(row?.clientSecretEnc).toBeTruthy();
    expect(row?.clientSecretEnc).not.toContain('s3cret');
    expect(await openClientSecret(await loadIdpSecret(ctx.deps.db), row?.clientSecretEnc ?? '')).toBe('s3cret');
    const dup = await ctx.call('POST', '/api/sso/config', { token: superToken, body: { ...corp, provider: 'other' } });
    expect(dup.status).toBe(409);
  });

  it('provisions accounts (404 unknown account), lists and toggles status', async () => {
    expect((await ctx.call('POST', `/api/sso/config/${configId}/provision`, { token: superToken, body: { accountId: 999999, defaultRole: 'Viewer' } })).status).toBe(404);
    expect((await ctx.call('POST', `/api/sso/config/${configId}/provision`, { token: superToken, body: { accountId: demoId, defaultRole: 'Owner' } })).status).toBe(422);
    const p = await ctx.call('POST', `/api/sso/config/${configId}/provision`, { token: superToken, body: { accountId: demoId, defaultRole: 'Viewer' } });
    expect(p.status).toBe(201);
    expect(((await p.json()) as { ssoProvisions: unknown[] }).ssoProvisions).toEqual([
      expect.objectContaining({ accountId: demoId, defaultRole: 'Viewer', account: { businessName: 'Demo' } }),
    ]);
    const list = (await (await ctx.call('GET', '/api/sso/config', { token: superToken })).json()) as { id: number }[];
    expect(list.map((c) => c.id)).toContain(configId);
    expect((await ctx.call('GET', '/api/sso/config/424242', { token: superToken })).status).toBe(404);
    // A non-number id names no config: 404 like an unknown one (lib/contract.ts idParams), not 422.
    const bad = await ctx.call('GET', '/api/sso/config/abc', { token: superToken });
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ detail: 'SSO config not found.' });
    const off = await ctx.call('PATCH', `/api/sso/config/${configId}`, { token: superToken, body: { status: 'disabled' } });
    expect(((await off.json()) as { status: string }).status).toBe('disabled');
    expect((await ctx.call('POST', '/api/auth/sso/discover', { body: { email: 'jane@sso-corp.example' } })).status).toBe(404);
    await ctx.call('PATCH', `/api/sso/config/${configId}`, { token: superToken, body: { status: 'active' } });
  });
});

describe('POST /auth/sso/discover', () => {
  it('answers the provider for the e-mail domain, 404 ssoProviderNotFound otherwise, 422 for a non-email', async () => {
    const ok = await ctx.call('POST', '/api/auth/sso/discover', { body: { email: 'Jane@SSO-corp.example' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ssoProvider: 'corp-oidc' });
    const none = await ctx.call('POST', '/api/auth/sso/discover', { body: { email: 'jane@elsewhere.example' } });
    expect(none.status).toBe(404);
    expect(((await none.json()) as { code: string }).code).toBe('ssoProviderNotFound');
    const bad = await ctx.call('POST', '/api/auth/sso/discover', { body: { email: 'nope' } });
    expect(bad.status).toBe(422);
    expect((await ctx.call('POST', '/api/auth/sso/discover', { body: {} })).status).toBe(422);
  });
});

describe('federation', () => {
  it('refuses unverified e-mails and e-mails outside the config domain (no takeover of staff)', async () => {
    const up = await findUpstream(ctx.deps.db, ctx.env, await loadIdpSecret(ctx.deps.db), 'corp-oidc');
    expect(up).not.toBeNull();
    if (!up) return;
    const base = { givenName: null, familyName: null };
    await expect(federateUser(ctx.deps.db, up, { ...base, sub: 'a', email: 'x@sso-corp.example', emailVerified: false }, Date.now())).rejects.toBeInstanceOf(FederationError);
    await expect(federateUser(ctx.deps.db, up, { ...base, sub: 'b', email: 'superadmin@example.com', emailVerified: true }, Date.now())).rejects.toThrow(/does not belong/);
  });

  it('creates an external user with the provisioned role once, and finds them again by subject', async () => {
    const up = await findUpstream(ctx.deps.db, ctx.env, await loadIdpSecret(ctx.deps.db), 'corp-oidc');
    if (!up) throw new Error('no upstream');
    const u1 = await federateUser(ctx.deps.db, up, { sub: 'sub-1', email: 'jane@sso-corp.example', emailVerified: true, givenName: 'Jane', familyName: 'Doe' }, Date.now());
    expect(u1).toMatchObject({ email: 'jane@sso-corp.example', external: true, firstName: 'Jane', srpVerifier: null });
    const rs = await ctx.deps.db.select().from(roles).where(eq(roles.userId, u1.id));
    expect(rs.map((r) => [r.accountId, r.role, r.status])).toEqual([[demoId, 'Viewer', 'Active']]);
    const u2 = await federateUser(ctx.deps.db, up, { sub: 'sub-1', email: 'changed@other.example', emailVerified: true, givenName: null, familyName: null }, Date.now());
    expect(u2.id).toBe(u1.id);
    expect(await ctx.deps.db.select().from(roles).where(eq(roles.userId, u1.id))).toHaveLength(1);
  });

  it('a Google identity (no domain rule, no provisions) shows in /user/me userIntegrations', async () => {
    const google = { name: 'Google', issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 's', ssoConfigId: null, domain: null };
    const u = await federateUser(ctx.deps.db, google, { sub: 'google-42', email: 'pat@gmail.example', emailVerified: true, givenName: 'Pat', familyName: null }, Date.now());
    expect(await ctx.deps.db.select().from(roles).where(eq(roles.userId, u.id))).toHaveLength(0);
    const code = await issueCode(ctx.deps.db, { userId: u.id, clientId: ctx.env.userPoolClientId, redirectUri: `${ctx.env.publicUrl}/oauth-check`, codeChallenge: challenge, scope: 'openid', provider: 'Google' }, Date.now());
    const res = await ctx.app.request('/idp/oauth2/token', {
      method: 'POST',
      ...form({ grant_type: 'authorization_code', code, client_id: ctx.env.userPoolClientId, redirect_uri: `${ctx.env.publicUrl}/oauth-check`, code_verifier: verifier }),
    });
    const { id_token } = (await res.json()) as { id_token: string };
    const me = (await (await ctx.call('GET', '/api/user/me', { token: id_token })).json()) as { userIntegrations: unknown[]; external: boolean };
    expect(me.external).toBe(true);
    expect(me.userIntegrations).toEqual([{ id: expect.any(Number), integrationType: 'google', identifier: 'google-42' }]);
    const viewer = (await (await ctx.call('GET', '/api/user/me', { token: await ctx.signIn('viewer@example.com') })).json()) as { userIntegrations: unknown[] };
    expect(viewer.userIntegrations).toEqual([]);
  });

  it('a disabled config or unconfigured Google is not an upstream', async () => {
    const secret = await loadIdpSecret(ctx.deps.db);
    expect(await findUpstream(ctx.deps.db, ctx.env, secret, 'Google')).toBeNull();
    expect(await findUpstream(ctx.deps.db, ctx.env, secret, 'nope')).toBeNull();
  });
});

const verifier = 'v'.repeat(43) + 'erifier-abc';
const challenge = createHash('sha256').update(verifier).digest('base64url');
const form = (o: Record<string, string>) => ({ body: new URLSearchParams(o).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('OAuth endpoints of the identity provider', () => {
  const redirectUri = () => `${ctx.env.publicUrl}/oauth-check`;
  const newCode = async () => {
    const userId = await userIdByEmail(ctx, 'viewer@example.com');
    return issueCode(ctx.deps.db, { userId, clientId: ctx.env.userPoolClientId, redirectUri: redirectUri(), codeChallenge: challenge, scope: 'openid email', provider: 'corp-oidc' }, Date.now());
  };
  const exchange = (code: string, over: Record<string, string> = {}) =>
    ctx.app.request('/idp/oauth2/token', {
      method: 'POST',
      ...form({ grant_type: 'authorization_code', code, client_id: ctx.env.userPoolClientId, redirect_uri: redirectUri(), code_verifier: verifier, ...over }),
    });

  it('exchanges a code once for tokens the API accepts; reuse is refused', async () => {
    const code = await newCode();
    const res = await exchange(code);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { id_token: string; access_token: string; refresh_token: string };
    const me = await ctx.call('POST', '/api/auth/finalize', { token: tokens.id_token, body: {} });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'viewer@example.com', identities: [] });
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    const refreshed = await ctx.app.request('/idp/oauth2/token', { method: 'POST', ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: ctx.env.userPoolClientId }) });
    expect(refreshed.status).toBe(200);
    expect((await refreshed.json()) as object).toHaveProperty('id_token');
  });

  it('refuses a wrong code_verifier, another redirect_uri and another client', async () => {
    const wrongVerifier = await exchange(await newCode(), { code_verifier: 'x'.repeat(50) });
    expect(((await wrongVerifier.json()) as { error_description: string }).error_description).toMatch(/code_verifier/);
    const wrongRedirect = await exchange(await newCode(), { redirect_uri: 'https://evil.example/oauth-check' });
    expect(((await wrongRedirect.json()) as { error_description: string }).error_description).toMatch(/redirect_uri/);
    expect((await exchange(await newCode(), { client_id: 'other' })).status).toBe(401);
    expect((await exchange('garbage', { grant_type: 'password' })).status).toBe(400);
  });

  it('authorize: unregistered redirect_uri and unknown client get a 400 page, never a redirect', async () => {
    const q = (o: Record<string, string>) =>
      `/idp/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: ctx.env.userPoolClientId, redirect_uri: redirectUri(), identity_provider: 'corp-oidc', scope: 'openid email', state: 'st', code_challenge: challenge, code_challenge_method: 'S256', ...o })}`;
    const evil = await ctx.app.request(q({ redirect_uri: 'https://evil.example/cb' }));
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
    expect((await ctx.app.request(q({ client_id: 'nope' }))).status).toBe(400);
    const noPkce = await ctx.app.request(q({ code_challenge_method: 'plain' }));
    expect(noPkce.status).toBe(302);
    const loc = new URL(noPkce.headers.get('location') ?? '');
    expect(loc.searchParams.get('error')).toBe('invalid_request');
    expect(loc.searchParams.get('state')).toBe('st');
    const unknown = new URL((await ctx.app.request(q({ identity_provider: 'nope' }))).headers.get('location') ?? '');
    expect(unknown.searchParams.get('error_description')).toMatch(/No active identity provider/);
  });

  it('GET /api/config names the OAuth settings amplify needs', async () => {
    const cfg = (await (await ctx.call('GET', '/api/config')).json()) as { oauth: { domain: string; redirectSignIn: string[]; responseType: string; scopes: string[] }; google: boolean };
    expect(cfg.oauth.domain).toBe(`${new URL(ctx.env.publicUrl).host}/idp`);
    expect(cfg.oauth.redirectSignIn).toEqual([`${ctx.env.publicUrl}/oauth-check`]);
    expect(cfg.oauth.scopes).toEqual(['email', 'openid', 'aws.cognito.signin.user.admin']);
    expect(cfg.google).toBe(false);
  });

  it('finalize answers external + identities for a federated user', async () => {
    const [jane] = await ctx.deps.db.select().from(users).where(eq(users.email, 'jane@sso-corp.example'));
    if (!jane) throw new Error('jane missing');
    const code = await issueCode(ctx.deps.db, { userId: jane.id, clientId: ctx.env.userPoolClientId, redirectUri: redirectUri(), codeChallenge: challenge, scope: 'openid', provider: 'corp-oidc' }, Date.now());
    const { id_token } = (await (await exchange(code)).json()) as { id_token: string };
    const res = await ctx.call('POST', '/api/auth/finalize', { token: id_token });
    expect(await res.json()).toMatchObject({ email: 'jane@sso-corp.example', external: true, identities: [{ provider: 'corp-oidc' }], roles: [{ accountId: demoId, role: 'Viewer', status: 'Active' }] });
    expect((await ctx.call('POST', '/api/auth/finalize', { token: id_token, body: { x: 1 } })).status).toBe(422);
  });
});
