/**
 * Security headers on every route class (issue 10 §3; lib/security-headers.ts, docs/security.md):
 * dashboard HTML, a client route, /assets, /api JSON and an /api error, /idp, /files, /embed,
 * /preview — CSP by class, nosniff, Referrer-Policy, COOP, framing, no cookies on framed pages — and
 * Strict-Transport-Security only over TLS or a trusted `X-Forwarded-Proto: https`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { routeClass, securityHeaders } from './security-headers';

let ctx: TestContext;
let dist: string;
let fileKey: string;

/** Parses a Content-Security-Policy into directive → sources. */
function csp(res: Response): Record<string, string[]> {
  const value = res.headers.get('content-security-policy');
  expect(value, `CSP of ${res.url}`).toBeTruthy();
  const out: Record<string, string[]> = {};
  for (const part of value!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

/** Headers every answer carries, whatever its class. */
function expectCommon(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('strict-transport-security')).toBeNull();
  expect(res.headers.get('x-powered-by')).toBeNull();
}

/** Dashboard policy: scripts only from our origin, framed only by our own pages. */
function expectDashboard(res: Response): void {
  expectCommon(res);
  const p = csp(res);
  expect(p['default-src']).toEqual(["'self'"]);
  expect(p['script-src']).toEqual(["'self'"]);
  expect(p['frame-ancestors']).toEqual(["'self'"]);
  expect(p['object-src']).toEqual(["'none'"]);
  expect(p['base-uri']).toEqual(["'self'"]);
  expect(p['frame-src']).toEqual(["'self'"]);
  expect(p['media-src']).toEqual(["'self'", 'blob:']);
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
}

/** Framed policy (preview, embed): any site may frame it, its own strict CSP, no cookies, no COOP. */
function expectFramed(res: Response): void {
  expectCommon(res);
  const p = csp(res);
  expect(p['frame-ancestors']).toEqual(['*']);
  expect(p['default-src']).toEqual(["'none'"]);
  expect(p['script-src']).toEqual(["'self'"]);
  expect(p['form-action']).toEqual(["'none'"]);
  expect(p['base-uri']).toEqual(["'none'"]);
  expect(res.headers.get('x-frame-options')).toBeNull();
  expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
  expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  expect(res.headers.get('set-cookie')).toBeNull();
}

/** API policy (JSON of /api and /idp): nothing may load from it as a document, framed only by us. */
function expectApi(res: Response): void {
  expectCommon(res);
  expect(csp(res)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'self'"] });
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'vidbot-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'embed'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vidbot</title><script type="module" src="/assets/index-test.js"></script>');
  writeFileSync(path.join(dist, 'assets', 'index-test.js'), 'export {};');
  writeFileSync(path.join(dist, 'embed', 'player.js'), 'export const mountPlayer = () => {};');
  ctx = await createTestContext({ DIST_DIR: dist, SENTRY_DSN: 'https://public-key@o42.ingest.sentry.example:8443/7' });
  fileKey = '1/0b6c1b3e-4a55-4f3c-9a8e-3d0c2a6f9e11/poster.jpg';
  await ctx.deps.storage.putStream(fileKey, Readable.from([Buffer.from([0xff, 0xd8, 0xff, 0xe0])]));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('route classes', () => {
  it('are decided by path', () => {
    expect(routeClass('/')).toBe('app');
    expect(routeClass('/dashboard/demo/vidbots')).toBe('app');
    expect(routeClass('/assets/index-x.js')).toBe('app');
    expect(routeClass('/api')).toBe('api');
    expect(routeClass('/api/bot')).toBe('api');
    expect(routeClass('/idp')).toBe('api');
    expect(routeClass('/idp/oauth2/token')).toBe('api');
    expect(routeClass('/apiary')).toBe('app');
    expect(routeClass('/api/docs')).toBe('docs');
    expect(routeClass('/api/docs/scalar.js')).toBe('docs');
    expect(routeClass('/api/docsx')).toBe('api');
    expect(routeClass('/files/1/x/playback.mp4')).toBe('files');
    expect(routeClass('/preview/12')).toBe('framed');
    expect(routeClass('/preview/current')).toBe('framed');
    expect(routeClass('/widget-preview/12')).toBe('framed');
    expect(routeClass('/embed/player.js')).toBe('framed');
    expect(routeClass('/previews')).toBe('app');
    // issue 12: the player pages (direct link, frame) and the display-ad pages (their own class, see 'ad')
    expect(routeClass('/v/AbC123')).toBe('framed');
    expect(routeClass('/e/AbC123')).toBe('framed');
    expect(routeClass('/ad/AbC123')).toBe('ad');
    expect(routeClass('/ad-harness/AbC123')).toBe('ad');
    expect(routeClass('/admin')).toBe('app');
    expect(routeClass('/vidbots')).toBe('app');
    expect(routeClass('/events')).toBe('app');
    expect(routeClass('/advert')).toBe('app');
  });
});

describe('headers by route class', () => {
  it('dashboard HTML: strict script-src, frame-ancestors self, Sentry ingest and PUBLIC_URL in connect-src', async () => {
    const res = await ctx.call('GET', '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expectDashboard(res);
    const p = csp(res);
    expect(p['connect-src']).toEqual(["'self'", 'https://o42.ingest.sentry.example:8443', ctx.env.publicUrl]);
    expect(p['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(Object.values(p).flat()).not.toContain('public-key');
  });

  it('the API reference (/api/docs) may run its own scripts from our origin, nothing inline, framed only by us', async () => {
    const res = await ctx.call('GET', '/api/docs');
    expect(res.status).toBe(200);
    const p = csp(res);
    expect(p['default-src']).toEqual(["'none'"]);
    expect(p['script-src']).toEqual(["'self'"]);
    expect(p['connect-src']).toEqual(["'self'"]);
    expect(p['frame-ancestors']).toEqual(["'self'"]);
    const html = await res.text();
    // Every script of the page is a served file (script-src 'self' allows no inline script).
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('a client route (index.html fallback) gets the dashboard policy', async () => {
    const res = await ctx.call('GET', '/dashboard/demo/vidbots');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Vidbot</title>');
    expectDashboard(res);
  });

  it('/assets/* gets the dashboard policy', async () => {
    const res = await ctx.call('GET', '/assets/index-test.js');
    expect(res.status).toBe(200);
    expectDashboard(res);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('/api JSON, an /api error and an unknown /api path get the API policy', async () => {
    const config = await ctx.call('GET', '/api/config');
    expect(config.status).toBe(200);
    expectApi(config);
    const unauthorized = await ctx.call('GET', '/api/bot?account_id=1');
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ code: 'unauthorized' });
    expectApi(unauthorized);
    const token = await ctx.signIn('owner@example.com');
    const invalid = await ctx.call('GET', '/api/admin/outbox?page=0', { token });
    expect(invalid.status).toBe(422);
    expectApi(invalid);
    const missing = await ctx.call('POST', '/api/no-such-endpoint', { token, body: {} });
    expect(missing.status).toBe(404);
    expectApi(missing);
  });

  it('/idp answers (Cognito JSON, an error, the JWKS) get the API policy', async () => {
    const error = await ctx.call('POST', '/idp', {
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.env.userPoolClientId, AuthParameters: { USERNAME: 'owner@example.com', PASSWORD: 'wrong' } },
    });
    expect(error.status).toBe(400);
    expectApi(error);
    const jwks = await ctx.call('GET', `/idp/${ctx.env.userPoolId}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expectApi(jwks);
  });

  it('/files: nosniff, default-src none + sandbox, loadable cross-origin (also on 404)', async () => {
    const res = await ctx.call('GET', `/files/${fileKey}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expectCommon(res);
    const p = csp(res);
    expect(p['default-src']).toEqual(["'none'"]);
    expect(p.sandbox).toEqual([]);
    expect(p['script-src']).toBeUndefined();
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const missing = await ctx.call('GET', '/files/1/0b6c1b3e-4a55-4f3c-9a8e-3d0c2a6f9e12/poster.jpg');
    expect(missing.status).toBe(404);
    expect(csp(missing).sandbox).toEqual([]);
  });

  it('/embed/* and /preview/* may be framed by any site and set no cookies', async () => {
    const player = await ctx.call('GET', '/embed/player.js', { headers: { origin: 'https://customer.example' } });
    expect(player.status).toBe(200);
    expectFramed(player);
    // Host pages import the bundle as an ES module (a CORS fetch).
    expect(player.headers.get('access-control-allow-origin')).toBe('*');
    const preview = await ctx.call('GET', '/preview/12?preview=true');
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('<title>Vidbot</title>');
    expectFramed(preview);
    expect(csp(preview)['frame-src']).toEqual(["'self'", 'https:']);
    expect(csp(preview)['connect-src']).toContain('https://o42.ingest.sentry.example:8443');
    expectFramed(await ctx.call('GET', '/preview/current'));
    expectFramed(await ctx.call('GET', '/widget-preview/12'));
  });

  it('the player pages /v and /e (here: their 404 page) get the framed policy the player needs', async () => {
    for (const p of ['/v/unknown-bot', '/e/unknown-bot']) {
      const res = await ctx.call('GET', p);
      expect(res.status).toBe(404);
      expectFramed(res);
      const policy = csp(res);
      // /files media and blob: (media-src), the API (connect-src 'self'), embedded https links (frame-src)
      expect(policy['media-src']).toEqual(["'self'", 'blob:']);
      expect(policy['connect-src']).toContain("'self'");
      expect(policy['frame-src']).toEqual(["'self'", 'https:']);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it('a cookie set by a handler under a framed path is dropped', async () => {
    const app = new Hono();
    app.use('*', securityHeaders(ctx.env));
    app.get('*', (c) => {
      c.header('Set-Cookie', 'tracking=1; Path=/');
      return c.text('ok');
    });
    expect((await app.request('/preview/1')).headers.get('set-cookie')).toBeNull();
    expect((await app.request('/dashboard')).headers.get('set-cookie')).toBe('tracking=1; Path=/');
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = 'max-age=31536000';

  it('is sent over TLS on every class, and never over plain http', async () => {
    for (const p of ['/', '/api/config', '/preview/1', `/files/${fileKey}`, '/embed/player.js']) {
      expect((await ctx.app.request(`https://vidbot.example${p}`)).headers.get('strict-transport-security'), p).toBe(hsts);
      expect((await ctx.app.request(`http://vidbot.example${p}`)).headers.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('follows X-Forwarded-Proto only with TRUST_PROXY', async () => {
    const forwarded = { headers: { 'x-forwarded-proto': 'https' } };
    expect((await ctx.app.request('http://vidbot.example/', forwarded)).headers.get('strict-transport-security')).toBeNull();
    // The same middleware createApp mounts, with TRUST_PROXY=1.
    const trusting = new Hono();
    trusting.use('*', securityHeaders({ ...ctx.env, trustProxy: true }));
    trusting.get('*', (c) => c.text('ok'));
    expect((await trusting.request('http://vidbot.example/', forwarded)).headers.get('strict-transport-security')).toBe(hsts);
    expect((await trusting.request('http://vidbot.example/api/config', { headers: { 'x-forwarded-proto': 'https, http' } })).headers.get('strict-transport-security')).toBe(hsts);
    expect((await trusting.request('http://vidbot.example/', { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
    expect((await trusting.request('http://vidbot.example/')).headers.get('strict-transport-security')).toBeNull();
  });
});
