/**
 * A local fake of the Pipedrive REST API, as far as the CRM integration uses it (issue 15
 * "Integrations": each CRM tested against a local fake that follows the vendor's documented REST
 * API; developers.pipedrive.com/docs/api/v1). Plain `node:http`, no test-framework imports, so
 * e2e/server.mjs can start it through tsx too. Point PIPEDRIVE_API_BASE at `url`.
 *
 * Auth: the API token as `api_token` query parameter or `x-api-token` header (both documented);
 * a missing / unknown token (or any token while `state.revoked`) → 401
 * `{ success: false, error: 'unauthorized access', errorCode: 401, error_info }`.
 * Every answer is Pipedrive's envelope `{ success, data }` (errors `{ success: false, error, errorCode }`).
 * - `GET /v1/users/me` → the token's user `{ id, name, email, company_id, company_domain, … }`.
 * - `POST /v1/persons` (v1 body: name, email, phone as strings or `[{ value, primary, label }]`) and
 *   `POST /api/v2/persons` (v2 body: name, emails, phones) → 201 the person `{ id, name, emails, phones }`
 *   (v1 answers `email` / `phone`); no name → 400 `Name must be given`.
 * - `POST /v1/leads` (JSON: title, person_id | organization_id, …) → 201 the lead
 *   `{ id (uuid), title, person_id, organization_id, owner_id, origin_id, add_time, … }`; no title →
 *   400 `Validation failed: title: Required`; neither person nor organization → 400; an unknown
 *   person → 404 `Person not found`.
 * - `GET /v1/leads/{id}`, `GET /v1/persons/{id}` (for tests and e2e reading back).
 * Switches: `state.outage` → every API call answers 503 `Service unavailable`; `state.revoked` → 401.
 * Test-only (not Pipedrive): `GET /_fake/state` → `{ persons, leads, requests }` for e2e inspection.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

export interface FakePipedriveOptions {
  /** Port on 127.0.0.1 (default 0 = any free port). */
  port?: number;
  /** Valid API tokens (default ['pd-test-token']). */
  tokens?: string[];
}

export interface FakePipedrivePerson {
  id: number;
  name: string;
  emails: { value: string; primary: boolean; label: string }[];
  phones: { value: string; primary: boolean; label: string }[];
  /** Which token created it. */
  token: string;
}

export interface FakePipedriveLead {
  id: string;
  title: string;
  person_id: number | null;
  organization_id: number | null;
  owner_id: number;
  origin_id: string | null;
  add_time: string;
  token: string;
}

/** What the fake saw and holds, for tests to inspect and change. */
export interface FakePipedriveState {
  /** Valid API tokens; tests may push or remove. */
  tokens: string[];
  /** Every API token answers 503 while true. */
  outage: boolean;
  /** Every token is refused (401) while true — as a user regenerating their token in Pipedrive. */
  revoked: boolean;
  persons: FakePipedrivePerson[];
  leads: FakePipedriveLead[];
  /** Every request: method, path, how the token came (`header`, `query` or null) and the answered status. */
  requests: { method: string; path: string; auth: 'header' | 'query' | null; status: number }[];
}

export interface FakePipedrive {
  /** Origin, e.g. http://127.0.0.1:41234 */
  url: string;
  env: { PIPEDRIVE_API_BASE: string };
  state: FakePipedriveState;
  close(): Promise<void>;
}

