/**
 * Complete-profile chart (spec 000 §2 "Complete profile: sends first and last name, then goes to /
 * and clears a stored session item; on error shows a toast and goes to /login"; §5 Profile: first
 * and last name required). A child flow of the signed-in session (DESIGN §5: one child per flow).
 *
 * Chart:
 *
 *   profileIncomplete ──profile.submit {firstName,lastName}──▶ completingProfile
 *   completingProfile ──saveProfile: saved──▶ profileCompleted (final; the app goes to /)
 *        ├──saveProfile: invalid {fieldErrors}──▶ profileIncomplete (messages on the fields)
 *        └──saveProfile: error──▶ profileFailed (final; the app toasts the message and goes to /login)
 *
 * `completingProfile` carries `tags: ['pending']`. The side effect is the actor `saveProfile`
 * (PATCH /user/me at the app edge, which also clears the stored invitation e-mail and resolves a
 * 422 with field messages as `invalid`); its default throws "must be provided".
 */
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';

/** The names sent by `profile.submit` (already trimmed and checked non-empty by the form). */
export interface ProfileNames {
  firstName: string;
  lastName: string;
}

/** What `saveProfile` resolves with: saved, or refused with per-field messages (HTTP 422). */
export type ProfileSaveResult = { kind: 'saved' } | { kind: 'invalid'; fieldErrors: Record<string, string> };

/** Events of the complete-profile chart. */
export type CompleteProfileEvent = { type: 'profile.submit'; names: ProfileNames };

/** Context: the server's field messages of the last refused save, and the last failure message. */
export interface CompleteProfileContext {
  fieldErrors: Record<string, string>;
  failure: string | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`completeProfile machine: actor "${name}" must be provided`);
}

/** The failure's own message, or '' when it has none (the view shows its translated generic text then). */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** The complete-profile machine; provide `saveProfile`. */
export const completeProfileMachine = setup({
  types: { context: {} as CompleteProfileContext, events: {} as CompleteProfileEvent },
  actors: {
    /** Saves the names (PATCH /user/me); resolves `invalid` for a 422 with field messages, throws otherwise. */
    saveProfile: fromPromise<ProfileSaveResult, ProfileNames>(async () => mustBeProvided('saveProfile')),
  },
  guards: {
    isInvalid: (_, result: ProfileSaveResult) => result.kind === 'invalid',
  },
  actions: {
    setFieldErrors: assign({ fieldErrors: (_, result: ProfileSaveResult) => (result.kind === 'invalid' ? result.fieldErrors : {}) }),
    clearErrors: assign({ fieldErrors: {}, failure: null }),
    setFailure: assign({ failure: (_, error: unknown) => messageOf(error) }),
  },
}).createMachine({
  id: 'completeProfile',
  context: { fieldErrors: {}, failure: null },
  initial: 'profileIncomplete',
  states: {
    profileIncomplete: {
      meta: { description: 'The person is asked for their first and last name (with the reason next to a field the server refused).' },
      on: { 'profile.submit': { target: 'completingProfile', actions: 'clearErrors' } },
    },
    completingProfile: {
      meta: { description: 'The names are being saved.' },
      tags: ['pending'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ event }) => (event.type === 'profile.submit' ? event.names : { firstName: '', lastName: '' }),
        onDone: [
          {
            guard: { type: 'isInvalid', params: ({ event }) => event.output },
            target: 'profileIncomplete',
            actions: { type: 'setFieldErrors', params: ({ event }) => event.output },
          },
          { target: 'profileCompleted' },
        ],
        onError: { target: 'profileFailed', actions: { type: 'setFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    profileCompleted: {
      meta: { description: 'The profile is complete; the app opens.' },
      type: 'final',
    },
    profileFailed: {
      meta: { description: 'The names could not be saved; the person sees a message and is sent back to sign in.' },
      type: 'final',
    },
  },
});

/** The machine's type. */
export type CompleteProfileMachine = typeof completeProfileMachine;
