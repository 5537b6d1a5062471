/**
 * Federated sign-in in the SPA (spec 000 §4 "Federated sign-in … OAuth authorization-code redirect
 * flow, scopes email, openid, admin"; issue 3): aws-amplify's hosted-UI OAuth flow pointed at the
 * local identity provider's `/idp/oauth2/*` endpoints (or Cognito's hosted UI), configured from
 * GET /api/config `oauth`.
 *
 * Importing this module enables amplify's OAuth listener, which finishes the code exchange (PKCE)
 * when the page loads at `/oauth-check?code&state`; `fetchAuthSession()` waits for it.
 */
import 'aws-amplify/auth/enable-oauth-listener';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signInWithRedirect } from 'aws-amplify/auth';
import type { RuntimeConfig } from '../../api/types';

/**
 * Adds `loginWith.oauth` to the Cognito config already set by configureAmplify (no-op when the
 * server sends `oauth: null`). Call once at boot, after configureAmplify.
 */
export function configureOAuth(config: RuntimeConfig): void {
  const oauth = config.oauth;
  const current = Amplify.getConfig();
  const cognito = current.Auth?.Cognito;
  if (!oauth || !cognito) return;
  Amplify.configure({
    ...current,
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(cognito.userPoolEndpoint ? { userPoolEndpoint: cognito.userPoolEndpoint } : {}),
        loginWith: {
          oauth: {
            domain: oauth.domain,
            scopes: oauth.scopes,
            redirectSignIn: oauth.redirectSignIn,
            redirectSignOut: oauth.redirectSignOut,
            responseType: oauth.responseType,
          },
        },
      },
    },
  });
}

/**
 * Leaves the SPA for the identity provider's /oauth2/authorize with `identity_provider = provider`
 * (an SSO config's provider name, or 'Google'); `loginHint` pre-fills the upstream login.
 */
export async function redirectToProvider(provider: string, loginHint?: string): Promise<void> {
  await signInWithRedirect({ provider: { custom: provider }, options: loginHint ? { loginHint } : undefined });
}

/**
 * Waits for amplify to finish an OAuth redirect sign-in; true when it left an ID token.
 * @throws what fetchAuthSession throws (network errors).
 */
export async function oauthSignInCompleted(): Promise<boolean> {
  const session = await fetchAuthSession();
  return !!session.tokens?.idToken;
}
