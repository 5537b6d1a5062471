/** `/api/user` routes (spec 000 §7): `GET /user/me` — every signed-in user may read themselves. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { getMe } from './user.service';

export function userRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/me', async (c) => c.json(await getMe(deps.db, c.get('user'))));
  return r;
}
