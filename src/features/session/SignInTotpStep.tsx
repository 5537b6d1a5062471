/**
 * The software-token step of the login sequence (spec 000 §4): with a set-up authenticator the
 * person enters its code (`enteringTotpCode`); when the pool asks for set-up first
 * (`settingUpTotp`) the QR code and the secret are shown above the code field. The step heading
 * takes focus when the step appears. "Back to sign in" abandons the pending sign-in.
 */
import { Trans } from '@lingui/react/macro';
import { isConfirmingSignIn, selectChallenge, selectSignInError } from '../../../machines/session/session.selectors';
import { useSession, useSessionSelector } from './hooks';
import { StepHeading, useAuthErrorMessage } from './forms';
import { QrCode } from './QrCode';
import { TotpCodeForm } from './TotpCodeForm';
import { groupSecret } from './passwordRules';

/** The TOTP code (or TOTP set-up) step inside the sign-in card. */
export function SignInTotpStep() {
  const session = useSession();
  const challenge = useSessionSelector(selectChallenge);
  const error = useSessionSelector(selectSignInError);
  const authErrorMessage = useAuthErrorMessage();
  const confirming = useSessionSelector(isConfirmingSignIn);
  const setup = challenge?.step === 'totpSetup';
  return (
    <>
      <StepHeading focusOnMount>{setup ? <Trans>Set up two-factor authentication</Trans> : <Trans>Enter authentication code</Trans>}</StepHeading>
      {setup && challenge.totpSetupUri ? (
        <>
          <p>
            <Trans>Your team requires two-factor authentication. Scan the QR code with an authenticator app, or enter the secret key in it by hand.</Trans>
          </p>
          <QrCode value={challenge.totpSetupUri} />
          <p className="secret">
            <Trans>Secret key:</Trans> <code data-testid="totp-secret">{groupSecret(challenge.sharedSecret ?? '')}</code>
          </p>
        </>
      ) : (
        <p>
          <Trans>Open your authenticator app and enter the 6-digit code for Vidbot.</Trans>
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {authErrorMessage(error)}
        </p>
      )}
      <TotpCodeForm onSubmit={session.submitTotpCode} pending={confirming} submitLabel={<Trans>Verify and sign in</Trans>} />
      <p className="card-footer-link">
        <button type="button" className="button link" onClick={session.cancelSignIn}>
          <Trans>Back to sign in</Trans>
        </button>
      </p>
    </>
  );
}
