/**
 * Tests of the MFA set-up, password-recovery and change-password charts (DESIGN §6): a transition
 * tour of each (`xstate/graph` TestModel) replayed on a live actor with injected fake actors,
 * state/transition coverage asserted, and journeys that check what the person ends with.
 */
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { graphCoverage, transitionTour } from '../testing/graph-coverage';
import { mfaSetupMachine, type TotpSetupDetails } from './mfaSetup.machine';
import { passwordRecoveryMachine, recoveryErrorOf, type ResetPasswordInput } from './passwordRecovery.machine';
import { changePasswordMachine, type ChangePasswordInput } from './changePassword.machine';
import { completeProfileMachine, type ProfileNames } from './completeProfile.machine';
import { teamJoinMachine } from './teamJoin.machine';
import {
  isCompletingProfile,
  isEmailsMismatch,
  isJoiningTeam,
  isLoggingOutOfMismatch,
  isProfileCompleted,
  isTeamJoined,
  selectJoinFailure,
  selectProfileFailure,
  selectProfileFieldErrors,
} from './flows.selectors';
import { emailsDiffer, invitationMismatchMachine, type InvitationMismatchInput } from './invitationMismatch.machine';

const details: TotpSetupDetails = {
  sharedSecret: 'JBSWY3DPEHPK3PXP',
  setupUri: 'otpauth://totp/Vidbot:owner%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Vidbot',
};
const codeMismatch = Object.assign(new Error('Code mismatch'), { name: 'CodeMismatchException' });
const limitExceeded = Object.assign(new Error('Attempt limit exceeded, please try after some time.'), { name: 'LimitExceededException' });
const notAuthorized = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
const resetInput: ResetPasswordInput = { email: 'owner@example.com', code: '123456', password: 'Brand-new-pass-2' };
const changeInput: ChangePasswordInput = { oldPassword: 'Vidbot-demo-1', newPassword: 'Brand-new-pass-2' };
const names: ProfileNames = { firstName: 'Olivia', lastName: 'Owner' };
const forbidden = Object.assign(new Error('Forbidden'), { name: 'HttpError' });
const mismatch: InvitationMismatchInput = { invitationEmail: 'invited@example.com', signedInEmail: 'owner@example.com' };
const sameEmail: InvitationMismatchInput = { invitationEmail: ' Owner@Example.com', signedInEmail: 'owner@example.com' };

/** Per chart: events with payloads, the fake actors' ids, and the expected number of states. */
interface ChartCase {
  name: string;
  machine: AnyStateMachine;
  events: AnyEventObject[];
  actors: string[];
  states: number;
  /** Machine inputs to tour from (one tour each); none for machines without input. */
  inputs?: unknown[];
}

