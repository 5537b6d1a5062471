/**
 * A local fake of Linear's GraphQL API (issue 15 "each tested against a local fake that follows the
 * vendor's documented API"; linear.app/developers/graphql), plain node:http. Point LINEAR_API_URL at
 * `${url}/graphql`.
 *
 * `POST /graphql` `{ query, variables }` with `Authorization: <personal API key>` (or `Bearer <OAuth
 * token>`, as Linear accepts both). The operations @linear/sdk sends for the adapter are answered:
 * - `viewer` → the key's user `{ id, name, displayName, email, active, admin, … }`;
 * - `teams(first, after…)` → `{ nodes: [{ id, name, key, … }], pageInfo }`;
 * - `issueCreate(input: { teamId, title, description })` → `IssuePayload { success, lastSyncId, issue { id } }`;
 *   an unknown team or an empty title → Linear's "invalid input" error (200 with `errors`).
 * Errors in Linear's shape `{ errors: [{ message, extensions: { type, code, statusCode, userPresentableMessage } }] }`:
 * unknown / revoked key (or `switches.revoked`) → 401 `authentication error`; `state.reject` → `invalid input`;
 * `switches.outage` → 503 while > 0 (decremented per call); any other operation → 400 `graphql error`.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { listen, readBody, sendJson, type FakeSwitches, type ReceivedRequest } from './crm-http';

export interface FakeLinearTeam {
  id: string;
  name: string;
  key: string;
}
export interface FakeLinearIssue {
  id: string;
  identifier: string;
  teamId: string;
  title: string;
  description: string;
  /** The API key that created it. */
  apiKey: string;
}

export interface FakeLinearState {
  /** Valid personal API keys (`lin_api_…`). */
  apiKeys: string[];
  viewer: { id: string; name: string; displayName: string; email: string };
  teams: FakeLinearTeam[];
  switches: FakeSwitches;
  /** Refuse the next issue creations with "invalid input". */
  reject: boolean;
  issues: FakeLinearIssue[];
  requests: ReceivedRequest[];
}

export interface FakeLinear {
  url: string;
  state: FakeLinearState;
  /** Env of the server under test: LINEAR_API_URL. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The key the fake accepts from the start (also shown in docs/integrations.md for a manual run against the e2e server). */
export const FAKE_LINEAR_API_KEY = 'lin_api_vidbotFakeKey0000000000000000000000000';

export async function startFakeLinear(opts: { port?: number; apiKeys?: string[] } = {}): Promise<FakeLinear> {
  const state: FakeLinearState = {
    apiKeys: opts.apiKeys ?? [FAKE_LINEAR_API_KEY],
    viewer: { id: randomUUID(), name: 'Lin Ear', displayName: 'lin', email: 'lin@example.com' },
    teams: [
      { id: randomUUID(), name: 'Sales', key: 'SAL' },
      { id: randomUUID(), name: 'Engineering', key: 'ENG' },
    ],
    switches: { outage: 0, revoked: false },
    reject: false,
    issues: [],
    requests: [],
  };
  let lastSyncId = 1000;

  const gqlError = (res: ServerResponse, status: number, type: string, code: string, message: string, userMessage: string) =>
    sendJson(res, status, { errors: [{ message, extensions: { type, code, statusCode: status, userError: type === 'invalid input', userPresentableMessage: userMessage } }], data: null });

  const server = await listen(opts.port ?? 0, async (req, res, url) => {
    const { parsed } = await readBody(req);
    state.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization ?? null,
      contentType: req.headers['content-type'] ?? null,
      body: parsed,
    });
    if (req.method !== 'POST' || url.pathname !== '/graphql') return sendJson(res, 404, { errors: [{ message: 'Not found' }] });
    if (state.switches.outage > 0) {
      state.switches.outage -= 1;
      res.writeHead(503, { 'content-type': 'text/plain' });
      return void res.end('Service Unavailable');
    }
    const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (!key || !state.apiKeys.includes(key) || state.switches.revoked) {
      return gqlError(res, 401, 'authentication error', 'AUTHENTICATION_ERROR', 'Authentication required, not authenticated', 'You need to authenticate to access this operation.');
    }
    const body = (parsed && typeof parsed === 'object' ? parsed : {}) as { query?: unknown; variables?: Record<string, unknown> };
    const query = typeof body.query === 'string' ? body.query : '';
    const variables = body.variables ?? {};
    const now = new Date().toISOString();

    if (/\bissueCreate\s*\(/.test(query)) {
      const input = (variables.input ?? {}) as { teamId?: unknown; title?: unknown; description?: unknown };
      const team = state.teams.find((t) => t.id === input.teamId);
      if (state.reject || !team || typeof input.title !== 'string' || input.title.trim() === '') {
        return gqlError(res, 200, 'invalid input', 'INVALID_INPUT', 'Argument Validation Error', team ? 'The issue could not be created.' : 'Team not found.');
      }
      const issue: FakeLinearIssue = {
        id: randomUUID(),
        identifier: `${team.key}-${state.issues.filter((i) => i.teamId === team.id).length + 1}`,
        teamId: team.id,
        title: input.title,
        description: typeof input.description === 'string' ? input.description : '',
        apiKey: key,
      };
      state.issues.push(issue);
      return sendJson(res, 200, { data: { issueCreate: { __typename: 'IssuePayload', lastSyncId: ++lastSyncId, success: true, issue: { id: issue.id } } } });
    }
    if (/\bteams\s*[({]/.test(query)) {
      return sendJson(res, 200, {
        data: {
          teams: {
            __typename: 'TeamConnection',
            nodes: state.teams.map((t) => ({ __typename: 'Team', id: t.id, name: t.name, key: t.key, createdAt: now, updatedAt: now, private: false, issueCount: 0 })),
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, hasPreviousPage: false, startCursor: state.teams[0]?.id ?? null, endCursor: state.teams.at(-1)?.id ?? null },
          },
        },
      });
    }
    if (/\bviewer\s*[({]/.test(query)) {
      return sendJson(res, 200, { data: { viewer: { __typename: 'User', ...state.viewer, active: true, admin: true, guest: false, createdAt: now, updatedAt: now, url: 'https://linear.app/vidbot/profiles/lin' } } });
    }
    return gqlError(res, 400, 'graphql error', 'GRAPHQL_VALIDATION_FAILED', 'This fake answers viewer, teams and issueCreate only.', 'Unsupported operation.');
  });
  return { url: server.url, state, env: { LINEAR_API_URL: `${server.url}/graphql` }, close: server.close };
}
