/**
 * Path fixtures of the MFA set-up chart (mfaSetup.machine.ts; issue 14 path sources): the shared
 * secret the identity provider hands out, a refused code and a network failure.
 */
import type { ChartCase } from './chartCase';
import { mfaSetupMachine, type TotpSetupDetails } from './mfaSetup.machine';

/** The secret and otpauth URI of the fake identity provider. */
export const totpDetails: TotpSetupDetails = {
  sharedSecret: 'JBSWY3DPEHPK3PXP',
  setupUri: 'otpauth://totp/Vidbot:owner%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Vidbot',
};
/** A refused authentication code. */
export const codeMismatch = Object.assign(new Error('Code mismatch'), { name: 'CodeMismatchException' });

/** The MFA set-up chart case. */
export const mfaSetupChart: ChartCase = {
  name: 'mfaSetup',
  machine: mfaSetupMachine,
  actors: ['setUpTotp', 'verifyTotp'],
  states: 6,
  inputs: { default: undefined },
  events: [
    { type: 'mfa.submitCode', code: '123456' },
    { type: 'mfa.retry' },
    { type: 'xstate.done.actor.setUpTotp', output: totpDetails },
    { type: 'xstate.error.actor.setUpTotp', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.verifyTotp', output: undefined },
    { type: 'xstate.error.actor.verifyTotp', error: codeMismatch },
  ],
};
