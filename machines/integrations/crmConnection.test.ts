/**
 * CRM connection chart tests: the catalog's paths (tour of each input) replayed on a live actor with
 * fake actors and invariants at every step, state and transition coverage from those paths, and
 * journeys for issue 15 "Integrations" / spec 002 §4: OAuth connect and callback, API key with a
 * refused key, broken connection with Reconnect, disconnect with confirmation.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition, type AnyEventObject } from 'xstate';
import { crmConnectionMachine, type CrmConnectionInput } from './crmConnection.machine';
import type { CompleteOAuthInput, CrmRecord, CrmTarget, RedirectInput, StartOAuthOutput, VerifyKeyInput } from './crmConnection.actors';
import { brokenRecord, connectedRecord, crmConnectionPathInputs, invalidStateError, keyRefusedError, notConfiguredError, serverError } from './crmConnection.paths';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { catalogRuns } from '../testing/catalog-runs';
import { graphCoverage } from '../testing/graph-coverage';
import { selectCardState, selectCheckingKey, selectConfirmOpen, selectConnectionError, selectFailure, selectIsBusy, selectKeyDialogOpen, selectUser } from './crmConnection.selectors';

function harness(input: CrmConnectionInput) {
  const startOAuth = controllablePromise<StartOAuthOutput, CrmTarget>();
  const redirect = controllablePromise<void, RedirectInput>();
  const verifyKey = controllablePromise<CrmRecord, VerifyKeyInput>();
  const completeOAuth = controllablePromise<CrmRecord, CompleteOAuthInput>();
  const disconnect = controllablePromise<void, CrmTarget>();
  const promises = { startOAuth, redirect, verifyKey, completeOAuth, disconnect };
  const notifyConnected = vi.fn();
  const notifyConnectFailed = vi.fn();
  const machine = crmConnectionMachine.provide({
    actors: { startOAuth: startOAuth.logic, redirect: redirect.logic, verifyKey: verifyKey.logic, completeOAuth: completeOAuth.logic, disconnect: disconnect.logic },
    actions: { notifyConnected, notifyConnectFailed },
  });
  const actor = createActor(machine, { input }).start();
  const send = async (event: AnyEventObject) => {
    const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] as keyof typeof promises | undefined;
    if (id && promises[id]) promises[id].pending.splice(0, promises[id].pending.length - 1);
    deliver(actor, event, promises);
    await flush();
  };
  const snap = () => actor.getSnapshot();
  return { actor, send, snap, notifyConnected, notifyConnectFailed, ...promises };
}

type Harness = ReturnType<typeof harness>;

function checkInvariants(h: Harness, input: CrmConnectionInput) {
  const s = h.snap();
  const expected = [
    ['startOAuth', s.matches({ connecting: 'startingOAuth' })],
    ['redirect', s.matches({ connecting: 'redirecting' })],
    ['verifyKey', s.matches({ connecting: 'checkingKey' })],
    ['completeOAuth', s.matches({ connecting: 'completingOAuth' })],
    ['disconnect', s.matches('disconnecting')],
  ] as const;
  expect(Object.keys(s.children).sort()).toEqual(expected.filter(([, on]) => on).map(([id]) => id).sort());
  const target = { accountId: input.accountId, integrationType: input.integrationType };
  if (s.matches({ connecting: 'checkingKey' })) expect(h.verifyKey.pending.at(-1)?.input).toEqual({ ...target, apiKey: 'pd-test-token' });
  if (s.matches({ connecting: 'completingOAuth' })) expect(h.completeOAuth.pending.at(-1)?.input).toEqual({ ...target, ...input.callback });
  // An API-key CRM never goes through the OAuth states, an OAuth CRM never asks for a key.
  if (input.auth === 'apiKey') expect(s.matches({ connecting: 'startingOAuth' }) || s.matches({ connecting: 'redirecting' })).toBe(false);
  else expect(s.matches('enteringKey') || s.matches({ connecting: 'checkingKey' })).toBe(false);
  // The key leaves memory once the check is over; the callback is completed at most once.
  if (!s.matches('enteringKey') && !s.matches({ connecting: 'checkingKey' })) expect(s.context.apiKey).toBe('');
  expect(h.completeOAuth.inputs.length).toBeLessThanOrEqual(1);
  if (s.matches('connected')) expect(s.context.record.state).toBe('connected');
  if (s.matches('notConnected')) expect(s.context.record.state).toBe('not_connected');
  expect(selectIsBusy(s)).toBe(s.hasTag('pending'));
}

describe('crmConnection chart: graph tour', () => {
  const runs = catalogRuns('crmConnection');

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(
      crmConnectionMachine,
      runs.map((r) => ({ input: r.input, events: r.events })),
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  }, 60_000);

  it.each(runs.map((r) => [`${r.inputName}: ${r.description}`, r] as const))('%s', async (_label, run) => {
    const input = run.input as CrmConnectionInput;
    const h = harness(input);
    let [expected] = initialTransition(crmConnectionMachine, input);
    expect(h.snap().value).toEqual(expected.value);
    for (const event of run.events) {
      [expected] = transition(crmConnectionMachine, expected, event as never);
      await h.send(event);
      expect(h.snap().value).toEqual(expected.value);
      expect(h.snap().context).toEqual(expected.context);
      checkInvariants(h, input);
    }
    h.actor.stop();
  });
});

describe('crmConnection chart: journeys', () => {
  it('OAuth: Connect asks the server for the signed authorize URL and leaves for it', async () => {
    const h = harness(crmConnectionPathInputs.oauth!);
    expect(selectCardState(h.snap())).toBe('notConnected');
    await h.send({ type: 'crm.connect' });
    expect(selectCardState(h.snap())).toBe('connecting');
    expect(h.startOAuth.inputs).toEqual([{ accountId: 1, integrationType: 'hubspot' }]);
    await h.send({ type: 'xstate.done.actor.startOAuth', output: { authorizeUrl: 'https://app.hubspot.example/oauth/authorize?state=s' } });
    expect(h.redirect.inputs).toEqual([{ authorizeUrl: 'https://app.hubspot.example/oauth/authorize?state=s' }]);
    expect(selectCardState(h.snap())).toBe('connecting');
  });

  it('OAuth: a refused start (not configured) goes back to Connect with the server’s message and an error toast', async () => {
    const h = harness(crmConnectionPathInputs.oauth!);
    await h.send({ type: 'crm.connect' });
    await h.send({ type: 'xstate.error.actor.startOAuth', error: notConfiguredError });
    expect(selectCardState(h.snap())).toBe('notConnected');
    expect(selectFailure(h.snap())).toEqual({ kind: 'startFailed', message: notConfiguredError.detail });
    expect(h.notifyConnectFailed).toHaveBeenCalledTimes(1);
  });

  it('callback: code and state are posted once; success → connected with the CRM user and a success toast', async () => {
    const h = harness(crmConnectionPathInputs.callback!);
    expect(selectCardState(h.snap())).toBe('connecting');
    expect(h.completeOAuth.inputs).toEqual([{ accountId: 1, integrationType: 'hubspot', code: 'code-1', state: 'signed.state.token' }]);
    await h.send({ type: 'xstate.done.actor.completeOAuth', output: { state: 'connected', user: 'Hugo HubSpot', error: null } });
    expect(selectCardState(h.snap())).toBe('connected');
    expect(selectUser(h.snap())).toBe('Hugo HubSpot');
    expect(h.notifyConnected).toHaveBeenCalledTimes(1);
    expect(h.snap().context.callback).toBeNull();
  });

  it('callback: an invalid state is an error toast and the card stays not connected', async () => {
    const h = harness(crmConnectionPathInputs.callback!);
    await h.send({ type: 'xstate.error.actor.completeOAuth', error: invalidStateError });
    expect(selectCardState(h.snap())).toBe('notConnected');
    expect(selectFailure(h.snap())).toEqual({ kind: 'callbackFailed', message: 'Invalid authentication state' });
    expect(h.notifyConnectFailed).toHaveBeenCalledTimes(1);
    expect(h.notifyConnected).not.toHaveBeenCalled();
  });

  it('API key: an empty key is not sent; a refused key keeps the dialog open with keyRefused; a good key connects', async () => {
    const h = harness(crmConnectionPathInputs.apiKey!);
    await h.send({ type: 'crm.connect' });
    expect(selectKeyDialogOpen(h.snap())).toBe(true);
    await h.send({ type: 'crm.submitKey', apiKey: '  ' });
    expect(h.verifyKey.inputs).toEqual([]);
    await h.send({ type: 'crm.submitKey', apiKey: ' pd-test-token ' });
    expect(selectCheckingKey(h.snap())).toBe(true);
    expect(h.verifyKey.inputs).toEqual([{ accountId: 1, integrationType: 'pipedrive', apiKey: 'pd-test-token' }]);
    await h.send({ type: 'xstate.error.actor.verifyKey', error: keyRefusedError });
    expect(selectKeyDialogOpen(h.snap())).toBe(true);
    expect(selectFailure(h.snap())).toEqual({ kind: 'keyRefused', message: keyRefusedError.detail });
    await h.send({ type: 'crm.submitKey', apiKey: 'pd-test-token' });
    await h.send({ type: 'xstate.error.actor.verifyKey', error: serverError });
    expect(selectFailure(h.snap())?.kind).toBe('connectFailed');
    await h.send({ type: 'crm.submitKey', apiKey: 'pd-test-token' });
    await h.send({ type: 'xstate.done.actor.verifyKey', output: connectedRecord });
    expect(selectCardState(h.snap())).toBe('connected');
    expect(selectKeyDialogOpen(h.snap())).toBe(false);
    expect(selectFailure(h.snap())).toBeNull();
    expect(h.snap().context.apiKey).toBe('');
    expect(h.notifyConnected).toHaveBeenCalledTimes(1);
  });

  it('a broken connection shows the CRM message and offers Reconnect (same connect flow)', async () => {
    const h = harness({ ...crmConnectionPathInputs.apiKey!, record: brokenRecord });
    expect(selectCardState(h.snap())).toBe('error');
    expect(selectConnectionError(h.snap())).toBe(brokenRecord.error);
    await h.send({ type: 'crm.connect' });
    expect(selectKeyDialogOpen(h.snap())).toBe(true);
    expect(selectCardState(h.snap())).toBe('error');
    await h.send({ type: 'crm.cancel' });
    expect(selectCardState(h.snap())).toBe('error');
  });

  it('disconnect asks for confirmation; cancel keeps the connection; a failed call keeps it with disconnectFailed', async () => {
    const h = harness({ ...crmConnectionPathInputs.oauth!, record: { state: 'connected', user: 'Hugo HubSpot', error: null } });
    await h.send({ type: 'crm.disconnect' });
    expect(selectConfirmOpen(h.snap())).toBe(true);
    await h.send({ type: 'crm.cancel' });
    expect(selectCardState(h.snap())).toBe('connected');
    expect(h.disconnect.inputs).toEqual([]);
    await h.send({ type: 'crm.disconnect' });
    await h.send({ type: 'crm.confirm' });
    expect(selectCardState(h.snap())).toBe('disconnecting');
    await h.send({ type: 'xstate.error.actor.disconnect', error: serverError });
    expect(selectCardState(h.snap())).toBe('connected');
    expect(selectFailure(h.snap())?.kind).toBe('disconnectFailed');
    await h.send({ type: 'crm.disconnect' });
    await h.send({ type: 'crm.confirm' });
    await h.send({ type: 'xstate.done.actor.disconnect', output: undefined });
    expect(selectCardState(h.snap())).toBe('notConnected');
    expect(selectUser(h.snap())).toBeNull();
  });

  it('follows the server when the tab refetches (a delivery broke the connection)', async () => {
    const h = harness({ ...crmConnectionPathInputs.apiKey!, record: connectedRecord });
    await h.send({ type: 'crm.synced', record: brokenRecord });
    expect(selectCardState(h.snap())).toBe('error');
  });

  it('the default actors throw "must be provided"', async () => {
    const actor = createActor(crmConnectionMachine, { input: crmConnectionPathInputs.callback! }).start();
    await flush();
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'callbackFailed', message: 'completeOAuth must be provided' });
  });
});
