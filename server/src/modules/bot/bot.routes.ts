/**
 * HTTP routes of vidbots (spec 001 §7). Mounted at `/api/bot` (authenticated) and `/api/public/bot`
 * (no token). Each route declares its contract (lib/contract.ts: request and answer schemas from
 * bot.schemas.ts, published in `GET /api/openapi.json`), validates (valibot, 422 with field
 * messages; a non-number id is 404) and delegates to bot.service.ts.
 */
import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import {
  BotDetail,
  BotList,
  BotListQuery,
  CreateBotBody,
  GetBotQuery,
  PatchBotBody,
  PlayerBot,
  PublicIdParam,
  CopyToAccountQuery,
  DeletedBot,
  RevisionStatusBody,
} from './bot.schemas';
import { cloneBot, copyBotToAccount, deleteBot } from './bot.copy';
import { createBot, getBot, getPublicBot, listBots, patchBot, publishRevision } from './bot.service';
import { BotGraph, getBotGraph } from './bot.graph';

const tags = ['Bots'];

/** `/api/bot` routes: list, create, read, the graph, update, delete, clone, copy to account, publish a revision. */
export function botRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get(
    '/',
    route({
      summary: 'List the vidbots of an account',
      description:
        'One page of `{ records, metadata }` (spec 001 §2). `tag_ids` (comma list) keeps the bots having ANY of those tags. `order_by=status` sorts Draft, Deactivated, Published, then live status inactive, offline, live. 404 when the caller has no role in the account. Unknown query parameters are ignored.',
      tags,
      responses: { 200: BotList },
    }),
    validate('query', BotListQuery),
    async (c) => c.json(await listBots(deps.db, c.get('user'), c.req.valid('query'))),
  );

  r.post(
    '/',
    route({
      summary: 'Create a vidbot',
      description: 'Creates the bot (Draft, author = caller) and revision 1 with empty content. 403 for a Viewer.',
      tags,
      responses: { 201: BotDetail },
    }),
    validate('json', CreateBotBody),
    async (c) => c.json(await createBot(deps.db, c.get('user'), c.req.valid('json')), 201),
  );

  r.get(
    '/:id',
    route({
      summary: 'Read a vidbot',
      description: '`mode=draft` (default) answers the latest revision, `mode=published` the published one (404 when none). Slides carry their media resolved to `/files/` URLs.',
      tags,
      responses: { 200: BotDetail },
    }),
    idParams('Vidbot'),
    validate('query', GetBotQuery),
    async (c) => c.json(await getBot(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query').mode)),
  );

  r.get(
    '/:id/graph',
    route({
      summary: "The vidbot's own graph",
      description:
        'Issue 11: the revision (`mode=draft`, default: the latest; `mode=published`: the published one, 404 when none) compiled to its statechart and analysed — slides, actions and the closed end as nodes, live buttons as edges, unreachable slides and actions, dead ends, loops, deleted targets and the number of distinct paths from the intro (capped at 10 000). The editor runs the same function on its unsaved draft.',
      tags,
      responses: { 200: BotGraph },
      errors: [401, 404, 422],
    }),
    idParams('Vidbot'),
    validate('query', GetBotQuery),
    async (c) => c.json(await getBotGraph(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query').mode)),
  );

  r.patch(
    '/:id',
    route({
      summary: 'Update a vidbot',
      description:
        'Rename, privacy, star, status (publish / deactivate / reactivate) and content. Writing content to a published revision starts a new draft revision; cross-field rules of the content answer 422 with field paths (spec 001 §4, §5). A gated setting or form integration changed without its account feature answers 403 featureRequired (spec 001 §6). With baseRevisionId, content based on an older revision answers 409 revisionConflict.',
      tags,
      responses: { 200: BotDetail },
      errors: [400, 401, 403, 404, 409, 422],
    }),
    idParams('Vidbot'),
    validate('json', PatchBotBody),
    async (c) => c.json(await patchBot(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('json'))),
  );

  r.delete(
    '/:id',
    route({
      summary: 'Delete a vidbot',
      description: 'Editors (spec 001 §6). Deletes the bot, its revisions and tag links; a published bot stops serving (the public endpoint answers 404). Media stays in the library. Audited as `bot.delete`.',
      tags,
      responses: { 200: DeletedBot },
      errors: [401, 403, 404],
    }),
    idParams('Vidbot'),
    async (c) => c.json(await deleteBot(deps.db, c.get('user'), c.req.valid('param').id)),
  );

  r.post(
    '/:id/clone',
    route({
      summary: 'Duplicate a vidbot',
      description: 'A new Draft "<name> (Copy)" in the same account with the latest revision\'s content and the same tags (new id and publicId). Viewer → 403; Deactivated → 422 `botDeactivated`.',
      tags,
      responses: { 201: BotDetail },
      errors: [401, 403, 404, 422],
    }),
    idParams('Vidbot'),
    async (c) => c.json(await cloneBot(deps.db, c.get('user'), c.req.valid('param').id), 201),
  );

  r.post(
    '/:id/copy-to-account',
    route({
      summary: 'Copy a vidbot to another account',
      description:
        'As clone, into `target_account_id`, where the caller needs a non-Viewer role (no role → 404, Viewer → 403; the source needs the same). Deactivated → 422 `botDeactivated`; the own account → 422. The media the content references is copied into the target account (new media rows and files, captions included) and the ids remapped; tags are carried over by name.',
      tags,
      responses: { 201: BotDetail },
      errors: [401, 403, 404, 422],
    }),
    idParams('Vidbot'),
    validate('query', CopyToAccountQuery),
    async (c) => c.json(await copyBotToAccount(deps, c.get('user'), c.req.valid('param').id, c.req.valid('query').target_account_id), 201),
  );

  r.patch(
    '/:id/revision/:revisionId/status',
    route({ summary: 'Publish a revision', tags, responses: { 200: BotDetail }, errors: [400, 401, 403, 404, 409, 422] }),
    idParams('Vidbot', 'id', 'revisionId'),
    validate('json', RevisionStatusBody),
    async (c) => {
      const { id, revisionId } = c.req.valid('param');
      return c.json(await publishRevision(deps.db, c.get('user'), id, revisionId));
    },
  );

  return r;
}

/** `/api/public/bot/{publicId}`: the published vidbot for the player, no authentication. */
export function publicBotRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/:publicId',
    route({
      summary: 'The published vidbot for the player',
      description: 'No token. REGULAR_FORM actions lose their private fields (recipients, integrations). 404 when the bot is not published or is deactivated.',
      tags,
      auth: 'public',
      responses: { 200: PlayerBot },
    }),
    validator('param', PublicIdParam, (result) => {
      if (!result.success) throw notFound('Vidbot not found.');
    }),
    async (c) => c.json(await getPublicBot(deps.db, c.req.valid('param').publicId, new Date(), deps.env.publicUrl)),
  );
  return r;
}
