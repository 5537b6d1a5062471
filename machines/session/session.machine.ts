/**
 * Session machine (spec 000 §4; DESIGN §5; issue 14 "Session as a parent that spawns one child per
 * flow"). The parent keeps the identity lifecycle; each flow a person goes through runs as a child.
 *
 * Chart:
 *
 *   (root) invokes `listenToAuthHub` for the whole life of the machine: identity-provider hub
 *          events arrive as `session.hubEvent`.
 *
 *   checkingSession ──loadSession: user──▶ signedIn
 *        │            ──loadSession: null / error──▶ signedOut
 *   signedOut ──session.signIn {credentials}──▶ authenticating
 *        └──session.hubEvent signedIn (another tab)──▶ checkingSession
 *   authenticating: runs the sign-in flow as the child `signIn` (signIn.machine.ts: signingIn,
 *        choosingNewPassword, enteringTotpCode, settingUpTotp, confirmingSignIn), forwards
 *        `session.submitNewPassword`, `session.submitTotpCode`, `session.cancelSignIn` and
 *        `session.clearError` to it, and re-renders on its `session.signInChanged`.
 *        ──signIn: done signedIn──▶ signedIn (user set)
 *        ──signIn: done failed──▶ signedOut (context.error = { code, message })
 *        ──signIn: done cancelled──▶ signedOut
 *
 *   signedIn ──session.signOut──▶ signingOut
 *        ├──session.refresh──▶ refreshing
 *        ├──session.hubEvent signedOut (another tab / expiry)──▶ signedOut
 *        └──session.hubEvent tokenRefresh_failure──▶ signingOut
 *   refreshing ──refreshSession: user──▶ signedIn
 *        └──refreshSession: error──▶ signingOut
 *   signingOut ──signOut: done / error──▶ signedOut (user cleared)
 *
 * Pending states carry `tags: ['pending']` (the sign-in flow's own pending steps count too, see
 * session.selectors.ts). A reload loses the identity provider's pending sign-in: the machine then
 * starts in checkingSession and settles in signedOut without a flow, and the new-password screen
 * sends the person back to /login with a message.
 *
 * Beside every state: the forgot-password flow (passwordRecovery.machine.ts) runs as the child
 * `passwordRecovery` from `session.recoverPassword` (its page opens) to `session.endPasswordRecovery`
 * (its page closes); `password.*` events are forwarded to it while it runs (context.recovering).
 *
 * The other flows are their own small charts beside this one (mfaSetup,
 * changePassword, completeProfile, teamJoin, invitationMismatch, joinTeam), each run by the screen
 * that offers it while the session is in the matching state.
 *
 * Side effects are actors whose defaults throw "must be provided"; the app edge
 * (src/features/session/) provides them with `provideSessionActors`, tests inject fakes.
 */
import { assign, enqueueActions, forwardTo, fromCallback, fromPromise, setup, type CallbackActorLogic, type PromiseActorLogic } from 'xstate';
import { passwordRecoveryMachine, type PasswordRecoveryEvent, type ResetPasswordInput } from './passwordRecovery.machine';
import type { AuthFailure } from './authFailure';
import {
  signInMachine,
  type ConfirmSignInInput,
  type SessionUser,
  type SignInCredentials,
  type SignInOutcome,
  type SignInResult,
  type SignInView,
} from './signIn.machine';

export type { ConfirmSignInInput, SessionUser, SignInChallenge, SignInCredentials, SignInFlowStep, SignInOutcome, SignInStep, SignInView } from './signIn.machine';

/** Identity-provider hub events the machine reacts to (aws-amplify Hub 'auth' channel names). */
export type AuthHubEventName = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

/** Events of the session machine (`session.signInChanged` comes from the sign-in flow itself). */
export type SessionEvent =
  | { type: 'session.signIn'; credentials: SignInCredentials }
  | { type: 'session.submitNewPassword'; password: string }
  | { type: 'session.submitTotpCode'; code: string }
  | { type: 'session.cancelSignIn' }
  | { type: 'session.signOut' }
  | { type: 'session.refresh' }
  | { type: 'session.hubEvent'; event: AuthHubEventName }
  | { type: 'session.clearError' }
  | { type: 'session.signInChanged'; view: SignInView }
  | { type: 'session.recoverPassword' }
  | { type: 'session.endPasswordRecovery' }
  | PasswordRecoveryEvent;

