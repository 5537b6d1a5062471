/**
 * Forgot-password and reset-password chart (spec 000 §4 "Forgot password: initial, loading, success
 * (shows a confirmation message)"; §2 password screen with query token, email; §5 password rules;
 * §8 "Password reset: message by error code if present, else generic").
 *
 * Chart:
 *
 *   initial ──password.requestCode {email}──▶ loading
 *        └──password.reset {email, code, password}──▶ resetting
 *        └──password.clearError──▶ initial (error cleared)
 *   loading ──requestCode: done──▶ success ("check your e-mail")
 *        └──requestCode: error──▶ initial (context.error = {code, message})
 *   success ("check your e-mail" + the code form) ──password.reset──▶ resetting
 *        └──password.restart──▶ initial (send again / another address)
 *   resetting ──confirmReset: done──▶ resetDone (final: sign in with the new password)
 *        └──confirmReset: error──▶ resetFailed (context.error)
 *   resetFailed ──password.reset──▶ resetting
 *        ├──password.restart──▶ initial
 *        └──password.clearError──▶ resetFailed (error cleared)
 *
 * In `initial` the screen shows the reset form when the e-mailed link's query has token (the code)
 * and email, else the request form; in success / resetting / resetFailed it shows the reset form.
 * Actors (defaults throw "must be provided"): `requestCode` (aws-amplify resetPassword) and
 * `confirmReset` (confirmResetPassword).
 */
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { authFailureOf, type AuthFailure } from './authFailure';

/** The reset form's parsed submit: e-mail, the e-mailed code (`token`), the new password. */
export interface ResetPasswordInput {
  email: string;
  code: string;
  password: string;
}

/** A failure: the identity provider's error name (e.g. CodeMismatchException) and message. */
export type RecoveryError = AuthFailure;

/** Events of the chart. */
export type PasswordRecoveryEvent =
  | { type: 'password.requestCode'; email: string }
  | { type: 'password.reset'; input: ResetPasswordInput }
  | { type: 'password.restart' }
  | { type: 'password.clearError' };

/** Context: the address the code went to, and the last failure. */
export interface PasswordRecoveryContext {
  email: string | null;
  error: RecoveryError | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`passwordRecovery machine: actor "${name}" must be provided`);
}

/** `{ code, message }` of a thrown value (Cognito errors carry their code in `name`). */
export const recoveryErrorOf: (error: unknown) => RecoveryError = authFailureOf;

/** The password-recovery machine; provide `requestCode` and `confirmReset`. */
export const passwordRecoveryMachine = setup({
  types: { context: {} as PasswordRecoveryContext, events: {} as PasswordRecoveryEvent },
  actors: {
    /** Sends a reset code to the e-mail address (ForgotPassword). */
    requestCode: fromPromise<void, { email: string }>(async () => mustBeProvided('requestCode')),
    /** Sets the new password with the e-mailed code (ConfirmForgotPassword). */
    confirmReset: fromPromise<void, ResetPasswordInput>(async () => mustBeProvided('confirmReset')),
  },
  actions: {
    rememberEmail: assign({ email: (_, email: string) => email, error: null }),
    setError: assign({ error: (_, error: unknown) => recoveryErrorOf(error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'passwordRecovery',
  context: { email: null, error: null },
  initial: 'initial',
  states: {
    initial: {
      meta: { description: 'The person types their e-mail address to get a reset code (the reason is shown when the last try failed).' },
      on: {
        'password.requestCode': { target: 'loading', actions: { type: 'rememberEmail', params: ({ event }) => event.email } },
        'password.reset': { target: 'resetting', actions: { type: 'rememberEmail', params: ({ event }) => event.input.email } },
        'password.clearError': { actions: 'clearError' },
      },
    },
    loading: {
      meta: { description: 'The reset code is being sent to the e-mail address.' },
      tags: ['pending'],
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: 'success',
        onError: { target: 'initial', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    success: {
      meta: { description: 'The code was sent; the person is asked to check their e-mail and type the code with a new password.' },
      on: {
        'password.reset': { target: 'resetting', actions: { type: 'rememberEmail', params: ({ event }) => event.input.email } },
        'password.restart': { target: 'initial', actions: 'clearError' },
      },
    },
    resetting: {
      meta: { description: 'The code and the new password are being checked.' },
      tags: ['pending'],
      invoke: {
        id: 'confirmReset',
        src: 'confirmReset',
        input: ({ event }) => (event.type === 'password.reset' ? event.input : { email: '', code: '', password: '' }),
        onDone: 'resetDone',
        onError: { target: 'resetFailed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    resetFailed: {
      meta: { description: 'The new password was not set (for example a wrong code); the reason is shown and the person can try again.' },
      on: {
        'password.reset': { target: 'resetting', actions: { type: 'rememberEmail', params: ({ event }) => event.input.email } },
        'password.restart': { target: 'initial', actions: 'clearError' },
        'password.clearError': { actions: 'clearError' },
      },
    },
    resetDone: {
      meta: { description: 'The password is changed; the person signs in with the new password.' },
      type: 'final',
    },
  },
});

/** The machine's type. */
export type PasswordRecoveryMachine = typeof passwordRecoveryMachine;
