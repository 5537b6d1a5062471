/**
 * API client and query-client policy (spec 000 §7–9): bearer token, JSON, error fallback chain,
 * unreadable body → 500, 401 routing, time-out via AbortSignal, no retries in the HTTP layer,
 * query retries ≤ 2 and never on 401.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiTimeoutError, API_TIMEOUT_MS, HttpError, UNEXPECTED_ERROR_TEXT, UNKNOWN_ERROR_TEXT, createApiClient, toHttpError } from './client';
import { classifyApiError, createQueryClient, shouldRetryQuery, type QueryErrorHandlers } from './queryClient';

type FetchArgs = [input: string, init: RequestInit];

function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: FetchArgs[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push([String(input), init ?? {}]);
    return respond(String(input), init ?? {});
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
});

describe('createApiClient', () => {
  it('sends the bearer ID token, JSON body and query, and parses JSON answers', async () => {
    const f = fakeFetch(() => json(201, { id: 3 }));
    const client = createApiClient({ fetch: f.fetch, getIdToken: async () => 'id.token.value' });
    const out = await client.post<{ id: number }>('/bot', { accountId: 1, name: 'Hello' }, { query: { a: 1, b: undefined, c: ['x', 'y'] } });
    expect(out).toEqual({ id: 3 });
    const [url, init] = f.calls[0]!;
    expect(url).toBe('/api/bot?a=1&c=x&c=y');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer id.token.value');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ accountId: 1, name: 'Hello' }));
  });

  it('leaves the Authorization header out without a session and answers undefined for 204', async () => {
    const f = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch: f.fetch, getIdToken: async () => null });
    await expect(client.delete('/thing/1')).resolves.toBeUndefined();
    expect((f.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends FormData as multipart (no JSON content type)', async () => {
    const f = fakeFetch(() => json(200, {}));
    const client = createApiClient({ fetch: f.fetch });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await client.post('/upload', form);
    expect(f.calls[0]![1].body).toBe(form);
    expect((f.calls[0]![1].headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('does not retry a failed call (one fetch per request)', async () => {
    const f = fakeFetch(() => json(503, { detail: 'down' }));
    const client = createApiClient({ fetch: f.fetch });
    await expect(client.get('/global')).rejects.toBeInstanceOf(HttpError);
    expect(f.calls).toHaveLength(1);
  });

  it('aborts after 150 000 ms with ApiTimeoutError', async () => {
    vi.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    const f = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          seenSignal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createApiClient({ fetch: f.fetch });
    const result = client.get('/slow');
    const settled = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seenSignal?.aborted).toBe(true);
    const error = await settled;
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect((error as ApiTimeoutError).timeoutMs).toBe(150_000);
  });

  it("honours the caller's abort signal", async () => {
    const f = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createApiClient({ fetch: f.fetch });
    const controller = new AbortController();
    const result = client.get('/x', { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('HttpError fallback chain (spec 000 §8)', () => {
  it('keeps the status line text when there is one', async () => {
    const e = await toHttpError(json(404, { detail: 'Bot not found.' }, 'Not Found'));
    expect(e).toMatchObject({ status: 404, statusText: 'Not Found', payload: { detail: 'Bot not found.' } });
    expect(e.detail).toBe('Bot not found.');
  });

  it("falls back to the body's detail", async () => {
    const e = await toHttpError(json(422, { detail: 'Invalid body.', code: 'bad', errors: { name: 'Required' } }));
    expect(e.statusText).toBe('Invalid body.');
    expect(e.code).toBe('bad');
    expect(e.fieldErrors).toEqual({ name: 'Required' });
    expect(e.message).toBe('Invalid body.');
  });

  it('falls back to a plain-text body', async () => {
    const e = await toHttpError(new Response('upstream exploded', { status: 502 }));
    expect(e).toMatchObject({ status: 502, statusText: 'upstream exploded', payload: 'upstream exploded' });
  });

  it("falls back to 'Unexpected error' when nothing else is said", async () => {
    const e = await toHttpError(new Response('', { status: 500 }));
    expect(e).toMatchObject({ status: 500, statusText: UNEXPECTED_ERROR_TEXT, payload: null });
    const e2 = await toHttpError(json(400, { something: 'else' }));
    expect(e2.statusText).toBe(UNEXPECTED_ERROR_TEXT);
  });

  it('turns an unreadable error body into 500 with unknown text', async () => {
    const broken = new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new Error('connection reset'));
        },
      }),
      { status: 403, statusText: 'Forbidden' },
    );
    const e = await toHttpError(broken);
    expect(e).toMatchObject({ status: 500, statusText: UNKNOWN_ERROR_TEXT, payload: null });
  });
});

describe('query policy (spec 000 §8, §9)', () => {
  const unauthorized = new HttpError(401, 'Unauthorized', { detail: 'Token expired.' });
  const userNotFound = new HttpError(401, 'Unauthorized', { detail: 'User not found.' });

  it('retries at most 2 times and never on 401', () => {
    const serverError = new HttpError(500, 'Internal Server Error', null);
    expect(shouldRetryQuery(0, serverError)).toBe(true);
    expect(shouldRetryQuery(1, serverError)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(false);
    expect(shouldRetryQuery(0, unauthorized)).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('classifies errors', () => {
    expect(classifyApiError(userNotFound)).toEqual({ kind: 'userNotFound' });
    expect(classifyApiError(unauthorized)).toEqual({ kind: 'unauthorized', reason: 'Token expired.' });
    expect(classifyApiError(new HttpError(401, 'Unauthorized', null))).toEqual({ kind: 'unauthorized', reason: 'Unauthorized' });
    expect(classifyApiError(new HttpError(403, 'Forbidden', { detail: 'No.' }))).toEqual({ kind: 'http', status: 403, message: 'Forbidden' });
    expect(classifyApiError(new Error('boom'))).toEqual({ kind: 'error', message: 'boom' });
    expect(classifyApiError('weird')).toEqual({ kind: 'unknown' });
  });

  function handlers() {
    const calls: string[] = [];
    const h: QueryErrorHandlers = {
      onUserNotFound: () => calls.push('userNotFound'),
      onUnauthorized: (reason) => calls.push(`unauthorized:${reason}`),
      onQueryError: (kind) => calls.push(`toast:${kind.kind === 'unknown' ? '?' : kind.message}`),
    };
    return { h, calls };
  }

  it('routes a 401 once, without retrying the query', async () => {
    const { h, calls } = handlers();
    const client = createQueryClient(h);
    const queryFn = vi.fn(async () => {
      throw unauthorized;
    });
    await expect(client.fetchQuery({ queryKey: ['me'], queryFn, retryDelay: 0 })).rejects.toBe(unauthorized);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['unauthorized:Token expired.']);
  });

  it("sends 'User not found.' to /invalid-user and shows nothing else", async () => {
    const { h, calls } = handlers();
    const client = createQueryClient(h);
    await expect(client.fetchQuery({ queryKey: ['me'], queryFn: async () => Promise.reject(userNotFound) })).rejects.toBe(userNotFound);
    expect(calls).toEqual(['userNotFound']);
  });

  it('retries other failures twice, then toasts the status text', async () => {
    const { h, calls } = handlers();
    const client = createQueryClient(h);
    const failure = new HttpError(500, 'Internal Server Error', { detail: 'db down' });
    const queryFn = vi.fn(async () => Promise.reject(failure));
    await expect(client.fetchQuery({ queryKey: ['g'], queryFn, retryDelay: 0, retry: client.getDefaultOptions().queries?.retry })).rejects.toBe(failure);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(calls).toEqual(['toast:Internal Server Error']);
  });

  it('routes 401s of mutations too, but leaves their other errors to the view', async () => {
    const { h, calls } = handlers();
    const client = createQueryClient(h);
    const run = (error: unknown) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: async () => Promise.reject(error) })
        .execute(undefined)
        .catch(() => undefined);
    await run(unauthorized);
    await run(new HttpError(422, 'Invalid', null));
    expect(calls).toEqual(['unauthorized:Token expired.']);
  });

  it('uses 3 s staleness by default', () => {
    const client = createQueryClient(handlers().h);
    expect(client.getDefaultOptions().queries?.staleTime).toBe(3_000);
  });
});
