/**
 * HTTP errors answered as JSON `{ detail, code?, errors? }` (DESIGN §3). Services throw `HttpError`;
 * `errorHandler` turns it (and anything unexpected) into a response. Never a bare 500 for bad input.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ClientGoneError, DbOverloadError, findCause, StatementTimeoutError } from '../db/admission';

export interface ErrorBody {
  detail: string;
  code?: string;
  /** Field path → message, for 400/422. */
  errors?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly code?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
  toBody(): ErrorBody {
    return {
      detail: this.detail,
      ...(this.code ? { code: this.code } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const badRequest = (detail: string, errors?: Record<string, string>, code?: string) =>
  new HttpError(400, detail, code, errors);
export const unprocessable = (detail: string, errors?: Record<string, string>) =>
  new HttpError(422, detail, 'validation_error', errors);
export const unauthorized = (detail = 'Not authenticated.') => new HttpError(401, detail, 'unauthorized');
export const forbidden = (detail = 'You do not have permission to do this.') => new HttpError(403, detail, 'forbidden');
export const notFound = (detail = 'Not found.') => new HttpError(404, detail, 'not_found');
export const conflict = (detail: string, code = 'conflict') => new HttpError(409, detail, code);

/**
 * Hono `onError` handler. Logs unexpected errors; answers 500 `{detail:'Internal server error'}`.
 * The database guard's errors (issue 18; db/admission.ts), also when wrapped by drizzle (`cause`):
 * admission refused → 503 `overloaded` with `Retry-After` (s); statement timeout → 503
 * `statement_timeout`; client gone → 503 `client_gone` (nobody reads it).
 */
export function errorHandler(err: Error, c: Context): Response {
  if (err instanceof HttpError) return c.json(err.toBody(), err.status);
  const overload = findCause(err, DbOverloadError);
  if (overload) return c.json({ detail: overload.message, code: 'overloaded' } satisfies ErrorBody, 503, { 'Retry-After': String(overload.retryAfterS) });
  const timeout = findCause(err, StatementTimeoutError);
  if (timeout) return c.json({ detail: timeout.message, code: 'statement_timeout' } satisfies ErrorBody, 503);
  const gone = findCause(err, ClientGoneError);
  if (gone) return c.json({ detail: gone.message, code: 'client_gone' } satisfies ErrorBody, 503);
  if (err instanceof HTTPException) {
    const res = err.getResponse();
    if (res.headers.get('content-type')?.includes('json')) return res;
    return c.json({ detail: err.message || res.statusText }, err.status as ContentfulStatusCode);
  }
  if (err instanceof SyntaxError) return c.json({ detail: 'Malformed JSON body.', code: 'bad_json' }, 400);
  console.error('[server] unexpected error', c.req.method, c.req.path, err);
  return c.json({ detail: 'Internal server error' }, 500);
}
