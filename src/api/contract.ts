/**
 * The SPA's typed API calls (issue 10 §4): paths, parameters, bodies and answers come from
 * `schema.gen.ts`, which openapi-typescript generates from the server's `GET /api/openapi.json`
 * (`npm run api:types`). A wrong path, field or parameter name is a type error; no call site asserts
 * an answer type.
 *
 * Calls go through the shared `api` client (client.ts), so every behaviour of spec 000 §7–8 holds:
 * bearer ID token, 150 s time-out, `HttpError` with the `{ detail, code?, errors? }` body, FormData
 * for multipart.
 *
 * ```ts
 * const bot = await typedApi.get('/bot/{id}', { path: { id }, query: { mode: 'draft' }, signal });
 * ```
 */
import { api, type ApiClient, type RequestOptions } from './client';
import type { components, paths } from './schema.gen';

/** Named schemas of the contract, e.g. `Schema<'Bot'>`, `Schema<'Media'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = paths[P][M] extends infer O ? (O extends { responses: object } ? O : never) : never;

/** Paths that have an operation for `M`. */
export type PathsWith<M extends Method> = { [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P }[keyof paths];

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Responses<O> = O extends { responses: infer R } ? R : never;
/** The success answer (200, else 201, else 202, else 204 → undefined) of an operation. */
export type Answer<O> =
  Responses<O> extends infer R
    ? 200 extends keyof R
      ? JsonOf<R[200]>
      : 201 extends keyof R
        ? JsonOf<R[201]>
        : 202 extends keyof R
          ? JsonOf<R[202]>
          : undefined
    : never;

/** Ids and numeric query values may be given as numbers; they are written in decimal. */
type Loose<T> = { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] };
type PathParams<O> = O extends { parameters: { path: infer PP } } ? ([PP] extends [never | undefined] ? undefined : Loose<PP>) : undefined;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? ([Q] extends [never | undefined] ? undefined : Loose<NonNullable<Q>>) : undefined;
type BodyOf<O> = O extends { requestBody?: { content: infer C } }
  ? C extends { 'application/json': infer B }
    ? B
    : C extends { 'multipart/form-data': unknown }
      ? FormData
      : never
  : undefined;

/** What one call takes: path params (required when the path has some), query, body, headers, signal. */
export type CallInit<O> = (PathParams<O> extends undefined ? { path?: undefined } : { path: PathParams<O> }) &
  (QueryParams<O> extends undefined ? { query?: undefined } : { query?: QueryParams<O> }) &
  (BodyOf<O> extends undefined ? { body?: undefined } : { body: BodyOf<O> }) &
  Pick<RequestOptions, 'headers' | 'signal'>;

type Call<M extends Method> = <P extends PathsWith<M>>(
  path: P,
  ...init: CallInit<Operation<P, M>> extends { path?: undefined; body?: undefined } ? [CallInit<Operation<P, M>>?] : [CallInit<Operation<P, M>>]
) => Promise<Answer<Operation<P, M>>>;

/** The typed surface: one function per method over the contract's paths. */
export interface TypedApi {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  delete: Call<'delete'>;
}

/** `/bot/{id}` + `{ id: 3 }` → `/bot/3` (values URI-encoded). */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** A typed view of `client` (the shared `api` by default). */
export function typedClient(client: ApiClient = api): TypedApi {
  const call =
    (method: string) =>
    (path: string, init: { path?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}) =>
      client.request(method, fillPath(path, init.path), { query: init.query, body: init.body, headers: init.headers, signal: init.signal });
  return { get: call('GET'), post: call('POST'), put: call('PUT'), patch: call('PATCH'), delete: call('DELETE') } as TypedApi;
}

/** The app's typed client over the shared `api`. */
export const typedApi: TypedApi = typedClient();
