/**
 * Calls of the CRM integrations (issue 15 "Integrations"; spec 002 §7 Integrations; architecture
 * note §5–§6) through the SPA's API client (bearer token). Shapes are the server's valibot contracts
 * (server/src/modules/integration/crm.types.ts, form.schemas.ts), inferred as types. Errors are the
 * client's `HttpError` (400 `invalidState`, 403 `featureDisabled`, 409 `notConfigured`, 422 field
 * errors `apiKey` / `code` / `state`, 502 `crmUnavailable`).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { AccountIntegrations, CrmDelivery, CrmIntegration } from '../../../../server/src/modules/integration/crm.types';
import type { FormSubmission } from '../../../../server/src/modules/form/form.schemas';
import type { CrmType } from '../../../../machines/integrations/crmConnection.actors';

export type { AccountIntegrations, CrmDelivery, CrmIntegration, CrmType };

/** A stored submission with its CRM deliveries (`GET /bot/{id}/form-submission` records). */
export type FormSubmissionWithDeliveries = FormSubmission & { deliveries?: CrmDelivery[] };

/** `GET /bot/{id}/form-submission` answer. */
export interface FormSubmissionPage {
  records: FormSubmissionWithDeliveries[];
  metadata: { page: number; pageSize: number; pageCount: number; totalCount: number };
}

/** Query of the account's integrations. */
export const integrationsOptions = (accountId: number) =>
  queryOptions({
    queryKey: ['account', accountId, 'integration'] as const,
    queryFn: ({ signal }) => api.get<AccountIntegrations>(`/account/${accountId}/integration`, { signal }),
  });

/** POST /integration/{type}/auth/start/account/{accountId} → `{ authorizeUrl }` (OAuth CRMs). */
export const startCrmOAuth = (type: CrmType, accountId: number) => api.post<{ authorizeUrl: string }>(`/integration/${type}/auth/start/account/${accountId}`);

/** POST /integration/{type}/auth/account/{accountId} `{ code, state }` | `{ apiKey }` → CrmIntegration. */
export const connectCrm = (type: CrmType, accountId: number, body: { code: string; state: string } | { apiKey: string }) =>
  api.post<CrmIntegration>(`/integration/${type}/auth/account/${accountId}`, body);

/** DELETE /integration/{type}/account/{accountId} → 204. */
export const disconnectCrm = (type: CrmType, accountId: number) => api.delete<void>(`/integration/${type}/account/${accountId}`);

/** Query of one page of a bot's form submissions (newest first). */
export const formSubmissionsOptions = (botId: number, page: number, size = 10) =>
  queryOptions({
    queryKey: ['bot', botId, 'form-submission', { page, size }] as const,
    queryFn: ({ signal }) => api.get<FormSubmissionPage>(`/bot/${botId}/form-submission`, { query: { page, size }, signal }),
  });

/** POST /bot/{id}/form-submission/{submissionId}/delivery/{type}/retry → the delivery, pending again. */
export const retryDelivery = (botId: number, submissionId: string, type: CrmType) =>
  api.post<CrmDelivery>(`/bot/${botId}/form-submission/${encodeURIComponent(submissionId)}/delivery/${type}/retry`);