const charts: ChartCase[] = [
  {
    name: 'mfaSetup',
    machine: mfaSetupMachine,
    actors: ['setUpTotp', 'verifyTotp'],
    states: 6,
    events: [
      { type: 'mfa.submitCode', code: '123456' },
      { type: 'mfa.retry' },
      { type: 'xstate.done.actor.setUpTotp', output: details },
      { type: 'xstate.error.actor.setUpTotp', error: new TypeError('Failed to fetch') },
      { type: 'xstate.done.actor.verifyTotp', output: undefined },
      { type: 'xstate.error.actor.verifyTotp', error: codeMismatch },
    ],
  },
  {
    name: 'passwordRecovery',
    machine: passwordRecoveryMachine,
    actors: ['requestCode', 'confirmReset'],
    states: 6,
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
  },
  {
    name: 'changePassword',
    machine: changePasswordMachine,
    actors: ['updatePassword'],
    states: 3,
    events: [
      { type: 'password.change', input: changeInput },
      { type: 'password.clearError' },
      { type: 'xstate.done.actor.updatePassword', output: undefined },
      { type: 'xstate.error.actor.updatePassword', error: notAuthorized },
    ],
  },
  {
    name: 'completeProfile',
    machine: completeProfileMachine,
    actors: ['saveProfile'],
    states: 4,
    events: [
      { type: 'profile.submit', names },
      { type: 'xstate.done.actor.saveProfile', output: { kind: 'saved' } },
      { type: 'xstate.done.actor.saveProfile', output: { kind: 'invalid', fieldErrors: { firstName: 'Too long' } } },
      { type: 'xstate.error.actor.saveProfile', error: new TypeError('Failed to fetch') },
    ],
  },
  {
    name: 'teamJoin',
    machine: teamJoinMachine,
    actors: ['activateRole'],
    states: 4,
    events: [
      { type: 'team.join', target: { userId: 3, roleId: 7 } },
      { type: 'xstate.done.actor.activateRole', output: undefined },
      { type: 'xstate.error.actor.activateRole', error: forbidden },
    ],
  },
  {
    name: 'invitationMismatch',
    machine: invitationMismatchMachine,
    actors: ['logOut'],
    states: 5,
    inputs: [mismatch, sameEmail],
    events: [
      { type: 'invitation.logOut' },
      { type: 'xstate.done.actor.logOut', output: undefined },
      { type: 'xstate.error.actor.logOut', error: new TypeError('Failed to fetch') },
    ],
  },
];

function serialize(snapshot: SnapshotFrom<AnyStateMachine>): string {
  return JSON.stringify([snapshot.value, snapshot.context]);
}

function modelOf(chart: ChartCase, input: unknown) {
  return new TestModel(chart.machine, {
    input,
    events: (snapshot: SnapshotFrom<AnyStateMachine>) => {
      const running = Object.keys(snapshot.children);
      return chart.events.filter((event) => {
        const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
        return actor === undefined || running.includes(actor);
      });
    },
    serializeState: serialize,
    limit: 1000,
    stopWhen: (s: SnapshotFrom<AnyStateMachine>) => s.status !== 'active',
  } as never);
}

function harness(chart: ChartCase, input?: unknown) {
  const fakes = Object.fromEntries(chart.actors.map((id) => [id, controllablePromise<unknown, unknown>()]));
  const actors = Object.fromEntries(Object.entries(fakes).map(([id, f]) => [id, f.logic]));
  const actor = createActor(chart.machine.provide({ actors } as never), { input } as never);
  actor.start();
  return {
    actor,
    fakes,
    send: async (event: AnyEventObject) => {
      deliver(actor, event, fakes);
      await flush();
    },
  };
}

describe.each(charts.map((c) => [c.name, c] as const))('%s chart: graph tour', (_name, chart) => {
  const tour = (chart.inputs ?? [undefined]).flatMap((input, i) =>
    transitionTour(modelOf(chart, input) as never, serialize as never).map((p) => ({
      ...p,
      description: chart.inputs ? `input ${String(i)}: ${p.description}` : p.description,
      input,
    })),
  );

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(chart.machine, tour.map((p) => ({ input: p.input, events: p.events })));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toHaveLength(chart.states);
    for (const event of chart.events) expect(tour.some((p) => p.events.some((e) => e.type === event.type))).toBe(true);
  });

  it.each(tour.map((p) => [p.description, p] as const))('replays %s', async (_label, path) => {
    const h = harness(chart, path.input);
    let [expected] = initialTransition(chart.machine, path.input as never);
    for (const event of path.events) {
      [expected] = transition(chart.machine, expected, event as never);
      await h.send(event);
      const live = h.actor.getSnapshot();
      expect(live.value).toEqual(expected.value);
      expect(live.context).toEqual(expected.context);
      // Exactly the pending state has one call waiting.
      const waiting = Object.values(h.fakes).reduce((n, f) => n + f.pending.length, 0);
      expect(waiting).toBe(live.hasTag('pending') ? 1 : 0);
    }
    h.actor.stop();
  });
});

