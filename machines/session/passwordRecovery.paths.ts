/**
 * Path fixtures of the forgot-password chart (passwordRecovery.machine.ts; issue 14 path sources).
 */
import type { ChartCase } from './chartCase';
import { passwordRecoveryMachine, type ResetPasswordInput } from './passwordRecovery.machine';
import { codeMismatch } from './mfaSetup.paths';

/** Too many attempts (Cognito). */
export const limitExceeded = Object.assign(new Error('Attempt limit exceeded, please try after some time.'), { name: 'LimitExceededException' });
/** The code and new password a person types. */
export const resetInput: ResetPasswordInput = { email: 'owner@example.com', code: '123456', password: 'Brand-new-pass-2' };

/** The forgot-password chart case. */
export const passwordRecoveryChart: ChartCase = {
  name: 'passwordRecovery',
  machine: passwordRecoveryMachine,
  actors: ['requestCode', 'confirmReset'],
  states: 6,
  inputs: { default: undefined },
  events: [
    { type: 'password.requestCode', email: 'owner@example.com' },
    { type: 'password.reset', input: resetInput },
    { type: 'password.restart' },
    { type: 'password.clearError' },
    { type: 'xstate.done.actor.requestCode', output: undefined },
    { type: 'xstate.error.actor.requestCode', error: limitExceeded },
    { type: 'xstate.done.actor.confirmReset', output: undefined },
    { type: 'xstate.error.actor.confirmReset', error: codeMismatch },
  ],
};
