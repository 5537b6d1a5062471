/**
 * The app edge of the session (DESIGN §5): aws-amplify implementations of the session machine's
 * actors, and the ID-token source of the API client (spec 000 §7: bearer ID token).
 *
 * `configureAmplify(config)` must run once before any of these (main.tsx does it after GET /api/config).
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
  type AuthSession,
  type SignInOutput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { fromCallback, fromPromise } from 'xstate';
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
 * resolved against `origin` (the page's origin).
 */
export function configureAmplify(config: RuntimeConfig, origin: string): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: new URL(config.userPoolEndpoint, origin).toString(),
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

/** Actor implementations for `sessionMachine.provide({ actors })`. */
export const amplifySessionActors = {
  loadSession: fromPromise<SessionUser | null>(async () => userFromSession(await fetchAuthSession())),
  signIn: fromPromise<SignInOutcome, SignInCredentials>(async ({ input }) => {
    // Default flow: USER_SRP_AUTH (DESIGN §4).
    const result = await signIn({ username: input.email, password: input.password });
    return outcomeOf(result, input.email);
  }),
  confirmSignIn: fromPromise<SignInOutcome, ConfirmSignInInput>(async ({ input }) => {
    const result = await confirmSignIn({ challengeResponse: input.response });
    return outcomeOf(result, input.email);
  }),
  signOut: fromPromise<void>(async () => {
    await signOut();
  }),
  refreshSession: fromPromise<SessionUser>(async () => {
    const user = userFromSession(await fetchAuthSession({ forceRefresh: true }));
    if (!user) throw new Error('The session could not be refreshed.');
    return user;
  }),
  listenToAuthHub: fromCallback<SessionEvent>(({ sendBack }) =>
    Hub.listen('auth', ({ payload }) => {
      if (HUB_EVENTS.has(payload.event)) sendBack({ type: 'session.hubEvent', event: payload.event as AuthHubEventName });
    }),
  ),
};

/** Actors of the MFA set-up chart (machines/session/mfaSetup.machine.ts) for a signed-in user. */
export const amplifyMfaSetupActors = {
  setUpTotp: fromPromise<TotpSetupDetails>(async () => {
    const [details, session] = await Promise.all([setUpTOTP(), fetchAuthSession()]);
    const email = userFromSession(session)?.email;
    return { sharedSecret: details.sharedSecret, setupUri: details.getSetupUri(TOTP_ISSUER, email).toString() };
  }),
  verifyTotp: fromPromise<void, { code: string }>(async ({ input }) => {
    await verifyTOTPSetup({ code: input.code });
    await updateMFAPreference({ totp: 'PREFERRED' });
  }),
};

/** Actors of the password-recovery chart (forgot password → e-mailed code → new password). */
export const amplifyPasswordRecoveryActors = {
  requestCode: fromPromise<void, { email: string }>(async ({ input }) => {
    await resetPassword({ username: input.email });
  }),
  confirmReset: fromPromise<void, ResetPasswordInput>(async ({ input }) => {
    await confirmResetPassword({ username: input.email, confirmationCode: input.code, newPassword: input.password });
  }),
};

/** Actors of the change-password chart. */
export const amplifyChangePasswordActors = {
  updatePassword: fromPromise<void, ChangePasswordInput>(async ({ input }) => {
    await updatePassword({ oldPassword: input.oldPassword, newPassword: input.newPassword });
  }),
};
