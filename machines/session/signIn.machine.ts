/**
 * Sign-in flow (spec 000 §4 login sequence; issue 14 "Session as a parent that spawns one child per
 * flow"). A child of the session machine: the session starts one when `session.signIn` arrives
 * while signed out, forwards the person's answers to it, and takes its final output.
 *
 * Chart:
 *
 *   signingIn ──signIn: outcome──▶ (outcome routing, below)
 *        └──signIn: error──▶ failed (final; output { kind: 'failed', error })
 *
 *   outcome routing, after signIn and confirmSignIn:
 *        signedIn outcome ──▶ signedIn (final; output { kind: 'signedIn', user })
 *        challenge newPasswordRequired ──▶ choosingNewPassword   (the /new-password?new=true screen)
 *        challenge totpRequired ──▶ enteringTotpCode             (the authentication-code step)
 *        challenge totpSetup ──▶ settingUpTotp                   (QR + code, MFA enforced at sign-in)
 *
 *   choosingNewPassword ──session.submitNewPassword {password}──▶ confirmingSignIn
 *   enteringTotpCode    ──session.submitTotpCode {code}──▶ confirmingSignIn
 *   settingUpTotp       ──session.submitTotpCode {code}──▶ confirmingSignIn
 *        (each of the three) ──session.cancelSignIn──▶ cancelled (final; output { kind: 'cancelled' })
 *        (each of the three) ──session.clearError──▶ itself (error cleared)
 *   confirmingSignIn ──confirmSignIn: outcome──▶ (outcome routing)
 *        └──confirmSignIn: error──▶ back to the step of context.challenge (context.error = { code, message })
 *
 * Input: the credentials of `session.signIn`. `signingIn` and `confirmingSignIn` carry
 * `tags: ['pending']`; the three steps carry `tags: ['challenge']`. Every step's entry and every
 * error change tell the parent (`session.signInChanged` { view: step, challenge, error }), which
 * keeps that view in its context, so a screen bound to the session re-renders when the flow moves
 * (the way amplify-ui's authenticator children report with `CHILD_CHANGED`).
 *
 * Side effects are the actors `signIn` and `confirmSignIn`; their defaults throw "must be
 * provided" (the app edge provides aws-amplify, tests inject fakes).
 */
import { assign, enqueueActions, fromPromise, setup, type ErrorActorEvent } from 'xstate';
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

/** Events of the sign-in flow (the session forwards them unchanged). */
export type SignInEvent =
  | { type: 'session.submitNewPassword'; password: string }
  | { type: 'session.submitTotpCode'; code: string }
  | { type: 'session.cancelSignIn' }
  | { type: 'session.clearError' };

/** The steps of the flow a screen shows (its non-final states). */
export type SignInFlowStep = 'signingIn' | 'choosingNewPassword' | 'enteringTotpCode' | 'settingUpTotp' | 'confirmingSignIn';

/** What the flow tells the session whenever it moves: the step, the pending challenge and the failure shown. */
export interface SignInView {
  step: SignInFlowStep;
  challenge: SignInChallenge | null;
  error: AuthFailure | null;
}

/** How the flow ended (its final output, read by the session). */
export type SignInResult = { kind: 'signedIn'; user: SessionUser } | { kind: 'cancelled' } | { kind: 'failed'; error: AuthFailure };

/** Context: the credentials, the pending step, the last failure (red alert), and the result once final. */
export interface SignInContext {
  credentials: SignInCredentials;
  challenge: SignInChallenge | null;
  error: AuthFailure | null;
  result: SignInResult | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`signIn machine: actor "${name}" must be provided`);
}

type OutcomeEvent = { event: { output: SignInOutcome } };
const outcomeParams = ({ event }: OutcomeEvent) => ({ outcome: event.output });

/** Routing of a sign-in outcome (shared by signingIn and confirmingSignIn). */
const outcomeTransitions = [
  { guard: { type: 'isSignedInOutcome', params: outcomeParams }, target: 'signedIn', actions: { type: 'applyOutcome', params: outcomeParams } },
  {
    guard: { type: 'isChallengeStep', params: ({ event }: OutcomeEvent) => ({ outcome: event.output, step: 'newPasswordRequired' as const }) },
    target: 'choosingNewPassword',
    actions: { type: 'applyOutcome', params: outcomeParams },
  },
  {
    guard: { type: 'isChallengeStep', params: ({ event }: OutcomeEvent) => ({ outcome: event.output, step: 'totpRequired' as const }) },
    target: 'enteringTotpCode',
    actions: { type: 'applyOutcome', params: outcomeParams },
  },
  { target: 'settingUpTotp', actions: { type: 'applyOutcome', params: outcomeParams } },
] as const;

const errorParams = ({ event }: { event: ErrorActorEvent }) => event.error;

