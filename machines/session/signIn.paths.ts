/**
 * Path fixtures of the sign-in flow (signIn.machine.ts; issue 14 path sources): what the identity
 * provider answers to the password and to each further step, and a person's answers.
 */
import type { ChartCase } from './chartCase';
import { signInMachine } from './signIn.machine';
import { codeMismatchError, notAuthorizedError, outcomes } from './session.paths';

/** The sign-in flow's chart case: started with the credentials of `session.signIn`. */
export const signInChart: ChartCase = {
  name: 'signIn',
  machine: signInMachine,
  actors: ['signIn', 'confirmSignIn'],
  states: 8,
  inputs: { default: { email: 'owner@example.com', password: 'Vidbot-demo-1' } },
  events: [
    { type: 'session.submitNewPassword', password: 'Brand-new-pass-2' },
    { type: 'session.submitTotpCode', code: '123456' },
    { type: 'session.cancelSignIn' },
    { type: 'session.clearError' },
    { type: 'xstate.done.actor.signIn', output: outcomes.signedIn },
    { type: 'xstate.done.actor.signIn', output: outcomes.newPassword },
    { type: 'xstate.done.actor.signIn', output: outcomes.totpCode },
    { type: 'xstate.done.actor.signIn', output: outcomes.totpSetup },
    { type: 'xstate.error.actor.signIn', error: notAuthorizedError },
    { type: 'xstate.done.actor.confirmSignIn', output: outcomes.signedIn },
    { type: 'xstate.done.actor.confirmSignIn', output: outcomes.newPassword },
    { type: 'xstate.done.actor.confirmSignIn', output: outcomes.totpCode },
    { type: 'xstate.done.actor.confirmSignIn', output: outcomes.totpSetup },
    { type: 'xstate.error.actor.confirmSignIn', error: codeMismatchError },
  ],
};
