/**
 * `GET /api/bot/status` — the staff live status list (issue 13 "Live status becomes real"; spec 002 §2
 * Live status, §9 page size 30). Mounted at `/api/bot` BEFORE the bot routes (so `status` is not read
 * as a bot id). Staff only (superuser or customer success; spec 002 §6 "some guards accept customer
 * success for live status"), 403 otherwise. The rule: bot.service.ts `liveStatusOf`.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import { LiveStatusList, LiveStatusQuery } from './analytics.schemas';
import { liveStatusList } from './analytics.service';

export function liveStatusRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/status',
    route({
      summary: 'Live status of every published vidbot (staff)',
      description:
        'One page (default 30) of bots with their live status: live = viewer sessions in the last 24 h, offline = published and seen before but silent for 24 h, inactive = never seen (docs/api.md "Live status"). `order_by` bot_name | account | live_status | last_viewed_at | updated_at. Staff only (403).',
      tags: ['Analytics'],
      responses: { 200: LiveStatusList },
      errors: [401, 403, 422],
    }),
    validate('query', LiveStatusQuery),
    async (c) => c.json(await liveStatusList(deps, c.get('user'), c.req.valid('query'))),
  );
  return r;
}
