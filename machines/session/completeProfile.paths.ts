/**
 * Path fixtures of the complete-profile chart (completeProfile.machine.ts; issue 14 path sources).
 */
import type { ChartCase } from './chartCase';
import { completeProfileMachine, type ProfileNames } from './completeProfile.machine';

/** The names a person types. */
export const profileNames: ProfileNames = { firstName: 'Olivia', lastName: 'Owner' };

/** The complete-profile chart case. */
export const completeProfileChart: ChartCase = {
  name: 'completeProfile',
  machine: completeProfileMachine,
  actors: ['saveProfile'],
  states: 4,
  inputs: { default: undefined },
  events: [
    { type: 'profile.submit', names: profileNames },
    { type: 'xstate.done.actor.saveProfile', output: { kind: 'saved' } },
    { type: 'xstate.done.actor.saveProfile', output: { kind: 'invalid', fieldErrors: { firstName: 'Too long' } } },
    { type: 'xstate.error.actor.saveProfile', error: new TypeError('Failed to fetch') },
  ],
};
