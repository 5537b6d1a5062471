/** `/api/feature` routes (spec 000 §7 "Features"): the caller's feature list for an account. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { FeatureQuery } from './feature.schemas';
import { getFeatures } from './feature.service';

export function featureRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/', validate('query', FeatureQuery), async (c) => c.json(await getFeatures(deps.db, c.get('user'), c.req.valid('query'))));
  return r;
}
