/**
 * Session machine (spec 000 §4; DESIGN §5).
 *
 * Chart:
 *
 *   (root) invokes `listenToAuthHub` for the whole life of the machine: identity-provider hub
 *          events arrive as `session.hubEvent`.
 *
 *   checkingSession ──loadSession: user──▶ signedIn
 *        │            ──loadSession: null / error──▶ signedOut
 *   signedOut ──session.signIn {email,password}──▶ signingIn
 *        └──session.hubEvent signedIn (another tab)──▶ checkingSession
 *   signingIn ──signIn: user──▶ signedIn
 *        └──signIn: error──▶ signedOut (context.error = message)
 *   signedIn ──session.signOut──▶ signingOut
 *        ├──session.refresh──▶ refreshing
 *        ├──session.hubEvent signedOut (another tab / expiry)──▶ signedOut
 *        └──session.hubEvent tokenRefresh_failure──▶ signingOut
 *   refreshing ──refreshSession: user──▶ signedIn
 *        └──refreshSession: error──▶ signingOut
 *   signingOut ──signOut: done / error──▶ signedOut (user cleared)
 *
 * Pending states carry `tags: ['pending']`; views read them through session.selectors.ts.
 *
 * Room for the next issue (NOT built here): spec 000 §4's new-password and software-token (TOTP)
 * steps. The `signIn` actor will answer `{ kind: 'challenge', step: 'newPasswordRequired' | 'totpRequired' }`
 * and `signingIn` will get two more targets, `choosingNewPassword` and `enteringTotpCode`, each with
 * `session.submitNewPassword` / `session.submitTotpCode` events and a `confirmSignIn` actor that
 * leads back to `signedIn`. Today the app-edge `signIn` actor rejects such steps with an error.
 *
 * Side effects are actors whose defaults throw "must be provided"; the app edge
 * (src/features/session/) provides them with `.provide({ actors })`, tests inject fakes.
 */
import { assign, fromCallback, fromPromise, setup, type ErrorActorEvent } from 'xstate';

/** The signed-in person as the identity provider knows them (not the API's `User`). */
export interface SessionUser {
  userId: string;
  email: string;
}

/** Credentials of `session.signIn` (already validated by the login form, spec 000 §5). */
export interface SignInCredentials {
  email: string;
  password: string;
}

/** Identity-provider hub events the machine reacts to (aws-amplify Hub 'auth' channel names). */
export type AuthHubEventName = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

/** Events of the session machine. */
export type SessionEvent =
  | { type: 'session.signIn'; credentials: SignInCredentials }
  | { type: 'session.signOut' }
  | { type: 'session.refresh' }
  | { type: 'session.hubEvent'; event: AuthHubEventName }
  | { type: 'session.clearError' };

/** Context: who is signed in, and the last sign-in failure message (shown as a red alert). */
export interface SessionContext {
  user: SessionUser | null;
  error: string | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`session machine: actor "${name}" must be provided`);
}

/** Message of an unknown thrown value. */
function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong';
}

/** The session machine; provide `loadSession`, `signIn`, `signOut`, `refreshSession`, `listenToAuthHub`. */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads a stored session: the user, or null when nobody is signed in. */
    loadSession: fromPromise<SessionUser | null>(async () => mustBeProvided('loadSession')),
    /** Signs in with email and password (SRP); resolves with the user. */
    signIn: fromPromise<SessionUser, SignInCredentials>(async () => mustBeProvided('signIn')),
    /** Signs out (local tokens cleared even when the provider cannot be reached). */
    signOut: fromPromise<void>(async () => mustBeProvided('signOut')),
    /** Forces a token refresh; resolves with the user. */
    refreshSession: fromPromise<SessionUser>(async () => mustBeProvided('refreshSession')),
    /** Forwards hub events as `session.hubEvent`; returns its unsubscribe. */
    listenToAuthHub: fromCallback<SessionEvent>(() => mustBeProvided('listenToAuthHub')),
  },
  guards: {
    isUserPresent: (_, params: { user: SessionUser | null }) => params.user !== null,
    isSignedInHubEvent: ({ event }) => event.type === 'session.hubEvent' && event.event === 'signedIn',
    isSignedOutHubEvent: ({ event }) => event.type === 'session.hubEvent' && event.event === 'signedOut',
    isRefreshFailureHubEvent: ({ event }) =>
      event.type === 'session.hubEvent' && event.event === 'tokenRefresh_failure',
  },
  actions: {
    setUser: assign({ user: (_, user: SessionUser | null) => user, error: null }),
    clearUser: assign({ user: null }),
    setError: assign({ error: (_, error: unknown) => messageOf(error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null },
  invoke: { id: 'authHub', src: 'listenToAuthHub' },
  initial: 'checkingSession',
  states: {
    checkingSession: {
      tags: ['pending'],
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'isUserPresent', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: { type: 'setUser', params: ({ event }) => event.output },
          },
          { target: 'signedOut', actions: 'clearUser' },
        ],
        onError: { target: 'signedOut', actions: 'clearUser' },
      },
    },
    signedOut: {
      on: {
        'session.signIn': { target: 'signingIn', actions: 'clearError' },
        'session.hubEvent': { guard: 'isSignedInHubEvent', target: 'checkingSession' },
        'session.clearError': { actions: 'clearError' },
      },
    },
    signingIn: {
      tags: ['pending'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => (event.type === 'session.signIn' ? event.credentials : { email: '', password: '' }),
        onDone: { target: 'signedIn', actions: { type: 'setUser', params: ({ event }) => event.output } },
        onError: { target: 'signedOut', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    signedIn: {
      on: {
        'session.signOut': 'signingOut',
        'session.refresh': 'refreshing',
        'session.hubEvent': [
          { guard: 'isSignedOutHubEvent', target: 'signedOut', actions: 'clearUser' },
          { guard: 'isRefreshFailureHubEvent', target: 'signingOut' },
        ],
      },
    },
    refreshing: {
      tags: ['pending'],
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: { target: 'signedIn', actions: { type: 'setUser', params: ({ event }) => event.output } },
        onError: 'signingOut',
      },
    },
    signingOut: {
      tags: ['pending'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'clearUser' },
        onError: { target: 'signedOut', actions: 'clearUser' },
      },
    },
  },
});

/** The machine's type, for actor refs and snapshots. */
export type SessionMachine = typeof sessionMachine;
