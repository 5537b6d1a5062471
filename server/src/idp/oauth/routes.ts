/**
 * OAuth 2.0 endpoints of the local identity provider, at Cognito's hosted-UI paths under `/idp`
 * (spec 000 §4 federated sign-in; issue 3). aws-amplify v6 builds them from
 * `Auth.Cognito.loginWith.oauth.domain` as `https://${domain}/oauth2/authorize` etc., so the SPA gets
 * `domain = "<PUBLIC_URL host>/idp"` from GET /api/config — which is why SSO needs HTTPS
 * (TLS_CERT_FILE/TLS_KEY_FILE, or a TLS proxy with an https PUBLIC_URL).
 *
 * - `GET /oauth2/authorize` `response_type=code&client_id&redirect_uri&identity_provider&scope&state
 *   &code_challenge&code_challenge_method=S256` → 302 to the upstream provider. Unknown client or
 *   unregistered redirect_uri → 400 page (never redirected); other errors → 302 to
 *   `redirect_uri?error&error_description&state`. The in-flight state (client's request, upstream
 *   PKCE verifier, state, nonce) travels in a sealed, HttpOnly, 10-minute cookie.
 * - `GET /oauth2/idpresponse` (upstream callback) → user found/created and provisioned
 *   (./federation.ts) → 302 to `redirect_uri?code&state` (code: ./codes.ts).
 * - `POST /oauth2/token` (form): `grant_type=authorization_code&code&client_id&redirect_uri
 *   &code_verifier` or `grant_type=refresh_token&refresh_token&client_id` → `{ id_token, access_token,
 *   refresh_token?, token_type:'Bearer', expires_in }`; errors 400 `{ error, error_description }`.
 * - `GET /logout?client_id&logout_uri` → 302 to the registered logout_uri (no hosted session to end).
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Env } from '../../env';
import type { TokenService } from '../tokens';
import { issueCode, redeemCode } from './codes';
import { FederationError, federateUser } from './federation';
import { openState, sealState } from './secrets';
import { findUpstream, upstreamAuthorizationUrl, upstreamCallback, upstreamConfiguration, upstreamSecrets } from './upstream';

/** Scopes a client may ask for (Cognito's names). */
export const ALLOWED_SCOPES = ['openid', 'email', 'profile', 'phone', 'aws.cognito.signin.user.admin'] as const;
const FLOW_COOKIE = 'vidbot_oauth_flow';
const FLOW_PURPOSE = 'oauth_flow';
const FLOW_TTL_SECONDS = 600;

/** The OAuth settings of one deployment, derived from PUBLIC_URL. */
export interface OAuthSettings {
  /** amplify's `oauth.domain`: host[:port] + `/idp`, no scheme. */
  domain: string;
  /** Registered sign-in redirect URIs: `${publicUrl}/oauth-check`. */
  redirectSignIn: string[];
  /** Registered sign-out redirect URIs: `${publicUrl}/login`. */
  redirectSignOut: string[];
  /** Upstream callback: `${publicUrl}/idp/oauth2/idpresponse`. */
  callbackUrl: string;
  scopes: string[];
}

/** OAuth settings for `env` (see OAuthSettings). */
export function oauthSettings(env: Env): OAuthSettings {
  const pub = new URL(env.publicUrl);
  return {
    domain: `${pub.host}/idp`,
    redirectSignIn: [`${env.publicUrl}/oauth-check`],
    redirectSignOut: [`${env.publicUrl}/login`],
    callbackUrl: `${env.publicUrl}/idp/oauth2/idpresponse`,
    scopes: ['email', 'openid', 'aws.cognito.signin.user.admin'],
  };
}

