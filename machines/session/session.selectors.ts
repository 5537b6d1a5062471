/**
 * Selectors of the session machine's snapshot (DESIGN §5: views bind through selectors).
 */
import type { SnapshotFrom } from 'xstate';
import type { SessionMachine, SessionUser, SignInChallenge } from './session.machine';
import type { AuthFailure } from './authFailure';

/** A snapshot of the session machine. */
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** True while a session is being read, started, refreshed or ended. */
export const isSessionPending = (s: SessionSnapshot): boolean => s.hasTag('pending');
/** True once the session is known (not checking, signing in, refreshing or signing out). */
export const isSessionSettled = (s: SessionSnapshot): boolean => !s.hasTag('pending');
/** True when a user is signed in (including while their tokens refresh). */
export const isSignedIn = (s: SessionSnapshot): boolean => s.matches('signedIn') || s.matches('refreshing');
/** True when nobody is signed in. */
export const isSignedOut = (s: SessionSnapshot): boolean => s.matches('signedOut');
/** True while the sign-in call runs (the login button shows progress). */
export const isSigningIn = (s: SessionSnapshot): boolean => s.matches('signingIn');
/** True while signing out. */
export const isSigningOut = (s: SessionSnapshot): boolean => s.matches('signingOut');
/** The last sign-in failure message, or null. */
export const selectSignInError = (s: SessionSnapshot): AuthFailure | null => s.context.error;
/** The signed-in user, or null. */
export const selectSessionUser = (s: SessionSnapshot): SessionUser | null => s.context.user;
/** True when the snapshot accepts a sign-in now. */
export const canSignIn = (s: SessionSnapshot): boolean =>
  s.can({ type: 'session.signIn', credentials: { email: '', password: '' } });
/** True while the new password is asked for (first sign-in with a temporary password). */
export const isChoosingNewPassword = (s: SessionSnapshot): boolean => s.matches('choosingNewPassword');
/** True while the authentication code of a set-up authenticator is asked for. */
export const isEnteringTotpCode = (s: SessionSnapshot): boolean => s.matches('enteringTotpCode');
/** True while an authenticator must be set up to finish signing in (QR code + code). */
export const isSettingUpTotp = (s: SessionSnapshot): boolean => s.matches('settingUpTotp');
/** True while a new password or code is being checked. */
export const isConfirmingSignIn = (s: SessionSnapshot): boolean => s.matches('confirmingSignIn');
/** True while a sign-in waits for a further step or its check (a challenge is pending). */
export const isSignInContinuing = (s: SessionSnapshot): boolean => s.hasTag('challenge') || s.matches('confirmingSignIn');
/** The pending sign-in step, or null. */
export const selectChallenge = (s: SessionSnapshot): SignInChallenge | null => s.context.challenge;
