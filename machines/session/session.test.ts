/**
 * Session machine tests (DESIGN §6): graph paths replayed on a live actor with injected fake actors,
 * state/transition coverage computed from those paths, and hand-written journeys for the loops.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import { provideSessionActors, sessionMachine, type ConfirmSignInInput, type SessionEvent, type SessionUser, type SignInCredentials, type SignInOutcome } from './session.machine';
import {
  canSignIn,
  isChoosingNewPassword,
  isConfirmingSignIn,
  isEnteringTotpCode,
  isSessionPending,
  isSettingUpTotp,
  isSignInContinuing,
  selectChallenge,
  isSessionSettled,
  isSignedIn,
  isSignedOut,
  isSigningIn,
  isSigningOut,
  selectSessionUser,
  selectSignInError,
} from './session.selectors';
import type { SignInResult } from './signIn.machine';
import { type SessionPathEvent, codeMismatchError, notAuthorizedError, outcomes, passwordPolicyError, pathUser, sessionCoverage, sessionGraph, sessionTour, type WalkedStep } from './session.paths';

interface Pending<TOut, TIn> {
  input: TIn;
  resolve: (v: TOut) => void;
  reject: (e: unknown) => void;
}

/**
 * A session actor whose side effects the test settles by hand. `flow: 'real'` runs the real sign-in
 * flow (signIn.machine.ts) as the child, with its `signIn` / `confirmSignIn` settled by hand;
 * `flow: 'fake'` replaces the whole flow by one hand-settled run whose output is the flow's result
 * (the parent's own paths).
 */
function createHarness(flow: 'real' | 'fake' = 'real') {
  const pending: Record<string, Pending<unknown, unknown>[]> = {
    loadSession: [],
    signIn: [],
    confirmSignIn: [],
    refreshSession: [],
    signOut: [],
  };
  const promiseFake = <TOut, TIn>(id: string) =>
    fromPromise<TOut, TIn>(
      ({ input }) =>
        new Promise<TOut>((resolve, reject) => {
          pending[id]!.push({ input, resolve: resolve as (v: unknown) => void, reject });
        }),
    );
  const hub = { sendBack: null as null | ((e: SessionEvent) => void), stopped: false, starts: 0 };
  const actors = {
    loadSession: promiseFake<SessionUser | null, unknown>('loadSession'),
    signIn: promiseFake<SignInOutcome, SignInCredentials>('signIn'),
    confirmSignIn: promiseFake<SignInOutcome, ConfirmSignInInput>('confirmSignIn'),
    refreshSession: promiseFake<SessionUser, unknown>('refreshSession'),
    signOut: promiseFake<void, unknown>('signOut'),
    listenToAuthHub: fromCallback<SessionEvent>(({ sendBack }) => {
      hub.starts += 1;
      hub.sendBack = sendBack;
      return () => {
        hub.stopped = true;
      };
    }),
  };
  const machine =
    flow === 'real'
      ? provideSessionActors(actors)
      : sessionMachine.provide({ actors: { ...actors, signInFlow: promiseFake<SignInResult, SignInCredentials>('signIn') } as never });
  const actor = createActor(machine);
  actor.start();
  return { actor, pending, hub };
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0));

/** Delivers one path event the way the real world would produce it. */
async function deliver(h: ReturnType<typeof createHarness>, event: SessionPathEvent): Promise<void> {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m) {
    const run = h.pending[m[2]!]!.shift();
    if (!run) throw new Error(`no pending run of ${m[2]} for ${event.type}`);
    if ('output' in event) run.resolve(event.output);
    else if ('error' in event) run.reject(event.error);
    await flush();
    return;
  }
  if (event.type === 'session.hubEvent') {
    // Hub events come in through the invoked listener, as aws-amplify's Hub would send them.
    h.hub.sendBack!(event);
  } else {
    h.actor.send(event as SessionEvent);
  }
  await flush();
}

function valueOf(actor: Actor<typeof sessionMachine>): string {
  return String(actor.getSnapshot().value);
}

