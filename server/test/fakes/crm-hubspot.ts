/**
 * A local fake of HubSpot's OAuth and CRM v3 APIs (issue 15 "each tested against a local fake that
 * follows the vendor's documented REST API"), plain node:http. One origin stands for app.hubspot.com
 * and api.hubapi.com: point HUBSPOT_AUTHORIZE_URL at `${url}/oauth/authorize` and HUBSPOT_API_BASE at `url`.
 *
 * - `GET /oauth/authorize?client_id&redirect_uri&scope&state` (developers.hubspot.com OAuth quickstart):
 *   400 page for an unknown client_id or a missing redirect_uri; otherwise the user "installs the
 *   app" at once: 302 to `redirect_uri?code=…&state=…`. Codes are single use, 10 minutes.
 * - `POST /oauth/v1/token` (form-encoded): `grant_type=authorization_code` (code, redirect_uri equal to
 *   the authorize request's, client_id, client_secret) or `grant_type=refresh_token` (refresh_token,
 *   client_id, client_secret) → `{ token_type:'bearer', access_token, refresh_token, expires_in:1800 }`;
 *   errors 400 `{ status:'BAD_AUTH_CODE'|'BAD_REFRESH_TOKEN'|'BAD_CLIENT_ID'|…, message, error:'invalid_grant'|'invalid_client', error_description }`.
 * - `GET /oauth/v1/access-tokens/{token}` → `{ token, user, hub_domain, scopes, hub_id, app_id, expires_in, user_id, token_type }`;
 *   404 for an unknown token. `DELETE /oauth/v1/refresh-tokens/{token}` → 204 (revokes the refresh
 *   token and its access tokens).
 * - `POST /crm/v3/objects/contacts` (Bearer) `{ properties, associations }` → 201 SimplePublicObject;
 *   409 `{ status:'error', message:'Contact already exists. Existing ID: N', category:'CONFLICT' }` for an
 *   e-mail already used (HubSpot's unique key); 400 `VALIDATION_ERROR` for an invalid e-mail, unknown
 *   property or `state.reject`. `PATCH /crm/v3/objects/contacts/{id}` → 200. `POST /crm/v3/objects/notes`
 *   → 201 (associations to contacts checked: 400 for an unknown contact).
 * Auth failures: 401 `{ status:'error', message:'Authentication credentials not found…', category:'INVALID_AUTHENTICATION' }`
 * (no / unknown / expired / revoked token, or `switches.revoked`). `switches.outage` answers API and
 * token calls with 503 while > 0 (decremented per call).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { listen, readBody, sendJson, type FakeSwitches, type ReceivedRequest } from './crm-http';

export interface FakeHubspotContact {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}
export interface FakeHubspotNote {
  id: string;
  properties: Record<string, string>;
  contactIds: string[];
}

export interface FakeHubspotState {
  clientId: string;
  clientSecret: string;
  hubId: number;
  user: string;
  switches: FakeSwitches;
  /** Reject the next contact creations with 400 VALIDATION_ERROR (a lead HubSpot will never take). */
  reject: boolean;
  contacts: FakeHubspotContact[];
  notes: FakeHubspotNote[];
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  /** Lifetime of issued access tokens, seconds (HubSpot: 1800). */
  accessTokenTtlSeconds: number;
}

export interface FakeHubspot {
  url: string;
  state: FakeHubspotState;
  /** Env of the server under test: HUBSPOT_CLIENT_ID / _SECRET, HUBSPOT_API_BASE, HUBSPOT_AUTHORIZE_URL. */
  env: Record<string, string>;
  /** Valid access tokens issued so far (tests check none leaks). */
  issuedTokens(): string[];
  close(): Promise<void>;
}

/** HubSpot's default contact properties the fake accepts (a subset of the portal's; others → 400 PROPERTY_DOESNT_EXIST). */
const CONTACT_PROPERTIES = new Set(['email', 'firstname', 'lastname', 'phone', 'mobilephone', 'company', 'jobtitle', 'website', 'address', 'city', 'zip', 'state', 'country', 'lifecyclestage', 'hs_lead_status']);

