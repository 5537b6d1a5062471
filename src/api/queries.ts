/**
 * queryOptions factories of the session-wide data (spec 000 §2 loading gates, §7 calls, §9 staleness).
 * Routes use them in loaders (`queryClient.ensureQueryData(meOptions())`) and views in
 * `useSuspenseQuery(meOptions())`, so both share one cache entry.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { typedApi } from './contract';
import type { Account, ListResponse, RuntimeConfig } from './types';

/** Staleness of global data: 60 s (spec 000 §9). */
export const GLOBAL_STALE_MS = 60_000;
/** Staleness of feature flags: 30 s (spec 000 §9). */
export const FEATURES_STALE_MS = 30_000;
/** Page size used to load every account the user may see for the account context (spec 000 §7). */
export const ACCOUNTS_CONTEXT_SIZE = 10_000;

/** Query keys, one place, so invalidation matches. */
export const queryKeys = {
  config: ['config'] as const,
  global: ['global'] as const,
  me: ['user', 'me'] as const,
  accounts: (params: AccountListParams) => ['account', 'list', params] as const,
  features: (accountId: number) => ['feature', accountId] as const,
};

/** GET /api/config — never stale during a page's life. */
export function configOptions() {
  return queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => typedApi.get('/config', { signal }),
    staleTime: Infinity,
  });
}

/** GET /api/global — stale after 60 s. */
export function globalOptions() {
  return queryOptions({
    queryKey: queryKeys.global,
    queryFn: ({ signal }) => typedApi.get('/global', { signal }),
    staleTime: GLOBAL_STALE_MS,
  });
}

/** GET /api/user/me — the signed-in user with their roles. */
export function meOptions() {
  return queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => typedApi.get('/user/me', { signal }),
  });
}

/** Query of GET /api/account (spec 000 §7). */
export interface AccountListParams {
  page?: number;
  size?: number;
  order_by?: 'business_name' | 'created_at';
  order_direction?: 'asc' | 'desc';
  business_name?: string;
  filter?: 'Joined';
}

/**
 * GET /api/account — by default every account the user may see in one page (the account context
 * resolves `/dashboard/{accountSlug}` against it).
 */
export function accountsOptions(params: AccountListParams = { page: 1, size: ACCOUNTS_CONTEXT_SIZE }) {
  return queryOptions({
    queryKey: queryKeys.accounts(params),
    queryFn: ({ signal }) => typedApi.get('/account', { query: { ...params }, signal }),
  });
}

/** GET /api/feature?account_id — 0 means "no account selected" (spec 000 §7); stale after 30 s. */
export function featuresOptions(accountId = 0) {
  return queryOptions({
    queryKey: queryKeys.features(accountId),
    queryFn: ({ signal }) => typedApi.get('/feature', { query: { account_id: accountId }, signal }),
    staleTime: FEATURES_STALE_MS,
  });
}
