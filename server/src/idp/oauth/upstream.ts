/**
 * Upstream OpenID Connect providers the identity provider federates to (spec 000 §4 federated
 * sign-in; issue 3): an active `sso_configs` row named by `identity_provider`, or `Google`
 * (https://accounts.google.com) when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set.
 *
 * Talks to them with openid-client v6 (discovery, authorization URL with PKCE S256 + state + nonce,
 * code grant with ID-token validation). Plain-http issuers are accepted only on loopback hosts
 * (127.0.0.1, ::1, localhost — local development and tests); everything else must be https.
 */
import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client';
import { ssoConfigs } from '../../db/schema';
import type { Env } from '../../env';
import { openClientSecret } from './secrets';

/** The built-in Google provider name (Cognito's own name for it). */
export const GOOGLE_PROVIDER = 'Google';
export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface UpstreamProvider {
  /** Cognito identity-provider name (`identity_provider`). */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** The SSO config row (null for Google). */
  ssoConfigId: number | null;
  /** E-mail domain the config serves (lower case); federated e-mails must be in it. Null for Google. */
  domain: string | null;
}

/** Whether a URL is http on a loopback host (allowed without TLS). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * The upstream named `name`: Google (when configured) or an **active** SSO config with an issuer URL
 * and client id. Null when none (unknown, disabled, or not fully configured).
 */
export async function findUpstream(db: Db, env: Env, secretKey: Uint8Array, name: string): Promise<UpstreamProvider | null> {
  if (name === GOOGLE_PROVIDER) {
    if (!env.googleClientId || !env.googleClientSecret) return null;
    return { name, issuer: GOOGLE_ISSUER, clientId: env.googleClientId, clientSecret: env.googleClientSecret, ssoConfigId: null, domain: null };
  }
  const [row] = await db
    .select()
    .from(ssoConfigs)
    .where(and(eq(ssoConfigs.provider, name), eq(ssoConfigs.status, 'active')))
    .limit(1);
  if (!row || !row.issuerUrl || !row.clientId) return null;
  return {
    name: row.provider,
    issuer: row.issuerUrl,
    clientId: row.clientId,
    clientSecret: row.clientSecretEnc ? await openClientSecret(secretKey, row.clientSecretEnc) : null,
    ssoConfigId: row.id,
    domain: row.domain,
  };
}

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const discoveryCache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/**
 * openid-client Configuration of an upstream (discovery cached 10 minutes per issuer + client).
 * Client authentication: client_secret_basic with a secret, none without.
 * @throws openid-client errors when discovery fails (the cache entry is dropped).
 */
export function upstreamConfiguration(up: UpstreamProvider, nowMs: number): Promise<oidc.Configuration> {
  const key = `${up.issuer}\n${up.clientId}\n${up.clientSecret ?? ''}`;
  const hit = discoveryCache.get(key);
  if (hit && nowMs - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(up.issuer);
  const config = oidc.discovery(
    issuer,
    up.clientId,
    undefined,
    up.clientSecret ? oidc.ClientSecretBasic(up.clientSecret) : oidc.None(),
    isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
  );
  discoveryCache.set(key, { at: nowMs, config });
  config.catch(() => discoveryCache.delete(key));
  return config;
}

/** Fresh PKCE verifier, state and nonce for one upstream round trip. */
export function upstreamSecrets(): { codeVerifier: string; state: string; nonce: string } {
  return { codeVerifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
}

/** The upstream authorization URL (response_type code, scopes openid email profile, PKCE S256). */
export async function upstreamAuthorizationUrl(
  config: oidc.Configuration,
  opts: { redirectUri: string; codeVerifier: string; state: string; nonce: string; loginHint?: string },
): Promise<URL> {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: opts.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(opts.codeVerifier),
    code_challenge_method: 'S256',
    state: opts.state,
    nonce: opts.nonce,
    ...(opts.loginHint ? { login_hint: opts.loginHint } : {}),
  });
}

/** Claims the federation uses from the upstream ID token. */
export interface UpstreamClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

/**
 * Redeems the upstream code at its token endpoint and validates the ID token (signature, issuer,
 * audience, nonce) and the state; e-mail claims missing from the ID token are read from UserInfo. `callbackUrl` is the full public URL the upstream redirected to.
 * @throws openid-client errors (e.g. state mismatch, invalid_grant).
 */
export async function upstreamCallback(
  config: oidc.Configuration,
  callbackUrl: URL,
  expected: { codeVerifier: string; state: string; nonce: string },
): Promise<UpstreamClaims> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('The identity provider returned no ID token.');
  let c: Record<string, unknown> = idClaims;
  // Providers may keep scope claims out of the ID token (OIDC Core §5.4): then ask UserInfo, whose
  // `sub` must equal the ID token's.
  if (typeof idClaims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    c = { ...info, ...idClaims, email: info.email, email_verified: info.email_verified };
  }
  const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    sub: idClaims.sub,
    email: str(c.email)?.toLowerCase() ?? null,
    emailVerified: c.email_verified === true || c.email_verified === 'true',
    givenName: str(c.given_name),
    familyName: str(c.family_name),
  };
}
