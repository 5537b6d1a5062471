/**
 * Selectors of the session machine's snapshot (DESIGN §5: views bind through selectors).
 */
import type { SnapshotFrom } from 'xstate';
import type { SessionMachine, SessionUser } from './session.machine';

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
export const selectSignInError = (s: SessionSnapshot): string | null => s.context.error;
/** The signed-in user, or null. */
export const selectSessionUser = (s: SessionSnapshot): SessionUser | null => s.context.user;
/** True when the snapshot accepts a sign-in now. */
export const canSignIn = (s: SessionSnapshot): boolean =>
  s.can({ type: 'session.signIn', credentials: { email: '', password: '' } });
