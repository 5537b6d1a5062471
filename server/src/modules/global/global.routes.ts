/** `/api/global` (spec 000 §7): enumerations and version; any signed-in user. */
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { route } from '../../lib/contract';
import { Global } from './global.schemas';
import { getGlobal } from './global.service';

export function globalRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/',
    route({
      summary: 'Enumerations and server version',
      description: 'Languages, role values, staff roles, media kinds, feature-flag names and the server version; the same for every caller.',
      tags: ['Global'],
      responses: { 200: Global },
      errors: [401],
    }),
    (c) => c.json(getGlobal()));
  return r;
}