/** The user every valid token belongs to. */
export const FAKE_PIPEDRIVE_USER = { id: 1201, name: 'Pia Pipedrive', email: 'pia@pipedrive.example', company_id: 7001, company_domain: 'vidbot-test' };

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function fail(res: ServerResponse, status: number, error: string, errorInfo?: string): void {
  send(res, status, { success: false, error, errorCode: status, error_info: errorInfo ?? 'Please check developers.pipedrive.com for more information about Pipedrive API.', data: null, additional_data: null });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** v1 `email`/`phone` and v2 `emails`/`phones`: a string, a list of strings or of `{ value, primary, label }`. */
function contactList(raw: unknown): { value: string; primary: boolean; label: string }[] {
  const list = Array.isArray(raw) ? raw : raw == null || raw === '' ? [] : [raw];
  return list
    .map((item, i) =>
      typeof item === 'string'
        ? { value: item, primary: i === 0, label: 'work' }
        : item && typeof item === 'object' && typeof (item as { value?: unknown }).value === 'string'
          ? { value: (item as { value: string }).value, primary: Boolean((item as { primary?: unknown }).primary ?? i === 0), label: String((item as { label?: unknown }).label ?? 'work') }
          : null,
    )
    .filter((x): x is { value: string; primary: boolean; label: string } => x !== null);
}

/** Starts the fake on 127.0.0.1. */
export async function startFakePipedrive(opts: FakePipedriveOptions = {}): Promise<FakePipedrive> {
  const state: FakePipedriveState = { tokens: [...(opts.tokens ?? ['pd-test-token'])], outage: false, revoked: false, persons: [], leads: [], requests: [] };
  let nextPersonId = 501;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/_fake/state') return send(res, 200, { persons: state.persons, leads: state.leads, requests: state.requests });

    const header = req.headers['x-api-token'];
    const headerToken = typeof header === 'string' && header ? header : null;
    const queryToken = url.searchParams.get('api_token');
    const token = headerToken ?? queryToken;
    const record = { method, path: url.pathname, auth: headerToken ? ('header' as const) : queryToken ? ('query' as const) : null, status: 0 };
    state.requests.push(record);
    const answer = (status: number, body: unknown) => {
      record.status = status;
      send(res, status, body);
    };
    const refuse = (status: number, error: string) => {
      record.status = status;
      fail(res, status, error);
    };

    const handle = async () => {
      if (state.outage) return refuse(503, 'Service unavailable');
      if (!token || state.revoked || !state.tokens.includes(token)) return refuse(401, 'unauthorized access');

      if (method === 'GET' && url.pathname === '/v1/users/me') {
        return answer(200, { success: true, data: { ...FAKE_PIPEDRIVE_USER, default_currency: 'EUR', locale: 'en_US', lang: 1, active_flag: true, is_admin: 1, timezone_name: 'Europe/Helsinki' } });
      }

      const v2 = url.pathname === '/api/v2/persons';
      if (method === 'POST' && (v2 || url.pathname === '/v1/persons')) {
        const body = await readJson(req);
        if (!body) return refuse(400, 'Invalid JSON body');
        const name = typeof body.name === 'string' ? body.name.trim() : '';
        if (!name) return refuse(400, 'Name must be given');
        const person: FakePipedrivePerson = { id: nextPersonId++, name, emails: contactList(v2 ? body.emails : body.email), phones: contactList(v2 ? body.phones : body.phone), token };
        state.persons.push(person);
        const data = v2 ? { id: person.id, name, emails: person.emails, phones: person.phones, add_time: new Date().toISOString() } : { id: person.id, name, email: person.emails, phone: person.phones };
        return answer(201, { success: true, data });
      }
      const person = /^\/(?:v1|api\/v2)\/persons\/(\d+)$/.exec(url.pathname);
      if (method === 'GET' && person) {
        const found = state.persons.find((p) => p.id === Number(person[1]));
        return found ? answer(200, { success: true, data: found }) : refuse(404, 'Person not found');
      }

      if (method === 'POST' && url.pathname === '/v1/leads') {
        const body = await readJson(req);
        if (!body) return refuse(400, 'Invalid JSON body');
        const title = typeof body.title === 'string' ? body.title.trim() : '';
        if (!title) return refuse(400, 'Validation failed: title: Required');
        const personId = typeof body.person_id === 'number' ? body.person_id : null;
        const organizationId = typeof body.organization_id === 'number' ? body.organization_id : null;
        if (personId === null && organizationId === null) return refuse(400, 'A lead must always be linked to a person or an organization or both');
        if (personId !== null && !state.persons.some((p) => p.id === personId)) return refuse(404, 'Person not found');
        const lead: FakePipedriveLead = {
          id: randomUUID(),
          title,
          person_id: personId,
          organization_id: organizationId,
          owner_id: FAKE_PIPEDRIVE_USER.id,
          origin_id: typeof body.origin_id === 'string' ? body.origin_id : null,
          add_time: new Date().toISOString(),
          token,
        };
        state.leads.push(lead);
        const { token: _t, ...data } = lead;
        return answer(201, { success: true, data: { ...data, label_ids: [], value: null, expected_close_date: null, is_archived: false, was_seen: false, source_name: 'API', channel: null } });
      }
      const lead = /^\/v1\/leads\/([0-9a-f-]+)$/.exec(url.pathname);
      if (method === 'GET' && lead) {
        const found = state.leads.find((l) => l.id === lead[1]);
        return found ? answer(200, { success: true, data: found }) : refuse(404, 'Lead not found');
      }
      return refuse(404, 'Unknown method .');
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) refuse(500, String(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    env: { PIPEDRIVE_API_BASE: origin },
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
