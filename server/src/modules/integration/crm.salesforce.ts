/**
 * Salesforce as a CRM of the form integrations (issue 15 "Integrations": Salesforce lead with status
 * and lead source; spec 001 §4 Form integrations, spec 002 §2 Integrations tab), through `jsforce` v3:
 * the OAuth 2.0 web-server flow against `CrmEnv.salesforceLoginUrl` (default
 * https://login.salesforce.com; the local fake in tests, server/test/fakes/crm-salesforce.ts).
 *
 * - authorizeUrl: `{login}/services/oauth2/authorize?response_type=code&client_id&redirect_uri&scope&state`
 *   (scopes `api id refresh_token`).
 * - exchangeCode: `POST {login}/services/oauth2/token` (authorization_code) → access + refresh
 *   token + instance URL; then `GET {instance}/services/oauth2/userinfo` → display name. Secret
 *   `{ accessToken, refreshToken, instanceUrl }`; details `organizationId`, `userId`, `instanceHost`.
 * - deliver: `POST {instance}/services/data/v{SALESFORCE_API_VERSION}/sobjects/Lead` with LastName,
 *   FirstName, Company, Email, Phone, Status (= block.status), LeadSource (= block.leadSource),
 *   Description (form, vidbot and the other fields). An expired access token (401
 *   INVALID_SESSION_ID) is refreshed by jsforce with the refresh token (grant refresh_token) and the
 *   request repeated; the new secret is returned so the caller stores it.
 * - revoke: `POST {login}/services/oauth2/revoke` with the refresh token (best effort).
 *
 * Errors: a refused code or refresh token (`invalid_grant`, `invalid_client`), INVALID_SESSION_ID
 * without a working refresh, or missing API rights → CrmAuthError; a Salesforce validation error
 * (REQUIRED_FIELD_MISSING, FIELD_CUSTOM_VALIDATION_EXCEPTION, …, any other errorCode of a 4xx) →
 * CrmRejectedError; SERVER_UNAVAILABLE, REQUEST_LIMIT_EXCEEDED, 5xx and network failures are thrown
 * as plain Errors (temporary; the job retries). Messages carry Salesforce's errorCode and message,
 * never a token.
 */
import { Connection, OAuth2 } from 'jsforce';
import { CrmAuthError, CrmRejectedError, type CrmAdapter, type CrmEnv, type CrmGrant, type CrmLead, type CrmSecret } from './crm.types';

/** REST API version the adapter calls (`/services/data/v62.0/...`). */
export const SALESFORCE_API_VERSION = '62.0';
/** OAuth scopes asked for: REST API, identity (userinfo) and a refresh token. */
export const SALESFORCE_SCOPES = 'api id refresh_token';

/** Salesforce error codes that mean the connection itself no longer works. */
const AUTH_CODES = new Set(['INVALID_SESSION_ID', 'INVALID_AUTH_HEADER', 'INSUFFICIENT_ACCESS', 'API_DISABLED_FOR_ORG', 'API_CURRENTLY_DISABLED', 'ERROR_HTTP_401', 'ERROR_HTTP_403']);
/** Salesforce error codes of a passing trouble (retry later). */
const TEMPORARY_CODES = new Set(['SERVER_UNAVAILABLE', 'REQUEST_LIMIT_EXCEEDED', 'UNABLE_TO_LOCK_ROW', 'UNKNOWN_EXCEPTION', 'REQUEST_RUNNING_TOO_LONG', 'ERROR_HTTP_429']);
/** OAuth token endpoint errors that mean the grant is gone. */
const AUTH_GRANT_ERRORS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client', 'invalid_client_id', 'inactive_user', 'inactive_org']);

function oauth2(env: CrmEnv, redirectUri?: string): OAuth2 {
  return new OAuth2({
    loginUrl: env.salesforceLoginUrl.replace(/\/+$/, ''),
    clientId: env.salesforceClientId,
    clientSecret: env.salesforceClientSecret,
    ...(redirectUri ? { redirectUri } : {}),
  });
}

interface ApiErrorLike {
  name?: unknown;
  message?: unknown;
  errorCode?: unknown;
  data?: unknown;
}

/** An error of a token endpoint call (jsforce names it after the OAuth `error`). */
function tokenError(err: unknown, what: string): Error {
  const e = (err ?? {}) as ApiErrorLike;
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' && e.message ? e.message : name;
  if (AUTH_GRANT_ERRORS.has(name)) return new CrmAuthError(`Salesforce: ${message || name}`);
  return new Error(`Salesforce ${what} failed${name ? `: ${name}` : ''}`);
}

/** A REST API error (jsforce HttpApiError: errorCode + message, or MULTIPLE_API_ERRORS with `data`) → our classes. */
export function salesforceApiError(err: unknown): Error {
  const e = (err ?? {}) as ApiErrorLike;
  const code = typeof e.errorCode === 'string' ? e.errorCode : null;
  if (!code) return new Error(`Salesforce request failed${typeof e.name === 'string' ? `: ${e.name}` : ''}`);
  let message = typeof e.message === 'string' ? e.message : '';
  if (code === 'MULTIPLE_API_ERRORS' && Array.isArray(e.data)) {
    message = e.data.map((d: { errorCode?: string; message?: string }) => `${d.errorCode ?? ''}: ${d.message ?? ''}`).join('; ');
  }
  const text = `Salesforce ${code}: ${message}`.trim();
  if (AUTH_CODES.has(code)) return new CrmAuthError(text);
  if (TEMPORARY_CODES.has(code) || /^ERROR_HTTP_5\d\d$/.test(code)) return new Error(text);
  return new CrmRejectedError(text);
}

