/**
 * The identity provider's federation round trip against a real upstream OpenID Connect provider
 * (oidc-provider on a local port; issue 3, spec 000 §4): /oauth2/authorize → upstream login and
 * consent (its dev interactions, driven over HTTP with a cookie jar) → /oauth2/idpresponse →
 * code → /oauth2/token → API. Also the refusals: flow cookie missing or from another flow, upstream
 * state tampered, e-mail outside the config's domain.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId } from '../../../test/accounts';

const verifier = 'flow-test-verifier-'.padEnd(64, 'x');
const challenge = createHash('sha256').update(verifier).digest('base64url');

let ctx: TestContext;
let upstream: Server;
let issuer: string;
let superToken: string;
let demoId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  superToken = await ctx.signIn('superadmin@example.com');
  demoId = await demoAccountId(ctx);
  upstream = createServer();
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
  issuer = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const accounts: Record<string, { email: string; email_verified: boolean }> = {
    'ann@flow-corp.example': { email: 'ann@flow-corp.example', email_verified: true },
    'mallory@flow-corp.example': { email: 'owner@example.com', email_verified: true },
  };
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'vidbot', client_secret: 'flow-secret', redirect_uris: [`${ctx.env.publicUrl}/idp/oauth2/idpresponse`], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['flow-test'] },
    async findAccount(_c, id) {
      const a = accounts[id];
      return a ? { accountId: id, claims: () => ({ sub: id, ...a }) } : undefined;
    },
  });
  upstream.on('request', provider.callback());
  const created = await ctx.call('POST', '/api/sso/config', {
    token: superToken,
    body: { name: 'Flow', domain: 'flow-corp.example', provider: 'flow', issuerUrl: issuer, clientId: 'vidbot', clientSecret: 'flow-secret' },
  });
  const { id } = (await created.json()) as { id: number };
  await ctx.call('POST', `/api/sso/config/${id}/provision`, { token: superToken, body: { accountId: demoId, defaultRole: 'Editor' } });
});
afterAll(async () => {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  await ctx.close();
});

/** Follows the upstream's redirects and answers its dev login + consent forms; returns our callback URL. */
async function upstreamLogin(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const callbackPrefix = `${ctx.env.publicUrl}/idp/oauth2/idpresponse`;
  let url = authorizeUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(callbackPrefix)) return next;
      url = next.toString();
      continue;
    }
    const html = await res.text();
    if (html.includes('name="login"')) body = new URLSearchParams({ prompt: 'login', login, password: 'x' }).toString();
    else if (html.includes('value="consent"')) body = new URLSearchParams({ prompt: 'consent' }).toString();
    else throw new Error(`unexpected upstream page ${res.status}: ${html.slice(0, 300)}`);
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('no form action');
    url = new URL(action, url).toString();
  }
  throw new Error('too many upstream hops');
}

async function authorize(state = 'client-state'): Promise<{ upstreamUrl: string; cookie: string }> {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: ctx.env.userPoolClientId,
    redirect_uri: `${ctx.env.publicUrl}/oauth-check`,
    identity_provider: 'flow',
    scope: 'openid email aws.cognito.signin.user.admin',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const res = await ctx.app.request(`/idp/oauth2/authorize?${q}`);
  expect(res.status).toBe(302);
  const upstreamUrl = res.headers.get('location') ?? '';
  expect(upstreamUrl.startsWith(`${issuer}/`)).toBe(true);
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/i);
  return { upstreamUrl, cookie: setCookie.split(';')[0] ?? '' };
}

const callbackPath = (u: URL) => `${u.pathname}${u.search}`;

describe('federation round trip', () => {
  it('signs a new user in through the upstream, provisions the default role, and the tokens work', async () => {
    const { upstreamUrl, cookie } = await authorize();
    const upstreamParams = new URL(upstreamUrl).searchParams;
    expect(upstreamParams.get('code_challenge_method')).toBe('S256');
    expect(upstreamParams.get('nonce')).toBeTruthy();
    const callback = await upstreamLogin(upstreamUrl, 'ann@flow-corp.example');
    const res = await ctx.app.request(callbackPath(callback), { headers: { cookie } });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${ctx.env.publicUrl}/oauth-check`);
    expect(back.searchParams.get('state')).toBe('client-state');
    const code = back.searchParams.get('code') ?? '';
    const tokenRes = await ctx.app.request('/idp/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: ctx.env.userPoolClientId, redirect_uri: `${ctx.env.publicUrl}/oauth-check`, code_verifier: verifier }).toString(),
    });
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { id_token: string };
    const me = await ctx.call('POST', '/api/auth/finalize', { token: tokens.id_token });
    expect(await me.json()).toMatchObject({
      email: 'ann@flow-corp.example',
      external: true,
      identities: [{ provider: 'flow' }],
      roles: [{ accountId: demoId, role: 'Editor', status: 'Active' }],
    });
    // The flow cookie is spent: replaying the callback is refused.
    expect((await ctx.app.request(callbackPath(callback))).status).toBe(400);
  });

  it('refuses a tampered upstream state and a cookie of another flow', async () => {
    const first = await authorize();
    const second = await authorize();
    const callback = await upstreamLogin(first.upstreamUrl, 'ann@flow-corp.example');
    const withOtherCookie = await ctx.app.request(callbackPath(callback), { headers: { cookie: second.cookie } });
    const loc = new URL(withOtherCookie.headers.get('location') ?? '');
    expect(loc.searchParams.get('error')).toBe('server_error');
    expect(loc.searchParams.get('code')).toBeNull();
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged');
    const res = await ctx.app.request(callbackPath(tampered), { headers: { cookie: first.cookie } });
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('code')).toBeNull();
  });

  it('an upstream asserting an e-mail outside the config domain (an existing owner) is denied', async () => {
    const { upstreamUrl, cookie } = await authorize('s2');
    const callback = await upstreamLogin(upstreamUrl, 'mallory@flow-corp.example');
    const res = await ctx.app.request(callbackPath(callback), { headers: { cookie } });
    const loc = new URL(res.headers.get('location') ?? '');
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('error_description')).toMatch(/does not belong to flow-corp\.example/);
    expect(loc.searchParams.get('state')).toBe('s2');
  });
});
