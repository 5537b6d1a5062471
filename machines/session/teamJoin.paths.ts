/**
 * Path fixtures of the team-join chart (teamJoin.machine.ts; issue 14 path sources).
 */
import type { ChartCase } from './chartCase';
import { teamJoinMachine } from './teamJoin.machine';

/** The server refuses the role change. */
export const forbidden = Object.assign(new Error('Forbidden'), { name: 'HttpError' });

/** The team-join chart case. */
export const teamJoinChart: ChartCase = {
  name: 'teamJoin',
  machine: teamJoinMachine,
  actors: ['activateRole'],
  states: 4,
  inputs: { default: undefined },
  events: [
    { type: 'team.join', target: { userId: 3, roleId: 7 } },
    { type: 'xstate.done.actor.activateRole', output: undefined },
    { type: 'xstate.error.actor.activateRole', error: forbidden },
  ],
};
