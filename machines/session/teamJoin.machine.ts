/**
 * Team-join chart of the team select (spec 000 §2 "invited accounts with Join: role status →
 * Active, then /dashboard"). A child flow of the signed-in session (DESIGN §5: one child per flow).
 *
 * Chart:
 *
 *   choosingTeam ──team.join {userId, roleId}──▶ joiningTeam
 *   joiningTeam ──activateRole: done──▶ joinedTeam (final; the app toasts and goes to /dashboard)
 *        └──activateRole: error──▶ joinFailed (the app toasts the message)
 *   joinFailed ──team.join {userId, roleId}──▶ joiningTeam
 *
 * `joiningTeam` carries `tags: ['pending']`. The side effect is the actor `activateRole`
 * (PUT /user/{userId}/role/{roleId} { status: 'Active' } at the app edge); its default throws
 * "must be provided".
 */
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';

/** The invited role to activate: the signed-in user's id and the role's id (API ids). */
export interface TeamJoinTarget {
  userId: number;
  roleId: number;
}

/** Events of the team-join chart. */
export type TeamJoinEvent = { type: 'team.join'; target: TeamJoinTarget };

/** Context: the role being (or last) joined and the last failure message. */
export interface TeamJoinContext {
  target: TeamJoinTarget | null;
  failure: string | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`teamJoin machine: actor "${name}" must be provided`);
}

/** The failure's own message, or '' when it has none (the view shows its translated generic text then). */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** The team-join machine; provide `activateRole`. */
export const teamJoinMachine = setup({
  types: { context: {} as TeamJoinContext, events: {} as TeamJoinEvent },
  actors: {
    /** Sets the invited role Active (PUT /user/{userId}/role/{roleId}). */
    activateRole: fromPromise<void, TeamJoinTarget>(async () => mustBeProvided('activateRole')),
  },
  actions: {
    setTarget: assign({ target: (_, target: TeamJoinTarget) => target, failure: null }),
    setFailure: assign({ failure: (_, error: unknown) => messageOf(error) }),
  },
}).createMachine({
  id: 'teamJoin',
  context: { target: null, failure: null },
  initial: 'choosingTeam',
  states: {
    choosingTeam: {
      meta: { description: 'The person sees the teams they belong to and the invitations they can accept.' },
      on: { 'team.join': { target: 'joiningTeam', actions: { type: 'setTarget', params: ({ event }) => event.target } } },
    },
    joiningTeam: {
      meta: { description: 'The invitation is being accepted.' },
      tags: ['pending'],
      invoke: {
        id: 'activateRole',
        src: 'activateRole',
        input: ({ context }) => context.target ?? { userId: 0, roleId: 0 },
        onDone: { target: 'joinedTeam' },
        onError: { target: 'joinFailed', actions: { type: 'setFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    joinFailed: {
      meta: { description: 'The invitation could not be accepted; the person sees a message and can try again.' },
      on: { 'team.join': { target: 'joiningTeam', actions: { type: 'setTarget', params: ({ event }) => event.target } } },
    },
    joinedTeam: {
      meta: { description: 'The person is now a member of the team and lands in it.' },
      type: 'final',
    },
  },
});

/** The machine's type. */
export type TeamJoinMachine = typeof teamJoinMachine;