const AuthorizeQuery = v.object({
  response_type: v.literal('code', 'response_type must be code.'),
  identity_provider: v.pipe(v.string(), v.minLength(1, 'identity_provider is required (there is no hosted sign-in page).')),
  scope: v.optional(v.string(), 'openid'),
  state: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  code_challenge: v.pipe(v.string('code_challenge is required.'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be a base64url SHA-256 (43 characters).')),
  code_challenge_method: v.literal('S256', 'code_challenge_method must be S256.'),
  login_hint: v.optional(v.pipe(v.string(), v.maxLength(320))),
});

const FlowState = v.object({
  clientId: v.string(),
  redirectUri: v.string(),
  clientState: v.optional(v.string()),
  codeChallenge: v.string(),
  scope: v.string(),
  provider: v.string(),
  codeVerifier: v.string(),
  upstreamState: v.string(),
  nonce: v.string(),
});
type FlowState = v.InferOutput<typeof FlowState>;

const TokenBody = v.variant('grant_type', [
  v.object({ grant_type: v.literal('authorization_code'), code: v.string(), client_id: v.string(), redirect_uri: v.string(), code_verifier: v.string() }),
  v.object({ grant_type: v.literal('refresh_token'), refresh_token: v.string(), client_id: v.string() }),
]);

function errorRedirect(c: Context, redirectUri: string, error: string, description: string, state: string | undefined): Response {
  const u = new URL(redirectUri);
  u.searchParams.set('error', error);
  u.searchParams.set('error_description', description);
  if (state) u.searchParams.set('state', state);
  return c.redirect(u.toString(), 302);
}

function tokenError(c: Context, error: string, description: string, status: 400 | 401 = 400): Response {
  return c.json({ error, error_description: description }, status, { 'cache-control': 'no-store' });
}

/**
 * The OAuth sub-app, mounted at `/idp` (so paths are `/idp/oauth2/…` and `/idp/logout`).
 * @param opts.secret IdpKeys.secret (seals the flow cookie, opens stored client secrets).
 */
export function createOAuthRoutes(opts: { db: Db; env: Env; secret: Uint8Array; tokens: TokenService; now: () => number }): Hono {
  const { db, env, secret, tokens, now } = opts;
  const settings = oauthSettings(env);
  const secure = env.publicUrl.startsWith('https:');
  const r = new Hono();

  r.get('/oauth2/authorize', async (c) => {
    const q = c.req.query();
    if (q.client_id !== tokens.clientId) return c.text('Unknown client_id.', 400);
    const redirectUri = q.redirect_uri ?? '';
    if (!settings.redirectSignIn.includes(redirectUri)) return c.text('redirect_uri is not registered for this client.', 400);
    const parsed = v.safeParse(AuthorizeQuery, q);
    if (!parsed.success) return errorRedirect(c, redirectUri, 'invalid_request', parsed.issues[0].message, q.state);
    const req = parsed.output;
    const scopes = req.scope.split(' ').filter(Boolean);
    if (!scopes.every((s) => (ALLOWED_SCOPES as readonly string[]).includes(s))) {
      return errorRedirect(c, redirectUri, 'invalid_scope', `Allowed scopes: ${ALLOWED_SCOPES.join(' ')}.`, req.state);
    }
    const up = await findUpstream(db, env, secret, req.identity_provider);
    if (!up) return errorRedirect(c, redirectUri, 'invalid_request', `No active identity provider ${req.identity_provider}.`, req.state);
    let location: URL;
    const upstream = upstreamSecrets();
    try {
      const config = await upstreamConfiguration(up, now());
      location = await upstreamAuthorizationUrl(config, { redirectUri: settings.callbackUrl, ...upstream, loginHint: req.login_hint });
    } catch (err) {
      console.error('[idp] upstream discovery failed for', up.name, err);
      return errorRedirect(c, redirectUri, 'temporarily_unavailable', `The identity provider ${up.name} cannot be reached.`, req.state);
    }
    const flow: FlowState = {
      clientId: tokens.clientId,
      redirectUri,
      clientState: req.state,
      codeChallenge: req.code_challenge,
      scope: scopes.join(' '),
      provider: up.name,
      codeVerifier: upstream.codeVerifier,
      upstreamState: upstream.state,
      nonce: upstream.nonce,
    };
    setCookie(c, FLOW_COOKIE, await sealState(secret, FLOW_PURPOSE, flow, FLOW_TTL_SECONDS, now()), {
      path: '/idp/oauth2',
      httpOnly: true,
      secure,
      sameSite: 'Lax',
      maxAge: FLOW_TTL_SECONDS,
    });
    return c.redirect(location.toString(), 302);
  });

  r.get('/oauth2/idpresponse', async (c) => {
    const sealed = getCookie(c, FLOW_COOKIE);
    const opened = sealed ? await openState(secret, FLOW_PURPOSE, sealed, now()) : null;
    const parsedFlow = opened ? v.safeParse(FlowState, opened) : null;
    if (!parsedFlow?.success) return c.text('The sign-in took too long or was started in another browser. Please start again.', 400);
    const flow = parsedFlow.output;
    deleteCookie(c, FLOW_COOKIE, { path: '/idp/oauth2', secure });
    const q = c.req.query();
    if (q.error) return errorRedirect(c, flow.redirectUri, q.error === 'access_denied' ? 'access_denied' : 'server_error', q.error_description ?? q.error, flow.clientState);
    const up = await findUpstream(db, env, secret, flow.provider);
    if (!up) return errorRedirect(c, flow.redirectUri, 'access_denied', `The identity provider ${flow.provider} is no longer active.`, flow.clientState);
    const callback = new URL(settings.callbackUrl);
    callback.search = new URL(c.req.url).search;
    let userId: number;
    try {
      const config = await upstreamConfiguration(up, now());
      const claims = await upstreamCallback(config, callback, { codeVerifier: flow.codeVerifier, state: flow.upstreamState, nonce: flow.nonce });
      userId = (await federateUser(db, up, claims, now())).id;
    } catch (err) {
      if (err instanceof FederationError) return errorRedirect(c, flow.redirectUri, err.error, err.message, flow.clientState);
      console.error('[idp] upstream callback failed for', up.name, err);
      return errorRedirect(c, flow.redirectUri, 'server_error', `Signing in with ${up.name} failed.`, flow.clientState);
    }
    const code = await issueCode(
      db,
      { userId, clientId: flow.clientId, redirectUri: flow.redirectUri, codeChallenge: flow.codeChallenge, scope: flow.scope, provider: flow.provider },
      now(),
    );
    const u = new URL(flow.redirectUri);
    u.searchParams.set('code', code);
    if (flow.clientState) u.searchParams.set('state', flow.clientState);
    return c.redirect(u.toString(), 302);
  });

  const appOrigin = new URL(env.publicUrl).origin;
  r.use('/oauth2/token', cors({ origin: appOrigin, allowMethods: ['POST'], allowHeaders: ['content-type', 'x-amz-user-agent'] }));
  r.post('/oauth2/token', async (c) => {
    const form = await c.req.parseBody().catch(() => null);
    const parsed = v.safeParse(TokenBody, form ?? {});
    if (!parsed.success) return tokenError(c, 'invalid_request', 'The token request is malformed.');
    const body = parsed.output;
    if (body.client_id !== tokens.clientId) return tokenError(c, 'invalid_client', 'Unknown client_id.', 401);
    if (body.grant_type === 'refresh_token') {
      const row = await tokens.findRefreshToken(body.refresh_token);
      const [user] = row ? await db.select().from(users).where(eq(users.id, row.userId)).limit(1) : [];
      if (!row || !user) return tokenError(c, 'invalid_grant', 'Invalid refresh token.');
      const issued = await tokens.issue(user, { authTime: Math.floor(row.createdAt.getTime() / 1000), originJti: String(row.id) });
      return c.json({ id_token: issued.IdToken, access_token: issued.AccessToken, token_type: 'Bearer', expires_in: issued.ExpiresIn }, 200, { 'cache-control': 'no-store' });
    }
    const redeemed = await redeemCode(db, body.code, { clientId: body.client_id, redirectUri: body.redirect_uri, codeVerifier: body.code_verifier }, now());
    if (!redeemed.ok) return tokenError(c, 'invalid_grant', redeemed.reason);
    const [user] = await db.select().from(users).where(eq(users.id, redeemed.grant.userId)).limit(1);
    if (!user) return tokenError(c, 'invalid_grant', 'The user no longer exists.');
    const refresh = await tokens.createRefreshToken(user.id);
    const issued = await tokens.issue(user, { authTime: Math.floor(now() / 1000), originJti: String(refresh.id) });
    return c.json(
      { id_token: issued.IdToken, access_token: issued.AccessToken, refresh_token: refresh.token, token_type: 'Bearer', expires_in: issued.ExpiresIn },
      200,
      { 'cache-control': 'no-store' },
    );
  });

  r.get('/logout', (c) => {
    const q = c.req.query();
    if (q.client_id !== tokens.clientId) return c.text('Unknown client_id.', 400);
    const target = q.logout_uri ?? '';
    if (!settings.redirectSignOut.includes(target)) return c.text('logout_uri is not registered for this client.', 400);
    return c.redirect(target, 302);
  });

  return r;
}
