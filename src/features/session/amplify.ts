/**
 * The app edge of the session (DESIGN §5): everything that talks to aws-amplify — the work behind
 * the session machine's actors, the ID-token source of the API client (spec 000 §7: bearer ID
 * token), the federated (OAuth redirect) sign-in of issue 3, and the password-reset code of the
 * users list.
 *
 * This module is heavy (aws-amplify is ~40 KB gzip) and is never imported statically by the app:
 * identity.ts imports it on the first sign-in submit or the first session check that needs it
 * (issue 10 §2), then calls `configureAmplify` once before anything else here.
 */
// Completes an OAuth redirect sign-in (PKCE code exchange) as soon as Amplify is configured with
// `loginWith.oauth` (federated sign-in, issue 3).
import 'aws-amplify/auth/enable-oauth-listener';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  resetPassword,
  setUpTOTP,
  signIn,
  signInWithRedirect,
  signOut,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
  type AuthSession,
  type SignInOutput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type {
  AuthHubEventName,
  ConfirmSignInInput,
  SessionEvent,
  SessionUser,
  SignInCredentials,
  SignInOutcome,
} from '../../../machines/session/session.machine';
import type { TotpSetupDetails } from '../../../machines/session/mfaSetup.machine';
import type { ResetPasswordInput } from '../../../machines/session/passwordRecovery.machine';
import type { ChangePasswordInput } from '../../../machines/session/changePassword.machine';
import type { RuntimeConfig } from '../../api/types';

/**
 * Points aws-amplify at the configured user pool. A relative `userPoolEndpoint` ('/idp') is
 * resolved against `origin` (the page's origin). With `config.oauth` (federated sign-in, issue 3)
 * the hosted-UI OAuth flow is configured too, which lets the OAuth listener finish a redirect
 * sign-in that is in flight.
 */
export function configureAmplify(config: RuntimeConfig, origin: string): void {
  const oauth = config.oauth;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: new URL(config.userPoolEndpoint, origin).toString(),
        ...(oauth
          ? {
              loginWith: {
                oauth: {
                  domain: oauth.domain,
                  scopes: oauth.scopes,
                  redirectSignIn: oauth.redirectSignIn,
                  redirectSignOut: oauth.redirectSignOut,
                  responseType: oauth.responseType,
                },
              },
            }
          : {}),
      },
    },
  });
}

/** Reads `{ userId, email }` from a session's ID token, or null without one. */
export function userFromSession(session: AuthSession): SessionUser | null {
  const payload = session.tokens?.idToken?.payload;
  if (!payload) return null;
  const userId = typeof payload.sub === 'string' ? payload.sub : (session.userSub ?? '');
  const email = typeof payload.email === 'string' ? payload.email : '';
  return { userId, email };
}

/** The current ID token (refreshed by aws-amplify when it has expired), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

const HUB_EVENTS: ReadonlySet<string> = new Set<AuthHubEventName>(['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure']);

/** Issuer shown by authenticator apps for Vidbot's TOTP secrets. */
export const TOTP_ISSUER = 'Vidbot';

/**
 * Maps aws-amplify's sign-in answer to the session machine's outcome (spec 000 §4 login sequence):
 * DONE → the signed-in user; CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED → newPasswordRequired;
 * CONFIRM_SIGN_IN_WITH_TOTP_CODE → totpRequired; CONTINUE_SIGN_IN_WITH_TOTP_SETUP → totpSetup with the
 * secret and its otpauth:// URI. Throws for steps this product does not offer (SMS, e-mail codes, …).
 */
export async function outcomeOf(result: SignInOutput, email: string): Promise<SignInOutcome> {
  const step = result.nextStep;
  switch (step.signInStep) {
    case 'DONE': {
      const user = userFromSession(await fetchAuthSession());
      if (!user) throw new Error('Sign-in finished without a session.');
      return { kind: 'signedIn', user };
    }
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { kind: 'challenge', challenge: { step: 'newPasswordRequired', email } };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { kind: 'challenge', challenge: { step: 'totpRequired', email } };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return {
        kind: 'challenge',
        challenge: {
          step: 'totpSetup',
          email,
          sharedSecret: step.totpSetupDetails.sharedSecret,
          totpSetupUri: step.totpSetupDetails.getSetupUri(TOTP_ISSUER, email).toString(),
        },
      };
    default:
      throw new Error(`Sign-in needs a step this product does not offer: ${step.signInStep}`);
  }
}

/** The stored session's user, or null when nobody is signed in (the machine's `loadSession`). */
export async function loadSessionUser(): Promise<SessionUser | null> {
  return userFromSession(await fetchAuthSession());
}

/** Signs in with e-mail and password (USER_SRP_AUTH, DESIGN §4); the user or the next step. */
export async function signInWithPassword(input: SignInCredentials): Promise<SignInOutcome> {
  const result = await signIn({ username: input.email, password: input.password });
  return outcomeOf(result, input.email);
}

/** Answers the pending sign-in step (new password or TOTP code); the user or the next step. */
export async function confirmSignInStep(input: ConfirmSignInInput): Promise<SignInOutcome> {
  const result = await confirmSignIn({ challengeResponse: input.response });
  return outcomeOf(result, input.email);
}

/** Signs out (aws-amplify clears the local tokens even when the provider cannot be reached). */
export async function signOutSession(): Promise<void> {
  await signOut();
}

/** Forces a token refresh; the user. @throws Error when no session comes back. */
export async function refreshSessionUser(): Promise<SessionUser> {
  const user = userFromSession(await fetchAuthSession({ forceRefresh: true }));
  if (!user) throw new Error('The session could not be refreshed.');
  return user;
}

/** Forwards aws-amplify's 'auth' hub events the session machine reacts to; returns the unsubscribe. */
export function listenToAuthHub(sendBack: (event: SessionEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (HUB_EVENTS.has(payload.event)) sendBack({ type: 'session.hubEvent', event: payload.event as AuthHubEventName });
  });
}

/** Starts TOTP set-up for the signed-in user: the secret and its otpauth:// URI. */
export async function setUpTotp(): Promise<TotpSetupDetails> {
  const [details, session] = await Promise.all([setUpTOTP(), fetchAuthSession()]);
  const email = userFromSession(session)?.email;
  return { sharedSecret: details.sharedSecret, setupUri: details.getSetupUri(TOTP_ISSUER, email).toString() };
}

/** Verifies the first TOTP code and makes TOTP the preferred MFA. */
export async function verifyTotp(input: { code: string }): Promise<void> {
  await verifyTOTPSetup({ code: input.code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/** Sends the password-reset code to `email` (forgot password; the users list's "Send reset link"). */
export async function requestResetCode(input: { email: string }): Promise<void> {
  await resetPassword({ username: input.email });
}

/** Sets a new password with the e-mailed code. */
export async function confirmReset(input: ResetPasswordInput): Promise<void> {
  await confirmResetPassword({ username: input.email, confirmationCode: input.code, newPassword: input.password });
}

/** Changes the signed-in user's password. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await updatePassword({ oldPassword: input.oldPassword, newPassword: input.newPassword });
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
