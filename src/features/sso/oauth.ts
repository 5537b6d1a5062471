/**
 * Federated sign-in in the SPA (spec 000 §4 "Federated sign-in … OAuth authorization-code redirect
 * flow, scopes email, openid, admin"; issue 3): aws-amplify's hosted-UI OAuth flow pointed at the
 * local identity provider's `/idp/oauth2/*` endpoints (or Cognito's hosted UI), configured from
 * GET /api/config `oauth` (session/amplify.ts `configureAmplify`).
 *
 * aws-amplify is imported on demand (session/identity.ts, issue 10 §2): leaving for the provider
 * imports it, and so does the return to `/oauth-check?code&state`, where its OAuth listener finishes
 * the code exchange (PKCE) as soon as it is configured; `fetchAuthSession()` waits for that.
 */
import { loadAmplify } from '../session/identity';

/**
 * Leaves the SPA for the identity provider's /oauth2/authorize with `identity_provider = provider`
 * (an SSO config's provider name, or 'Google'); `loginHint` pre-fills the upstream login.
 */
export async function redirectToProvider(provider: string, loginHint?: string): Promise<void> {
  await (await loadAmplify()).redirectToProvider(provider, loginHint);
}

/**
 * Waits for amplify to finish an OAuth redirect sign-in; true when it left an ID token.
 * @throws what fetchAuthSession throws (network errors), or a failed import of aws-amplify.
 */
export async function oauthSignInCompleted(): Promise<boolean> {
  return (await loadAmplify()).oauthSignInCompleted();
}
