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
 *   signingIn ──signIn: outcome──▶ (outcome routing, below)
 *        └──signIn: error──▶ signedOut (context.error = { code, message })
 *
 *   outcome routing (spec 000 §4 login sequence), after signIn and confirmSignIn:
 *        signedIn outcome ──▶ signedIn (user set, challenge cleared)
 *        challenge newPasswordRequired ──▶ choosingNewPassword   (the /new-password?new=true screen)
 *        challenge totpRequired ──▶ enteringTotpCode             (the authentication-code step)
 *        challenge totpSetup ──▶ settingUpTotp                   (QR + code, MFA enforced at sign-in)
 *
 *   choosingNewPassword ──session.submitNewPassword {password}──▶ confirmingSignIn
 *   enteringTotpCode    ──session.submitTotpCode {code}──▶ confirmingSignIn
 *   settingUpTotp       ──session.submitTotpCode {code}──▶ confirmingSignIn
 *        (each of the three) ──session.cancelSignIn──▶ signedOut (challenge cleared)
 *        (each of the three) ──session.clearError──▶ itself (error cleared)
 *   confirmingSignIn ──confirmSignIn: outcome──▶ (outcome routing)
 *        └──confirmSignIn: error──▶ back to the step of context.challenge (context.error = { code, message })
 *
 *   signedIn ──session.signOut──▶ signingOut
 *        ├──session.refresh──▶ refreshing
 *        ├──session.hubEvent signedOut (another tab / expiry)──▶ signedOut
 *        └──session.hubEvent tokenRefresh_failure──▶ signingOut
 *   refreshing ──refreshSession: user──▶ signedIn
 *        └──refreshSession: error──▶ signingOut
 *   signingOut ──signOut: done / error──▶ signedOut (user cleared)
 *
 * Pending states carry `tags: ['pending']`; the three challenge steps carry `tags: ['challenge']`.
 * Views read them through session.selectors.ts. A reload loses the identity provider's pending
 * sign-in: the machine then starts in checkingSession and settles in signedOut without a
 * challenge, and the new-password screen sends the person back to /login with a message.
 *
 * The password, MFA-setup and change-password flows of a signed-in or signed-out person are their
 * own small charts beside this one (passwordRecovery, mfaSetup, changePassword machines). So are the
 * steps a signed-in person takes after sign-in, each a child flow the screen runs while `signedIn`
 * (DESIGN §5 "one child per flow"):
 *
 *   completeProfile (completeProfile.machine.ts, /complete-profile):
 *        profileIncomplete ──profile.submit──▶ completingProfile ──saveProfile──▶ profileCompleted
 *        (422 field messages ──▶ profileIncomplete; other error ──▶ profileFailed → /login)
 *   teamJoin (teamJoin.machine.ts, /team-select Join):
 *        choosingTeam ──team.join──▶ joiningTeam ──activateRole──▶ joinedTeam (→ /dashboard)
 *        (error ──▶ joinFailed ──team.join──▶ joiningTeam)
 *   invitationMismatch (invitationMismatch.machine.ts, /join-team):
 *        comparingEmails ──(e-mails differ)──▶ emailsMismatch ──invitation.logOut──▶ loggingOut ──▶ loggedOut
 *        (same e-mail / none stored ──▶ emailsMatch)
 *
 * Side effects are actors whose defaults throw "must be provided"; the app edge
 * (src/features/session/) provides them with `.provide({ actors })`, tests inject fakes.
 */
import { assign, fromCallback, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { authFailureOf, type AuthFailure } from './authFailure';

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

/** A further sign-in step the identity provider asks for (spec 000 §4 login sequence). */
export type SignInStep = 'newPasswordRequired' | 'totpRequired' | 'totpSetup';

/**
 * A pending sign-in step. `email` is who is signing in; for `totpSetup` the provider's shared
 * secret (base32) and the `otpauth://totp/…` URI an authenticator app scans.
 */
export interface SignInChallenge {
  step: SignInStep;
  email: string;
  sharedSecret?: string;
  totpSetupUri?: string;
}

/** What `signIn` and `confirmSignIn` resolve with: a session, or another step to take. */
export type SignInOutcome = { kind: 'signedIn'; user: SessionUser } | { kind: 'challenge'; challenge: SignInChallenge };

/** Input of `confirmSignIn`: the new password or the authentication code, the step it answers, who signs in. */
export interface ConfirmSignInInput {
  step: SignInStep;
  response: string;
  email: string;
}

/** Identity-provider hub events the machine reacts to (aws-amplify Hub 'auth' channel names). */
export type AuthHubEventName = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

/** Events of the session machine. */
export type SessionEvent =
  | { type: 'session.signIn'; credentials: SignInCredentials }
  | { type: 'session.submitNewPassword'; password: string }
  | { type: 'session.submitTotpCode'; code: string }
  | { type: 'session.cancelSignIn' }
  | { type: 'session.signOut' }
  | { type: 'session.refresh' }
  | { type: 'session.hubEvent'; event: AuthHubEventName }
  | { type: 'session.clearError' };

/** Context: who is signed in, the pending sign-in step, and the last failure message (red alert). */
export interface SessionContext {
  user: SessionUser | null;
  challenge: SignInChallenge | null;
  error: AuthFailure | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`session machine: actor "${name}" must be provided`);
}


