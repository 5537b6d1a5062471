/**
 * One API contract (issue 10 §4): every route declares its request and response shapes as valibot
 * schemas; the server validates requests with them (lib/validate.ts), publishes OpenAPI 3.1 generated
 * from them at `GET /api/openapi.json` (hono-openapi + @valibot/to-json-schema), and the server tests
 * check every response they receive against the declared schema (server/test/contract-check.ts).
 *
 * Declaring a route:
 * ```ts
 * r.get('/:id', route({ summary: 'Read a vidbot', tags: ['Bots'], responses: { 200: BotDetail } }),
 *   idParams('Vidbot'), validate('query', GetBotQuery), handler)
 * ```
 * `responses` maps a success status to its JSON body schema (`null` = no body). The error answers
 * `{ detail, code?, errors? }` (401, 403, 404, 409, 413, 422) are declared for every route by default.
 */
import type { MiddlewareHandler } from 'hono';
import { describeRoute, resolver, validator } from 'hono-openapi';
import * as v from 'valibot';
import { notFound } from './errors';

/** Error body of every non-2xx answer (DESIGN §3). */
export const ErrorBody = v.pipe(
  v.object({
    detail: v.string(),
    code: v.optional(v.string()),
    /** Field path → message (422, some 400). */
    errors: v.optional(v.record(v.string(), v.string())),
  }),
  v.metadata({ ref: 'ErrorBody' }),
);

/** Who may call a route: `public` (no token), `bearer` (ID token), `account` (ID token + optional `Account-Id`). */
export type RouteAuth = 'public' | 'bearer' | 'account';

/** Success status → body schema (`null`: no JSON body). */
export type ResponseSchemas = Partial<Record<200 | 201 | 202 | 204, v.GenericSchema | null>>;

/** What a route declares; `description` may carry prose where the spec is silent (was docs/api.md). */
export interface RouteContract {
  summary: string;
  description?: string;
  tags: string[];
  auth?: RouteAuth;
  responses: ResponseSchemas;
  /** Non-JSON success bodies, e.g. `{ 200: 'text/vtt' }` (the response check then skips the body). */
  rawResponses?: Partial<Record<200 | 201, string>>;
  /** A request body that is not JSON (multipart), described by hand. */
  requestBody?: Parameters<typeof describeRoute>[0]['requestBody'];
  /** Statuses this route answers with an error body; default 400 (401 403 unless public) 404 422. 503 is always added (the database guard, issue 18). */
  errors?: number[];
}

const ERROR_STATUSES: Record<number, string> = {
  400: 'Bad request (malformed JSON, bad header).',
  401: 'Missing or invalid ID token.',
  403: 'Signed in, but the role does not allow this.',
  404: 'No such resource, or one the caller cannot see.',
  409: 'Conflict with the current state.',
  413: 'Body too large.',
  422: 'Validation failed: `errors` maps field paths to messages.',
  503: 'Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md).',
};

/** Registry read by the server tests' response check: middleware → contract. */
export const contractOf = new WeakMap<object, RouteContract>();

/**
 * `describeRoute` with the project's conventions (bearer security unless public, JSON error bodies);
 * the returned middleware is registered in `contractOf` for the response check.
 */
export function route(contract: RouteContract): MiddlewareHandler {
  const auth = contract.auth ?? 'bearer';
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(contract.responses)) {
    responses[status] = schema
      ? { description: 'OK', content: { 'application/json': { schema: resolver(schema) } } }
      : { description: 'No content' };
  }
  for (const [status, media] of Object.entries(contract.rawResponses ?? {})) {
    responses[status] = { description: 'OK', content: { [media]: { schema: { type: 'string' } } } };
  }
  const errors = contract.errors ?? [400, ...(auth === 'public' ? [] : [401, 403]), 404, 422];
  for (const status of errors) {
    responses[String(status)] = { description: ERROR_STATUSES[status] ?? 'Error', content: { 'application/json': { schema: resolver(ErrorBody) } } };
  }
  // Every /api route may answer the database guard's 503, whatever it declares (lib/db-guard.ts).
  responses['503'] = {
    description: ERROR_STATUSES[503],
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again (with `overloaded`).', schema: { type: 'integer' } } },
    content: { 'application/json': { schema: resolver(ErrorBody) } },
  };
  const mw = describeRoute({
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: contract.tags,
    security: auth === 'public' ? [] : auth === 'account' ? [{ idToken: [], accountId: [] }, { idToken: [] }] : [{ idToken: [] }],
    ...(contract.requestBody ? { requestBody: contract.requestBody } : {}),
    responses: responses as never,
  });
  contractOf.set(mw, contract);
  return mw;
}

/** The string an id path segment arrives as; the document declares it an integer (see idParams). */
const idSegment = v.string();
/**
 * A database id in a path: decimal, 1..999 999 999 (what `serial` columns hold). The digit rule is a
 * `check` (not `regex`), so the document carries no string `pattern` beside `type: integer`.
 */
const idString = v.pipe(idSegment, v.check((s) => /^\d{1,9}$/.test(s)), v.transform(Number), v.minValue(1));

/**
 * The one way to validate ids in a path (issue 10 §4): `idParams('Vidbot', 'id', 'revisionId')`
 * parses the named params into numbers (`c.req.valid('param').id`); a non-number names no resource,
 * so it answers 404 `{ detail: '<what> not found.', code: 'not_found' }` (not 422).
 */
export function idParams<const K extends string = 'id'>(what: string, ...names: K[]) {
  const keys = (names.length ? names : ['id']) as K[];
  const schema = v.object(Object.fromEntries(keys.map((k) => [k, idString])) as Record<K, typeof idString>);
  return validator(
    'param',
    schema,
    (result) => {
      if (!result.success) throw notFound(`${what} not found.`);
    },
    // The document says what a client sends: a positive integer (the SPA's generated types say number).
    // @valibot/to-json-schema calls overrideSchema for the schemas inside a pipe, not for the pipe.
    {
      options: {
        typeMode: 'input',
        overrideSchema: ({ valibotSchema }: { valibotSchema: unknown }) => (valibotSchema === idSegment ? { type: 'integer', minimum: 1, maximum: 999_999_999 } : undefined),
      },
    } as never,
  );
}

/** JSON body of a `{ records, metadata }` list answer (DESIGN §3; defined in list-query.ts, which the SPA may import without hono-openapi). */
export { ListMetadata, listOf } from './list-query';

export { Timestamp } from './timestamp';