describe('MFA set-up journeys', () => {
  it('shows the secret, a refused code leads to error, a new code verifies and ends in success', async () => {
    const h = harness(charts[0]!);
    expect(h.actor.getSnapshot().value).toBe('loadingSecret');
    await h.send({ type: 'xstate.done.actor.setUpTotp', output: details });
    expect(h.actor.getSnapshot().value).toBe('initial');
    expect(h.actor.getSnapshot().context.details).toEqual(details);
    await h.send({ type: 'mfa.submitCode', code: '000000' });
    expect(h.actor.getSnapshot().value).toBe('verifying');
    expect(h.fakes.verifyTotp!.inputs).toEqual([{ code: '000000' }]);
    await h.send({ type: 'xstate.error.actor.verifyTotp', error: codeMismatch });
    expect(h.actor.getSnapshot().value).toBe('error');
    expect(h.actor.getSnapshot().context.details).toEqual(details); // QR stays
    await h.send({ type: 'mfa.submitCode', code: '123456' });
    await h.send({ type: 'xstate.done.actor.verifyTotp', output: undefined });
    expect(h.actor.getSnapshot().value).toBe('success');
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('a failed secret request can be retried', async () => {
    const h = harness(charts[0]!);
    await h.send({ type: 'xstate.error.actor.setUpTotp', error: new TypeError('Failed to fetch') });
    expect(h.actor.getSnapshot().value).toBe('loadFailed');
    expect(h.actor.getSnapshot().context.failure).toBe('Failed to fetch');
    await h.send({ type: 'mfa.retry' });
    expect(h.actor.getSnapshot().value).toBe('loadingSecret');
    expect(h.fakes.setUpTotp!.inputs).toHaveLength(2);
  });
});

describe('password recovery journeys', () => {
  it('request: loading then success with the address kept; an error returns to the form with its code', async () => {
    const h = harness(charts[1]!);
    await h.send({ type: 'password.requestCode', email: 'owner@example.com' });
    expect(h.actor.getSnapshot().value).toBe('loading');
    expect(h.fakes.requestCode!.inputs).toEqual([{ email: 'owner@example.com' }]);
    await h.send({ type: 'xstate.error.actor.requestCode', error: limitExceeded });
    expect(h.actor.getSnapshot().value).toBe('initial');
    expect(h.actor.getSnapshot().context.error).toEqual({ code: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' });
    await h.send({ type: 'password.requestCode', email: 'owner@example.com' });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    await h.send({ type: 'xstate.done.actor.requestCode', output: undefined });
    expect(h.actor.getSnapshot().value).toBe('success');
    expect(h.actor.getSnapshot().context.email).toBe('owner@example.com');
  });

  it('after the code is sent the reset form answers; a wrong code is shown and can be retried', async () => {
    const h = harness(charts[1]!);
    await h.send({ type: 'password.requestCode', email: 'owner@example.com' });
    await h.send({ type: 'xstate.done.actor.requestCode', output: undefined });
    await h.send({ type: 'password.reset', input: { ...resetInput, code: '999999' } });
    await h.send({ type: 'xstate.error.actor.confirmReset', error: codeMismatch });
    expect(h.actor.getSnapshot().value).toBe('resetFailed');
    expect(h.actor.getSnapshot().context.error?.code).toBe('CodeMismatchException');
    await h.send({ type: 'password.reset', input: resetInput });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    await h.send({ type: 'xstate.done.actor.confirmReset', output: undefined });
    expect(h.actor.getSnapshot().value).toBe('resetDone');
  });

  it('reset: the code and new password go to confirmReset; done is final', async () => {
    const h = harness(charts[1]!);
    await h.send({ type: 'password.reset', input: resetInput });
    expect(h.fakes.confirmReset!.inputs).toEqual([resetInput]);
    await h.send({ type: 'xstate.done.actor.confirmReset', output: undefined });
    expect(h.actor.getSnapshot().value).toBe('resetDone');
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('names errors by their code, with a generic fallback', () => {
    expect(recoveryErrorOf(codeMismatch)).toEqual({ code: 'CodeMismatchException', message: 'Code mismatch' });
    expect(recoveryErrorOf(new Error('x'))).toEqual({ code: null, message: 'x' });
    expect(recoveryErrorOf(42)).toEqual({ code: null, message: null });
  });
});

describe('change password journeys', () => {
  it('a refused current password returns to the form with the message; a good one ends changed', async () => {
    const h = harness(charts[2]!);
    await h.send({ type: 'password.change', input: { ...changeInput, oldPassword: 'wrong' } });
    await h.send({ type: 'xstate.error.actor.updatePassword', error: notAuthorized });
    expect(h.actor.getSnapshot().value).toBe('editing');
    expect(h.actor.getSnapshot().context.error).toEqual({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    await h.send({ type: 'password.change', input: changeInput });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    expect(h.fakes.updatePassword!.inputs[1]).toEqual(changeInput);
    await h.send({ type: 'xstate.done.actor.updatePassword', output: undefined });
    expect(h.actor.getSnapshot().value).toBe('changed');
  });
});

describe('complete-profile journeys', () => {
  it('refused names come back on the fields; accepted names end in profileCompleted', async () => {
    const h = harness(charts[3]!);
    expect(h.actor.getSnapshot().value).toBe('profileIncomplete');
    await h.send({ type: 'profile.submit', names: { firstName: 'x'.repeat(300), lastName: 'Owner' } });
    expect(h.actor.getSnapshot().value).toBe('completingProfile');
    expect(h.actor.getSnapshot().hasTag('pending')).toBe(true);
    await h.send({ type: 'xstate.done.actor.saveProfile', output: { kind: 'invalid', fieldErrors: { firstName: 'Too long' } } });
    expect(h.actor.getSnapshot().value).toBe('profileIncomplete');
    expect(h.actor.getSnapshot().context.fieldErrors).toEqual({ firstName: 'Too long' });
    await h.send({ type: 'profile.submit', names });
    expect(h.actor.getSnapshot().context.fieldErrors).toEqual({}); // cleared while saving
    expect(h.fakes.saveProfile!.inputs[1]).toEqual(names);
    await h.send({ type: 'xstate.done.actor.saveProfile', output: { kind: 'saved' } });
    expect(h.actor.getSnapshot().value).toBe('profileCompleted');
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('a failed save ends in profileFailed with the message (the app toasts it and goes to /login)', async () => {
    const h = harness(charts[3]!);
    await h.send({ type: 'profile.submit', names });
    await h.send({ type: 'xstate.error.actor.saveProfile', error: new TypeError('Failed to fetch') });
    expect(h.actor.getSnapshot().value).toBe('profileFailed');
    expect(h.actor.getSnapshot().context.failure).toBe('Failed to fetch');
    expect(h.actor.getSnapshot().status).toBe('done');
  });
});

describe('team-join journeys', () => {
  it('a refused Join shows joinFailed with the message; joining again activates the role', async () => {
    const h = harness(charts[4]!);
    expect(h.actor.getSnapshot().value).toBe('choosingTeam');
    await h.send({ type: 'team.join', target: { userId: 3, roleId: 7 } });
    expect(h.actor.getSnapshot().value).toBe('joiningTeam');
    expect(h.fakes.activateRole!.inputs).toEqual([{ userId: 3, roleId: 7 }]);
    await h.send({ type: 'xstate.error.actor.activateRole', error: forbidden });
    expect(h.actor.getSnapshot().value).toBe('joinFailed');
    expect(h.actor.getSnapshot().context.failure).toBe('Forbidden');
    await h.send({ type: 'team.join', target: { userId: 3, roleId: 8 } });
    expect(h.actor.getSnapshot().context.failure).toBeNull();
    expect(h.fakes.activateRole!.inputs[1]).toEqual({ userId: 3, roleId: 8 });
    await h.send({ type: 'xstate.done.actor.activateRole', output: undefined });
    expect(h.actor.getSnapshot().value).toBe('joinedTeam');
    expect(h.actor.getSnapshot().status).toBe('done');
  });
});

describe('invitation e-mails-mismatch journeys', () => {
  it('a different signed-in e-mail shows the mismatch screen; Log Out signs out and ends', async () => {
    const h = harness(charts[5]!, mismatch);
    expect(h.actor.getSnapshot().value).toBe('emailsMismatch');
    await h.send({ type: 'invitation.logOut' });
    expect(h.actor.getSnapshot().value).toBe('loggingOut');
    expect(h.fakes.logOut!.pending).toHaveLength(1);
    await h.send({ type: 'xstate.done.actor.logOut', output: undefined });
    expect(h.actor.getSnapshot().value).toBe('loggedOut');
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('the same e-mail (any case) or none stored is no mismatch', () => {
    const same = createActor(invitationMismatchMachine, { input: sameEmail }).start();
    expect(same.getSnapshot().value).toBe('emailsMatch');
    expect(emailsDiffer({ invitationEmail: null, signedInEmail: 'owner@example.com' })).toBe(false);
    expect(emailsDiffer({ invitationEmail: '', signedInEmail: 'owner@example.com' })).toBe(false);
    expect(emailsDiffer(mismatch)).toBe(true);
  });
});

describe('child-flow selectors', () => {
  it('read what the complete-profile, team-select and join views show', async () => {
    const profile = harness(charts[3]!);
    await profile.send({ type: 'profile.submit', names });
    expect(isCompletingProfile(profile.actor.getSnapshot())).toBe(true);
    await profile.send({ type: 'xstate.done.actor.saveProfile', output: { kind: 'invalid', fieldErrors: { lastName: 'Required' } } });
    expect(isCompletingProfile(profile.actor.getSnapshot())).toBe(false);
    expect(selectProfileFieldErrors(profile.actor.getSnapshot())).toEqual({ lastName: 'Required' });
    expect(selectProfileFailure(profile.actor.getSnapshot())).toBeNull();
    await profile.send({ type: 'profile.submit', names });
    await profile.send({ type: 'xstate.error.actor.saveProfile', error: new Error('Server down') });
    expect(selectProfileFailure(profile.actor.getSnapshot())).toBe('Server down');
    expect(isProfileCompleted(profile.actor.getSnapshot())).toBe(false);

    const join = harness(charts[4]!);
    await join.send({ type: 'team.join', target: { userId: 1, roleId: 2 } });
    expect(isJoiningTeam(join.actor.getSnapshot())).toBe(true);
    await join.send({ type: 'xstate.error.actor.activateRole', error: forbidden });
    expect(selectJoinFailure(join.actor.getSnapshot())).toBe('Forbidden');
    await join.send({ type: 'team.join', target: { userId: 1, roleId: 2 } });
    expect(selectJoinFailure(join.actor.getSnapshot())).toBeNull();
    await join.send({ type: 'xstate.done.actor.activateRole', output: undefined });
    expect(isTeamJoined(join.actor.getSnapshot())).toBe(true);

    const mismatchFlow = harness(charts[5]!, mismatch);
    expect(isEmailsMismatch(mismatchFlow.actor.getSnapshot())).toBe(true);
    expect(isLoggingOutOfMismatch(mismatchFlow.actor.getSnapshot())).toBe(false);
    await mismatchFlow.send({ type: 'invitation.logOut' });
    expect(isLoggingOutOfMismatch(mismatchFlow.actor.getSnapshot())).toBe(true);
    expect(isEmailsMismatch(harness(charts[5]!, sameEmail).actor.getSnapshot())).toBe(false);
  });
});