function text(values: CrmLead['values'], name: string): string {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
}

const LEAD_FIELDS = new Set(['first-name', 'last-name', 'company', 'email', 'telephone', 'phone']);

/** The Lead record sent to Salesforce for a submission and the form's block. */
export function salesforceLead(lead: CrmLead, block: { status?: string | null; leadSource?: string | null }): Record<string, string> {
  const record: Record<string, string> = {
    LastName: text(lead.values, 'last-name'),
    Company: text(lead.values, 'company'),
  };
  const optional: [string, string][] = [
    ['FirstName', text(lead.values, 'first-name')],
    ['Email', text(lead.values, 'email')],
    ['Phone', text(lead.values, 'telephone') || text(lead.values, 'phone')],
    ['Status', block.status?.trim() ?? ''],
    ['LeadSource', block.leadSource?.trim() ?? ''],
  ];
  for (const [field, value] of optional) if (value) record[field] = value;
  const rest = Object.entries(lead.values)
    .filter(([name]) => !LEAD_FIELDS.has(name))
    .map(([name, value]) => `${name}: ${typeof value === 'boolean' ? (value ? 'yes' : 'no') : value}`);
  record.Description = [`${lead.formName} (${lead.botName}), ${lead.createdAt}`, ...rest].join('\n').slice(0, 32000);
  return record;
}

/** Salesforce (OAuth web-server flow). Implements CrmAdapter; see the module comment for calls and errors. */
export const salesforceAdapter: CrmAdapter = {
  type: 'salesforce',
  auth: 'oauth',
  configured: (env) => Boolean(env.salesforceClientId && env.salesforceClientSecret),

  authorizeUrl(env, { state, redirectUri }) {
    return oauth2(env, redirectUri).getAuthorizationUrl({ scope: SALESFORCE_SCOPES, state });
  },

  async exchangeCode(env, { code, redirectUri }): Promise<CrmGrant> {
    const conn = new Connection({ oauth2: oauth2(env, redirectUri), version: SALESFORCE_API_VERSION });
    let identity: { id: string; organizationId: string };
    try {
      identity = await conn.authorize(code);
    } catch (err) {
      throw tokenError(err, 'code exchange');
    }
    if (!conn.accessToken || !conn.instanceUrl) throw new Error('Salesforce code exchange answered no token');
    let user: string | null = null;
    try {
      const info = await conn.request<{ name?: string; preferred_username?: string; email?: string }>('/services/oauth2/userinfo');
      user = info.name || info.preferred_username || info.email || null;
    } catch (err) {
      throw salesforceApiError(err);
    }
    return {
      secret: { accessToken: conn.accessToken, refreshToken: conn.refreshToken ?? undefined, instanceUrl: conn.instanceUrl },
      user,
      details: { organizationId: identity.organizationId, userId: identity.id, instanceHost: new URL(conn.instanceUrl).host },
    };
  },

  async deliver(env, { secret, lead, block }) {
    if (!secret.accessToken || !secret.instanceUrl) throw new CrmAuthError('Salesforce: no access token stored');
    let refreshError: unknown = null;
    let refreshed: string | null = null;
    const client = oauth2(env);
    const conn = new Connection({
      oauth2: client,
      instanceUrl: secret.instanceUrl,
      accessToken: secret.accessToken,
      version: SALESFORCE_API_VERSION,
      ...(secret.refreshToken ? { refreshToken: secret.refreshToken } : {}),
      // jsforce's own OAuth refresh, with the failure kept so a revoked refresh token becomes CrmAuthError.
      refreshFn: (c, callback) => {
        if (!c.refreshToken) {
          // Nothing to refresh with: the session is gone for good (reconnect).
          refreshError = { name: 'invalid_grant', message: 'session expired and no refresh token' };
          return callback(new Error('no refresh token'));
        }
        client.refreshToken(c.refreshToken).then(
          (res) => {
            refreshed = res.access_token;
            callback(undefined, res.access_token, res);
          },
          (err: unknown) => {
            refreshError = err;
            callback(err instanceof Error ? err : new Error(String(err)));
          },
        );
      },
    });
    let result: { id?: string; success: boolean; errors?: unknown[] };
    try {
      result = (await conn.sobject('Lead').create(salesforceLead(lead, block))) as typeof result;
    } catch (err) {
      if (refreshError) throw tokenError(refreshError, 'token refresh');
      throw salesforceApiError(err);
    }
    if (!result.success || !result.id) {
      const errors = (result.errors ?? []).map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('; ');
      throw new CrmRejectedError(`Salesforce refused the lead${errors ? `: ${errors}` : ''}`);
    }
    const next: CrmSecret | undefined = refreshed ? { ...secret, accessToken: refreshed } : undefined;
    return next ? { externalId: result.id, secret: next } : { externalId: result.id };
  },

  async revoke(env, secret) {
    const token = secret.refreshToken ?? secret.accessToken;
    if (!token) return;
    try {
      await oauth2(env).revokeToken(token);
    } catch {
      // best effort: the connection is removed here whatever Salesforce answers
    }
  },
};
