/**
 * Response shapes of the spine's API (docs/api.md, spec 000 §7). These mirror the server's contracts;
 * the SPA never invents fields that the server does not send.
 */

/** Role names of account members (spec 000 §1, §6). */
export type RoleName = 'Owner' | 'Admin' | 'Editor' | 'Viewer' | 'Reseller';
/** A role's status in one account (spec 000 §4). */
export type RoleStatus = 'Active' | 'Invited';
/** Supported UI languages (spec 000 §9). */
export type LanguageCode = 'en' | 'fi';

/** GET /api/config — runtime configuration, no token needed (DESIGN §1). */
export interface RuntimeConfig {
  userPoolId: string;
  userPoolClientId: string;
  /** May be relative ('/idp'); the SPA resolves it against its own origin. */
  userPoolEndpoint: string;
  region: string;
  /** Sentry starts only when this is a non-empty string. */
  sentryDsn: string | null;
  previewAllowedOrigins: string[];
  /** aws-amplify `loginWith.oauth` for federated sign-in (issue 3); null when not offered. */
  oauth?: OAuthConfig | null;
  /** Whether "Sign in with Google" is offered (GOOGLE_CLIENT_ID/SECRET set on the server). */
  google?: boolean;
  /** Whether Google Drive import can be offered (the server has a Google client; spec 001 §2). */
  googleDrive?: boolean;
  /**
   * Issue 10 §1: whether the server can process uploads — video needs ffmpeg and ffprobe, images
   * ffprobe; `message` (English, names what to install) when it cannot.
   */
  mediaProcessing?: { video: boolean; images: boolean; message?: string };
}

/** GET /api/config `oauth` (issue 3): the identity provider's OAuth domain (host + path, no scheme). */
export interface OAuthConfig {
  domain: string;
  scopes: string[];
  redirectSignIn: string[];
  redirectSignOut: string[];
  responseType: 'code';
}

/** GET /api/global (design). */
export interface GlobalData {
  languages: LanguageCode[];
  roles: RoleName[];
  mediaKinds: string[];
  flagNames: string[];
  version: string;
}

/** One role of the current user in an account. */
export interface UserRole {
  id: number;
  accountId: number;
  role: RoleName;
  status: RoleStatus;
}

/** GET /api/user/me. */
export interface User {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  language: LanguageCode;
  profilePicture: string | null;
  multifactor: boolean;
  external: boolean;
  createdAt: string;
  isSuperuser: boolean;
  isCustomerSuccess: boolean;
  isReseller: boolean;
  roles: UserRole[];
  userIntegrations: unknown[];
  hasGoogleDriveIntegration: boolean;
}

/** One row of GET /api/account. */
export interface Account {
  id: number;
  publicId: string;
  businessName: string;
  role: RoleName | null;
  roleId: number | null;
  roleStatus: RoleStatus | null;
  status: 'Active' | 'Suspended';
  color: string | null;
  options: Record<string, unknown> | null;
  createdAt: string;
}

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

/** GET /api/feature?account_id — the account's feature list, e.g. ['dashboard:new_widgets']. */
export interface FeatureList {
  features: string[];
}

/** Error body of the API: `{ detail, code?, errors? }` (DESIGN §3). */
export interface ApiErrorBody {
  detail?: string;
  code?: string;
  errors?: Record<string, string>;
}
