/**
 * Staff calls (spec 000 §7): admin users (`GET /user/all-users`), resellers (`GET/POST
 * /user/resellers`, `POST /user/resellers/{userId}` removes), feature flags (`GET/POST/PUT
 * /feature/flags`), SSO configs (`GET/POST /sso/config`, `GET/PATCH /sso/config/{id}`, `POST
 * /sso/config/{id}/provision`).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { typedApi } from '../../api/contract';
import type { ListResponse } from '../../api/types';

/** Admin users page size. */
export const ADMIN_USERS_PAGE_SIZE = 10;

/** `GET /user/all-users?page&size`. */
export function allUsersOptions(page: number) {
  return queryOptions({
    queryKey: ['admin', 'all-users', page] as const,
    queryFn: ({ signal }) => typedApi.get('/user/all-users', { query: { page, size: ADMIN_USERS_PAGE_SIZE }, signal }),
  });
}

/** `GET /user/resellers` — the resellers (users with isReseller), up to 1000. */
export function resellersOptions() {
  return queryOptions({
    queryKey: ['admin', 'resellers'] as const,
    queryFn: async ({ signal }) => (await typedApi.get('/user/resellers', { query: { page: 1, size: 1000 }, signal })).records,
  });
}

/** `POST /user/resellers {email}` — makes the user (created when new) a reseller; answers the user. */
export const inviteReseller = (email: string) => typedApi.post('/user/resellers', { body: { email } });
/** `POST /user/resellers/{userId}` — deletes the reseller; answers the user. */
export const deleteReseller = (userId: number) => typedApi.post('/user/resellers/{userId}', { path: { userId } });

/** Flag types (spec 000 §3). */
export type FlagType = 'embed' | 'dashboard';

/** A feature flag (spec 000 §3). */
export interface FeatureFlag {
  name: string;
  description: string | null;
  flag_type: FlagType;
  is_everyone: boolean | null;
  is_superadmin: boolean | null;
  user_ids: number[];
  account_ids: number[];
  languages: string[];
  accounts?: { id: number; businessName: string }[];
}

/** Filters of the flags screen (spec 000 §2, §7). */
export interface FlagFilters {
  flag_name: string;
  flag_type: FlagType | '';
  account_ids: number[];
}

/** `GET /feature/flags?account_ids&flag_name&flag_type` — a list answer or a plain array. */
export function flagsOptions(f: FlagFilters) {
  return queryOptions({
    queryKey: ['admin', 'flags', f] as const,
    queryFn: async ({ signal }) => {
      const data = await api.get<ListResponse<FeatureFlag> | FeatureFlag[]>('/feature/flags', {
        query: { flag_name: f.flag_name || undefined, flag_type: f.flag_type || undefined, account_ids: f.account_ids.length ? f.account_ids.join(',') : undefined },
        signal,
      });
      return Array.isArray(data) ? data : data.records;
    },
  });
}

/** Body of create and update (spec 000 §7). */
export interface FlagInput {
  name: string;
  description?: string;
  flag_type: FlagType;
  is_everyone: boolean;
  is_superadmin: boolean;
  user_ids: number[];
  account_ids: number[];
}
export const createFlag = (body: FlagInput) => api.post<FeatureFlag>('/feature/flags', body);
export const updateFlag = (body: FlagInput) => api.put<FeatureFlag>('/feature/flags', body);

/** An SSO config (spec 000 §3). */
export interface SsoConfig {
  id: number;
  name: string;
  domain: string;
  provider: string;
  status: 'active' | 'disabled';
  /** Upstream OpenID Connect issuer, client id; the secret is write-only (only whether one is set). */
  issuerUrl: string | null;
  clientId: string | null;
  hasClientSecret: boolean;
  createdAt: string;
  ssoProvisions: { id: number; accountId: number; account: { businessName: string }; defaultRole: 'Viewer' | 'Editor' }[];
}

export function ssoConfigsOptions() {
  return queryOptions({
    queryKey: ['admin', 'sso'] as const,
    queryFn: async ({ signal }) => {
      const data = await api.get<ListResponse<SsoConfig> | SsoConfig[]>('/sso/config', { signal });
      return Array.isArray(data) ? data : data.records;
    },
  });
}
export function ssoConfigOptions(id: number) {
  return queryOptions({
    queryKey: ['admin', 'sso', id] as const,
    queryFn: ({ signal }) => api.get<SsoConfig>(`/sso/config/${id}`, { signal }),
  });
}
export const createSsoConfig = (body: { name: string; domain: string; provider: string; status: 'active'; issuerUrl?: string; clientId?: string; clientSecret?: string }) =>
  api.post<SsoConfig>('/sso/config', body);
/** `PATCH /sso/config/{id}` with the upstream settings (`null` clears; no `clientSecret` keeps the stored one). */
export const patchSsoUpstream = (id: number, body: { issuerUrl: string | null; clientId: string | null; clientSecret?: string }) => api.patch<SsoConfig>(`/sso/config/${id}`, body);
export const setSsoStatus = (id: number, status: 'active' | 'disabled') => api.patch<SsoConfig>(`/sso/config/${id}`, { status });
export const provisionSso = (id: number, body: { accountId: number; defaultRole: 'Viewer' | 'Editor' }) => api.post<SsoConfig>(`/sso/config/${id}/provision`, body);
