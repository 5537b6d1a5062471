/**
 * HTTP client of the SPA (spec 000 §7–8).
 *
 * - Every call carries `Authorization: Bearer <Cognito ID token>` when a session exists (the header
 *   is left out when there is none) — the token comes from the injected `getIdToken`.
 * - Bodies are JSON unless a `FormData` is passed (multipart); answers are parsed as JSON
 *   (204 / empty body → `undefined`).
 * - Timeout 150 000 ms (`API_TIMEOUT_MS`) through an `AbortSignal`; a caller's own signal is honoured too.
 * - No retries here: retrying is the query layer's business (see `shouldRetryQuery` in queryClient.ts).
 * - A non-2xx answer throws `HttpError { status, statusText, payload }`; `statusText` falls back to
 *   the body's `detail`, then the raw body text, then 'Unexpected error'; when the error body cannot
 *   be read at all the error becomes status 500 with status text 'Unknown error' (spec 000 §8).
 * - A time-out throws `ApiTimeoutError`; a network failure rethrows the fetch `TypeError`.
 */

/** HTTP timeout of every API call in milliseconds (spec 000 §7, §9). */
export const API_TIMEOUT_MS = 150_000;

/** Status text used when neither the status line nor the body say anything (spec 000 §8). */
export const UNEXPECTED_ERROR_TEXT = 'Unexpected error';
/** Status text used when the error body cannot be read (spec 000 §8). */
export const UNKNOWN_ERROR_TEXT = 'Unknown error';

/** An HTTP answer outside 2xx. `payload` is the parsed JSON body, the raw text, or null. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly payload: unknown,
  ) {
    super(detailOf(payload) ?? statusText);
  }

  /** The `detail` of a JSON error body `{ detail }`, if any. */
  get detail(): string | undefined {
    return detailOf(this.payload);
  }

  /** The `code` of a JSON error body `{ code }`, if any. */
  get code(): string | undefined {
    const p = this.payload;
    return isRecord(p) && typeof p.code === 'string' ? p.code : undefined;
  }

  /** Field messages of a 422 body `{ errors: { path: message } }`, if any. */
  get fieldErrors(): Record<string, string> | undefined {
    const p = this.payload;
    if (!isRecord(p) || !isRecord(p.errors)) return undefined;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(p.errors)) if (typeof v === 'string') out[k] = v;
    return out;
  }
}

/** The request did not finish within the time-out. */
export class ApiTimeoutError extends Error {
  override readonly name = 'ApiTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
  }
}

/** True for an `HttpError` with the given status (any status when omitted). */
export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function detailOf(payload: unknown): string | undefined {
  return isRecord(payload) && typeof payload.detail === 'string' && payload.detail !== '' ? payload.detail : undefined;
}

/** Query-string values; `undefined`/`null` are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Options of one request. */
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON-serialisable value, or FormData for multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Dependencies of a client; tests inject their own `fetch`. */
export interface ApiClientOptions {
  /** Base path or URL prepended to request paths, default '/api'. */
  baseUrl?: string;
  /** Current ID token, or null when signed out. */
  getIdToken?: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Milliseconds, default API_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** The client's surface: `request` plus one helper per method. Answers are typed by the caller. */
export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** Builds `path?query` from a query record (undefined/null dropped, arrays repeated). */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Reads an error answer into an `HttpError` following spec 000 §8's fallback chain.
 * Never throws: an unreadable body yields `HttpError(500, 'Unknown error', null)`.
 */
export async function toHttpError(response: Response): Promise<HttpError> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return new HttpError(500, UNKNOWN_ERROR_TEXT, null);
  }
  let payload: unknown = text === '' ? null : text;
  if (text !== '') {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = text;
    }
  }
  const statusText =
    response.statusText || detailOf(payload) || (typeof payload === 'string' ? payload : '') || UNEXPECTED_ERROR_TEXT;
  return new HttpError(response.status, statusText, payload);
}

/** Creates a client (spec 000 §7). See the module comment for the behaviour. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const getIdToken = options.getIdToken ?? (async () => null);

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const token = await getIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new ApiTimeoutError(timeoutMs));
    }, timeoutMs);
    const onOuterAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) onOuterAbort();
    else opts.signal?.addEventListener('abort', onOuterAbort, { once: true });

    try {
      let response: Response;
      try {
        controller.signal.throwIfAborted();
        response = await doFetch(buildUrl(baseUrl, path, opts.query), {
          method,
          headers,
          body,
          signal: controller.signal,
        });
      } catch (error) {
        if (timedOut) throw new ApiTimeoutError(timeoutMs);
        throw error;
      }
      if (!response.ok) throw await toHttpError(response);
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text === '' ? undefined : JSON.parse(text)) as T;
    } catch (error) {
      if (timedOut && !(error instanceof HttpError)) throw new ApiTimeoutError(timeoutMs);
      throw error;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    patch: (path, body, o) => request('PATCH', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
  };
}

let tokenProvider: () => Promise<string | null> = async () => null;

/**
 * Installs the ID-token source of the shared `api` client (done once at the app edge by the
 * session feature). Before that, calls go out without a token.
 */
export function setIdTokenProvider(provider: () => Promise<string | null>): void {
  tokenProvider = provider;
}

/**
 * Headers of a request made outside the shared client (e.g. a streamed answer read with a
 * ReadableStream reader, issue 16): `Authorization: Bearer <ID token>` when a session exists, else
 * none. Uses the provider installed with `setIdTokenProvider`.
 */
export async function authorizationHeaders(): Promise<Record<string, string>> {
  const token = await tokenProvider();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The app's shared client: base '/api', bearer token from the session, 150 s time-out. */
export const api: ApiClient = createApiClient({ getIdToken: () => tokenProvider() });
