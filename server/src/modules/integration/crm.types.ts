/**
 * CRM integrations: the contracts every part shares (issue 15 "Integrations"; spec 002 §2
 * Integrations tab, §3 Integration, §4 "Integration state: not connected, connecting, connected,
 * error, with a reconnect button" and the integration OAuth callback, §7 Integrations, §8; spec 001
 * §4 Form integrations).
 *
 * - One connection per account × CRM (`crm_connections`), its secret sealed at rest (the identity
 *   provider's `sealSecret`, purpose `crm:<type>`), never answered to the SPA and never logged.
 * - Each CRM is a `CrmAdapter` (crm.<type>.ts, registered in crm.registry.ts), written against the
 *   vendor's official SDK (HubSpot `@hubspot/api-client`, Linear `@linear/sdk`, Pipedrive
 *   `pipedrive`, Salesforce `jsforce`) with its base URL from the environment, so tests point it at a
 *   local fake that follows the vendor's documented REST API (server/test/fakes/crm-<type>.ts).
 * - A stored form submission whose form has an enabled block of a connected CRM gets one delivery
 *   row (`crm_deliveries`) and one `crm.deliver` job; retries with backoff; an outage loses nothing.
 */
import * as v from 'valibot';
import { FORM_INTEGRATIONS, type FormIntegration } from '../bot/content.rules';
import { Timestamp } from '../../lib/timestamp';

export { FORM_INTEGRATIONS, type FormIntegration };

/** How a CRM is connected: OAuth code flow (HubSpot, Salesforce) or an API key / token (Linear, Pipedrive). */
export const CRM_AUTH: Record<FormIntegration, 'oauth' | 'apiKey'> = {
  hubspot: 'oauth',
  salesforce: 'oauth',
  linear: 'apiKey',
  pipedrive: 'apiKey',
};

/** Stored connection states (spec 002 §4; "connecting" lives only in the SPA while a call runs). */
export const CRM_CONNECTION_STATES = ['not_connected', 'connected', 'error'] as const;
export type CrmConnectionState = (typeof CRM_CONNECTION_STATES)[number];

/** Delivery states of one submission to one CRM. */
export const CRM_DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type CrmDeliveryState = (typeof CRM_DELIVERY_STATES)[number];

/** What is sealed in `crm_connections.secret` (JSON, then sealed). Never leaves the server. */
export interface CrmSecret {
  accessToken?: string;
  refreshToken?: string;
  /** Epoch ms when accessToken expires. */
  expiresAt?: number;
  /** API key / token (Linear, Pipedrive). */
  apiKey?: string;
  /** Salesforce instance URL; HubSpot portal id… whatever the adapter needs to call the API. */
  instanceUrl?: string;
}

/** What a successful connect gives: the secret plus what the SPA may show. */
export interface CrmGrant {
  secret: CrmSecret;
  /** Display name of the connected CRM user or workspace (spec 002 §3 `details.user`). */
  user: string | null;
  /** Non-secret facts (portal id, team id, instance host) kept in `crm_connections.details`. */
  details: Record<string, string>;
}

/** One form submission as a CRM receives it. */
export interface CrmLead {
  submissionId: string;
  botName: string;
  formName: string;
  /** Field name → value (text fields strings, checkboxes booleans). Names follow spec 001 §4 (`first-name`, `email`…). */
  values: Record<string, string | boolean>;
  language: 'en' | 'fi';
  /** ISO 8601. */
  createdAt: string;
}

/** The form's integration block for this CRM (content.rules.ts RegularFormAction.<type>). */
export interface CrmBlock {
  enabled: boolean;
  campaignId?: string | null;
  titleValue?: string | null;
  personId?: number | null;
  status?: string | null;
  leadSource?: string | null;
}

/** The connection row's non-secret facts an adapter gets back at delivery. */
export interface CrmConnectionFacts {
  accountId: number;
  details: Record<string, string>;
}

/** The server environment as adapters read it (base URLs, OAuth client ids and secrets). */
export interface CrmEnv {
  publicUrl: string;
  hubspotClientId?: string;
  hubspotClientSecret?: string;
  /** HubSpot API base (default https://api.hubapi.com) — the fake in tests. */
  hubspotApiBase: string;
  /** HubSpot authorize page (default https://app.hubspot.com/oauth/authorize). */
  hubspotAuthorizeUrl: string;
  /** Linear GraphQL endpoint (default https://api.linear.app/graphql). */
  linearApiUrl: string;
  /** Pipedrive API base (default https://api.pipedrive.com). */
  pipedriveApiBase: string;
  salesforceClientId?: string;
  salesforceClientSecret?: string;
  /** Salesforce login URL (default https://login.salesforce.com). */
  salesforceLoginUrl: string;
}

