/**
 * Response shapes of the spine's API (docs/api.md, spec 000 §7). These mirror the server's contracts;
 * the SPA never invents fields that the server does not send.
 */
import type { Schema } from './contract';

/** Role names of account members (spec 000 §1, §6); the contract's. */
export type RoleName = Schema<'UserRole'>['role'];
/** A role's status in one account (spec 000 §4); the contract's. */
export type RoleStatus = Schema<'UserRole'>['status'];
/** Supported UI languages (spec 000 §9). */
export type LanguageCode = 'en' | 'fi';

/** GET /api/config — runtime configuration, no token needed (DESIGN §1); declared by the server's contract. */
export type RuntimeConfig = Schema<'RuntimeConfig'>;

/** GET /api/config `oauth` (issue 3): the identity provider's OAuth domain (host + path, no scheme). */
export type OAuthConfig = NonNullable<RuntimeConfig['oauth']>;

/** GET /api/global: enumerations and the server version (the server's contract). */
export type Global = Schema<'Global'>;

/** One role of a user in an account (spec 000 §3); declared by the server's contract. */
export type UserRole = Schema<'UserRole'>;

/** GET /api/user/me, GET /api/user/{userId}: a user with roles (spec 000 §3); declared by the server's contract. */
export type User = Schema<'User'>;

/** One row of GET /api/account and GET /api/user/me/account; declared by the server's contract. */
export type Account = Schema<'Account'>;

/** Paging metadata of every list answer (DESIGN §3). */
export interface ListMetadata {
  page: number;
  pageSize: number;
  pageCount: number;
  totalCount: number;
}

/** Every list answer: `{ records, metadata }` (DESIGN §3). */
export interface ListResponse<T> {
  records: T[];
  metadata: ListMetadata;
}

/** GET /api/feature?account_id — the account's feature list, e.g. ['dashboard:new_widgets'] (the server's contract). */
export type FeatureList = Schema<'FeatureList'>;

/** Error body of the API: `{ detail, code?, errors? }` (DESIGN §3). */
export interface ApiErrorBody {
  detail?: string;
  code?: string;
  errors?: Record<string, string>;
}
