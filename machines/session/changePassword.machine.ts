/**
 * Change-password chart of /dashboard/security/change-password (spec 000 §2 "new and confirm
 * fields"; §5 rules; §8 "Change password: 'Failed to change password' plus field message").
 *
 * Chart:
 *
 *   editing ──password.change {oldPassword, newPassword}──▶ saving
 *        └──password.clearError──▶ editing (error cleared)
 *   saving ──updatePassword: done──▶ changed (final)
 *        └──updatePassword: error──▶ editing (context.error = provider error code and message,
 *                                    shown after 'Failed to change password')
 *
 * The form checks the rules and that confirm equals new ('Passwords do not match') before sending;
 * the chart only sees the parsed submit. Actor `updatePassword` (aws-amplify updatePassword) must be
 * provided.
 */
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { recoveryErrorOf, type RecoveryError } from './passwordRecovery.machine';

/** The parsed submit: the current password and the new one. */
export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
}

/** Events of the chart. */
export type ChangePasswordEvent = { type: 'password.change'; input: ChangePasswordInput } | { type: 'password.clearError' };

/** Context: the last failure (identity-provider error name and message). */
export interface ChangePasswordContext {
  error: RecoveryError | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`changePassword machine: actor "${name}" must be provided`);
}

/** The change-password machine; provide `updatePassword`. */
export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent },
  actors: {
    /** Changes the signed-in user's password (ChangePassword). */
    updatePassword: fromPromise<void, ChangePasswordInput>(async () => mustBeProvided('updatePassword')),
  },
  actions: {
    setError: assign({ error: (_, error: unknown) => recoveryErrorOf(error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'changePassword',
  context: { error: null },
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'The change-password form is shown (with the reason when the last try failed).' },
      on: {
        'password.change': { target: 'saving', actions: 'clearError' },
        'password.clearError': { actions: 'clearError' },
      },
    },
    saving: {
      meta: { description: 'The current and the new password are being checked and saved.' },
      tags: ['pending'],
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ event }) => (event.type === 'password.change' ? event.input : { oldPassword: '', newPassword: '' }),
        onDone: 'changed',
        onError: { target: 'editing', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    changed: {
      meta: { description: 'The password is changed.' },
      type: 'final',
    },
  },
});

/** The machine's type. */
export type ChangePasswordMachine = typeof changePasswordMachine;