/** The connection no longer works (revoked token, deleted key): the connection goes to `error`; deliveries wait for a reconnect. */
export class CrmAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrmAuthError';
  }
}
/** The CRM refused this lead for good (validation, 4xx other than 401/403/429): the delivery fails without retry. */
export class CrmRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrmRejectedError';
  }
}
// Anything else thrown (network, 5xx, 429) is temporary: the job retries with backoff.

/** One CRM, as the connection service and the delivery job use it. */
export interface CrmAdapter {
  readonly type: FormIntegration;
  readonly auth: 'oauth' | 'apiKey';
  /** OAuth client configured on this server (always true for apiKey CRMs). */
  configured(env: CrmEnv): boolean;
  /** OAuth: the vendor's authorize URL for `state` (signed by the caller) and `redirectUri`. */
  authorizeUrl?(env: CrmEnv, p: { state: string; redirectUri: string }): string;
  /** OAuth: exchanges the callback `code`. @throws CrmAuthError when the vendor refuses it. */
  exchangeCode?(env: CrmEnv, p: { code: string; redirectUri: string }): Promise<CrmGrant>;
  /** apiKey: checks the key against the vendor (one cheap call). @throws CrmAuthError when refused. */
  verifyApiKey?(env: CrmEnv, apiKey: string): Promise<CrmGrant>;
  /**
   * Creates the lead in the CRM (HubSpot contact (+ campaign), Linear issue, Pipedrive person + lead,
   * Salesforce lead). Refreshes an expired OAuth token itself and returns the new secret.
   * @returns the CRM's id of what it created, and the refreshed secret if any.
   * @throws CrmAuthError | CrmRejectedError | anything else (temporary).
   */
  deliver(env: CrmEnv, p: { secret: CrmSecret; connection: CrmConnectionFacts; lead: CrmLead; block: CrmBlock }): Promise<{ externalId: string; secret?: CrmSecret }>;
  /** Best effort: revokes the token at the vendor on disconnect. */
  revoke?(env: CrmEnv, secret: CrmSecret): Promise<void>;
}

// --- API contracts ------------------------------------------------------------------------------------

/** One CRM on the integrations tab (`GET /account/{accountId}/integration`). Never contains a secret. */
export const CrmIntegration = v.pipe(
  v.strictObject({
    integrationType: v.picklist(FORM_INTEGRATIONS),
    auth: v.picklist(['oauth', 'apiKey']),
    /** The account has the feature flag integration_<type> (and dashboard:integration). */
    enabled: v.boolean(),
    /** OAuth client configured on this server (false → the tab says which settings are missing). */
    configured: v.boolean(),
    state: v.picklist(CRM_CONNECTION_STATES),
    details: v.strictObject({ user: v.nullable(v.string()) }),
    /** Why the connection is in `error` (the vendor's message); null otherwise. */
    error: v.nullable(v.string()),
    connectedAt: v.nullable(Timestamp),
  }),
  v.metadata({ ref: 'CrmIntegration' }),
);
export type CrmIntegration = v.InferOutput<typeof CrmIntegration>;

/** `GET /account/{accountId}/integration` answer: the four CRMs plus Google Drive for the caller. */
export const AccountIntegrations = v.pipe(
  v.strictObject({
    /** dashboard:integration is on for the account (else the tab shows the integration-disabled message). */
    enabled: v.boolean(),
    records: v.array(CrmIntegration),
    googleDrive: v.strictObject({ enabled: v.boolean(), configured: v.boolean(), connected: v.boolean() }),
  }),
  v.metadata({ ref: 'AccountIntegrations' }),
);
export type AccountIntegrations = v.InferOutput<typeof AccountIntegrations>;

/** Delivery of one submission to one CRM, as `GET /bot/{id}/form-submission` records carry it (`deliveries`). */
export const CrmDelivery = v.pipe(
  v.strictObject({
    integrationType: v.picklist(FORM_INTEGRATIONS),
    state: v.picklist(CRM_DELIVERY_STATES),
    attempts: v.number(),
    lastError: v.nullable(v.string()),
    /** The CRM's id of the created contact / issue / lead. */
    externalId: v.nullable(v.string()),
    deliveredAt: v.nullable(Timestamp),
    /** Next attempt (retrying), ISO 8601. */
    nextAttemptAt: v.nullable(Timestamp),
  }),
  v.metadata({ ref: 'CrmDelivery' }),
);
export type CrmDelivery = v.InferOutput<typeof CrmDelivery>;
