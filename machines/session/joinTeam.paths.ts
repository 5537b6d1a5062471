/**
 * Path fixtures of the join-team chart (joinTeam.machine.ts; issue 14 path sources): what the app
 * edge decides for a link, what the server answers to the sign-up and the join, and the session's
 * sign-in answers.
 */
import type { ChartCase } from './chartCase';
import { joinTeamMachine, type CreateAccountResult, type JoinDecision, type JoinTeamInput, type SignUpDetails } from './joinTeam.machine';

/** An invitation link with a token. */
export const linkInput: JoinTeamInput = { search: { token: 'tok-1', email: 'invited@example.com' } };

/** The decisions the app edge can make for a link. */
export const decisions = {
  signUp: { kind: 'signUp', invitation: { email: 'invited@example.com', accountId: 4, accountName: 'Acme' } },
  login: { kind: 'login' },
  wrongUser: { kind: 'wrongUser', returnHere: false },
  emailsMismatch: { kind: 'emailsMismatch', invitationEmail: 'invited@example.com', signedInEmail: 'owner@example.com' },
  confirm: {
    kind: 'confirm',
    user: { id: 3, email: 'invited@example.com' },
    role: { id: 7, role: 'Editor', accountId: 4 },
    accountName: 'Acme',
    accountPublicId: 'acme',
  },
  noRole: { kind: 'confirm', user: { id: 3, email: 'invited@example.com' }, role: null, accountName: 'Acme', accountPublicId: 'acme' },
  invalidLink: { kind: 'invalidLink' },
  error: { kind: 'error', message: 'Service unavailable' },
} satisfies Record<string, JoinDecision>;

/** The sign-up form as the invited person fills it in. */
export const signUpDetails: SignUpDetails = { firstName: 'Ina', lastName: 'Invited', password: 'Vidbot-demo-1', offers: false };

/** The server's answers to the sign-up. */
export const createAnswers = {
  created: { kind: 'created', email: 'invited@example.com', accountId: 4, accountPublicId: 'acme' },
  refused: { kind: 'refused', failure: { code: 'invitationInvalid', fieldErrors: null } },
} satisfies Record<string, CreateAccountResult>;

/** The session refuses the new password (as the identity provider would). */
export const signInRefused = { code: 'NotAuthorizedException', message: 'Incorrect username or password.' };

/** The join-team chart case. */
export const joinTeamChart: ChartCase = {
  name: 'joinTeam',
  machine: joinTeamMachine,
  actors: ['decideJoin', 'createAccount', 'signIn', 'signOut', 'activateRole'],
  states: 17,
  inputs: { default: linkInput },
  events: [
    ...Object.values(decisions).map((output) => ({ type: 'xstate.done.actor.decideJoin', output })),
    { type: 'xstate.error.actor.decideJoin', error: new TypeError('Failed to fetch') },
    { type: 'join.signUp', details: signUpDetails },
    { type: 'xstate.done.actor.createAccount', output: createAnswers.created },
    { type: 'xstate.done.actor.createAccount', output: createAnswers.refused },
    { type: 'xstate.error.actor.createAccount', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.signIn', output: undefined },
    { type: 'xstate.error.actor.signIn', error: signInRefused },
    { type: 'xstate.done.actor.signOut', output: undefined },
    { type: 'xstate.error.actor.signOut', error: new TypeError('Failed to fetch') },
    { type: 'join.confirm' },
    { type: 'xstate.done.actor.activateRole', output: undefined },
    { type: 'xstate.error.actor.activateRole', error: Object.assign(new Error('Forbidden'), { name: 'HttpError' }) },
    { type: 'join.logOut' },
  ],
};
