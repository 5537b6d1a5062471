/**
 * A local fake of Salesforce's OAuth 2.0 web-server flow and the REST API's Lead object, as far as
 * the CRM integration uses them (issue 15 "Integrations": each CRM tested against a local fake that
 * follows the vendor's documented REST API; help.salesforce.com "OAuth 2.0 Web Server Flow",
 * developer.salesforce.com REST API "Status Codes and Error Responses"). Plain `node:http`, no
 * test-framework imports, so e2e/server.mjs can start it through tsx too. One origin stands for both
 * the login server and the instance: point SALESFORCE_LOGIN_URL at `url` (instance_url is `url` too).
 *
 * - `GET /services/oauth2/authorize` (response_type=code, client_id, redirect_uri, scope, state):
 *   unknown client_id → 400 page `invalid_client_id`; response_type other than code → 400
 *   `unsupported_response_type`; then consents at once: 302 to `redirect_uri?code=…&state=…` (or
 *   `?error=access_denied&error_description=end-user+denied+authorization&state=…` when
 *   `state.consent` is 'deny'). Codes are single use, 15 minutes.
 * - `POST /services/oauth2/token` (form-encoded): `grant_type=authorization_code` (code, client_id,
 *   client_secret, redirect_uri equal to the authorization request's) →
 *   `{ access_token, refresh_token, signature, scope, instance_url, id, token_type: 'Bearer', issued_at }`;
 *   `grant_type=refresh_token` → the same without a new refresh_token. Errors 400
 *   `{ error: 'invalid_grant', error_description: 'authentication failure' | 'expired access/refresh token' }`,
 *   `{ error: 'invalid_client', error_description: 'invalid client credentials' }`, `unsupported_grant_type`.
 * - `POST /services/oauth2/revoke` (token in the form body or query): 200, revokes the refresh
 *   token and its access tokens; unknown → 400 `{ error: 'unsupported_token_type' }`.
 * - `GET /services/oauth2/userinfo` (Bearer): `{ sub, user_id, organization_id, name, preferred_username, email, … }`.
 * - `POST /services/data/vXX.X/sobjects/Lead` (Bearer, JSON): 201 `{ id, success: true, errors: [] }`;
 *   400 `[{ message, errorCode: 'REQUIRED_FIELD_MISSING', fields }]` without LastName / Company,
 *   `INVALID_FIELD` for an unknown field, `INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST` for a Status not in
 *   `state.leadStatuses`; 401 `[{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]`
 *   for an expired / unknown token. `GET …/sobjects/Lead/{id}` reads one back.
 * Switches: `state.outage` → API and token calls answer 503 (`SERVER_UNAVAILABLE`);
 * `state.revokeAll()` → every token refused (the user removed the app's access);
 * `state.expireAccessTokens()` → access tokens expire, refresh tokens still work.
 * Test-only (not Salesforce): `GET /_fake/state` → `{ leads, tokenRequests }` for e2e inspection.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeSalesforceOptions {
  /** Port on 127.0.0.1 (default 0 = any free port). */
  port?: number;
  clientId?: string;
  clientSecret?: string;
}

export interface FakeSalesforceLead {
  id: string;
  fields: Record<string, unknown>;
  createdAt: string;
}

/** What the fake saw and holds, for tests to inspect and change. */
export interface FakeSalesforceState {
  clientId: string;
  clientSecret: string;
  consent: 'allow' | 'deny';
  /** API and token calls answer 503 while true. */
  outage: boolean;
  /** The Lead Status picklist (restricted). */
  leadStatuses: string[];
  leads: FakeSalesforceLead[];
  /** Every `/services/oauth2/token` request: grant type and whether it succeeded. */
  tokenRequests: { grantType: string; ok: boolean }[];
  /** Every REST API request: method, path and status answered. */
  apiRequests: { method: string; path: string; status: number }[];
  accessTokens: Map<string, { refreshToken: string; expired: boolean }>;
  refreshTokens: Map<string, { revoked: boolean }>;
  expireAccessTokens(): void;
  revokeAll(): void;
}

export interface FakeSalesforce {
  /** Origin, e.g. http://127.0.0.1:41234 (login URL and instance URL). */
  url: string;
  env: { SALESFORCE_LOGIN_URL: string; SALESFORCE_CLIENT_ID: string; SALESFORCE_CLIENT_SECRET: string };
  state: FakeSalesforceState;
  close(): Promise<void>;
}

