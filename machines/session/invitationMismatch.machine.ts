/**
 * Invitation e-mails-mismatch chart (spec 000 §2 "Invitation e-mail mismatch screen", §8 "[Error]
 * Emails mismatch, please login with the same email as you got the invitation to."). A child flow
 * of the signed-in session (DESIGN §5: one child per flow): after sign-in, the invitation e-mail kept
 * in sessionStorage is compared with the signed-in e-mail.
 * The join page runs the same screen as part of the join-team chart (joinTeam.machine.ts: states
 * emailsMismatch → loggingOut → loggedOut); this chart stays the standalone description of it.
 *
 * Chart:
 *
 *   comparingEmails ──(always, e-mails differ)──▶ emailsMismatch (the error screen with Log Out)
 *        └──(always, same e-mail or none stored)──▶ emailsMatch (final; the join confirmation may show)
 *   emailsMismatch ──invitation.logOut──▶ loggingOut
 *   loggingOut ──logOut: done / error──▶ loggedOut (final; the session is signed out → /login)
 *
 * Input: `{ invitationEmail, signedInEmail }` (e-mails compared case-insensitively, trimmed).
 * `loggingOut` carries `tags: ['pending']`. The side effect is the actor `logOut` (forget the stored
 * invitation e-mail and sign out, at the app edge); its default throws "must be provided".
 */
import { fromPromise, setup } from 'xstate';

/** Input: the stored invitation e-mail (null when none) and the signed-in person's e-mail. */
export interface InvitationMismatchInput {
  invitationEmail: string | null;
  signedInEmail: string;
}

/** Events of the e-mails-mismatch chart. */
export type InvitationMismatchEvent = { type: 'invitation.logOut' };

/** Context: the two e-mails compared. */
export type InvitationMismatchContext = InvitationMismatchInput;

function mustBeProvided(name: string): never {
  throw new Error(`invitationMismatch machine: actor "${name}" must be provided`);
}

/** True when an invitation e-mail is stored and differs from the signed-in one (case-insensitive). */
export function emailsDiffer(input: InvitationMismatchInput): boolean {
  if (!input.invitationEmail) return false;
  return input.invitationEmail.trim().toLowerCase() !== input.signedInEmail.trim().toLowerCase();
}

/** The e-mails-mismatch machine; provide `logOut`. */
export const invitationMismatchMachine = setup({
  types: { context: {} as InvitationMismatchContext, events: {} as InvitationMismatchEvent, input: {} as InvitationMismatchInput },
  actors: {
    /** Forgets the stored invitation e-mail and signs out; resolves once signed out. */
    logOut: fromPromise<void>(async () => mustBeProvided('logOut')),
  },
  guards: {
    emailsDiffer: ({ context }) => emailsDiffer(context),
  },
}).createMachine({
  id: 'invitationMismatch',
  context: ({ input }) => ({ invitationEmail: input.invitationEmail, signedInEmail: input.signedInEmail }),
  initial: 'comparingEmails',
  states: {
    comparingEmails: {
      meta: { description: 'The e-mail address the invitation was sent to is compared with the one the person is signed in with.' },
      always: [{ guard: 'emailsDiffer', target: 'emailsMismatch' }, { target: 'emailsMatch' }],
    },
    emailsMatch: {
      meta: { description: 'The e-mail addresses match; the person can accept the invitation.' },
      type: 'final',
    },
    emailsMismatch: {
      meta: { description: 'The person is signed in with another e-mail address than the invitation was sent to; they are asked to sign out.' },
      on: { 'invitation.logOut': 'loggingOut' },
    },
    loggingOut: {
      meta: { description: 'The person is being signed out.' },
      tags: ['pending'],
      invoke: { id: 'logOut', src: 'logOut', onDone: 'loggedOut', onError: 'loggedOut' },
    },
    loggedOut: {
      meta: { description: 'The person is signed out and goes to the sign-in page to sign in with the invited address.' },
      type: 'final',
    },
  },
});

/** The machine's type. */
export type InvitationMismatchMachine = typeof invitationMismatchMachine;
