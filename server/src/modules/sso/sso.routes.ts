/**
 * SSO routes (spec 000 §7):
 * - public: `POST /auth/sso/discover` `{ email }` → `{ ssoProvider }` | 404;
 * - authenticated: `POST /auth/finalize` → User + identities;
 * - superusers: `GET|POST /sso/config`, `GET|PATCH /sso/config/{configId}`,
 *   `POST /sso/config/{configId}/provision`.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseOr422, validate } from '../../lib/validate';
import { assertCanManageSso } from './sso.policy';
import { ConfigIdParam, CreateSsoConfigBody, DiscoverBody, FinalizeBody, PatchSsoConfigBody, ProvisionBody } from './sso.schemas';
import { createSsoConfig, discoverSsoProvider, finalizeSignIn, getSsoConfig, listSsoConfigs, patchSsoConfig, provisionSsoConfig } from './sso.service';

/** Mounted at `/api/auth/sso` before authentication. */
export function ssoDiscoverRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/discover', validate('json', DiscoverBody), async (c) => c.json(await discoverSsoProvider(deps, c.req.valid('json').email)));
  return r;
}

/** Mounted at `/api/auth` after authentication. */
export function authFinalizeRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/finalize', async (c, next) => {
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
  r.get('/config', async (c) => c.json(await listSsoConfigs(deps, c.get('user'))));
  r.post('/config', validate('json', CreateSsoConfigBody), async (c) => c.json(await createSsoConfig(deps, c.get('user'), c.req.valid('json')), 201));
  r.get('/config/:configId', validate('param', ConfigIdParam), async (c) => c.json(await getSsoConfig(deps, c.get('user'), c.req.valid('param').configId)));
  r.patch('/config/:configId', validate('param', ConfigIdParam), validate('json', PatchSsoConfigBody), async (c) =>
    c.json(await patchSsoConfig(deps, c.get('user'), c.req.valid('param').configId, c.req.valid('json'))),
  );
  r.post('/config/:configId/provision', validate('param', ConfigIdParam), validate('json', ProvisionBody), async (c) =>
    c.json(await provisionSsoConfig(deps, c.get('user'), c.req.valid('param').configId, c.req.valid('json')), 201),
  );
  return r;
}