export const FAKE_SALESFORCE_USER = { organizationId: '00D5g000004FakeOrg', userId: '0055g00000FakeUsr', name: 'Sam Salesforce', username: 'sam@salesforce.example', email: 'sam@salesforce.example' };
const LEAD_FIELDS = new Set(['LastName', 'FirstName', 'Salutation', 'Company', 'Email', 'Phone', 'MobilePhone', 'Status', 'LeadSource', 'Description', 'Title', 'Website', 'Street', 'City', 'PostalCode', 'Country', 'Industry', 'Rating']);
const CODE_TTL_MS = 15 * 60_000;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function token(prefix: string): string {
  return `${prefix}!${randomBytes(24).toString('base64url')}`;
}

/** Starts the fake on 127.0.0.1. */
export async function startFakeSalesforce(opts: FakeSalesforceOptions = {}): Promise<FakeSalesforce> {
  const codes = new Map<string, { clientId: string; redirectUri: string; expiresAt: number; used: boolean }>();
  let leadSeq = 1;
  const state: FakeSalesforceState = {
    clientId: opts.clientId ?? 'sf-client-id',
    clientSecret: opts.clientSecret ?? 'sf-client-secret',
    consent: 'allow',
    outage: false,
    leadStatuses: ['Open - Not Contacted', 'Working - Contacted', 'Closed - Converted', 'Closed - Not Converted'],
    leads: [],
    tokenRequests: [],
    apiRequests: [],
    accessTokens: new Map(),
    refreshTokens: new Map(),
    expireAccessTokens() {
      for (const info of state.accessTokens.values()) info.expired = true;
    },
    revokeAll() {
      for (const info of state.refreshTokens.values()) info.revoked = true;
      for (const info of state.accessTokens.values()) info.expired = true;
    },
  };
  let origin = '';
  const identityUrl = () => `${origin}/id/${FAKE_SALESFORCE_USER.organizationId}/${FAKE_SALESFORCE_USER.userId}`;

  const issue = (refreshToken: string) => {
    const accessToken = token(FAKE_SALESFORCE_USER.organizationId);
    state.accessTokens.set(accessToken, { refreshToken, expired: false });
    return {
      access_token: accessToken,
      signature: randomBytes(32).toString('base64'),
      scope: 'api id refresh_token',
      instance_url: origin,
      id: identityUrl(),
      token_type: 'Bearer',
      issued_at: String(Date.now()),
    };
  };

  const bearer = (req: IncomingMessage): boolean => {
    const auth = req.headers.authorization ?? '';
    const m = /^(?:Bearer|OAuth) (.+)$/.exec(auth);
    const info = m ? state.accessTokens.get(m[1] ?? '') : undefined;
    return Boolean(info && !info.expired && !state.refreshTokens.get(info.refreshToken)?.revoked);
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    const grantType = form.get('grant_type') ?? '';
    const answer = (status: number, body: Record<string, unknown>) => {
      state.tokenRequests.push({ grantType, ok: status === 200 });
      sendJson(res, status, body);
    };
    if (state.outage) return answer(503, { error: 'server_unavailable', error_description: 'Service unavailable' });
    if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) {
      return answer(400, { error: 'invalid_client', error_description: 'invalid client credentials' });
    }
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || code.expiresAt < Date.now() || code.clientId !== state.clientId) return answer(400, { error: 'invalid_grant', error_description: 'authentication failure' });
      if (form.get('redirect_uri') !== code.redirectUri) return answer(400, { error: 'redirect_uri_mismatch', error_description: 'redirect_uri must match configuration' });
      code.used = true;
      const refreshToken = token('5Aep');
      state.refreshTokens.set(refreshToken, { revoked: false });
      return answer(200, { ...issue(refreshToken), refresh_token: refreshToken });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const info = state.refreshTokens.get(refreshToken);
      if (!info || info.revoked) return answer(400, { error: 'invalid_grant', error_description: 'expired access/refresh token' });
      return answer(200, issue(refreshToken));
    }
    return answer(400, { error: 'unsupported_grant_type', error_description: 'grant type not supported' });
  };

  const authorize = (url: URL, res: ServerResponse) => {
    const clientId = url.searchParams.get('client_id');
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const st = url.searchParams.get('state');
    if (clientId !== state.clientId) return sendText(res, 400, 'error=invalid_client_id&error_description=client identifier invalid');
    if (!/^https?:\/\//.test(redirectUri)) return sendText(res, 400, 'error=redirect_uri_mismatch&error_description=redirect_uri must match configuration');
    if (url.searchParams.get('response_type') !== 'code') return sendText(res, 400, 'error=unsupported_response_type&error_description=response type not supported');
    const target = new URL(redirectUri);
    if (state.consent === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'end-user denied authorization');
    } else {
      const code = `aPrx${randomBytes(24).toString('base64url')}`;
      codes.set(code, { clientId, redirectUri, expiresAt: Date.now() + CODE_TTL_MS, used: false });
      target.searchParams.set('code', code);
    }
    if (st !== null) target.searchParams.set('state', st);
    res.writeHead(302, { location: target.toString() });
    res.end();
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const handle = async () => {
      if (method === 'GET' && url.pathname === '/_fake/state') return sendJson(res, 200, { leads: state.leads, tokenRequests: state.tokenRequests });
      if (method === 'GET' && url.pathname === '/services/oauth2/authorize') return authorize(url, res);
      if (method === 'POST' && url.pathname === '/services/oauth2/token') return tokenEndpoint(req, res);
      if (method === 'POST' && url.pathname === '/services/oauth2/revoke') {
        const form = new URLSearchParams(await readBody(req));
        const t = form.get('token') ?? url.searchParams.get('token') ?? '';
        const refresh = state.refreshTokens.get(t);
        const access = state.accessTokens.get(t);
        if (refresh) refresh.revoked = true;
        else if (access) {
          const r = state.refreshTokens.get(access.refreshToken);
          if (r) r.revoked = true;
        } else return sendJson(res, 400, { error: 'unsupported_token_type', error_description: 'this token type is not supported' });
        for (const info of state.accessTokens.values()) if (state.refreshTokens.get(info.refreshToken)?.revoked) info.expired = true;
        res.writeHead(200);
        return res.end();
      }

      const record = { method, path: url.pathname, status: 0 };
      state.apiRequests.push(record);
      const answer = (status: number, body: unknown) => {
        record.status = status;
        sendJson(res, status, body);
      };
      if (state.outage) return answer(503, [{ message: 'Service unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);
      if (!bearer(req)) return answer(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);

      if (method === 'GET' && url.pathname === '/services/oauth2/userinfo') {
        const u = FAKE_SALESFORCE_USER;
        return answer(200, {
          sub: identityUrl(),
          user_id: u.userId,
          organization_id: u.organizationId,
          preferred_username: u.username,
          nickname: 'sam',
          name: u.name,
          email: u.email,
          email_verified: true,
          given_name: 'Sam',
          family_name: 'Salesforce',
          zoneinfo: 'Europe/Helsinki',
          locale: 'en_US',
          user_type: 'STANDARD',
          urls: { rest: `${origin}/services/data/v{version}/` },
        });
      }
      const create = /^\/services\/data\/v\d+\.\d+\/sobjects\/Lead\/?$/.exec(url.pathname);
      if (method === 'POST' && create) {
        let body: unknown;
        try {
          body = JSON.parse(await readBody(req));
        } catch {
          return answer(400, [{ message: 'Unexpected character: was expecting a JSON value', errorCode: 'JSON_PARSER_ERROR' }]);
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) return answer(400, [{ message: 'Expected a JSON object', errorCode: 'JSON_PARSER_ERROR' }]);
        const fields = body as Record<string, unknown>;
        const unknown = Object.keys(fields).find((k) => !LEAD_FIELDS.has(k));
        if (unknown) return answer(400, [{ message: `No such column '${unknown}' on sobject of type Lead`, errorCode: 'INVALID_FIELD' }]);
        const missing = ['LastName', 'Company'].filter((k) => typeof fields[k] !== 'string' || !(fields[k] as string).trim());
        if (missing.length) return answer(400, [{ message: `Required fields are missing: [${missing.join(', ')}]`, errorCode: 'REQUIRED_FIELD_MISSING', fields: missing }]);
        if (fields.Status !== undefined && !state.leadStatuses.includes(String(fields.Status))) {
          return answer(400, [{ message: `Lead Status: bad value for restricted picklist field: ${String(fields.Status)}`, errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST', fields: ['Status'] }]);
        }
        const id = `00Q5g${String(leadSeq++).padStart(8, '0')}FAK`;
        state.leads.push({ id, fields, createdAt: new Date().toISOString() });
        return answer(201, { id, success: true, errors: [] });
      }
      const one = /^\/services\/data\/v\d+\.\d+\/sobjects\/Lead\/(\w+)$/.exec(url.pathname);
      if (method === 'GET' && one) {
        const lead = state.leads.find((l) => l.id === one[1]);
        return lead ? answer(200, { attributes: { type: 'Lead' }, Id: lead.id, ...lead.fields }) : answer(404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
      }
      return answer(404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, [{ message: String(err), errorCode: 'UNKNOWN_EXCEPTION' }]);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    env: { SALESFORCE_LOGIN_URL: origin, SALESFORCE_CLIENT_ID: state.clientId, SALESFORCE_CLIENT_SECRET: state.clientSecret },
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