describe('session machine graph paths', () => {
  const tour = sessionTour();

  it('generates a tour that reaches every state and takes every transition', () => {
    const walks: WalkedStep[][] = tour.map((path) => {
      let from = 'checkingSession';
      return path.steps.map((s) => {
        const step = { from, event: s.event, to: String(s.expected.value) };
        from = step.to;
        return step;
      });
    });
    const coverage = sessionCoverage(walks, 'checkingSession');
    const graph = sessionGraph();
    expect(graph.states).toHaveLength(6);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.states.covered).toHaveLength(graph.states.length);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.transitions.covered).toHaveLength(graph.transitions.length);
    // every event type of the machine appears in some path
    const eventTypes = new Set(tour.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of ['session.signIn', 'session.submitNewPassword', 'session.submitTotpCode', 'session.cancelSignIn', 'session.signOut', 'session.refresh', 'session.hubEvent', 'session.clearError', 'session.signInChanged']) {
      expect(eventTypes).toContain(type);
    }
  });

  it.each(tour.map((p) => [p.description, p] as const))('replays %s on a live actor with injected actors', async (_label, path) => {
    const h = createHarness('fake');
    expect(valueOf(h.actor)).toBe('checkingSession');
    for (const step of path.steps) {
      await deliver(h, step.event);
      const live = h.actor.getSnapshot();
      expect(live.value).toEqual(step.expected.value);
      expect(live.context).toEqual(step.expected.context);
      expect(live.hasTag('pending')).toBe(step.expected.hasTag('pending'));
    }
    h.actor.stop();
  });
});

