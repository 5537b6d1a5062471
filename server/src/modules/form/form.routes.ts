/**
 * HTTP routes of form submissions (issue 12; docs/api.md "Form submissions"):
 * - `POST /api/public/bot/{publicId}/form-submission` (no token; CORS `*` without credentials, so a
 *   display-ad package served from an ad platform can post too; body at most 64 KiB → 413);
 * - `GET /api/bot/{id}/form-submission?page&size` (signed in; anyone who may view the bot).
 * Rules in form.service.ts.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { validator } from 'hono-openapi';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { HttpError, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { PublicIdParam } from '../bot/bot.schemas';
import { FormSubmissionBody, FormSubmissionCreated, FormSubmissionList, FormSubmissionListQuery, MAX_SUBMISSION_BYTES } from './form.schemas';
import { listSubmissions, submitForm } from './form.service';

const tags = ['Form submissions'];

/** Mounted at `/api/public/bot` (before authentication). */
export function publicFormRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('/:publicId/form-submission', cors({ origin: '*', allowMethods: ['POST'], allowHeaders: ['Content-Type'], maxAge: 600 }));
  r.post(
    '/:publicId/form-submission',
    route({
      summary: 'Submit a form of a published vidbot',
      description:
        'No token. Body `{ submissionId (client UUID, the idempotency key), revisionId (PlayerBot.revisionId; null = current published), actionId (a REGULAR_FORM action), values: { fieldName: answer }, lang? }`. ' +
        '201 `{ submissionId }` when stored (and the e-mail to the form recipient + bcc queued); 200 with the same body when that submissionId was already stored for this form (nothing stored or sent twice); ' +
        '422 `errors` keyed `values.<field name>`, `revisionId` or `actionId`; 409 when the submissionId belongs to another form; 404 when the bot is not published; 413 over 64 KiB.',
      tags,
      auth: 'public',
      responses: { 200: FormSubmissionCreated, 201: FormSubmissionCreated },
      errors: [400, 404, 409, 413, 422],
    }),
    bodyLimit({
      maxSize: MAX_SUBMISSION_BYTES,
      onError: () => {
        throw new HttpError(413, 'The submission is larger than 64 KiB.', 'too_large');
      },
    }),
    validator('param', PublicIdParam, (result) => {
      if (!result.success) throw notFound('Vidbot not found.');
    }),
    validate('json', FormSubmissionBody),
    async (c) => {
      const { status, body } = await submitForm({ db: deps.db, env: deps.env }, c.req.valid('param').publicId, c.req.valid('json'));
      return c.json(body, status);
    },
  );
  return r;
}

/** Mounted at `/api/bot` (authenticated). */
export function formRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/:id/form-submission',
    route({
      summary: "List a vidbot's form submissions",
      description: 'Newest first; `size` default 20, at most 100. Anyone who may view the bot (any Active role in its account, and staff); others 404.',
      tags,
      responses: { 200: FormSubmissionList },
      errors: [401, 404, 422],
    }),
    idParams('Vidbot'),
    validate('query', FormSubmissionListQuery),
    async (c) => c.json(await listSubmissions(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'))),
  );
  return r;
}
