/**
 * MFA set-up chart (spec 000 §2 "MFA setup: shows a QR code and secret and asks for a code; states
 * initial, verifying, success, error"; §5 "MFA code required"; §8 "Verification failed, please
 * recheck and enter the code again.").
 *
 * Chart:
 *
 *   loadingSecret ──setUpTotp: {sharedSecret, setupUri}──▶ initial (QR code + secret + code field)
 *        └──setUpTotp: error──▶ loadFailed
 *   loadFailed ──mfa.retry──▶ loadingSecret
 *   initial ──mfa.submitCode {code}──▶ verifying
 *   verifying ──verifyTotp: done──▶ success (final: TOTP verified and set as the preferred MFA)
 *        └──verifyTotp: error──▶ error (the verification-failed message)
 *   error ──mfa.submitCode {code}──▶ verifying
 *
 * Pending states carry `tags: ['pending']`. Side effects are actors whose defaults throw "must be
 * provided": `setUpTotp` (aws-amplify setUpTOTP) and `verifyTotp` (verifyTOTPSetup, then
 * updateMFAPreference { totp: 'PREFERRED' }); the app edge supplies them, tests inject fakes.
 */
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';

/** What `setUpTotp` resolves with: the base32 secret and the otpauth:// URI to show as a QR code. */
export interface TotpSetupDetails {
  sharedSecret: string;
  setupUri: string;
}

/** Events of the MFA set-up chart. */
export type MfaSetupEvent = { type: 'mfa.submitCode'; code: string } | { type: 'mfa.retry' };

/** Context: the set-up details once loaded, and the last failure (provider message). */
export interface MfaSetupContext {
  details: TotpSetupDetails | null;
  failure: string | null;
}

function mustBeProvided(name: string): never {
  throw new Error(`mfaSetup machine: actor "${name}" must be provided`);
}

/** The failure's own message, or '' when it has none (the view shows its translated generic text then). */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** The MFA set-up machine; provide `setUpTotp` and `verifyTotp`. */
export const mfaSetupMachine = setup({
  types: { context: {} as MfaSetupContext, events: {} as MfaSetupEvent },
  actors: {
    /** Asks the identity provider for a new TOTP secret (AssociateSoftwareToken). */
    setUpTotp: fromPromise<TotpSetupDetails>(async () => mustBeProvided('setUpTotp')),
    /** Verifies a code of the new secret and makes TOTP the preferred MFA. */
    verifyTotp: fromPromise<void, { code: string }>(async () => mustBeProvided('verifyTotp')),
  },
  actions: {
    setDetails: assign({ details: (_, details: TotpSetupDetails) => details, failure: null }),
    setFailure: assign({ failure: (_, error: unknown) => messageOf(error) }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'mfaSetup',
  context: { details: null, failure: null },
  initial: 'loadingSecret',
  states: {
    loadingSecret: {
      meta: { description: 'The app asks the identity provider for a new secret for the authenticator app.' },
      tags: ['pending'],
      invoke: {
        id: 'setUpTotp',
        src: 'setUpTotp',
        onDone: { target: 'initial', actions: { type: 'setDetails', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'setFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    loadFailed: {
      meta: { description: 'The secret could not be fetched; the person sees a message and can try again.' },
      on: { 'mfa.retry': { target: 'loadingSecret', actions: 'clearFailure' } },
    },
    initial: {
      meta: { description: 'The QR code and the secret are shown; the person scans them with an authenticator app and types the code it shows.' },
      on: { 'mfa.submitCode': 'verifying' },
    },
    verifying: {
      meta: { description: 'The code from the authenticator app is being checked.' },
      tags: ['pending'],
      invoke: {
        id: 'verifyTotp',
        src: 'verifyTotp',
        input: ({ event }) => ({ code: event.type === 'mfa.submitCode' ? event.code : '' }),
        onDone: { target: 'success', actions: 'clearFailure' },
        onError: { target: 'error', actions: { type: 'setFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    error: {
      meta: { description: 'The code was not accepted; the QR code stays on screen and the person can type a new code.' },
      on: { 'mfa.submitCode': { target: 'verifying', actions: 'clearFailure' } },
    },
    success: {
      meta: { description: 'Two-step sign-in is on: from now on the person also types a code from their authenticator app when signing in.' },
      type: 'final',
    },
  },
});

/** The machine's type. */
export type MfaSetupMachine = typeof mfaSetupMachine;