/** The step's own events: answer, give up, hide the message. */
function stepEvents(answer: 'session.submitNewPassword' | 'session.submitTotpCode', step: SignInFlowStep) {
  return {
    [answer]: { target: 'confirmingSignIn', actions: 'clearError' },
    'session.cancelSignIn': { target: 'cancelled', actions: 'clearChallenge' },
    'session.clearError': { actions: ['clearError', { type: 'notifyParent', params: { step } }] },
  } as const;
}

/** Entry of a step: tell the session. */
const notify = (step: SignInFlowStep) => ({ type: 'notifyParent', params: { step } }) as const;

/** The sign-in flow; provide `signIn` and `confirmSignIn`. */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInCredentials,
    output: {} as SignInResult,
  },
  actors: {
    /** Signs in with email and password (SRP); resolves with the user or the next step. */
    signIn: fromPromise<SignInOutcome, SignInCredentials>(async () => mustBeProvided('signIn')),
    /** Answers the pending step (new password or TOTP code); resolves with the user or the next step. */
    confirmSignIn: fromPromise<SignInOutcome, ConfirmSignInInput>(async () => mustBeProvided('confirmSignIn')),
  },
  guards: {
    isSignedInOutcome: (_, params: { outcome: SignInOutcome }) => params.outcome.kind === 'signedIn',
    isChallengeStep: (_, params: { outcome: SignInOutcome; step: SignInStep }) =>
      params.outcome.kind === 'challenge' && params.outcome.challenge.step === params.step,
    isPendingStep: ({ context }, params: { step: SignInStep }) => context.challenge?.step === params.step,
  },
  actions: {
    applyOutcome: assign((_, params: { outcome: SignInOutcome }) =>
      params.outcome.kind === 'signedIn'
        ? { challenge: null, error: null, result: { kind: 'signedIn' as const, user: params.outcome.user } }
        : { challenge: params.outcome.challenge, error: null },
    ),
    clearChallenge: assign({ challenge: null, error: null, result: { kind: 'cancelled' } }),
    setError: assign({ error: (_, error: unknown) => authFailureOf(error) }),
    fail: assign((_, error: unknown) => {
      const failure = authFailureOf(error);
      return { error: failure, result: { kind: 'failed' as const, error: failure } };
    }),
    clearError: assign({ error: null }),
    /** Tells the session that the flow moved, so views bound to the session re-render. */
    notifyParent: enqueueActions(({ enqueue, self, context }, params: { step: SignInFlowStep }) => {
      // Run on its own (tests, path generation) the flow has no parent to tell.
      const view: SignInView = { step: params.step, challenge: context.challenge, error: context.error };
      if (self._parent) enqueue.sendParent({ type: 'session.signInChanged', view });
    }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ credentials: input, challenge: null, error: null, result: null }),
  initial: 'signingIn',
  output: ({ context }) => context.result ?? { kind: 'cancelled' },
  states: {
    signingIn: {
      meta: { description: 'The e-mail address and password are being checked; the sign-in button shows progress.' },
      tags: ['pending'],
      entry: notify('signingIn'),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => context.credentials,
        onDone: [...outcomeTransitions],
        onError: { target: 'failed', actions: { type: 'fail', params: errorParams } },
      },
    },
    choosingNewPassword: {
      meta: { description: 'First sign-in with a temporary password: the person chooses their own password before going on.' },
      tags: ['challenge'],
      entry: notify('choosingNewPassword'),
      on: stepEvents('session.submitNewPassword', 'choosingNewPassword'),
    },
    enteringTotpCode: {
      meta: { description: 'The person types the six-digit code from their authenticator app to finish signing in.' },
      tags: ['challenge'],
      entry: notify('enteringTotpCode'),
      on: stepEvents('session.submitTotpCode', 'enteringTotpCode'),
    },
    settingUpTotp: {
      meta: {
        description:
          'The team requires an authenticator app: the person scans the QR code and types the first code to finish signing in.',
      },
      tags: ['challenge'],
      entry: notify('settingUpTotp'),
      on: stepEvents('session.submitTotpCode', 'settingUpTotp'),
    },
    confirmingSignIn: {
      meta: { description: 'The new password or the authentication code is being checked.' },
      tags: ['pending'],
      entry: notify('confirmingSignIn'),
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
            actions: { type: 'setError', params: errorParams },
          },
          {
            guard: { type: 'isPendingStep', params: { step: 'totpRequired' } },
            target: 'enteringTotpCode',
            actions: { type: 'setError', params: errorParams },
          },
          { target: 'settingUpTotp', actions: { type: 'setError', params: errorParams } },
        ],
      },
    },
    signedIn: {
      meta: { description: 'The person is signed in; the app opens the page they asked for.' },
      type: 'final',
    },
    cancelled: {
      meta: { description: 'The person gave up the extra step and is back at the sign-in form.' },
      type: 'final',
    },
    failed: {
      meta: { description: 'The sign-in was refused (for example a wrong password); the sign-in form shows the reason.' },
      type: 'final',
    },
  },
});

/** The machine's type, for actor refs and snapshots. */
export type SignInMachine = typeof signInMachine;
