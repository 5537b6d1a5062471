/** aws-amplify sign-in steps → session-machine outcomes (spec 000 §4 login sequence). */
import { describe, expect, it } from 'vitest';
import type { SignInOutput } from 'aws-amplify/auth';
import { TOTP_ISSUER, outcomeOf } from './amplify';

describe('outcomeOf', () => {
  it('maps the new-password and TOTP-code steps to challenges for the signing-in e-mail', async () => {
    const newPassword = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' } } as SignInOutput;
    expect(await outcomeOf(newPassword, 'a@b.fi')).toEqual({ kind: 'challenge', challenge: { step: 'newPasswordRequired', email: 'a@b.fi' } });
    const totp = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } } as SignInOutput;
    expect(await outcomeOf(totp, 'a@b.fi')).toEqual({ kind: 'challenge', challenge: { step: 'totpRequired', email: 'a@b.fi' } });
  });

  it('carries the secret and the otpauth URI of the TOTP set-up step', async () => {
    const calls: Array<[string, string | undefined]> = [];
    const setup = {
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        totpSetupDetails: {
          sharedSecret: 'JBSWY3DPEHPK3PXP',
          getSetupUri: (appName: string, accountName?: string) => {
            calls.push([appName, accountName]);
            return new URL(`otpauth://totp/${appName}:${accountName ?? ''}?secret=JBSWY3DPEHPK3PXP&issuer=${appName}`);
          },
        },
      },
    } as SignInOutput;
    const outcome = await outcomeOf(setup, 'a@b.fi');
    expect(calls).toEqual([[TOTP_ISSUER, 'a@b.fi']]);
    expect(outcome).toEqual({
      kind: 'challenge',
      challenge: {
        step: 'totpSetup',
        email: 'a@b.fi',
        sharedSecret: 'JBSWY3DPEHPK3PXP',
        totpSetupUri: 'otpauth://totp/Vidbot:a@b.fi?secret=JBSWY3DPEHPK3PXP&issuer=Vidbot',
      },
    });
  });

  it('refuses steps the product does not offer', async () => {
    const sms = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' } } as SignInOutput;
    await expect(outcomeOf(sms, 'a@b.fi')).rejects.toThrow(/CONFIRM_SIGN_IN_WITH_SMS_CODE/);
  });
});
