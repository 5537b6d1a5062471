/**
 * The password screen `/new-password` (spec 000 §2 "Password screen (query: token, email, new):
 * reset password, or first-time new password when new is true"; §4 login sequence; §5 rules).
 *
 * - `new=true`: continues the pending sign-in of a user with a temporary password (the session
 *   machine is in `choosingNewPassword`). After the new password an optional TOTP step follows in
 *   this card, then /complete-profile when the user has no first or last name yet (users made by
 *   staff with a temporary password), else the `redirect` target or /dashboard. When the pending
 *   sign-in is gone (the page
 *   was reloaded, or opened directly) the person is sent to /login with a message.
 * - otherwise, with `token` (the e-mailed code) and `email`: the reset form (confirmResetPassword);
 *   without them: /reset-password (request a code).
 */
import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { meOptions } from '../../api/queries';
import { Trans } from '@lingui/react/macro';
import {
  isChoosingNewPassword,
  isConfirmingSignIn,
  isEnteringTotpCode,
  isSessionSettled,
  isSettingUpTotp,
  isSignedIn,
  selectChallenge,
  selectSignInError,
} from '../../../machines/session/session.selectors';
import { useSession, useSessionSelector } from './hooks';
import { safeRedirectTarget } from './guards';
import { AuthCard, StepHeading, useAuthErrorMessage } from './forms';
import { NewPasswordForm } from './NewPasswordForm';
import { SignInTotpStep } from './SignInTotpStep';
import { ResetPasswordFlow } from './ResetPasswordPage';

/** Validated search of /new-password. */
export interface NewPasswordSearch {
  token?: string;
  email?: string;
  new?: boolean;
  redirect?: string;
}

/** The page: first-time new password or reset, by the query. */
export function NewPasswordPage({ search }: { search: NewPasswordSearch }) {
  if (search.new) return <FirstSignInNewPassword redirect={search.redirect} />;
  if (search.token && search.email) {
    return (
      <AuthCard>
        <ResetPasswordFlow token={search.token} email={search.email} />
      </AuthCard>
    );
  }
  return <ToResetPassword />;
}

function ToResetPassword() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to: '/reset-password', replace: true });
  }, [navigate]);
  return null;
}

/** The first-sign-in step: new password (+ repeat), then the TOTP step if the pool asks for it. */
function FirstSignInNewPassword({ redirect }: { redirect?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const choosing = useSessionSelector(isChoosingNewPassword);
  const confirming = useSessionSelector(isConfirmingSignIn);
  const challenge = useSessionSelector(selectChallenge);
  const totpStep = useSessionSelector((s) => isEnteringTotpCode(s) || isSettingUpTotp(s));
  const signedIn = useSessionSelector(isSignedIn);
  const settled = useSessionSelector(isSessionSettled);
  const error = useSessionSelector(selectSignInError);
  const authErrorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const stepActive = choosing || totpStep || confirming;

  useEffect(() => {
    if (signedIn) {
      let live = true;
      void queryClient
        .fetchQuery(meOptions())
        .then((me) => (me.firstName && me.lastName ? safeRedirectTarget(redirect) : '/complete-profile'))
        .catch(() => safeRedirectTarget(redirect))
        .then((to) => {
          if (live) void navigate({ to, replace: true });
        });
      return () => {
        live = false;
      };
    }
    if (settled && !stepActive) void navigate({ to: '/login', search: { error: 'signInExpired', redirect }, replace: true });
    return undefined;
  }, [signedIn, settled, stepActive, redirect, navigate, queryClient]);

  if (totpStep || (confirming && challenge?.step !== 'newPasswordRequired')) {
    return (
      <AuthCard>
        <SignInTotpStep />
      </AuthCard>
    );
  }
  if (!choosing && !confirming) return null;
  return (
    <AuthCard>
      <StepHeading focusOnMount>
        <Trans>Choose a new password</Trans>
      </StepHeading>
      <p>
        <Trans>You signed in with a temporary password. Choose your own password to continue.</Trans>
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {authErrorMessage(error)}
        </p>
      )}
      <NewPasswordForm
        email={challenge?.email ?? ''}
        onSubmit={(values) => session.submitNewPassword(values.password)}
        pending={confirming}
        submitLabel={confirming ? <Trans>Saving…</Trans> : <Trans>Set password and continue</Trans>}
      />
      <p className="card-footer-link">
        <Link to="/login" onClick={session.cancelSignIn}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
