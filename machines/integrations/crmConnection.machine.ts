/**
 * Connection of one CRM on the integrations tab (issue 15 "Integrations"; spec 002 §2 Integrations
 * tab, §4 "Integration state: not connected, connecting, connected, error, with a reconnect button"
 * and the integration OAuth callback, §7 Integrations, §8 toasts). One actor per CRM card.
 *
 * ```
 *  resolving ──(callback code+state)──► connecting.completingOAuth ──done──► connected (toast)
 *     │ record connected ──► connected            └─error──► notConnected | error (toast, failure)
 *     │ record error ──► error
 *     └─ otherwise ──► notConnected
 *  notConnected | error ──crm.connect──► OAuth: connecting.startingOAuth ──done──► connecting.redirecting (leave for the vendor)
 *                                     └► API key: enteringKey ──crm.submitKey──► connecting.checkingKey ──done──► connected (toast)
 *                                           └─crm.cancel──► resolving              └─error──► enteringKey (keyRefused | connectFailed)
 *  connected | error ──crm.disconnect──► confirmingDisconnect ──crm.confirm──► disconnecting ──done──► notConnected
 *                                          └─crm.cancel──► resolving              └─error──► resolving (disconnectFailed)
 *  notConnected | connected | error ──crm.synced (the tab refetched)──► resolving
 * ```
 *
 * Working states carry the tag `pending`. The server's record (state, user, error) lives in context
 * and decides where `resolving` goes. Toasts are the actions `notifyConnected` / `notifyConnectFailed`
 * (no-ops here; the app edge provides them).
 */
import { assign, setup } from 'xstate';
import {
  missingCrmConnectionActors,
  type CompleteOAuthInput,
  type CrmRecord,
  type CrmTarget,
  type CrmType,
  type RedirectInput,
  type VerifyKeyInput,
} from './crmConnection.actors';

/** What went wrong last; the view words it. */
export type CrmFailureKind = 'startFailed' | 'keyRefused' | 'connectFailed' | 'callbackFailed' | 'disconnectFailed';

export interface CrmFailure {
  kind: CrmFailureKind;
  /** Server detail or error message; shown next to the card. May be null. */
  message: string | null;
}

/** Chart memory. */
export interface CrmConnectionContext extends CrmTarget {
  auth: 'oauth' | 'apiKey';
  record: CrmRecord;
  /** OAuth callback parameters to complete once (from the tab's URL), else null. */
  callback: { code: string; state: string } | null;
  authorizeUrl: string | null;
  apiKey: string;
  failure: CrmFailure | null;
}

/** Input: which CRM of which account, how it connects, its server record and a pending OAuth callback. */
export interface CrmConnectionInput extends CrmTarget {
  auth: 'oauth' | 'apiKey';
  record: CrmRecord;
  callback?: { code: string; state: string } | null;
}

/** Events the card sends. */
export type CrmConnectionEvent =
  | { type: 'crm.connect' }
  | { type: 'crm.submitKey'; apiKey: string }
  | { type: 'crm.cancel' }
  | { type: 'crm.disconnect' }
  | { type: 'crm.confirm' }
  | { type: 'crm.synced'; record: CrmRecord };

export type { CrmRecord, CrmType };

/** The HTTP status of an API error, or null. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : null;
}

/** The message of an error value (detail first). */
export function errorMessage(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'detail' in error) {
    const { detail } = error as { detail: unknown };
    if (typeof detail === 'string' && detail !== '') return detail;
  }
  if (error instanceof Error) return error.message;
  return null;
}

type Ev = CrmConnectionEvent | { type: string; output?: unknown; error?: unknown };

function errorOf(event: Ev): unknown {
  return 'error' in event ? event.error : undefined;
}

function isRecord(value: unknown): value is CrmRecord {
  return typeof value === 'object' && value !== null && typeof (value as { state?: unknown }).state === 'string';
}

function failure(kind: CrmFailureKind) {
  return assign<CrmConnectionContext, Ev, undefined, CrmConnectionEvent, never>(({ event }) => ({ failure: { kind, message: errorMessage(errorOf(event)) } }));
}

