/**
 * `/api/feature` routes (spec 000 §7 "Features"): the caller's feature list for an account, and the
 * superuser flag administration (`/flags`: list, create, update by name).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { CreateFlagBody, FeatureQuery, FlagListQuery, UpdateFlagBody } from './feature.schemas';
import { getFeatures } from './feature.service';
import { createFlag, listFlags, updateFlag } from './feature.admin';

export function featureRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/', validate('query', FeatureQuery), async (c) => c.json(await getFeatures(deps.db, c.get('user'), c.req.valid('query'))));
  // 403 before validation: non-superusers learn nothing about the flag bodies.
  r.use('/flags', async (c, next) => {
    if (!c.get('user').isSuperuser) throw forbidden('Only superusers can manage feature flags.');
    await next();
  });
  r.get('/flags', validate('query', FlagListQuery), async (c) => c.json(await listFlags(deps.db, c.get('user'), c.req.valid('query'))));
  r.post('/flags', validate('json', CreateFlagBody), async (c) => c.json(await createFlag(deps.db, c.get('user'), c.req.valid('json')), 201));
  r.put('/flags', validate('json', UpdateFlagBody), async (c) => c.json(await updateFlag(deps.db, c.get('user'), c.req.valid('json'))));
  return r;
}