export async function startFakeHubspot(opts: { port?: number; clientId?: string; clientSecret?: string } = {}): Promise<FakeHubspot> {
  const state: FakeHubspotState = {
    clientId: opts.clientId ?? randomUUID(),
    clientSecret: opts.clientSecret ?? randomUUID(),
    hubId: 4242001,
    user: 'crm-admin@example.com',
    switches: { outage: 0, revoked: false },
    reject: false,
    contacts: [],
    notes: [],
    requests: [],
    accessTokenTtlSeconds: 1800,
  };
  const codes = new Map<string, { redirectUri: string; expiresAt: number; scopes: string[] }>();
  const refreshTokens = new Map<string, { scopes: string[]; revoked: boolean }>();
  const accessTokens = new Map<string, { refreshToken: string; expiresAt: number; scopes: string[] }>();
  let nextId = 51;

  const error = (res: ServerResponse, status: number, message: string, category: string, extra: Record<string, unknown> = {}) =>
    sendJson(res, status, { status: 'error', message, correlationId: randomUUID(), category, ...extra });
  const unauthorized = (res: ServerResponse) =>
    error(res, 401, 'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview', 'INVALID_AUTHENTICATION');
  const issue = (refreshToken: string, scopes: string[]) => {
    const accessToken = `CJ${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, { refreshToken, expiresAt: Date.now() + state.accessTokenTtlSeconds * 1000, scopes });
    return { token_type: 'bearer', access_token: accessToken, refresh_token: refreshToken, expires_in: state.accessTokenTtlSeconds };
  };
  const bearer = (auth: string | null) => {
    const token = /^Bearer (.+)$/i.exec(auth ?? '')?.[1];
    const info = token ? accessTokens.get(token) : undefined;
    if (!info || info.expiresAt < Date.now() || refreshTokens.get(info.refreshToken)?.revoked || state.switches.revoked) return null;
    return info;
  };

  const handle = listen(opts.port ?? 0, async (req, res, url) => {
    const { parsed } = await readBody(req);
    const path = url.pathname;
    state.requests.push({
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization ?? null,
      contentType: req.headers['content-type'] ?? null,
      body: parsed,
    });
    const body = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;

    if (req.method === 'GET' && path === '/oauth/authorize') {
      const q = Object.fromEntries(url.searchParams);
      if (q.client_id !== state.clientId) return void res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Authorization failed</h1><p>Unknown client_id.</p>');
      if (!q.redirect_uri) return void res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Authorization failed</h1><p>Missing redirect_uri.</p>');
      const code = randomUUID();
      codes.set(code, { redirectUri: q.redirect_uri, expiresAt: Date.now() + 600_000, scopes: (q.scope ?? '').split(/[ +]/).filter(Boolean) });
      const back = new URL(q.redirect_uri);
      back.searchParams.set('code', code);
      if (q.state !== undefined) back.searchParams.set('state', q.state);
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }

    if (state.switches.outage > 0 && path !== '/oauth/authorize') {
      state.switches.outage -= 1;
      return error(res, 503, 'Service Unavailable', 'SERVICE_UNAVAILABLE');
    }

    if (req.method === 'POST' && path === '/oauth/v1/token') {
      if (!(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
        return sendJson(res, 400, { status: 'BAD_REQUEST', message: 'Content-Type must be application/x-www-form-urlencoded', error: 'invalid_request' });
      }
      if (body.client_id !== state.clientId || body.client_secret !== state.clientSecret) {
        return sendJson(res, 400, { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id', error: 'invalid_client', error_description: 'missing or unknown client id' });
      }
      if (body.grant_type === 'authorization_code') {
        const c = codes.get(String(body.code ?? ''));
        codes.delete(String(body.code ?? ''));
        if (!c || c.expiresAt < Date.now()) return sendJson(res, 400, { status: 'BAD_AUTH_CODE', message: 'missing or invalid auth code', error: 'invalid_grant', error_description: 'missing or invalid auth code' });
        if (c.redirectUri !== body.redirect_uri) return sendJson(res, 400, { status: 'BAD_REDIRECT_URI', message: 'redirect_uri does not match', error: 'invalid_grant', error_description: 'redirect_uri does not match' });
        const refreshToken = `${randomUUID()}-na1`;
        refreshTokens.set(refreshToken, { scopes: c.scopes, revoked: false });
        return sendJson(res, 200, issue(refreshToken, c.scopes));
      }
      if (body.grant_type === 'refresh_token') {
        const r = refreshTokens.get(String(body.refresh_token ?? ''));
        if (!r || r.revoked || state.switches.revoked) return sendJson(res, 400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or invalid refresh token', error: 'invalid_grant', error_description: 'missing or invalid refresh token' });
        return sendJson(res, 200, issue(String(body.refresh_token), r.scopes));
      }
      return sendJson(res, 400, { status: 'BAD_GRANT_TYPE', message: 'unsupported grant_type', error: 'unsupported_grant_type' });
    }

    const tokenInfo = /^\/oauth\/v1\/access-tokens\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && tokenInfo) {
      const token = decodeURIComponent(tokenInfo[1] ?? '');
      const info = accessTokens.get(token);
      if (!info || info.expiresAt < Date.now()) return error(res, 404, 'Token not found', 'OBJECT_NOT_FOUND');
      return sendJson(res, 200, {
        token,
        user: state.user,
        hub_domain: 'demo-portal.hubspot.com',
        scopes: info.scopes,
        hub_id: state.hubId,
        app_id: 1234567,
        expires_in: Math.max(0, Math.round((info.expiresAt - Date.now()) / 1000)),
        user_id: 9001,
        token_type: 'access',
      });
    }
    const refreshDelete = /^\/oauth\/v1\/refresh-tokens\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && refreshDelete) {
      const r = refreshTokens.get(decodeURIComponent(refreshDelete[1] ?? ''));
      if (!r) return error(res, 404, 'Refresh token not found', 'OBJECT_NOT_FOUND');
      r.revoked = true;
      res.writeHead(204);
      return void res.end();
    }

    if (path.startsWith('/crm/v3/')) {
      if (!bearer(req.headers.authorization ?? null)) return unauthorized(res);
      const now = new Date().toISOString();
      const properties = (body.properties && typeof body.properties === 'object' ? body.properties : {}) as Record<string, unknown>;
      if (req.method === 'POST' && path === '/crm/v3/objects/contacts') {
        const unknown = Object.keys(properties).filter((p) => !CONTACT_PROPERTIES.has(p));
        if (unknown.length) return error(res, 400, `Property values were not valid: [{"isValid":false,"message":"Property \\"${unknown[0]}\\" does not exist","error":"PROPERTY_DOESNT_EXIST","name":"${unknown[0]}"}]`, 'VALIDATION_ERROR');
        const email = typeof properties.email === 'string' ? properties.email : undefined;
        if (state.reject || (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))) {
          return error(res, 400, `Property values were not valid: [{"isValid":false,"message":"Email address ${email ?? ''} is invalid","error":"INVALID_EMAIL","name":"email"}]`, 'VALIDATION_ERROR');
        }
        const dup = email ? state.contacts.find((c) => c.properties.email?.toLowerCase() === email.toLowerCase()) : undefined;
        if (dup) return error(res, 409, `Contact already exists. Existing ID: ${dup.id}`, 'CONFLICT');
        const contact: FakeHubspotContact = { id: String(nextId++), properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, String(v)])), createdAt: now, updatedAt: now };
        state.contacts.push(contact);
        return sendJson(res, 201, { id: contact.id, properties: { ...contact.properties, createdate: now, lastmodifieddate: now, hs_object_id: contact.id }, createdAt: now, updatedAt: now, archived: false });
      }
      const patch = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
      if (req.method === 'PATCH' && patch) {
        const contact = state.contacts.find((c) => c.id === patch[1]);
        if (!contact) return error(res, 404, 'resource not found', 'OBJECT_NOT_FOUND');
        Object.assign(contact.properties, Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, String(v)])));
        contact.updatedAt = now;
        return sendJson(res, 200, { id: contact.id, properties: contact.properties, createdAt: contact.createdAt, updatedAt: now, archived: false });
      }
      if (req.method === 'POST' && path === '/crm/v3/objects/notes') {
        const assoc = Array.isArray(body.associations) ? (body.associations as { to?: { id?: string }; types?: { associationTypeId?: number }[] }[]) : [];
        const contactIds = assoc.map((a) => String(a.to?.id ?? ''));
        if (assoc.some((a) => a.types?.[0]?.associationTypeId !== 202) || contactIds.some((id) => !state.contacts.some((c) => c.id === id))) {
          return error(res, 400, 'One or more associations are invalid', 'VALIDATION_ERROR');
        }
        if (typeof properties.hs_timestamp !== 'string') return error(res, 400, 'Property values were not valid: hs_timestamp is required', 'VALIDATION_ERROR');
        const note: FakeHubspotNote = { id: String(nextId++), properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, String(v)])), contactIds };
        state.notes.push(note);
        return sendJson(res, 201, { id: note.id, properties: note.properties, createdAt: now, updatedAt: now, archived: false });
      }
      return error(res, 404, 'resource not found', 'OBJECT_NOT_FOUND');
    }
    return error(res, 404, 'resource not found', 'OBJECT_NOT_FOUND');
  });
  const server = await handle;
  return {
    url: server.url,
    state,
    env: {
      HUBSPOT_CLIENT_ID: state.clientId,
      HUBSPOT_CLIENT_SECRET: state.clientSecret,
      HUBSPOT_API_BASE: server.url,
      HUBSPOT_AUTHORIZE_URL: `${server.url}/oauth/authorize`,
    },
    issuedTokens: () => [...accessTokens.keys(), ...refreshTokens.keys()],
    close: server.close,
  };
}
