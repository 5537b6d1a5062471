/**
 * Abstract side effects of the CRM connection chart (issue 15 "Integrations"; spec 002 §2
 * Integrations tab, §4 integration state and OAuth callback, §7 Integrations, §8 toasts).
 *
 * The machine only knows these shapes; the app edge (src/features/settings/integrations/crmConnection.actors.ts)
 * supplies the API calls with `crmConnectionMachine.provide({ actors, actions })`. The defaults throw
 * "must be provided" so a forgotten binding fails loudly. Errors are the API client's `HttpError`
 * (`status`, `code`, `detail`), read structurally by the chart.
 */
import { fromPromise } from 'xstate';

/** The CRMs (crm.types.ts FORM_INTEGRATIONS). */
export type CrmType = 'hubspot' | 'linear' | 'pipedrive' | 'salesforce';

/** The server's view of one connection (CrmIntegration's state, user and error). */
export interface CrmRecord {
  state: 'not_connected' | 'connected' | 'error';
  user: string | null;
  error: string | null;
}

/** Which connection a call is about. */
export interface CrmTarget {
  accountId: number;
  integrationType: CrmType;
}

/** startOAuth: POST /integration/{type}/auth/start/account/{accountId} → `{ authorizeUrl }`. */
export interface StartOAuthOutput {
  authorizeUrl: string;
}

/** redirect: leaves for the vendor's authorize page. Never settles in the browser; rejects when navigation fails. */
export interface RedirectInput {
  authorizeUrl: string;
}

/** verifyKey: POST /integration/{type}/auth/account/{accountId} `{ apiKey }` → CrmIntegration. */
export interface VerifyKeyInput extends CrmTarget {
  apiKey: string;
}

/** completeOAuth: POST /integration/{type}/auth/account/{accountId} `{ code, state }` → CrmIntegration. */
export interface CompleteOAuthInput extends CrmTarget {
  code: string;
  state: string;
}

/** Default actors: each throws "… must be provided" when started. */
export const missingCrmConnectionActors = {
  startOAuth: fromPromise<StartOAuthOutput, CrmTarget>(async () => {
    throw new Error('startOAuth must be provided');
  }),
  redirect: fromPromise<void, RedirectInput>(async () => {
    throw new Error('redirect must be provided');
  }),
  verifyKey: fromPromise<CrmRecord, VerifyKeyInput>(async () => {
    throw new Error('verifyKey must be provided');
  }),
  completeOAuth: fromPromise<CrmRecord, CompleteOAuthInput>(async () => {
    throw new Error('completeOAuth must be provided');
  }),
  disconnect: fromPromise<void, CrmTarget>(async () => {
    throw new Error('disconnect must be provided');
  }),
};