/**
 * Context: who is signed in, the failure of the last sign-in (red alert on the sign-in form), and
 * while authenticating what the sign-in flow shows (its step, challenge and failure).
 */
export interface SessionContext {
  user: SessionUser | null;
  error: AuthFailure | null;
  flow: SignInView | null;
  /** True while the forgot-password flow runs as the child `passwordRecovery`. */
  recovering: boolean;
}

function mustBeProvided(name: string): never {
  throw new Error(`session machine: actor "${name}" must be provided`);
}

/** The session machine; provide its actors with `provideSessionActors`. */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads a stored session: the user, or null when nobody is signed in. */
    loadSession: fromPromise<SessionUser | null>(async () => mustBeProvided('loadSession')),
    /** The sign-in flow (signIn.machine.ts), with its `signIn` and `confirmSignIn` provided. */
    signInFlow: signInMachine,
    /** The forgot-password flow (passwordRecovery.machine.ts), with its `requestCode` and `confirmReset` provided. */
    passwordRecoveryFlow: passwordRecoveryMachine,
    /** Signs out (local tokens cleared even when the provider cannot be reached). */
    signOut: fromPromise<void>(async () => mustBeProvided('signOut')),
    /** Forces a token refresh; resolves with the user. */
    refreshSession: fromPromise<SessionUser>(async () => mustBeProvided('refreshSession')),
    /** Forwards hub events as `session.hubEvent`; returns its unsubscribe. */
    listenToAuthHub: fromCallback<SessionEvent>(() => mustBeProvided('listenToAuthHub')),
  },
  guards: {
    isUserPresent: (_, params: { user: SessionUser | null }) => params.user !== null,
    isFlowResult: (_, params: { result: SignInResult; kind: SignInResult['kind'] }) => params.result.kind === params.kind,
    isSignedInHubEvent: ({ event }) => event.type === 'session.hubEvent' && event.event === 'signedIn',
    isSignedOutHubEvent: ({ event }) => event.type === 'session.hubEvent' && event.event === 'signedOut',
    isRefreshFailureHubEvent: ({ event }) =>
      event.type === 'session.hubEvent' && event.event === 'tokenRefresh_failure',
    isRecovering: ({ context }) => context.recovering,
  },
  actions: {
    setUser: assign({ user: (_, user: SessionUser | null) => user, error: null, flow: null }),
    setFlow: assign({ flow: (_, view: SignInView) => view }),
    clearFlow: assign({ flow: null }),
    clearUser: assign({ user: null }),
    setError: assign({ error: (_, error: AuthFailure | null) => error, flow: null }),
    clearError: assign({ error: null }),
    forwardToSignIn: forwardTo('signIn'),
    forwardToPasswordRecovery: forwardTo('passwordRecovery'),
    startPasswordRecovery: enqueueActions(({ enqueue, context }) => {
      if (context.recovering) enqueue.stopChild('passwordRecovery');
      enqueue.spawnChild('passwordRecoveryFlow', { id: 'passwordRecovery' });
      enqueue.assign({ recovering: true });
    }),
    endPasswordRecovery: enqueueActions(({ enqueue, context }) => {
      if (context.recovering) enqueue.stopChild('passwordRecovery');
      enqueue.assign({ recovering: false });
    }),
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null, flow: null, recovering: false },
  invoke: { id: 'authHub', src: 'listenToAuthHub' },
  // The forgot-password flow runs beside whatever state the session is in (its page is open to
  // everyone): started and ended by the page, its events forwarded while it runs.
  on: {
    'session.recoverPassword': { description: 'The forgot-password page opens; its flow starts afresh.', actions: 'startPasswordRecovery' },
    'session.endPasswordRecovery': { description: 'The forgot-password page closes; its flow ends.', actions: 'endPasswordRecovery' },
    'password.requestCode': { guard: 'isRecovering', actions: 'forwardToPasswordRecovery' },
    'password.reset': { guard: 'isRecovering', actions: 'forwardToPasswordRecovery' },
    'password.restart': { guard: 'isRecovering', actions: 'forwardToPasswordRecovery' },
    'password.clearError': { guard: 'isRecovering', actions: 'forwardToPasswordRecovery' },
  },
  initial: 'checkingSession',
  states: {
    checkingSession: {
      meta: { description: 'The app is opening and checks whether the person is still signed in from an earlier visit.' },
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
      meta: { description: 'Nobody is signed in; the sign-in form is shown (with the reason when the last attempt failed).' },
      on: {
        'session.signIn': { target: 'authenticating', actions: 'clearError' },
        'session.hubEvent': { guard: 'isSignedInHubEvent', target: 'checkingSession' },
        'session.clearError': { actions: 'clearError' },
      },
    },
    authenticating: {
      meta: {
        description:
          'The person is signing in: the password is checked and, when needed, they choose a new password or enter an authentication code.',
      },
      invoke: {
        id: 'signIn',
        src: 'signInFlow',
        input: ({ event }) => (event.type === 'session.signIn' ? event.credentials : { email: '', password: '' }),
        onDone: [
          {
            guard: { type: 'isFlowResult', params: ({ event }) => ({ result: event.output, kind: 'signedIn' as const }) },
            target: 'signedIn',
            actions: { type: 'setUser', params: ({ event }) => (event.output.kind === 'signedIn' ? event.output.user : null) },
          },
          {
            guard: { type: 'isFlowResult', params: ({ event }) => ({ result: event.output, kind: 'failed' as const }) },
            target: 'signedOut',
            actions: { type: 'setError', params: ({ event }) => (event.output.kind === 'failed' ? event.output.error : null) },
          },
          { target: 'signedOut', actions: 'clearFlow' },
        ],
      },
      on: {
        'session.submitNewPassword': { actions: 'forwardToSignIn' },
        'session.submitTotpCode': { actions: 'forwardToSignIn' },
        'session.cancelSignIn': { actions: 'forwardToSignIn' },
        'session.clearError': { actions: 'forwardToSignIn' },
        'session.signInChanged': {
          description: 'The sign-in flow moved on; the screen follows it.',
          actions: { type: 'setFlow', params: ({ event }) => event.view },
        },
      },
    },
    signedIn: {
      meta: { description: 'The person is signed in and uses the app.' },
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
      meta: { description: 'The person stays signed in while their sign-in is renewed in the background.' },
      tags: ['pending'],
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: { target: 'signedIn', actions: { type: 'setUser', params: ({ event }) => event.output } },
        onError: 'signingOut',
      },
    },
    signingOut: {
      meta: { description: 'The person is being signed out; the sign-in page opens next.' },
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

/** The side effects of the session and its sign-in flow (what the app edge or a test provides). */
export interface SessionActors {
  loadSession: PromiseActorLogic<SessionUser | null>;
  signIn: PromiseActorLogic<SignInOutcome, SignInCredentials>;
  confirmSignIn: PromiseActorLogic<SignInOutcome, ConfirmSignInInput>;
  signOut: PromiseActorLogic<void>;
  refreshSession: PromiseActorLogic<SessionUser>;
  listenToAuthHub: CallbackActorLogic<SessionEvent>;
  /** The forgot-password flow's actors (passwordRecovery.machine.ts); when left out, they throw "must be provided". */
  requestCode?: PromiseActorLogic<void, { email: string }>;
  confirmReset?: PromiseActorLogic<void, ResetPasswordInput>;
}

/**
 * The session machine with its side effects: `signIn` and `confirmSignIn` go to the sign-in flow
 * (the child), the rest to the session itself.
 */
export function provideSessionActors(actors: SessionActors): SessionMachine {
  const { signIn, confirmSignIn, requestCode, confirmReset, ...own } = actors;
  return sessionMachine.provide({
    actors: {
      ...own,
      signInFlow: signInMachine.provide({ actors: { signIn, confirmSignIn } }),
      passwordRecoveryFlow: requestCode && confirmReset ? passwordRecoveryMachine.provide({ actors: { requestCode, confirmReset } }) : passwordRecoveryMachine,
    },
  });
}
