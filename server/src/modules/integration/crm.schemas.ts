/**
 * Request shapes of the CRM integration routes (issue 15; docs/api.md "Integrations"). Answers are
 * the contracts of ./crm.types.ts (`AccountIntegrations`, `CrmIntegration`, `CrmDelivery`).
 */
import * as v from 'valibot';
import { FORM_INTEGRATIONS } from './crm.types';

/** `{type}` path segment: one of the four CRMs (anything else answers 404). */
export const CrmTypeParam = v.object({ type: v.picklist(FORM_INTEGRATIONS) });

/**
 * `POST /integration/{type}/auth/account/{accountId}` body: `{ code, state }` for an OAuth CRM
 * (HubSpot, Salesforce), `{ apiKey }` for Linear and Pipedrive. Which one is required is checked by
 * the service (422 with the missing field's message).
 */
export const CrmConnectBody = v.pipe(
  v.strictObject(
    {
      code: v.optional(v.pipe(v.string('code must be a string.'), v.trim(), v.maxLength(4096, 'code is too long.'))),
      state: v.optional(v.pipe(v.string('state must be a string.'), v.trim(), v.maxLength(4096, 'state is too long.'))),
      apiKey: v.optional(v.pipe(v.string('apiKey must be a string.'), v.trim(), v.maxLength(1000, 'apiKey is too long.'))),
    },
    (issue) => `Unknown field ${String(issue.input)}.`,
  ),
  v.metadata({ ref: 'CrmConnectBody' }),
);
export type CrmConnectBody = v.InferOutput<typeof CrmConnectBody>;

/** `POST /integration/{type}/auth/start/account/{accountId}` answer: the vendor's consent page with the signed state. */
export const CrmAuthStart = v.pipe(v.strictObject({ authorizeUrl: v.string() }), v.metadata({ ref: 'CrmAuthStart' }));
export type CrmAuthStart = v.InferOutput<typeof CrmAuthStart>;

/** `…/form-submission/{submissionId}/delivery/{type}/retry` path: the submission's row id and the CRM. */
export const DeliveryRetryParam = v.object({ type: v.picklist(FORM_INTEGRATIONS) });
