/**
 * Security screens of a signed-in user (spec 000 §2 "MFA setup: shows a QR code and secret and asks
 * for a code; states initial, verifying, success, error" and "Change password
 * (/dashboard/security/change-password): new and confirm fields"; §5; §8 messages "Verification
 * failed, please recheck and enter the code again." and "Failed to change password" plus the field
 * message). Each runs its chart from machines/session with the aws-amplify actors.
 */
import { Link } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { inspect } from '../machines/inspection';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { mfaSetupMachine } from '../../../machines/session/mfaSetup.machine';
import { changePasswordMachine } from '../../../machines/session/changePassword.machine';
import { meOptions } from '../../api/queries';
import { AppShell } from '../../ui/AppShell';
import { lazyChangePasswordActors, lazyMfaSetupActors } from './identity';
import { StepHeading, useAuthErrorMessage } from './forms';
import { NewPasswordForm } from './NewPasswordForm';
import { QrCode } from './QrCode';
import { TotpCodeForm } from './TotpCodeForm';
import { groupSecret } from './passwordRules';

const mfaMachine = mfaSetupMachine.provide({ actors: lazyMfaSetupActors });
const passwordMachine = changePasswordMachine.provide({ actors: lazyChangePasswordActors });

/** /dashboard/security: set up an authenticator app (TOTP) as the second factor. */
export function MfaSetupPage() {
  const [snapshot, send] = useActor(mfaMachine, { inspect });
  const me = useQuery(meOptions()).data;
  const state = snapshot.value;
  const details = snapshot.context.details;
  return (
    <AppShell>
      <div className="page narrow security-page">
        <StepHeading focusOnMount={state === 'success'}>
          {state === 'success' ? <Trans>Two-factor authentication is on</Trans> : <Trans>Set up two-factor authentication</Trans>}
        </StepHeading>
        {state === 'loadingSecret' && (
          <p role="status">
            <Trans>Preparing your secret key…</Trans>
          </p>
        )}
        {state === 'loadFailed' && (
          <>
            <p className="alert alert-error" role="alert">
              <Trans>The secret key could not be created. Please try again.</Trans>
            </p>
            <button type="button" className="button primary" onClick={() => send({ type: 'mfa.retry' })}>
              <Trans>Try again</Trans>
            </button>
          </>
        )}
        {state === 'success' && (
          <>
            <p className="alert alert-success" role="status">
              <Trans>From now on you will be asked for a code from your authenticator app when you sign in.</Trans>
            </p>
            <Link to="/dashboard" className="button primary">
              <Trans>Back to dashboard</Trans>
            </Link>
          </>
        )}
        {details && (state === 'initial' || state === 'verifying' || state === 'error') && (
          <>
            {me?.multifactor && (
              <p className="alert alert-warning" role="status">
                <Trans>Two-factor authentication is already on. Setting it up again replaces your current authenticator.</Trans>
              </p>
            )}
            <ol className="steps">
              <li>
                <p>
                  <Trans>Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</Trans>
                </p>
                <QrCode value={details.setupUri} />
              </li>
              <li>
                <p>
                  <Trans>If you cannot scan it, enter this secret key in the app:</Trans>
                </p>
                <p className="secret">
                  <code data-testid="totp-secret">{groupSecret(details.sharedSecret)}</code>
                </p>
              </li>
              <li>
                <p>
                  <Trans>Enter the 6-digit code the app shows.</Trans>
                </p>
                {state === 'error' && (
                  <p className="alert alert-error" role="alert">
                    <Trans>Verification failed, please recheck and enter the code again.</Trans>
                  </p>
                )}
                <TotpCodeForm pending={state === 'verifying'} onSubmit={(code) => send({ type: 'mfa.submitCode', code })} />
              </li>
            </ol>
          </>
        )}
        <p>
          <Link to="/dashboard/security/change-password">
            <Trans>Change password</Trans>
          </Link>
        </p>
      </div>
    </AppShell>
  );
}

/** /dashboard/security/change-password: current, new and confirm fields. */
export function ChangePasswordPage() {
  const [snapshot, send] = useActor(passwordMachine, { inspect });
  const { t } = useLingui();
  const errorMessage = useAuthErrorMessage();
  const state = snapshot.value;
  const error = snapshot.context.error;
  // The field message: a wrong current password is named as such; other codes by their message.
  const fieldMessage = error ? (error.code === 'NotAuthorizedException' ? t`The current password is not correct.` : errorMessage(error)) : null;
  return (
    <AppShell>
      <div className="page narrow security-page">
        <StepHeading focusOnMount={state === 'changed'}>
          {state === 'changed' ? <Trans>Password changed</Trans> : <Trans>Change password</Trans>}
        </StepHeading>
        {state === 'changed' ? (
          <>
            <p className="alert alert-success" role="status">
              <Trans>Your password has been changed. Use it the next time you sign in.</Trans>
            </p>
            <Link to="/dashboard" className="button primary">
              <Trans>Back to dashboard</Trans>
            </Link>
          </>
        ) : (
          <>
            {fieldMessage && (
              <div className="alert alert-error" role="alert">
                <strong>
                  <Trans>Failed to change password</Trans>
                </strong>
                <p className="alert-detail">{fieldMessage}</p>
              </div>
            )}
            <NewPasswordForm
              withCurrentPassword
              pending={state === 'saving'}
              submitLabel={state === 'saving' ? <Trans>Saving…</Trans> : <Trans>Change password</Trans>}
              onSubmit={(values) => send({ type: 'password.change', input: { oldPassword: values.currentPassword, newPassword: values.password } })}
            />
          </>
        )}
      </div>
    </AppShell>
  );
}
