/**
 * Graph paths of the CRM connection chart (`xstate/graph` TestModel, DESIGN §4) with realistic
 * payloads for the person's events and the invoked actors' done / error events. Inputs: an OAuth
 * CRM (HubSpot), an API-key CRM (Pipedrive), and HubSpot back from its sign-in page with a code.
 * Used by crmConnection.test.ts (replay on a live actor + coverage) and machines/catalog.paths.ts.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { crmConnectionMachine, type CrmConnectionInput } from './crmConnection.machine';
import type { CrmRecord } from './crmConnection.actors';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type CrmConnectionSnapshot = SnapshotFrom<typeof crmConnectionMachine>;

export const notConnectedRecord: CrmRecord = { state: 'not_connected', user: null, error: null };
export const connectedRecord: CrmRecord = { state: 'connected', user: 'Pia Pipedrive', error: null };
export const brokenRecord: CrmRecord = { state: 'error', user: 'Pia Pipedrive', error: 'Pipedrive: unauthorized access' };

/** Named inputs of the walk. */
export const crmConnectionPathInputs: Record<string, CrmConnectionInput> = {
  oauth: { accountId: 1, integrationType: 'hubspot', auth: 'oauth', record: notConnectedRecord },
  apiKey: { accountId: 1, integrationType: 'pipedrive', auth: 'apiKey', record: notConnectedRecord },
  callback: { accountId: 1, integrationType: 'hubspot', auth: 'oauth', record: notConnectedRecord, callback: { code: 'code-1', state: 'signed.state.token' } },
};

export const invalidStateError = { status: 400, code: 'invalidState', detail: 'Invalid authentication state' };
export const keyRefusedError = { status: 400, code: 'crmAuth', detail: 'Pipedrive: unauthorized access' };
export const notConfiguredError = { status: 409, code: 'notConfigured', detail: 'HubSpot is not configured on this server.' };
export const serverError = { status: 503, detail: 'Service unavailable' };

/** Every event the walk may send. */
export const crmConnectionPathEvents: AnyEventObject[] = [
  { type: 'crm.connect' },
  { type: 'crm.submitKey', apiKey: '   ' },
  { type: 'crm.submitKey', apiKey: ' pd-test-token ' },
  { type: 'crm.cancel' },
  { type: 'crm.disconnect' },
  { type: 'crm.confirm' },
  { type: 'crm.synced', record: connectedRecord },
  { type: 'crm.synced', record: brokenRecord },
  { type: 'crm.synced', record: notConnectedRecord },
  { type: 'xstate.done.actor.startOAuth', output: { authorizeUrl: 'https://crm.example/oauth/authorize?state=s' } },
  { type: 'xstate.error.actor.startOAuth', error: notConfiguredError },
  { type: 'xstate.error.actor.redirect', error: new Error('navigation blocked') },
  { type: 'xstate.done.actor.verifyKey', output: connectedRecord },
  { type: 'xstate.error.actor.verifyKey', error: keyRefusedError },
  { type: 'xstate.error.actor.verifyKey', error: serverError },
  { type: 'xstate.done.actor.completeOAuth', output: { ...connectedRecord, user: 'Hugo HubSpot' } },
  { type: 'xstate.error.actor.completeOAuth', error: invalidStateError },
  { type: 'xstate.done.actor.disconnect', output: undefined },
  { type: 'xstate.error.actor.disconnect', error: serverError },
];

/** Events possible in a snapshot: an actor's events only while it runs. */
export function crmConnectionEventsFor(snapshot: CrmConnectionSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  return crmConnectionPathEvents.filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    return actor === undefined || running.includes(actor);
  });
}

/** Serialization keeping the walk finite: value + the context that steers the chart. */
export function serializeCrmConnectionState(snapshot: CrmConnectionSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.record.state, c.callback !== null, c.failure?.kind ?? null, c.apiKey !== '']);
}

/** The test model of the chart for one input. */
export function crmConnectionTestModel(input: CrmConnectionInput = crmConnectionPathInputs.oauth!) {
  return new TestModel(crmConnectionMachine, {
    input,
    events: crmConnectionEventsFor as never,
    serializeState: serializeCrmConnectionState,
    limit: 20_000,
  } as never);
}

/** The transition tour of one input: every reachable state and every event offered there. */
export function crmConnectionPaths(input: CrmConnectionInput = crmConnectionPathInputs.oauth!): TourPath[] {
  return transitionTour(crmConnectionTestModel(input), serializeCrmConnectionState);
}
