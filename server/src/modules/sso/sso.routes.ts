/**
 * SSO routes (spec 000 §7):
 * - public: `POST /auth/sso/discover` `{ email }` → `{ ssoProvider }` | 404;
 * - authenticated: `POST /auth/finalize` → User + identities;
 * - superusers: `GET|POST /sso/config`, `GET|PATCH /sso/config/{configId}`,
 *   `POST /sso/config/{configId}/provision`.
 * Each route declares its contract (lib/contract.ts; shapes in sso.schemas.ts).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { parseOr422, validate } from '../../lib/validate';
import { assertCanManageSso } from './sso.policy';
import { CreateSsoConfigBody, DiscoverBody, FinalizeBody, FinalizedUser, PatchSsoConfigBody, ProvisionBody, SsoConfig, SsoConfigList, SsoDiscovery } from './sso.schemas';
import { createSsoConfig, discoverSsoProvider, finalizeSignIn, getSsoConfig, listSsoConfigs, patchSsoConfig, provisionSsoConfig } from './sso.service';

/** Mounted at `/api/auth/sso` before authentication. */
export function ssoDiscoverRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post(
    '/discover',
    route({
      summary: 'Find the SSO provider of an e-mail address',
      description: 'The active SSO config whose domain is the e-mail\'s domain; 404 `ssoProviderNotFound` when there is none.',
      tags: ['SSO'],
      auth: 'public',
      responses: { 200: SsoDiscovery },
    }),
    validate('json', DiscoverBody), async (c) => c.json(await discoverSsoProvider(deps, c.req.valid('json').email)));
  return r;
}

/** Mounted at `/api/auth` after authentication. */
export function authFinalizeRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post(
    '/finalize',
    route({
      summary: 'Finish a sign-in',
      description: 'Called by the SPA after every sign-in: answers the caller (as `GET /user/me`) with the sign-in identities. The body is empty or `{}`.',
      tags: ['SSO'],
      responses: { 200: FinalizedUser },
      requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false } } } },
    }),
    async (c, next) => {
    // An empty body is allowed; anything sent must be a JSON object without keys.
    const text = await c.req.text();
    if (text.trim()) validateFinalize(JSON.parse(text));
    await next();
  }, async (c) => c.json(await finalizeSignIn(deps, c.get('user'))));
  return r;
}

function validateFinalize(body: unknown): void {
  parseOr422(FinalizeBody, body);
}

/** Mounted at `/api/sso` after authentication. */
export function ssoConfigRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // 403 before any validation: non-superusers learn nothing about the bodies.
  r.use('*', async (c, next) => {
    assertCanManageSso(c.get('user'));
    await next();
  });
  const tags = ['SSO'];
  r.get('/config', route({ summary: 'List SSO configs', description: 'Superusers only.', tags, responses: { 200: SsoConfigList } }), async (c) => c.json(await listSsoConfigs(deps, c.get('user'))));
  r.post(
    '/config',
    route({ summary: 'Create an SSO config', description: 'Superusers only. 409 `ssoProviderExists` / `ssoDomainExists`.', tags, responses: { 201: SsoConfig }, errors: [400, 401, 403, 409, 422] }),
    validate('json', CreateSsoConfigBody), async (c) => c.json(await createSsoConfig(deps, c.get('user'), c.req.valid('json')), 201));
  r.get('/config/:configId', route({ summary: 'Read an SSO config', tags, responses: { 200: SsoConfig } }), idParams('SSO config', 'configId'), async (c) => c.json(await getSsoConfig(deps, c.get('user'), c.req.valid('param').configId)));
  r.patch(
    '/config/:configId',
    route({ summary: 'Update an SSO config', description: 'Status toggle and upstream settings. 409 when the domain is taken.', tags, responses: { 200: SsoConfig }, errors: [400, 401, 403, 404, 409, 422] }),
    idParams('SSO config', 'configId'), validate('json', PatchSsoConfigBody), async (c) =>
    c.json(await patchSsoConfig(deps, c.get('user'), c.req.valid('param').configId, c.req.valid('json'))),
  );
  r.post(
    '/config/:configId/provision',
    route({ summary: 'Provision an account from an SSO config', description: 'New users of the domain get `defaultRole` in the account (set again to change it).', tags, responses: { 201: SsoConfig } }),
    idParams('SSO config', 'configId'), validate('json', ProvisionBody), async (c) =>
    c.json(await provisionSsoConfig(deps, c.get('user'), c.req.valid('param').configId, c.req.valid('json')), 201),
  );
  return r;
}
