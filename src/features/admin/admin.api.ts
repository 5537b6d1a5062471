/**
 * Staff calls (spec 000 §7): admin users (`GET /user/all-users`), resellers (`GET/POST
 * /user/resellers`, `POST /user/resellers/{userId}` removes), feature flags (`GET/POST/PUT
 * /feature/flags`), SSO configs (`GET/POST /sso/config`, `GET/PATCH /sso/config/{id}`, `POST
 * /sso/config/{id}/provision`).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { typedApi, type Schema } from '../../api/contract';
import type { paths } from '../../api/schema.gen';
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
export type FlagType = FeatureFlag['flag_type'];

/** A feature flag (spec 000 §3; the server's contract). */
export type FeatureFlag = Schema<'FeatureFlag'>;

/** Filters of the flags screen (spec 000 §2, §7). */
export interface FlagFilters {
  flag_name: string;
  flag_type: FlagType | '';
  account_ids: number[];
}

/** `GET /feature/flags?account_ids&flag_name&flag_type` → the flags of the first page (up to 100). */
export function flagsOptions(f: FlagFilters) {
  return queryOptions({
    queryKey: ['admin', 'flags', f] as const,
    queryFn: async ({ signal }) => {
      const data = await typedApi.get('/feature/flags', {
        query: { flag_name: f.flag_name || undefined, flag_type: f.flag_type || undefined, account_ids: f.account_ids.length ? f.account_ids.join(',') : undefined },
        signal,
      });
      return data.records;
    },
  });
}

/** Body of create and update (spec 000 §7; update sends every field, so the create body fits both). */
export type FlagInput = paths['/feature/flags']['post']['requestBody']['content']['application/json'];
export const createFlag = (body: FlagInput) => typedApi.post('/feature/flags', { body });
export const updateFlag = (body: FlagInput) => typedApi.put('/feature/flags', { body });

/** An SSO config (spec 000 §3; the server's contract): the upstream secret is write-only (`hasClientSecret`). */
export type SsoConfig = Schema<'SsoConfig'>;

export function ssoConfigsOptions() {
  return queryOptions({
    queryKey: ['admin', 'sso'] as const,
    queryFn: ({ signal }) => typedApi.get('/sso/config', { signal }),
  });
}
export function ssoConfigOptions(id: number) {
  return queryOptions({
    queryKey: ['admin', 'sso', id] as const,
    queryFn: ({ signal }) => typedApi.get('/sso/config/{configId}', { path: { configId: id }, signal }),
  });
}
export const createSsoConfig = (body: { name: string; domain: string; provider: string; status: 'active'; issuerUrl?: string; clientId?: string; clientSecret?: string }) =>
  typedApi.post('/sso/config', { body });
/** `PATCH /sso/config/{id}` with the upstream settings (`null` clears; no `clientSecret` keeps the stored one). */
export const patchSsoUpstream = (id: number, body: { issuerUrl: string | null; clientId: string | null; clientSecret?: string }) =>
  typedApi.patch('/sso/config/{configId}', { path: { configId: id }, body });
export const setSsoStatus = (id: number, status: 'active' | 'disabled') => typedApi.patch('/sso/config/{configId}', { path: { configId: id }, body: { status } });
export const provisionSso = (id: number, body: { accountId: number; defaultRole: 'Viewer' | 'Editor' }) => typedApi.post('/sso/config/{configId}/provision', { path: { configId: id }, body });
