/**
 * HTTP routes of widgets (carousels) on the dashboard API (issue 15 "Widgets"; spec 002 §7 Widgets;
 * docs/api.md "Widgets"). Mounted at `/api/widget` (authenticated). Each route declares its contract
 * (lib/contract.ts: request and answer schemas from widget.schemas.ts, published in
 * `GET /api/openapi.json`), validates (valibot, 422 with field messages; a non-number id is 404) and
 * delegates to widget.service.ts. `GET /widget/{id}` also answers HEAD (Hono runs the GET handler
 * and drops the body).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import { CopyToAccountQuery, DeletedBot as DeletedWidget, GetBotQuery as GetWidgetQuery, RevisionStatusBody } from '../bot/bot.schemas';
import { CreateWidgetBody, PatchWidgetBody, WidgetDetail, WidgetListQuery } from './widget.schemas';
import { WidgetList } from './widget.list.schemas';
import { cloneWidget, copyWidgetToAccount, createWidget, deleteWidget, getWidget, listWidgets, patchWidget, publishWidgetRevision } from './widget.service';

const tags = ['Widgets'];
const GATE = ' Needs the account feature `new_widgets` (else 403 `featureDisabled`).';

/** `/api/widget` routes: list, create, read, update (save draft, publish, deactivate, reactivate), delete, clone, copy to account, publish a revision. */
export function widgetRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get(
    '/',
    route({
      summary: 'List the widgets of an account',
      description: `One page of \`{ records, metadata }\`, newest first (spec 002 §2, §7; size 10 by default). \`name\` keeps the widgets whose name contains it (case-insensitive). 404 when the caller has no role in the account.${GATE}`,
      tags,
      responses: { 200: WidgetList },
      errors: [401, 403, 404, 422],
    }),
    validate('query', WidgetListQuery),
    async (c) => c.json(await listWidgets(deps, c.get('user'), c.req.valid('query'))),
  );

  r.post(
    '/',
    route({
      summary: 'Create a widget',
      description: `A Draft widget (author = caller, privacy Public) with revision 1 holding the defaults of \`type\` (default Slider; spec 002 §5, §9). 403 for a Viewer.${GATE}`,
      tags,
      responses: { 201: WidgetDetail },
      errors: [401, 403, 404, 422],
    }),
    validate('json', CreateWidgetBody),
    async (c) => c.json(await createWidget(deps, c.get('user'), c.req.valid('json')), 201),
  );

  r.get(
    '/:id',
    route({
      summary: 'Read a widget',
      description: `\`mode=draft\` (default) answers the latest revision, \`mode=published\` the published one (404 when none). Also HEAD.${GATE}`,
      tags,
      responses: { 200: WidgetDetail },
      errors: [401, 403, 404, 422],
    }),
    idParams('Widget'),
    validate('query', GetWidgetQuery),
    async (c) => c.json(await getWidget(deps, c.get('user'), c.req.valid('param').id, c.req.valid('query').mode)),
  );

  r.patch(
    '/:id',
    route({
      summary: 'Update a widget',
      description:
        'Rename, privacy, content (a new Draft revision; with `baseRevisionId` older than the latest → 409 `revisionConflict`), publish (`status` or `revisionStatus` Published; 422 with `content.*` field messages when the content is not valid), deactivate / reactivate (superusers and customer success only, else 403). `content.selectedBotIds` must be vidbots and `content.selectedTagIds` tags of the widget\'s account (422). Edit rights of spec 002 §6 (403).' +
        GATE,
      tags,
      responses: { 200: WidgetDetail },
      errors: [400, 401, 403, 404, 409, 422],
    }),
    idParams('Widget'),
    validate('json', PatchWidgetBody),
    async (c) => c.json(await patchWidget(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'))),
  );

  r.delete(
    '/:id',
    route({
      summary: 'Delete a widget',
      description: `Editors (spec 002 §6). Deletes the widget and its revisions; a published carousel stops serving. Audited as \`widget.delete\`.${GATE}`,
      tags,
      responses: { 200: DeletedWidget },
      errors: [401, 403, 404],
    }),
    idParams('Widget'),
    async (c) => c.json(await deleteWidget(deps, c.get('user'), c.req.valid('param').id)),
  );

  r.post(
    '/:id/clone',
    route({
      summary: 'Duplicate a widget',
      description: `A new Draft "<name> (Copy)" in the same account with the latest revision's content. Viewer → 403; Deactivated → 422 \`widgetDeactivated\`.${GATE}`,
      tags,
      responses: { 201: WidgetDetail },
      errors: [401, 403, 404, 422],
    }),
    idParams('Widget'),
    async (c) => c.json(await cloneWidget(deps, c.get('user'), c.req.valid('param').id), 201),
  );

  r.post(
    '/:id/copy-to-account',
    route({
      summary: 'Copy a widget to another account',
      description:
        'As duplicate, into `target_account_id`, where the caller needs a non-Viewer role (no role → 404, Viewer → 403) and the account the widgets feature (403 `featureDisabled`). The copy keeps every setting but clears `selectedBotIds` and `selectedTagIds` (they name the source account\'s vidbots and tags). Deactivated → 422 `widgetDeactivated`; the own account → 422.' +
        GATE,
      tags,
      responses: { 201: WidgetDetail },
      errors: [401, 403, 404, 422],
    }),
    idParams('Widget'),
    validate('query', CopyToAccountQuery),
    async (c) => c.json(await copyWidgetToAccount(deps, c.get('user'), c.req.valid('param').id, c.req.valid('query').target_account_id), 201),
  );

  r.patch(
    '/:id/revision/:revisionId/status',
    route({
      summary: 'Publish a widget revision',
      description: `Publishes that revision (an older one too: roll back); the previously published one becomes Archived. 404 when it is not the widget's; 422 when its content is not valid; on a Deactivated widget (reactivation) staff only.${GATE}`,
      tags,
      responses: { 200: WidgetDetail },
      errors: [400, 401, 403, 404, 422],
    }),
    idParams('Widget', 'id', 'revisionId'),
    validate('json', RevisionStatusBody),
    async (c) => {
      const { id, revisionId } = c.req.valid('param');
      return c.json(await publishWidgetRevision(deps, c.get('user'), id, revisionId));
    },
  );

  return r;
}
