/**
 * The local identity provider (DESIGN §3–4, spec 000 §4, §7): the Cognito user-pool JSON protocol
 * at `POST /idp` (also `/idp/`) with header `X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>`
 * and an `application/x-amz-json-1.1` body, RS256 tokens signed by keys shared by every API node
 * through the database (./keys.ts: a key ring with rotation, issue 18), and the JWKS at
 * `GET /idp/{userPoolId}/.well-known/jwks.json`.
 *
 * aws-amplify v6 configured with `userPoolEndpoint: ${publicUrl}/idp` POSTs every user-pool call to
 * exactly that URL. Errors answer HTTP 400 with `x-amzn-ErrorType` and `{ __type, message }`
 * (see ./errors.ts). The API verifies bearer ID tokens with `verifyIdToken` (lib/auth.ts).
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { unauthorized } from '../lib/errors';
import { CognitoError } from './errors';
import { openKeyRing, rotateIdpKeys } from './keys';
import { createOperations } from './operations';
import { createOAuthRoutes } from './oauth/routes';
import { openSecret, sealClientSecret, sealSecret, signClaims, verifyClaims, type SecretPurpose } from './oauth/secrets';
import { createSessionCodec } from './session';
import { createLockout } from './lockout';
import { rateLimit } from './rate-limit';
import { createVerifier, poolNameOf } from './srp';
import { createSystemUser } from './users';
import { TokenRejected, createTokenService } from './tokens';
import type { IdTokenClaims, IdpService } from './types';

export type { IdTokenClaims, IdpService } from './types';
export { passwordPolicyViolation } from './password-policy';
export { createSystemUser, adminSetUserPassword, generateTemporaryPassword, TEMP_PASSWORD_TTL_MS, type CreateSystemUserInput } from './users';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';

function cognitoJson(c: Context, body: unknown, status: 200 | 400 | 429 | 500, requestId: string, errorType?: string): Response {
  const headers: Record<string, string> = { 'content-type': AMZ_JSON, 'x-amzn-requestid': requestId, 'cache-control': 'no-store' };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  return c.body(JSON.stringify(body), status, headers);
}

/**
 * Creates the identity provider: opens the key ring in the database (creating the keys race-safe on
 * first start, importing `${env.dataDir}/keys/idp-keys.json` of an older install; ./keys.ts), and
 * returns the `/idp` sub-app, `verifyIdToken`, `createCredentials`, `rotateKeys`….
 *
 * @param opts.now clock in epoch ms (tests move it to expire tokens); default Date.now.
 * @throws when the database has no keys yet and the legacy key file exists but cannot be read as one.
 */
