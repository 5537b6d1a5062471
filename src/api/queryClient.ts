/**
 * The app's QueryClient and its error policy (spec 000 §8, §9).
 *
 * - Default staleness 3 s; queries retry at most 2 times and never on 401 (`shouldRetryQuery`).
 * - Every query or mutation error is classified by `classifyApiError`:
 *   - 401 with detail 'User not found.' → `onUserNotFound` (go to /invalid-user, nothing else shown);
 *   - any other 401 → `onUnauthorized(reason)` (go to /login, sign out, clear caches, toast);
 *   - other query errors → `onQueryError(error)` (a toast); mutation errors are left to their view.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { HttpError } from './client';

/** Default staleness of queries in milliseconds (spec 000 §9). */
export const DEFAULT_STALE_MS = 3_000;
/** Most retries of a failed query (spec 000 §9). */
export const MAX_QUERY_RETRIES = 2;
/** The server's detail for a valid token whose user is gone (docs/api.md). */
export const USER_NOT_FOUND_DETAIL = 'User not found.';

/** What the app does with an error, decided from the error alone. */
export type ApiErrorKind =
  | { kind: 'userNotFound' }
  | { kind: 'unauthorized'; reason: string }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'unknown' };

/** Classifies an error thrown by a query or mutation (spec 000 §8). */
export function classifyApiError(error: unknown): ApiErrorKind {
  if (error instanceof HttpError) {
    if (error.status === 401) {
      if (error.detail === USER_NOT_FOUND_DETAIL) return { kind: 'userNotFound' };
      return { kind: 'unauthorized', reason: error.detail ?? error.statusText };
    }
    return { kind: 'http', status: error.status, message: error.statusText };
  }
  if (error instanceof Error && error.message) return { kind: 'error', message: error.message };
  return { kind: 'unknown' };
}

/** Retry decision of every query: at most 2 retries, never after a 401 (spec 000 §9). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status === 401) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** Reactions the app edge supplies (navigation, sign-out, toasts live outside this module). */
export interface QueryErrorHandlers {
  onUserNotFound: () => void;
  onUnauthorized: (reason: string) => void;
  onQueryError: (error: Exclude<ApiErrorKind, { kind: 'userNotFound' } | { kind: 'unauthorized' }>) => void;
}

/** Creates the QueryClient with spec 000 §9 defaults and §8 error routing. */
export function createQueryClient(handlers: QueryErrorHandlers): QueryClient {
  const routeAuthErrors = (error: unknown): ApiErrorKind => {
    const kind = classifyApiError(error);
    if (kind.kind === 'userNotFound') handlers.onUserNotFound();
    else if (kind.kind === 'unauthorized') handlers.onUnauthorized(kind.reason);
    return kind;
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        const kind = routeAuthErrors(error);
        if (kind.kind !== 'userNotFound' && kind.kind !== 'unauthorized') handlers.onQueryError(kind);
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => void routeAuthErrors(error) }),
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_MS, retry: shouldRetryQuery, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
