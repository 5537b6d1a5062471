/**
 * The running session (app edge): one actor of the session machine with the aws-amplify actors,
 * exposed to the router context and to views (spec 000 §4). The session parent spawns the sign-in
 * flow (machines/session/signIn.machine.ts) as its child `signIn`; the handle's senders go to the
 * parent, which forwards the step answers to that child (issue 14 facade; see also
 * `useSignInFlow` in hooks.ts).
 */
import { createActor, waitFor, type Actor } from 'xstate';
import { provideSessionActors, type SessionMachine } from '../../../machines/session/session.machine';
import { isSessionSettled, isSignedIn, type SessionSnapshot } from '../../../machines/session/session.selectors';
import { lazyPasswordRecoveryActors, lazySessionActors } from './identity';
import { inspect } from '../machines/inspection';

/** What routes and views get: the actor plus helpers that wait for a settled session. */
export interface SessionHandle {
  actor: Actor<SessionMachine>;
  /** Resolves with the first snapshot that is not pending (checking, signing in/out, refreshing). */
  whenSettled(): Promise<SessionSnapshot>;
  /** Resolves true when a user is signed in once the session has settled. */
  isAuthenticated(): Promise<boolean>;
  signIn(email: string, password: string): void;
  /** Answers the new-password step of a pending sign-in. */
  submitNewPassword(password: string): void;
  /** Answers the TOTP code (or TOTP set-up) step of a pending sign-in. */
  submitTotpCode(code: string): void;
  /** Abandons a pending sign-in step (back to the sign-in form). */
  cancelSignIn(): void;
  /** Hides the last sign-in failure message. */
  clearError(): void;
  signOut(): void;
}

/** Wraps an actor of the session machine (tests pass one with fake actors). */
export function createSessionHandle(actor: Actor<SessionMachine>): SessionHandle {
  const whenSettled = () => waitFor(actor, isSessionSettled, { timeout: Infinity });
  return {
    actor,
    whenSettled,
    isAuthenticated: async () => isSignedIn(await whenSettled()),
    signIn: (email, password) => actor.send({ type: 'session.signIn', credentials: { email, password } }),
    submitNewPassword: (password) => actor.send({ type: 'session.submitNewPassword', password }),
    submitTotpCode: (code) => actor.send({ type: 'session.submitTotpCode', code }),
    cancelSignIn: () => actor.send({ type: 'session.cancelSignIn' }),
    clearError: () => actor.send({ type: 'session.clearError' }),
    signOut: () => actor.send({ type: 'session.signOut' }),
  };
}

/**
 * Starts the session machine with aws-amplify behind it, imported when first needed (call after
 * `initIdentity`; see identity.ts).
 */
export function startAmplifySession(): SessionHandle {
  const actor = createActor(provideSessionActors({ ...lazySessionActors, ...lazyPasswordRecoveryActors }), { inspect });
  actor.start();
  return createSessionHandle(actor);
}