describe('session machine journeys', () => {
  it('restores a stored session, then signs out and clears the user', async () => {
    const h = createHarness();
    expect(isSessionPending(h.actor.getSnapshot())).toBe(true);
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: pathUser });
    expect(isSignedIn(h.actor.getSnapshot())).toBe(true);
    expect(selectSessionUser(h.actor.getSnapshot())).toEqual(pathUser);
    h.actor.send({ type: 'session.signOut' });
    expect(isSigningOut(h.actor.getSnapshot())).toBe(true);
    await deliver(h, { type: 'xstate.done.actor.signOut', output: undefined });
    expect(isSignedOut(h.actor.getSnapshot())).toBe(true);
    expect(selectSessionUser(h.actor.getSnapshot())).toBeNull();
  });

  it('passes the credentials to signIn, shows the failure, and clears it on the next attempt', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: null });
    expect(canSignIn(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'session.signIn', credentials: { email: 'owner@example.com', password: 'wrong' } });
    expect(isSigningIn(h.actor.getSnapshot())).toBe(true);
    expect(canSignIn(h.actor.getSnapshot())).toBe(false);
    expect(h.pending.signIn![0]!.input).toEqual({ email: 'owner@example.com', password: 'wrong' });
    await deliver(h, { type: 'xstate.error.actor.signIn', error: notAuthorizedError });
    expect(isSignedOut(h.actor.getSnapshot())).toBe(true);
    expect(selectSignInError(h.actor.getSnapshot())).toEqual({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });

    h.actor.send({ type: 'session.signIn', credentials: { email: 'owner@example.com', password: 'Vidbot-demo-1' } });
    expect(selectSignInError(h.actor.getSnapshot())).toBeNull();
    await deliver(h, { type: 'xstate.done.actor.signIn', output: outcomes.signedIn });
    expect(isSignedIn(h.actor.getSnapshot())).toBe(true);
    expect(isSessionSettled(h.actor.getSnapshot())).toBe(true);
  });

  it('keeps the failure untranslated and without an invented message when it has none', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: null });
    h.actor.send({ type: 'session.signIn', credentials: { email: 'a@b.fi', password: 'x' } });
    await deliver(h, { type: 'xstate.error.actor.signIn', error: {} });
    expect(selectSignInError(h.actor.getSnapshot())).toEqual({ code: null, message: null });
  });

  it('refreshes tokens and signs out when the refresh fails', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: pathUser });
    h.actor.send({ type: 'session.refresh' });
    expect(isSignedIn(h.actor.getSnapshot())).toBe(true); // refreshing still counts as signed in
    await deliver(h, { type: 'xstate.done.actor.refreshSession', output: pathUser });
    expect(valueOf(h.actor)).toBe('signedIn');
    h.actor.send({ type: 'session.refresh' });
    await deliver(h, { type: 'xstate.error.actor.refreshSession', error: new Error('expired') });
    expect(valueOf(h.actor)).toBe('signingOut');
    await deliver(h, { type: 'xstate.error.actor.signOut', error: new TypeError('Failed to fetch') });
    expect(valueOf(h.actor)).toBe('signedOut');
    expect(selectSessionUser(h.actor.getSnapshot())).toBeNull();
  });

  it('follows hub events: another tab signs out, then signs in again', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: pathUser });
    await deliver(h, { type: 'session.hubEvent', event: 'tokenRefresh' });
    expect(valueOf(h.actor)).toBe('signedIn');
    await deliver(h, { type: 'session.hubEvent', event: 'signedOut' });
    expect(valueOf(h.actor)).toBe('signedOut');
    await deliver(h, { type: 'session.hubEvent', event: 'signedIn' });
    expect(valueOf(h.actor)).toBe('checkingSession');
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: pathUser });
    expect(valueOf(h.actor)).toBe('signedIn');
    await deliver(h, { type: 'session.hubEvent', event: 'tokenRefresh_failure' });
    expect(valueOf(h.actor)).toBe('signingOut');
  });

  it('keeps one hub listener for the whole life of the actor and stops it with the actor', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: null });
    h.actor.send({ type: 'session.signIn', credentials: { email: 'owner@example.com', password: 'Vidbot-demo-1' } });
    await deliver(h, { type: 'xstate.done.actor.signIn', output: outcomes.signedIn });
    expect(h.hub.starts).toBe(1);
    expect(h.hub.stopped).toBe(false);
    h.actor.stop();
    expect(h.hub.stopped).toBe(true);
  });

  it('first sign-in: new password, a refused one keeps the step with the message, then TOTP code, then signed in', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: null });
    h.actor.send({ type: 'session.signIn', credentials: { email: 'owner@example.com', password: 'Temp-pass-1' } });
    await deliver(h, { type: 'xstate.done.actor.signIn', output: outcomes.newPassword });
    let s = h.actor.getSnapshot();
    expect(isChoosingNewPassword(s)).toBe(true);
    expect(isSignInContinuing(s)).toBe(true);
    expect(isSignedIn(s)).toBe(false);
    expect(isSessionSettled(s)).toBe(true); // guards do not wait on a challenge
    expect(selectChallenge(s)).toEqual({ step: 'newPasswordRequired', email: 'owner@example.com' });

    h.actor.send({ type: 'session.submitNewPassword', password: 'short' });
    expect(isConfirmingSignIn(h.actor.getSnapshot())).toBe(true);
    expect(h.pending.confirmSignIn![0]!.input).toEqual({ step: 'newPasswordRequired', response: 'short', email: 'owner@example.com' });
    await deliver(h, { type: 'xstate.error.actor.confirmSignIn', error: passwordPolicyError });
    s = h.actor.getSnapshot();
    expect(isChoosingNewPassword(s)).toBe(true);
    expect(selectSignInError(s)).toEqual({ code: passwordPolicyError.name, message: 'Password does not conform to policy: Password not long enough' });

    h.actor.send({ type: 'session.submitNewPassword', password: 'Brand-new-pass-2' });
    expect(selectSignInError(h.actor.getSnapshot())).toBeNull();
    await deliver(h, { type: 'xstate.done.actor.confirmSignIn', output: outcomes.totpCode });
    expect(isEnteringTotpCode(h.actor.getSnapshot())).toBe(true);

    h.actor.send({ type: 'session.submitTotpCode', code: '000000' });
    expect(h.pending.confirmSignIn![0]!.input).toEqual({ step: 'totpRequired', response: '000000', email: 'owner@example.com' });
    await deliver(h, { type: 'xstate.error.actor.confirmSignIn', error: codeMismatchError });
    expect(isEnteringTotpCode(h.actor.getSnapshot())).toBe(true);
    expect(selectSignInError(h.actor.getSnapshot())).toEqual({ code: 'CodeMismatchException', message: 'Invalid code received for user' });
    h.actor.send({ type: 'session.submitTotpCode', code: '123456' });
    await deliver(h, { type: 'xstate.done.actor.confirmSignIn', output: outcomes.signedIn });
    s = h.actor.getSnapshot();
    expect(isSignedIn(s)).toBe(true);
    expect(selectChallenge(s)).toBeNull();
    expect(selectSessionUser(s)).toEqual(pathUser);
  });

  it('TOTP set-up at sign-in carries the secret and URI; cancelling returns to signed out without a challenge', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: null });
    h.actor.send({ type: 'session.signIn', credentials: { email: 'owner@example.com', password: 'Vidbot-demo-1' } });
    await deliver(h, { type: 'xstate.done.actor.signIn', output: outcomes.totpSetup });
    const s = h.actor.getSnapshot();
    expect(isSettingUpTotp(s)).toBe(true);
    expect(selectChallenge(s)?.sharedSecret).toBe('JBSWY3DPEHPK3PXP');
    expect(selectChallenge(s)?.totpSetupUri).toMatch(/^otpauth:\/\/totp\//);
    h.actor.send({ type: 'session.submitTotpCode', code: '111111' });
    expect(h.pending.confirmSignIn![0]!.input).toEqual({ step: 'totpSetup', response: '111111', email: 'owner@example.com' });
    await deliver(h, { type: 'xstate.error.actor.confirmSignIn', error: codeMismatchError });
    expect(isSettingUpTotp(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'session.clearError' });
    expect(selectSignInError(h.actor.getSnapshot())).toBeNull();
    h.actor.send({ type: 'session.cancelSignIn' });
    expect(isSignedOut(h.actor.getSnapshot())).toBe(true);
    expect(selectChallenge(h.actor.getSnapshot())).toBeNull();
    expect(canSignIn(h.actor.getSnapshot())).toBe(true);
  });

  it('a reload loses the pending step: the new machine settles signed out without a challenge', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: null });
    expect(isChoosingNewPassword(h.actor.getSnapshot())).toBe(false);
    expect(selectChallenge(h.actor.getSnapshot())).toBeNull();
  });

  it('emits a new session snapshot each time the sign-in flow moves, so screens bound to the session follow it', async () => {
    const h = createHarness();
    await deliver(h, { type: 'xstate.done.actor.loadSession', output: null });
    const snapshots: ReturnType<typeof h.actor.getSnapshot>[] = [];
    const sub = h.actor.subscribe((s) => snapshots.push(s));
    h.actor.send({ type: 'session.signIn', credentials: { email: 'owner@example.com', password: 'Temp-pass-1' } });
    await deliver(h, { type: 'xstate.done.actor.signIn', output: outcomes.newPassword });
    h.actor.send({ type: 'session.submitNewPassword', password: 'short' });
    await deliver(h, { type: 'xstate.error.actor.confirmSignIn', error: passwordPolicyError });
    h.actor.send({ type: 'session.clearError' });
    await flush();
    sub.unsubscribe();
    // Read afterwards: each snapshot object must itself carry what the screen showed then (React compares snapshots by identity).
    const seen = snapshots.map((s) => [isSigningIn(s), isChoosingNewPassword(s), isConfirmingSignIn(s), selectSignInError(s)?.code ?? null].join());
    // Each distinct view appears as its own emitted snapshot, in order (selector values, not just the child's state).
    const distinct = seen.filter((v, i) => v !== seen[i - 1]);
    expect(distinct).toEqual([
      'false,false,false,', // authenticating before the flow's first report
      'true,false,false,',
      'false,true,false,',
      'false,false,true,',
      'false,true,false,InvalidPasswordException',
      'false,true,false,',
    ]);
  });

  it('refuses to run without provided actors', async () => {
    const errors: unknown[] = [];
    const actor = createActor(sessionMachine);
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    await flush();
    expect(String(errors[0])).toMatch(/must be provided/);
  });
});