export async function createIdp(opts: { db: Db; env: Env; now?: () => number }): Promise<IdpService> {
  const { db, env } = opts;
  const now = opts.now ?? Date.now;
  const keys = await openKeyRing({ db, dataDir: env.dataDir, refreshMs: env.scale.idpKeyRefreshMs, now });
  const poolName = poolNameOf(env.userPoolId);
  const issuer = `${env.publicUrl}/idp/${env.userPoolId}`;
  const tokens = createTokenService({ db, keys, issuer, clientId: env.userPoolClientId, now });
  const sessions = createSessionCodec(keys.secret, db, now);
  const lockout = createLockout(db, now);
  const operations = createOperations({
    db,
    keys,
    tokens,
    sessions,
    lockout,
    poolName,
    clientId: env.userPoolClientId,
    mfaRequired: env.idpMfa === 'required',
    email: { smtpUrl: env.smtpUrl, emailFrom: env.emailFrom },
    now,
  });

  const routes = new Hono();
  // Per-client-IP token bucket on the protocol endpoint (not on the JWKS documents).
  const limiter = rateLimit(
    { burst: env.idpRateLimitBurst, perSecond: env.idpRateLimitPerSecond, trustProxy: env.trustProxy, now },
    (c, retryAfter) => {
      const res = cognitoJson(c, { __type: 'TooManyRequestsException', message: 'Too many requests.' }, 429, randomUUID(), 'TooManyRequestsException');
      res.headers.set('retry-after', String(retryAfter));
      return res;
    },
  );
  routes.post('*', limiter);
  const handle = async (c: Context): Promise<Response> => {
    const requestId = randomUUID();
    const target = c.req.header('x-amz-target') ?? '';
    const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const op = Object.hasOwn(operations, name) ? operations[name] : undefined;
    try {
      if (!op) throw new CognitoError('UnknownOperationException', `Unknown operation ${target || '(no X-Amz-Target)'}`);
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new CognitoError('SerializationException', 'The request body is not valid JSON.');
      }
      return cognitoJson(c, await op(body), 200, requestId);
    } catch (err) {
      if (err instanceof CognitoError) {
        return cognitoJson(c, { __type: err.type, message: err.message }, err.status, requestId, err.type);
      }
      console.error('[idp] unexpected error in', name, err);
      return cognitoJson(c, { __type: 'InternalErrorException', message: 'Internal error.' }, 500, requestId, 'InternalErrorException');
    }
  };
  routes.post('/', handle);
  // `/idp/` (trailing slash): an empty segment after the mount point, nothing deeper.
  routes.post('/:trailingSlash{^$}', handle);
  // OAuth 2.0 endpoints for federated sign-in (issue 3): /idp/oauth2/authorize, /idpresponse, /token, /idp/logout.
  routes.route('/', createOAuthRoutes({ db, env, secret: keys.secret, tokens, now }));
  // The signing key and retired keys still within retention. Cached briefly so verifiers elsewhere see
  // a rotated key soon (they should also re-fetch on an unknown kid, as jose's createRemoteJWKSet does).
  routes.get(`/${env.userPoolId}/.well-known/jwks.json`, async (c) =>
    c.json({ keys: await keys.jwks() }, 200, { 'cache-control': 'public, max-age=300' }),
  );
  routes.get(`/${env.userPoolId}/.well-known/openid-configuration`, (c) =>
    c.json({
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      response_types_supported: ['code'],
    }),
  );

  return {
    routes,
    async verifyIdToken(token: string): Promise<IdTokenClaims> {
      try {
        const p = await tokens.verify(token, 'id');
        if (typeof p.email !== 'string' || typeof p['cognito:username'] !== 'string') throw new TokenRejected('invalid');
        return {
          sub: p.sub as string,
          email: p.email,
          'cognito:username': p['cognito:username'],
          token_use: 'id',
          exp: p.exp as number,
          iat: p.iat as number,
        };
      } catch (err) {
        if (err instanceof TokenRejected && err.reason === 'expired') throw unauthorized('Token has expired.');
        throw unauthorized('Invalid token.');
      }
    },
    sealClientSecret(plain: string) {
      return sealClientSecret(keys.secret, plain);
    },
    sealSecret(purpose: SecretPurpose, plain: string) {
      return sealSecret(keys.secret, purpose, plain);
    },
    openSecret(purpose: SecretPurpose, sealed: string) {
      return openSecret(keys.secret, purpose, sealed);
    },
    signClaims(purpose: string, claims: Record<string, unknown>, ttlSeconds: number) {
      return signClaims(keys.secret, purpose, claims, ttlSeconds, now());
    },
    verifyClaims(purpose: string, token: string) {
      return verifyClaims(keys.secret, purpose, token, now());
    },
    createCredentials(username: string, password: string) {
      const { salt, verifier } = createVerifier(poolName, username, password);
      return { srpSalt: salt, srpVerifier: verifier };
    },
    createSystemUser(input) {
      return createSystemUser({ db, env, now }, input);
    },
    async rotateKeys() {
      const result = await rotateIdpKeys(db, { refreshMs: env.scale.idpKeyRefreshMs, now });
      await keys.refresh();
      return result;
    },
  };
}
