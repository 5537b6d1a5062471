/**
 * Path fixtures of the invitation e-mails-mismatch chart (invitationMismatch.machine.ts; issue 14
 * path sources): started once with two different e-mails and once with the same one.
 */
import type { ChartCase } from './chartCase';
import { invitationMismatchMachine, type InvitationMismatchInput } from './invitationMismatch.machine';

/** Signed in with another e-mail than the invitation's. */
export const mismatchInput: InvitationMismatchInput = { invitationEmail: 'invited@example.com', signedInEmail: 'owner@example.com' };
/** The same e-mail, written differently. */
export const sameEmailInput: InvitationMismatchInput = { invitationEmail: ' Owner@Example.com', signedInEmail: 'owner@example.com' };

/** The e-mails-mismatch chart case. */
export const invitationMismatchChart: ChartCase = {
  name: 'invitationMismatch',
  machine: invitationMismatchMachine,
  actors: ['logOut'],
  states: 5,
  inputs: { mismatch: mismatchInput, sameEmail: sameEmailInput },
  events: [
    { type: 'invitation.logOut' },
    { type: 'xstate.done.actor.logOut', output: undefined },
    { type: 'xstate.error.actor.logOut', error: new TypeError('Failed to fetch') },
  ],
};