describe('forgot-password flow as the session child', () => {
  function start() {
    const requested: unknown[] = [];
    const resets: unknown[] = [];
    const machine = provideSessionActors({
      loadSession: fromPromise<SessionUser | null>(async () => null),
      signIn: fromPromise<SignInOutcome, SignInCredentials>(async () => ({ kind: 'signedIn', user: pathUser })),
      confirmSignIn: fromPromise<SignInOutcome, ConfirmSignInInput>(async () => ({ kind: 'signedIn', user: pathUser })),
      refreshSession: fromPromise<SessionUser>(async () => pathUser),
      signOut: fromPromise<void>(async () => undefined),
      listenToAuthHub: fromCallback<SessionEvent>(() => () => undefined),
      requestCode: fromPromise<void, { email: string }>(async ({ input }) => void requested.push(input)),
      confirmReset: fromPromise<void, { email: string; code: string; password: string }>(async ({ input }) => void resets.push(input)),
    });
    const actor = createActor(machine).start();
    const recovery = () => actor.getSnapshot().children.passwordRecovery as unknown as Actor<never> | undefined;
    return { actor, recovery, requested, resets };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('runs from recoverPassword to endPasswordRecovery, with the password events forwarded to it', async () => {
    const h = start();
    h.actor.send({ type: 'password.requestCode', email: 'ignored@example.com' }); // no flow yet: ignored
    expect(h.recovery()).toBeUndefined();
    h.actor.send({ type: 'session.recoverPassword' });
    const flow = h.recovery();
    expect(flow).toBeDefined();
    h.actor.send({ type: 'password.requestCode', email: 'owner@example.com' });
    await settle();
    expect(h.requested).toEqual([{ email: 'owner@example.com' }]);
    expect((flow!.getSnapshot() as { value: unknown }).value).toBe('success');
    h.actor.send({ type: 'password.reset', input: { email: 'owner@example.com', code: '123456', password: 'Brand-new-pass-2' } });
    await settle();
    expect(h.resets).toEqual([{ email: 'owner@example.com', code: '123456', password: 'Brand-new-pass-2' }]);
    expect((flow!.getSnapshot() as { value: unknown }).value).toBe('resetDone');
    h.actor.send({ type: 'session.endPasswordRecovery' });
    expect(h.recovery()).toBeUndefined();
    expect(h.actor.getSnapshot().context.recovering).toBe(false);
  });

  it('a new start replaces a running flow with a fresh one', async () => {
    const h = start();
    h.actor.send({ type: 'session.recoverPassword' });
    h.actor.send({ type: 'password.requestCode', email: 'owner@example.com' });
    await settle();
    h.actor.send({ type: 'session.recoverPassword' });
    expect((h.recovery()!.getSnapshot() as { value: unknown }).value).toBe('initial');
  });
});
