/**
 * HTTP routes of vidbots (docs/api.md "Bots"; spec 001 §7). Mounted at `/api/bot` (authenticated)
 * and `/api/public/bot` (no token). Routes validate (valibot, 422 with field messages) and delegate
 * to bot.service.ts.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { BotListQuery, CreateBotBody, GetBotQuery, PatchBotBody, RevisionStatusBody } from './bot.schemas';
import { createBot, getBot, getPublicBot, listBots, patchBot, publishRevision } from './bot.service';

/** A numeric path id, or 404 (a non-number names no resource). */
export function idParam(raw: string | undefined, what = 'Vidbot'): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(`${what} not found.`);
  return Number(raw);
}

/** `/api/bot` routes: list, create, read, update, publish a revision. */
export function botRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/', validate('query', BotListQuery), async (c) => c.json(await listBots(deps.db, c.get('user'), c.req.valid('query'))));

  r.post('/', validate('json', CreateBotBody), async (c) =>
    c.json(await createBot(deps.db, c.get('user'), c.req.valid('json')), 201),
  );

  r.get('/:id', validate('query', GetBotQuery), async (c) =>
    c.json(await getBot(deps.db, c.get('user'), idParam(c.req.param('id')), c.req.valid('query').mode)),
  );

  r.patch('/:id', validate('json', PatchBotBody), async (c) =>
    c.json(await patchBot(deps.db, c.get('user'), idParam(c.req.param('id')), c.req.valid('json'))),
  );

  r.patch('/:id/revision/:revisionId/status', validate('json', RevisionStatusBody), async (c) =>
    c.json(
      await publishRevision(
        deps.db,
        c.get('user'),
        idParam(c.req.param('id')),
        idParam(c.req.param('revisionId'), 'Revision'),
      ),
    ),
  );

  return r;
}

/** `/api/public/bot/{publicId}`: the published vidbot for the player, no authentication. */
export function publicBotRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/:publicId', async (c) => {
    const publicId = c.req.param('publicId');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(publicId)) throw notFound('Vidbot not found.');
    return c.json(await getPublicBot(deps.db, publicId));
  });
  return r;
}