const NOT_CONNECTED: CrmRecord = { state: 'not_connected', user: null, error: null };

export const crmConnectionMachine = setup({
  types: {
    context: {} as CrmConnectionContext,
    events: {} as CrmConnectionEvent,
    input: {} as CrmConnectionInput,
  },
  actors: missingCrmConnectionActors,
  guards: {
    hasCallback: ({ context }) => context.callback !== null,
    isConnected: ({ context }) => context.record.state === 'connected',
    isBroken: ({ context }) => context.record.state === 'error',
    isOAuth: ({ context }) => context.auth === 'oauth',
    hasKey: ({ event }) => event.type === 'crm.submitKey' && event.apiKey.trim() !== '',
    /** The vendor or the server refused the key (400 / 401 / 422), not a passing trouble. */
    isKeyRefused: ({ event }) => [400, 401, 422].includes(errorStatus(errorOf(event)) ?? 0),
  },
  actions: {
    storeRecord: assign(({ event }) => {
      const output = 'output' in event ? event.output : undefined;
      return isRecord(output) ? { record: output } : {};
    }),
    storeSynced: assign(({ event }) => (event.type === 'crm.synced' ? { record: event.record } : {})),
    storeKey: assign(({ event }) => (event.type === 'crm.submitKey' ? { apiKey: event.apiKey.trim() } : {})),
    storeAuthorizeUrl: assign(({ event }) => {
      const output = 'output' in event ? (event.output as { authorizeUrl?: unknown } | undefined) : undefined;
      return { authorizeUrl: typeof output?.authorizeUrl === 'string' ? output.authorizeUrl : null };
    }),
    forgetKey: assign({ apiKey: '' }),
    forgetCallback: assign({ callback: null }),
    forgetConnection: assign({ record: NOT_CONNECTED, apiKey: '' }),
    clearFailure: assign({ failure: null }),
    failStart: failure('startFailed'),
    failKey: failure('keyRefused'),
    failConnect: failure('connectFailed'),
    failCallback: failure('callbackFailed'),
    failDisconnect: failure('disconnectFailed'),
    /** Success toast (spec 002 §8 "Linear and HubSpot success toasts"); provided by the app. */
    notifyConnected: () => {},
    /** Error toast (spec 002 §8); provided by the app. */
    notifyConnectFailed: () => {},
  },
}).createMachine({
  id: 'crmConnection',
  context: ({ input }) => ({
    accountId: input.accountId,
    integrationType: input.integrationType,
    auth: input.auth,
    record: input.record,
    callback: input.callback ?? null,
    authorizeUrl: null,
    apiKey: '',
    failure: null,
  }),
  initial: 'resolving',
  states: {
    resolving: {
      meta: { description: 'The card looks at what the server says about this CRM (and whether the person has just come back from the CRM’s sign-in page) to show the right state.' },
      always: [
        { guard: 'hasCallback', target: 'connecting.completingOAuth' },
        { guard: 'isConnected', target: 'connected' },
        { guard: 'isBroken', target: 'error' },
        { target: 'notConnected' },
      ],
    },
    notConnected: {
      meta: { description: 'The CRM is not connected; the card offers a Connect button.' },
      on: {
        'crm.connect': [
          { guard: 'isOAuth', target: 'connecting.startingOAuth', actions: 'clearFailure' },
          { target: 'enteringKey', actions: 'clearFailure' },
        ],
        'crm.synced': { target: 'resolving', actions: 'storeSynced' },
      },
    },
    enteringKey: {
      meta: { description: 'A dialog asks for the CRM’s API key (Linear, Pipedrive); the person pastes it and presses Connect, or cancels.' },
      on: {
        'crm.submitKey': { guard: 'hasKey', target: 'connecting.checkingKey', actions: ['storeKey', 'clearFailure'] },
        'crm.cancel': { target: 'resolving', actions: ['forgetKey', 'clearFailure'] },
      },
    },
    connecting: {
      meta: { description: 'The connection is being made: the card shows Connecting… and its buttons wait.' },
      tags: ['pending'],
      initial: 'startingOAuth',
      states: {
        startingOAuth: {
          meta: { description: 'The person pressed Connect; the server prepares a signed sign-in link to the CRM (HubSpot, Salesforce).' },
          invoke: {
            id: 'startOAuth',
            src: 'startOAuth',
            input: ({ context }): CrmTarget => ({ accountId: context.accountId, integrationType: context.integrationType }),
            onDone: { target: 'redirecting', actions: 'storeAuthorizeUrl' },
            onError: { target: '#crmConnection.resolving', actions: ['failStart', 'notifyConnectFailed'] },
          },
        },
        redirecting: {
          meta: { description: 'The browser leaves for the CRM to ask the person to allow access; the CRM sends them back to the integrations tab.' },
          invoke: {
            id: 'redirect',
            src: 'redirect',
            input: ({ context }): RedirectInput => ({ authorizeUrl: context.authorizeUrl ?? '' }),
            onError: { target: '#crmConnection.resolving', actions: ['failStart', 'notifyConnectFailed'] },
          },
        },
        checkingKey: {
          meta: { description: 'The server checks the API key with the CRM and, when it works, stores it sealed.' },
          invoke: {
            id: 'verifyKey',
            src: 'verifyKey',
            input: ({ context }): VerifyKeyInput => ({ accountId: context.accountId, integrationType: context.integrationType, apiKey: context.apiKey }),
            onDone: { target: '#crmConnection.connected', actions: ['storeRecord', 'forgetKey', 'notifyConnected'] },
            onError: [
              { guard: 'isKeyRefused', target: '#crmConnection.enteringKey', actions: ['failKey', 'notifyConnectFailed'] },
              { target: '#crmConnection.enteringKey', actions: ['failConnect', 'notifyConnectFailed'] },
            ],
          },
        },
        completingOAuth: {
          meta: { description: 'Back from the CRM’s sign-in page: the server checks the signed state and exchanges the code for the connection.' },
          invoke: {
            id: 'completeOAuth',
            src: 'completeOAuth',
            input: ({ context }): CompleteOAuthInput => ({
              accountId: context.accountId,
              integrationType: context.integrationType,
              code: context.callback?.code ?? '',
              state: context.callback?.state ?? '',
            }),
            onDone: { target: '#crmConnection.connected', actions: ['storeRecord', 'forgetCallback', 'notifyConnected'] },
            onError: { target: '#crmConnection.resolving', actions: ['forgetCallback', 'failCallback', 'notifyConnectFailed'] },
          },
        },
      },
    },
    connected: {
      meta: { description: 'The CRM is connected: the card names the CRM user and offers Disconnect. Form submissions are delivered to it.' },
      on: {
        'crm.disconnect': { target: 'confirmingDisconnect', actions: 'clearFailure' },
        'crm.synced': { target: 'resolving', actions: 'storeSynced' },
      },
    },
    error: {
      meta: { description: 'The connection stopped working (for example the key was revoked in the CRM): the card shows the CRM’s message with Reconnect and Disconnect. Deliveries wait for the reconnect.' },
      on: {
        'crm.connect': [
          { guard: 'isOAuth', target: 'connecting.startingOAuth', actions: 'clearFailure' },
          { target: 'enteringKey', actions: 'clearFailure' },
        ],
        'crm.disconnect': { target: 'confirmingDisconnect', actions: 'clearFailure' },
        'crm.synced': { target: 'resolving', actions: 'storeSynced' },
      },
    },
    confirmingDisconnect: {
      meta: { description: 'A dialog asks whether to really disconnect the CRM; new form submissions will no longer be sent to it.' },
      on: {
        'crm.confirm': 'disconnecting',
        'crm.cancel': 'resolving',
      },
    },
    disconnecting: {
      meta: { description: 'The server forgets the connection and its secret (and revokes the token at the CRM when it can).' },
      tags: ['pending'],
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        input: ({ context }): CrmTarget => ({ accountId: context.accountId, integrationType: context.integrationType }),
        onDone: { target: 'notConnected', actions: 'forgetConnection' },
        onError: { target: 'resolving', actions: 'failDisconnect' },
      },
    },
  },
});

export type CrmConnectionMachine = typeof crmConnectionMachine;
