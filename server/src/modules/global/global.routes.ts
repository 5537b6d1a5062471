/** `/api/global` (spec 000 §7): enumerations and version; any signed-in user. */
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { getGlobal } from './global.service';

export function globalRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/', (c) => c.json(getGlobal()));
  return r;
}
