/**
 * Selectors of the session machine's snapshot (DESIGN §5: views bind through selectors).
 *
 * While the session is `authenticating`, the sign-in steps live in its child `signIn`
 * (signIn.machine.ts); the child reports each move (`session.signInChanged`) and the session keeps
 * what it shows in `context.flow`, so a view or a guard bound to the session needs nothing else.
 */
import type { SnapshotFrom } from 'xstate';
import type { SessionMachine, SessionUser, SignInChallenge } from './session.machine';
import type { SignInFlowStep, SignInMachine, SignInView } from './signIn.machine';
import type { AuthFailure } from './authFailure';

/** A snapshot of the session machine. */
export type SessionSnapshot = SnapshotFrom<SessionMachine>;
/** A snapshot of the sign-in flow (the session's child while authenticating). */
export type SignInSnapshot = SnapshotFrom<SignInMachine>;

/** What the running sign-in flow shows (step, challenge, failure), or null when no sign-in is under way. */
export function selectSignInFlow(s: SessionSnapshot): SignInView | null {
  return s.matches('authenticating') ? s.context.flow : null;
}

const flowMatches = (s: SessionSnapshot, step: SignInFlowStep): boolean => selectSignInFlow(s)?.step === step;

/** True while a session is being read, started, refreshed or ended (a sign-in step waiting for the person is not pending). */
export const isSessionPending = (s: SessionSnapshot): boolean => {
  if (s.hasTag('pending')) return true;
  if (!s.matches('authenticating')) return false;
  const flow = selectSignInFlow(s);
  // Before the flow's first report the sign-in counts as running.
  return flow === null || flow.step === 'signingIn' || flow.step === 'confirmingSignIn';
};
/** True once the session is known (not checking, signing in, refreshing or signing out). */
export const isSessionSettled = (s: SessionSnapshot): boolean => !isSessionPending(s);
/** True when a user is signed in (including while their tokens refresh). */
export const isSignedIn = (s: SessionSnapshot): boolean => s.matches('signedIn') || s.matches('refreshing');
/** True when nobody is signed in. */
export const isSignedOut = (s: SessionSnapshot): boolean => s.matches('signedOut');
/** True while the sign-in call runs (the login button shows progress). */
export const isSigningIn = (s: SessionSnapshot): boolean => flowMatches(s, 'signingIn');
/** True while signing out. */
export const isSigningOut = (s: SessionSnapshot): boolean => s.matches('signingOut');
/** The failure of the running sign-in step, else of the last sign-in; null when none. */
export const selectSignInError = (s: SessionSnapshot): AuthFailure | null => {
  const flow = selectSignInFlow(s);
  return flow ? flow.error : s.context.error;
};
/** The signed-in user, or null. */
export const selectSessionUser = (s: SessionSnapshot): SessionUser | null => s.context.user;
/** True when the snapshot accepts a sign-in now. */
export const canSignIn = (s: SessionSnapshot): boolean =>
  s.can({ type: 'session.signIn', credentials: { email: '', password: '' } });
/** True while the new password is asked for (first sign-in with a temporary password). */
export const isChoosingNewPassword = (s: SessionSnapshot): boolean => flowMatches(s, 'choosingNewPassword');
/** True while the authentication code of a set-up authenticator is asked for. */
export const isEnteringTotpCode = (s: SessionSnapshot): boolean => flowMatches(s, 'enteringTotpCode');
/** True while an authenticator must be set up to finish signing in (QR code + code). */
export const isSettingUpTotp = (s: SessionSnapshot): boolean => flowMatches(s, 'settingUpTotp');
/** True while a new password or code is being checked. */
export const isConfirmingSignIn = (s: SessionSnapshot): boolean => flowMatches(s, 'confirmingSignIn');
/** True while a sign-in waits for a further step or its check (a challenge is pending). */
export const isSignInContinuing = (s: SessionSnapshot): boolean => {
  const flow = selectSignInFlow(s);
  return !!flow && flow.step !== 'signingIn';
};
/** The pending sign-in step, or null. */
export const selectChallenge = (s: SessionSnapshot): SignInChallenge | null => selectSignInFlow(s)?.challenge ?? null;
/** True while an authentication-code step (entering or setting up TOTP, or checking its code) is on screen. */
export const isTotpStep = (s: SessionSnapshot): boolean =>
  isEnteringTotpCode(s) || isSettingUpTotp(s) || (isConfirmingSignIn(s) && selectChallenge(s)?.step !== 'newPasswordRequired');
