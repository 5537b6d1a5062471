/**
 * `/api/tag` routes (spec 001 §7 "GET and POST /tag (query account_id, size 100; body name,
 * account_id); PATCH /tag/{tagId}"; docs/api.md "Tags"). Contracts from tag.schemas.ts; rules in
 * tag.service.ts.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import { CreateTagBody, PatchTagBody, Tag, TagList, TagListQuery } from './tag.schemas';
import { createTag, listTags, renameTag } from './tag.service';

const tags = ['Tags'];

export function tagRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/',
    route({
      summary: "List an account's tags",
      description: 'By lower-cased name; `size` default 100 (spec 001 §9), at most 250. 404 when the caller has no role in the account.',
      tags,
      responses: { 200: TagList },
      errors: [401, 404, 422],
    }),
    validate('query', TagListQuery),
    async (c) => c.json(await listTags(deps.db, c.get('user'), c.req.valid('query'))),
  );
  r.post(
    '/',
    route({
      summary: 'Create a tag',
      description: 'Editors of the account (not Viewer → 403). Blank name → 422; a name the account already has (any case) → 400 `tagExists` whose `detail` the SPA shows.',
      tags,
      responses: { 201: Tag },
      errors: [400, 401, 403, 404, 422],
    }),
    validate('json', CreateTagBody),
    async (c) => c.json(await createTag(deps.db, c.get('user'), c.req.valid('json')), 201),
  );
  r.patch(
    '/:tagId',
    route({
      summary: 'Rename a tag',
      description: 'Editors of the tag\'s account (Viewer → 403). Same name rules as create.',
      tags,
      responses: { 200: Tag },
      errors: [400, 401, 403, 404, 422],
    }),
    idParams('Tag', 'tagId'),
    validate('json', PatchTagBody),
    async (c) => c.json(await renameTag(deps.db, c.get('user'), c.req.valid('param').tagId, c.req.valid('json'))),
  );
  return r;
}
