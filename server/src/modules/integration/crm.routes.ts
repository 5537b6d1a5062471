/**
 * CRM integration routes (issue 15 "Integrations"; spec 002 §7 Integrations; architecture note §5–§6;
 * docs/api.md "Integrations"). Rules in ./crm.service.ts.
 * - `GET /api/account/{accountId}/integration` → AccountIntegrations;
 * - `POST /api/integration/{type}/auth/start/account/{accountId}` → `{ authorizeUrl }` (OAuth CRMs);
 * - `POST /api/integration/{type}/auth/account/{accountId}` `{ code, state }` | `{ apiKey }` → CrmIntegration;
 * - `DELETE /api/integration/{type}/account/{accountId}` → 204;
 * - `POST /api/bot/{id}/form-submission/{submissionId}/delivery/{type}/retry` → CrmDelivery.
 */
import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { forbidden, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { canCreateBot, canViewBots } from '../bot/bot.policy';
import * as botRepo from '../bot/bot.repo';
import * as formRepo from '../form/form.repo';
import { AccountIntegrations, CrmDelivery, CrmIntegration, FORM_INTEGRATIONS, type FormIntegration } from './crm.types';
import { CrmAuthStart, CrmConnectBody, CrmTypeParam } from './crm.schemas';
import { connect, disconnect, listIntegrations, retryDelivery, startAuth } from './crm.service';

const tags = ['Integrations'];
const typeParam = validator('param', CrmTypeParam, (result) => {
  if (!result.success) throw notFound('Unknown integration.');
});
/** The `{type}` segment, already checked by `typeParam` (two param validators: `valid('param')` holds only the last one's output). */
const crmType = (raw: string | undefined): FormIntegration => v.parse(v.picklist(FORM_INTEGRATIONS), raw);
const RIGHTS = 'Staff, and the Owner, Admin or Reseller of the account (Editor / Viewer 403, no role 404).';

/** Mounted at `/api/account` (authenticated). */
export function crmAccountRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/:accountId/integration',
    route({
      summary: "List the account's integrations",
      description: `The four CRMs (state not_connected | connected | error, connected user, error message, whether the account's features enable each and whether the server has its OAuth client) and the caller's Google Drive. Never a secret. ${RIGHTS}`,
      tags,
      responses: { 200: AccountIntegrations },
      errors: [401, 403, 404],
    }),
    idParams('Account', 'accountId'),
    async (c) => c.json(await listIntegrations(deps, c.get('user'), c.req.valid('param').accountId)),
  );
  return r;
}

/** Mounted at `/api/integration` (authenticated), next to the Google Drive routes. */
export function crmIntegrationRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post(
    '/:type/auth/start/account/:accountId',
    route({
      summary: 'Start connecting an OAuth CRM',
      description: `HubSpot, Salesforce: the vendor's consent URL carrying a signed state (10 minutes) and the redirect URI \`{PUBLIC_URL}/integration-callback/{type}\`. 403 \`featureDisabled\` (dashboard:integration / integration_<type> off); 409 \`notConfigured\` (no OAuth client on the server); 400 \`notOAuth\` for an API-key CRM. ${RIGHTS}`,
      tags,
      responses: { 200: CrmAuthStart },
      errors: [400, 401, 403, 404, 409],
    }),
    typeParam,
    idParams('Account', 'accountId'),
    async (c) => c.json(await startAuth(deps, c.get('user'), crmType(c.req.param('type')), c.req.valid('param').accountId)),
  );
  r.post(
    '/:type/auth/account/:accountId',
    route({
      summary: 'Connect a CRM',
      description: `OAuth CRMs: \`{ code, state }\` from the callback; the state must be this server's, unexpired, the caller's, for this account and CRM (else 400 \`invalidState\` 'Invalid authentication state'). Linear, Pipedrive: \`{ apiKey }\`. 422 \`errors.code\` / \`errors.apiKey\` when missing or refused by the vendor; 502 \`crmUnavailable\`; 403 \`featureDisabled\`; 409 \`notConfigured\`. Replaces an earlier connection and re-sends the deliveries that waited for it. ${RIGHTS}`,
      tags,
      responses: { 200: CrmIntegration },
      errors: [400, 401, 403, 404, 409, 422, 502],
    }),
    typeParam,
    idParams('Account', 'accountId'),
    validate('json', CrmConnectBody),
    async (c) => c.json(await connect(deps, c.get('user'), crmType(c.req.param('type')), c.req.valid('param').accountId, c.req.valid('json'))),
  );
  r.delete(
    '/:type/account/:accountId',
    route({
      summary: 'Disconnect a CRM',
      description: `Deletes the connection and its sealed secret, then revokes the token at the vendor (best effort). 204 also when it was not connected. ${RIGHTS}`,
      tags,
      responses: { 204: null },
      errors: [401, 403, 404],
    }),
    typeParam,
    idParams('Account', 'accountId'),
    async (c) => {
      await disconnect(deps, c.get('user'), crmType(c.req.param('type')), c.req.valid('param').accountId);
      return c.body(null, 204);
    },
  );
  return r;
}

/** `{submissionId}`: the submission's row id (`FormSubmission.id`) or its client UUID (`FormSubmission.submissionId`). */
const RetryParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number)),
  submissionId: v.pipe(v.string(), v.regex(/^([1-9]\d{0,8}|[0-9a-fA-F-]{36})$/)),
  type: v.picklist(FORM_INTEGRATIONS),
});

/** Mounted at `/api/bot` (authenticated). */
export function crmBotRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post(
    '/:id/form-submission/:submissionId/delivery/:type/retry',
    route({
      summary: 'Retry a failed CRM delivery',
      description:
        'Queues a `failed` delivery of the submission (`{submissionId}` = FormSubmission.id or its submissionId UUID) to the CRM again → the delivery, now `pending`. 409 `notRetryable` when it is not failed. Anyone who may edit in the bot\'s account (staff, Owner, Admin, Editor, Reseller; Viewer 403; others 404).',
      tags,
      responses: { 200: CrmDelivery },
      errors: [401, 403, 404, 409],
    }),
    validator('param', RetryParams, (result) => {
      if (!result.success) throw notFound('Delivery not found.');
    }),
    async (c) => {
      const user = c.get('user');
      const { id, submissionId, type } = c.req.valid('param');
      const bot = await botRepo.findBotById(deps.db, id);
      if (!bot || !canViewBots(user, bot.accountId)) throw notFound('Vidbot not found.');
      if (!canCreateBot(user, bot.accountId)) throw forbidden('Viewers cannot retry deliveries.');
      const submission = /^\d+$/.test(submissionId) ? await formRepo.findById(deps.db, Number(submissionId)) : await formRepo.findBySubmissionId(deps.db, submissionId.toLowerCase());
      if (!submission || submission.botId !== bot.id) throw notFound('Form submission not found.');
      return c.json(await retryDelivery(deps, submission.id, type));
    },
  );
  return r;
}