/** Routing of a sign-in outcome (shared by signingIn and confirmingSignIn). */
const outcomeTransitions = [
  {
    guard: { type: 'isSignedInOutcome', params: ({ event }: { event: { output: SignInOutcome } }) => ({ outcome: event.output }) },
    target: 'signedIn',
    actions: { type: 'applyOutcome', params: ({ event }: { event: { output: SignInOutcome } }) => ({ outcome: event.output }) },
  },
  {
    guard: { type: 'isChallengeStep', params: ({ event }: { event: { output: SignInOutcome } }) => ({ outcome: event.output, step: 'newPasswordRequired' as const }) },
    target: 'choosingNewPassword',
    actions: { type: 'applyOutcome', params: ({ event }: { event: { output: SignInOutcome } }) => ({ outcome: event.output }) },
  },
  {
    guard: { type: 'isChallengeStep', params: ({ event }: { event: { output: SignInOutcome } }) => ({ outcome: event.output, step: 'totpRequired' as const }) },
    target: 'enteringTotpCode',
    actions: { type: 'applyOutcome', params: ({ event }: { event: { output: SignInOutcome } }) => ({ outcome: event.output }) },
  },
  {
    target: 'settingUpTotp',
    actions: { type: 'applyOutcome', params: ({ event }: { event: { output: SignInOutcome } }) => ({ outcome: event.output }) },
  },
] as const;

/** The session machine; provide `loadSession`, `signIn`, `confirmSignIn`, `signOut`, `refreshSession`, `listenToAuthHub`. */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads a stored session: the user, or null when nobody is signed in. */
    loadSession: fromPromise<SessionUser | null>(async () => mustBeProvided('loadSession')),
    /** Signs in with email and password (SRP); resolves with the user or the next step. */
    signIn: fromPromise<SignInOutcome, SignInCredentials>(async () => mustBeProvided('signIn')),
    /** Answers the pending step (new password or TOTP code); resolves with the user or the next step. */
    confirmSignIn: fromPromise<SignInOutcome, ConfirmSignInInput>(async () => mustBeProvided('confirmSignIn')),
    /** Signs out (local tokens cleared even when the provider cannot be reached). */
    signOut: fromPromise<void>(async () => mustBeProvided('signOut')),
    /** Forces a token refresh; resolves with the user. */
    refreshSession: fromPromise<SessionUser>(async () => mustBeProvided('refreshSession')),
    /** Forwards hub events as `session.hubEvent`; returns its unsubscribe. */
    listenToAuthHub: fromCallback<SessionEvent>(() => mustBeProvided('listenToAuthHub')),
  },
  guards: {
    isUserPresent: (_, params: { user: SessionUser | null }) => params.user !== null,
    isSignedInOutcome: (_, params: { outcome: SignInOutcome }) => params.outcome.kind === 'signedIn',
    isChallengeStep: (_, params: { outcome: SignInOutcome; step: SignInStep }) =>
      params.outcome.kind === 'challenge' && params.outcome.challenge.step === params.step,
    isPendingStep: ({ context }, params: { step: SignInStep }) => context.challenge?.step === params.step,
    isSignedInHubEvent: ({ event }) => event.type === 'session.hubEvent' && event.event === 'signedIn',
    isSignedOutHubEvent: ({ event }) => event.type === 'session.hubEvent' && event.event === 'signedOut',
    isRefreshFailureHubEvent: ({ event }) =>
      event.type === 'session.hubEvent' && event.event === 'tokenRefresh_failure',
  },
  actions: {
    setUser: assign({ user: (_, user: SessionUser | null) => user, error: null, challenge: null }),
    applyOutcome: assign((_, params: { outcome: SignInOutcome }) =>
      params.outcome.kind === 'signedIn'
        ? { user: params.outcome.user, challenge: null, error: null }
        : { user: null, challenge: params.outcome.challenge, error: null },
    ),
    clearUser: assign({ user: null, challenge: null }),
    clearChallenge: assign({ challenge: null, error: null }),
    setError: assign({ error: (_, error: unknown) => authFailureOf(error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'session',
  context: { user: null, challenge: null, error: null },
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
        onDone: [...outcomeTransitions],
        onError: { target: 'signedOut', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    choosingNewPassword: {
      tags: ['challenge'],
      on: {
        'session.submitNewPassword': { target: 'confirmingSignIn', actions: 'clearError' },
        'session.cancelSignIn': { target: 'signedOut', actions: 'clearChallenge' },
        'session.clearError': { actions: 'clearError' },
      },
    },
    enteringTotpCode: {
      tags: ['challenge'],
      on: {
        'session.submitTotpCode': { target: 'confirmingSignIn', actions: 'clearError' },
        'session.cancelSignIn': { target: 'signedOut', actions: 'clearChallenge' },
        'session.clearError': { actions: 'clearError' },
      },
    },
    settingUpTotp: {
      tags: ['challenge'],
      on: {
        'session.submitTotpCode': { target: 'confirmingSignIn', actions: 'clearError' },
        'session.cancelSignIn': { target: 'signedOut', actions: 'clearChallenge' },
        'session.clearError': { actions: 'clearError' },
      },
    },
    confirmingSignIn: {
      tags: ['pending'],
      invoke: {
        id: 'confirmSignIn',
        src: 'confirmSignIn',
        input: ({ context, event }) => ({
          step: context.challenge?.step ?? 'newPasswordRequired',
          email: context.challenge?.email ?? '',
          response: event.type === 'session.submitNewPassword' ? event.password : event.type === 'session.submitTotpCode' ? event.code : '',
        }),
        onDone: [...outcomeTransitions],
        onError: [
          {
            guard: { type: 'isPendingStep', params: { step: 'newPasswordRequired' } },
            target: 'choosingNewPassword',
            actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          {
            guard: { type: 'isPendingStep', params: { step: 'totpRequired' } },
            target: 'enteringTotpCode',
            actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          {
            target: 'settingUpTotp',
            actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
        ],
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
