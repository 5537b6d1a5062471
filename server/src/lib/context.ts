/**
 * Shared types of the HTTP app: dependencies handed to every module, and Hono's per-request
 * variables (the authenticated user with roles).
 */
import type { Database, Db } from '../db/client';
import type { Env } from '../env';
import type { IdpService } from '../idp/types';
import type { Storage } from '../media/storage';
import type { RoleName, RoleStatus } from '../db/schema';

export interface AuthRole {
  id: number;
  accountId: number;
  role: RoleName;
  status: RoleStatus;
}

/** The caller, loaded from the verified ID token's `sub`. */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isSuperuser: boolean;
  isCustomerSuccess: boolean;
  isReseller: boolean;
  roles: AuthRole[];
}

export interface AppDeps {
  env: Env;
  db: Db;
  database: Database;
  idp: IdpService;
  /** Media file storage (local directory `${dataDir}/media`; server/src/media/storage.ts). */
  storage: Storage;
}

export type AppEnv = {
  Variables: {
    user: AuthUser;
    /** Per-answer CSP widening (lib/security-headers.ts CspAdditions), e.g. Google's tag in a direct_ga4 player frame. */
    cspAdditions?: import('./security-headers').CspAdditions;
  };
};
