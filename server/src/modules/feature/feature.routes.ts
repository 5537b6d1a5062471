/**
 * `/api/feature` routes (spec 000 §7 "Features"): the caller's feature list for an account, and the
 * superuser flag administration (`/flags`: list, create, update by name). Each route declares its
 * contract (lib/contract.ts, shapes in feature.schemas.ts).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import { CreateFlagBody, FeatureFlag, FeatureFlagList, FeatureList, FeatureQuery, FlagListQuery, UpdateFlagBody } from './feature.schemas';
import { getFeatures } from './feature.service';
import { createFlag, listFlags, updateFlag } from './feature.admin';

export function featureRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const tags = ['Features'];
  r.get(
    '/',
    route({
      summary: "The caller's features",
      description: 'Features enabled for the caller in the account (`account_id` 0 or absent: no account), as `${flag_type}:${name}` strings. 404 when the caller may not use the account.',
      tags,
      responses: { 200: FeatureList },
      errors: [401, 404, 422],
    }),
    validate('query', FeatureQuery), async (c) => c.json(await getFeatures(deps.db, c.get('user'), c.req.valid('query'))));
  // 403 before validation: non-superusers learn nothing about the flag bodies.
  r.use('/flags', async (c, next) => {
    if (!c.get('user').isSuperuser) throw forbidden('Only superusers can manage feature flags.');
    await next();
  });
  r.get(
    '/flags',
    route({ summary: 'List feature flags', description: 'Superusers only. By name; `account_ids` keeps flags enabled for any of them, `flag_name` is a case-insensitive substring.', tags, responses: { 200: FeatureFlagList }, errors: [401, 403, 422] }),
    validate('query', FlagListQuery), async (c) => c.json(await listFlags(deps.db, c.get('user'), c.req.valid('query'))));
  r.post(
    '/flags',
    route({ summary: 'Create a feature flag', description: 'Superusers only. 409 `flagExists` when the name is taken; 422 unknown user or account ids.', tags, responses: { 201: FeatureFlag }, errors: [400, 401, 403, 409, 422] }),
    validate('json', CreateFlagBody), async (c) => c.json(await createFlag(deps.db, c.get('user'), c.req.valid('json')), 201));
  r.put(
    '/flags',
    route({ summary: 'Update a feature flag', description: 'Superusers only. Updates the flag named `name`; the other fields present replace the stored ones. 404 when there is none.', tags, responses: { 200: FeatureFlag }, errors: [400, 401, 403, 404, 422] }),
    validate('json', UpdateFlagBody), async (c) => c.json(await updateFlag(deps.db, c.get('user'), c.req.valid('json'))));
  return r;
}
