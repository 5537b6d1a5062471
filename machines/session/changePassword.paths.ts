/**
 * Path fixtures of the change-password chart (changePassword.machine.ts; issue 14 path sources).
 */
import type { ChartCase } from './chartCase';
import { changePasswordMachine, type ChangePasswordInput } from './changePassword.machine';

/** A wrong old password (Cognito). */
export const notAuthorized = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
/** The old and new password a person types. */
export const changeInput: ChangePasswordInput = { oldPassword: 'Vidbot-demo-1', newPassword: 'Brand-new-pass-2' };

/** The change-password chart case. */
export const changePasswordChart: ChartCase = {
  name: 'changePassword',
  machine: changePasswordMachine,
  actors: ['updatePassword'],
  states: 3,
  inputs: { default: undefined },
  events: [
    { type: 'password.change', input: changeInput },
    { type: 'password.clearError' },
    { type: 'xstate.done.actor.updatePassword', output: undefined },
    { type: 'xstate.error.actor.updatePassword', error: notAuthorized },
  ],
};
