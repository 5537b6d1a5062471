/**
 * Tests of the small session charts — sign-in flow, MFA set-up, password recovery, change password,
 * complete profile, team join, e-mails mismatch (DESIGN §6; fixtures in each `<name>.paths.ts`): a
 * transition tour of each (`xstate/graph` TestModel) replayed on a live actor with injected fake actors,
 * state/transition coverage asserted, and journeys that check what the person ends with.
 */
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyEventObject } from 'xstate';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { graphCoverage, transitionTour } from '../testing/graph-coverage';
import { chartTestModel, serializeChart, type ChartCase } from './chartCase';
import { recoveryErrorOf } from './passwordRecovery.machine';
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
import { emailsDiffer, invitationMismatchMachine } from './invitationMismatch.machine';
import { codeMismatch, mfaSetupChart, totpDetails } from './mfaSetup.paths';
import { limitExceeded, passwordRecoveryChart, resetInput as recoveryResetInput } from './passwordRecovery.paths';
import { changeInput as passwordChangeInput, changePasswordChart, notAuthorized } from './changePassword.paths';
import { completeProfileChart, profileNames } from './completeProfile.paths';
import { forbidden, teamJoinChart } from './teamJoin.paths';
import { invitationMismatchChart, mismatchInput, sameEmailInput } from './invitationMismatch.paths';
import { signInChart } from './signIn.paths';
import { createAnswers, decisions, joinTeamChart, linkInput, signInRefused, signUpDetails } from './joinTeam.paths';

const details = totpDetails;
const resetInput = recoveryResetInput;
const changeInput = passwordChangeInput;
const names = profileNames;
const mismatch = mismatchInput;
const sameEmail = sameEmailInput;

const charts: ChartCase[] = [mfaSetupChart, passwordRecoveryChart, changePasswordChart, completeProfileChart, teamJoinChart, invitationMismatchChart, signInChart, joinTeamChart];

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
  const named = Object.entries(chart.inputs);
  const tour = named.flatMap(([inputName, input]) =>
    transitionTour(chartTestModel(chart, input) as never, serializeChart as never).map((p) => ({
      ...p,
      description: named.length > 1 ? `${inputName}: ${p.description}` : p.description,
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

describe('join-team journeys', () => {
  const join = () => harness(joinTeamChart, linkInput);

  it('a new person signs up, is signed in with the new password and lands in the account', async () => {
    const h = join();
    expect(h.fakes.decideJoin!.inputs).toEqual([linkInput.search]);
    await h.send({ type: 'xstate.done.actor.decideJoin', output: decisions.signUp });
    expect(h.actor.getSnapshot().value).toBe('signUp');
    await h.send({ type: 'join.signUp', details: signUpDetails });
    expect(h.fakes.createAccount!.inputs).toEqual([{ ...signUpDetails, email: 'invited@example.com', accountId: 4, token: 'tok-1' }]);
    await h.send({ type: 'xstate.done.actor.createAccount', output: createAnswers.created });
    expect(h.fakes.signIn!.inputs).toEqual([{ email: 'invited@example.com', password: signUpDetails.password }]);
    await h.send({ type: 'xstate.done.actor.signIn', output: undefined });
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'joined', accountId: 4, accountPublicId: 'acme' });
    expect(h.actor.getSnapshot().context.signUp).toBeNull(); // the password is not kept
  });

  it('a refused sign-up returns to the form with the reason and emits join.failed', async () => {
    const h = join();
    const failed: unknown[] = [];
    h.actor.on('join.failed', (e) => failed.push(e));
    await h.send({ type: 'xstate.done.actor.decideJoin', output: decisions.signUp });
    await h.send({ type: 'join.signUp', details: signUpDetails });
    await h.send({ type: 'xstate.done.actor.createAccount', output: createAnswers.refused });
    expect(h.actor.getSnapshot().value).toBe('signUp');
    expect(h.actor.getSnapshot().context.signUpFailure).toEqual(createAnswers.refused.failure);
    expect(failed).toHaveLength(1);
  });

  it('a failed sign-in after the sign-up keeps the reason', async () => {
    const h = join();
    await h.send({ type: 'xstate.done.actor.decideJoin', output: decisions.signUp });
    await h.send({ type: 'join.signUp', details: signUpDetails });
    await h.send({ type: 'xstate.done.actor.createAccount', output: createAnswers.created });
    await h.send({ type: 'xstate.error.actor.signIn', error: signInRefused });
    expect(h.actor.getSnapshot().value).toBe('signInFailed');
    expect(h.actor.getSnapshot().context.signInFailure).toEqual(signInRefused);
  });

  it('a signed-in invited person confirms with Join; a refusal stays on the confirmation', async () => {
    const h = join();
    const failed: unknown[] = [];
    h.actor.on('join.failed', (e) => failed.push(e));
    await h.send({ type: 'xstate.done.actor.decideJoin', output: decisions.confirm });
    expect(h.actor.getSnapshot().value).toBe('confirming');
    await h.send({ type: 'join.confirm' });
    expect(h.fakes.activateRole!.inputs).toEqual([{ userId: 3, roleId: 7 }]);
    await h.send({ type: 'xstate.error.actor.activateRole', error: forbidden });
    expect(h.actor.getSnapshot().value).toBe('confirming');
    expect(failed).toHaveLength(1);
    await h.send({ type: 'join.confirm' });
    await h.send({ type: 'xstate.done.actor.activateRole', output: undefined });
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'joined', accountId: 4, accountPublicId: 'acme' });
  });

  it('someone else signed in is signed out and sent to sign-in; a guest with an account is sent to sign-in', async () => {
    const h = join();
    await h.send({ type: 'xstate.done.actor.decideJoin', output: decisions.wrongUser });
    expect(h.actor.getSnapshot().value).toBe('signingOutWrongUser');
    await h.send({ type: 'xstate.done.actor.signOut', output: undefined });
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'wrongUser', returnHere: false });
    const guest = join();
    await guest.send({ type: 'xstate.done.actor.decideJoin', output: decisions.login });
    expect(guest.actor.getSnapshot().output).toEqual({ kind: 'login' });
  });

  it('e-mails mismatch: Log Out signs out; a broken link or lookup shows its screen', async () => {
    const h = join();
    await h.send({ type: 'xstate.done.actor.decideJoin', output: decisions.emailsMismatch });
    expect(h.actor.getSnapshot().value).toBe('emailsMismatch');
    await h.send({ type: 'join.logOut' });
    await h.send({ type: 'xstate.done.actor.signOut', output: undefined });
    expect(h.actor.getSnapshot().output).toEqual({ kind: 'loggedOut' });
    const bad = join();
    await bad.send({ type: 'xstate.done.actor.decideJoin', output: decisions.error });
    expect(bad.actor.getSnapshot().value).toBe('loadFailed');
    expect(bad.actor.getSnapshot().context.loadFailure).toBe('Service unavailable');
    const none = join();
    await none.send({ type: 'xstate.done.actor.decideJoin', output: decisions.noRole });
    expect(none.actor.getSnapshot().value).toBe('noPendingInvitation');
  });
});
