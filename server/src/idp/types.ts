/**
 * Contract of the local identity provider (DESIGN §3–4): the Cognito user-pool JSON protocol at
 * `POST /idp`, JWKS at `/idp/{userPoolId}/.well-known/jwks.json`.
 */
import type { Hono } from 'hono';
import type { CreateSystemUserInput, UserRow } from './users';
import type { SecretPurpose } from './oauth/secrets';
import type { RotationResult } from './keys';

/** Claims of a verified ID token (RS256, 60 min). */
export interface IdTokenClaims {
  /** Cognito `sub` = users.username (UUID). */
  sub: string;
  email: string;
  'cognito:username': string;
  token_use: 'id';
  exp: number;
  iat: number;
}

export interface IdpService {
  /** Sub-app mounted at `/idp`. */
  routes: Hono;
  /** Verifies signature, issuer, audience (client id), token_use=id and expiry. Throws HttpError 401. */
  verifyIdToken(token: string): Promise<IdTokenClaims>;
  /** Encrypts an SSO client secret for `sso_configs.client_secret_enc` (A256GCM, idp secret; issue 3). */
  sealClientSecret(plain: string): Promise<string>;
  /** Encrypts a secret at rest for `purpose` under the idp secret (A256GCM; oauth/secrets.ts `sealSecret`). */
  sealSecret(purpose: SecretPurpose, plain: string): Promise<string>;
  /** Decrypts a `sealSecret` value. @throws when forged, of another purpose or sealed under another key. */
  openSecret(purpose: SecretPurpose, sealed: string): Promise<string>;
  /**
   * Signs readable claims for `purpose` (JWS HS256 under a key derived from the idp secret), valid
   * `ttlSeconds` (oauth/secrets.ts `signClaims`; e.g. a CRM OAuth state, issue 15).
   */
  signClaims(purpose: string, claims: Record<string, unknown>, ttlSeconds: number): Promise<string>;
  /** The claims of a `signClaims` token of `purpose`, or null (malformed, forged, expired, other purpose). */
  verifyClaims(purpose: string, token: string): Promise<Record<string, unknown> | null>;
  /** SRP credentials for a password (hex salt and verifier); the password itself is never stored. */
  createCredentials(username: string, password: string): { srpSalt: string; srpVerifier: string };
  /**
   * Creates a user with a temporary password (FORCE_CHANGE_PASSWORD, expires in 7 days); see
   * ./users.ts `createSystemUser` (HttpError 422 for a password against the policy, 409 for a taken e-mail).
   */
  createSystemUser(input: CreateSystemUserInput): Promise<{ user: UserRow; temporaryPassword: string }>;
  /**
   * Rotates the signing keys shared by every node (./keys.ts `rotateIdpKeys`: a new key signs, the old
   * one stays in the JWKS until its tokens have expired) and re-reads this node's ring at once.
   */
  rotateKeys(): Promise<RotationResult>;
}
