/**
 * The published contract (issue 10 §4): `GET /api/openapi.json` is public and describes the converted
 * routes; the SPA's generated types (src/api/schema.gen.ts) are not stale; the server tests' response
 * check fails a drifted body and an undeclared status.
 *
 * `npm run api:types` regenerates src/api/schema.gen.ts (this file with UPDATE_API_TYPES=1).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import openapiTS, { astToString } from 'openapi-typescript';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { checkResponse, declaredRoutes } from '../../test/contract-check';
import { route } from './contract';

const GENERATED = path.resolve(__dirname, '../../../src/api/schema.gen.ts');
const HEADER = `/**
 * GENERATED from GET /api/openapi.json by \`npm run api:types\` (openapi-typescript) — do not edit.
 * The server's valibot schemas are the source (issue 10 §4); server/src/lib/contract.test.ts fails
 * when this file is stale.
 */

`;

/** The SPA's types of an OpenAPI document, as committed in src/api/schema.gen.ts. */
export async function typesOf(doc: unknown): Promise<string> {
  const ast = await openapiTS(doc as never, { alphabetize: false });
  return HEADER + astToString(ast);
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is public OpenAPI 3.1 describing config, bots, public bots, media and tus, with a bearer scheme', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }>; schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.components.securitySchemes.idToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [p, methods] of Object.entries({
      '/config': ['get'],
      '/bot': ['get', 'post'],
      '/bot/{id}': ['get', 'patch'],
      '/bot/{id}/graph': ['get'],
      '/bot/{id}/ad-package': ['get'],
      '/bot/{id}/revision/{revisionId}/status': ['patch'],
      '/public/bot/{publicId}': ['get'],
      '/media': ['get', 'post'],
      '/media/{id}': ['get', 'patch', 'delete'],
      '/media/{id}/usage': ['get'],
      '/media/{id}/replace': ['post'],
      '/media/{id}/upload': ['post'],
      '/media/{id}/caption': ['put'],
      '/media/{id}/caption/{captionId}': ['get', 'delete'],
      '/media/tus': ['post'],
      '/media/tus/{uploadId}': ['head', 'patch', 'delete'],
      '/auth/sso/discover': ['post'],
      '/auth/finalize': ['post'],
      '/auth/invitation': ['get'],
      '/auth/join': ['post'],
      '/sso/config': ['get', 'post'],
      '/sso/config/{configId}': ['get', 'patch'],
      '/sso/config/{configId}/provision': ['post'],
      '/integration/google/auth/csrf': ['post'],
      '/integration/google/auth/callback': ['post'],
      '/integration/google/auth/logout': ['post'],
      '/integration/google/drive/list': ['get'],
      '/integration/google/drive/upload/{fileId}': ['post'],
      '/feature': ['get'],
      '/feature/flags': ['get', 'post', 'put'],
      '/global': ['get'],
      '/audit-log': ['get'],
      '/admin/outbox': ['get'],
    })) {
      for (const m of methods) expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    }
    expect(doc.paths['/bot/{id}']!.get!.responses['200']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Bot' } } } });
    expect(doc.paths['/public/bot/{publicId}']!.get!.security).toEqual([]);
    // The display-ad package is a zip (issue 12).
    expect(Object.keys((doc.paths['/bot/{id}/ad-package']!.get!.responses['200'] as { content: Record<string, unknown> }).content)).toEqual(['application/zip']);
    // Path ids are integers in the document (lib/contract.ts idParams), so the SPA's types say number.
    const idParam = (p: string, m: string, name: string) =>
      (doc.paths[p]![m] as unknown as { parameters: { name: string; in: string; schema: unknown }[] }).parameters.find((x) => x.in === 'path' && x.name === name)?.schema;
    expect(idParam('/bot/{id}', 'get', 'id')).toEqual({ type: 'integer', minimum: 1, maximum: 999_999_999 });
    expect(idParam('/sso/config/{configId}', 'patch', 'configId')).toEqual({ type: 'integer', minimum: 1, maximum: 999_999_999 });
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Bot', 'BotListItem', 'PlayerBot', 'Media', 'RuntimeConfig', 'ErrorBody']));
    // Every route may answer the database guard's 503 (issue 18): documented with Retry-After.
    const without503 = Object.entries(doc.paths)
      .filter(([p]) => !p.startsWith('/media/tus'))
      .flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ at: `${m} ${p}`, r503: op.responses['503'] as { headers?: Record<string, unknown> } | undefined })))
      .filter((o) => !o.r503?.headers?.['Retry-After'])
      .map((o) => o.at);
    expect(without503).toEqual([]);
  });

  it('serves the interactive reference at /api/docs without sign-in', async () => {
    const res = await t.call('GET', '/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    // No CDN and no inline script or style (a strict CSP allows the page): Scalar's bundle, its
    // configuration and theme are served by the app.
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style/);
    const bundleUrl = /<script src="(\/api\/docs\/scalar\.js\?v=[0-9a-f]{12})"/.exec(html)?.[1];
    expect(bundleUrl).toBeDefined();
    expect(html).toContain('<script src="/api/docs/init.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/api/docs/theme.css" />');
    const init = await t.call('GET', '/api/docs/init.js');
    expect(init.headers.get('content-type')).toMatch(/^text\/javascript/);
    const initJs = await init.text();
    expect(initJs).toContain("Scalar.createApiReference('#app'");
    expect(initJs).toContain('"url": "/api/openapi.json"');
    expect((await t.call('GET', '/api/docs/theme.css')).headers.get('content-type')).toMatch(/^text\/css/);
    const bundle = await t.call('GET', bundleUrl!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
  });

  it('matches the SPA types committed in src/api/schema.gen.ts (npm run api:types)', async () => {
    const doc = await (await t.call('GET', '/api/openapi.json')).json();
    const fresh = await typesOf(doc);
    if (process.env.UPDATE_API_TYPES) writeFileSync(GENERATED, fresh);
    expect(readFileSync(GENERATED, 'utf8'), 'src/api/schema.gen.ts is stale: run npm run api:types').toBe(fresh);
  });
});

describe('response check of the server tests', () => {
  const app = new Hono();
  app.get('/api/thing/:id', route({ summary: 'x', tags: ['T'], responses: { 200: v.strictObject({ id: v.number() }) } }), (c) =>
    c.json({ id: Number(c.req.param('id')) }),
  );
  const routes = declaredRoutes(app);
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('accepts a declared answer and an error body', async () => {
    await expect(checkResponse(routes, 'GET', '/api/thing/1', json({ id: 1 }))).resolves.toBeUndefined();
    await expect(checkResponse(routes, 'GET', '/api/thing/1', json({ detail: 'Nope.', code: 'not_found' }, 404))).resolves.toBeUndefined();
  });

  it('fails a body that drifts from its schema, an undeclared status, and an undeclared route', async () => {
    await expect(checkResponse(routes, 'GET', '/api/thing/1', json({ id: '1' }))).rejects.toThrow(/id: Invalid type/);
    await expect(checkResponse(routes, 'GET', '/api/thing/1', json({ id: 1, extra: true }))).rejects.toThrow(/does not match/);
    await expect(checkResponse(routes, 'GET', '/api/thing/1', json({ id: 1 }, 201))).rejects.toThrow(/status not declared/);
    await expect(checkResponse(routes, 'GET', '/api/thing/1', json({ oops: 1 }, 404))).rejects.toThrow(/does not match/);
    await expect(checkResponse(routes, 'POST', '/api/other', json({}, 200))).rejects.toThrow(/declares no contract/);
  });
});
