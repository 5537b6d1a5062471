/**
 * Forgot password and reset password (spec 000 §2 password screen, §4 "Forgot password: initial,
 * loading, success (shows a confirmation message)", §5 "Forgot password: email required", §8
 * "Password reset: message by error code if present, else generic").
 *
 * `/reset-password`: the request form (e-mail) → loading → success ("check your e-mail") with the
 * code form below it. With `token` (the e-mailed code) and `email` in the query the reset form is
 * shown at once. The passwordRecovery chart runs as the session's child (usePasswordRecovery, the
 * session facade; aws-amplify actors provided at the session's start); this view renders it.
 */
import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePasswordRecovery } from './hooks';
import { FullCoverLoader } from '../../ui/FullCoverLoader';
import { AuthCard, Field, StepHeading, useAuthErrorMessage, submitSettledKey, useFocusFirstInvalid } from './forms';
import { NewPasswordForm } from './NewPasswordForm';
import { EMAIL_PATTERN } from './LoginPage';

/** The /reset-password page. */
export function ResetPasswordPage({ token, email }: { token?: string; email?: string }) {
  return (
    <AuthCard>
      <ResetPasswordFlow token={token} email={email} />
    </AuthCard>
  );
}

/** The flow inside a card (also used by /new-password with token and email). */
export function ResetPasswordFlow({ token, email }: { token?: string; email?: string }) {
  const { snapshot, send } = usePasswordRecovery();
  const errorMessage = useAuthErrorMessage();
  if (!snapshot) return <FullCoverLoader />;
  return <ResetPasswordSteps token={token} email={email} snapshot={snapshot} send={send} errorMessage={errorMessage} />;
}

/** The steps of the running flow. */
function ResetPasswordSteps({
  token,
  email,
  snapshot,
  send,
  errorMessage,
}: { token?: string; email?: string; errorMessage: ReturnType<typeof useAuthErrorMessage> } & ReturnType<typeof usePasswordRecovery> & {
  snapshot: NonNullable<ReturnType<typeof usePasswordRecovery>['snapshot']>;
}) {
  const error = snapshot.context.error;
  const errorText = error ? errorMessage(error) : null;
  const fromLink = Boolean(token && email);
  const state = snapshot.value;

  if (state === 'resetDone') {
    return (
      <>
        <StepHeading focusOnMount>
          <Trans>Password changed</Trans>
        </StepHeading>
        <p className="alert alert-success" role="status">
          <Trans>Your password has been changed. Sign in with your new password.</Trans>
        </p>
        <Link to="/login" search={{ notice: 'passwordReset' }} className="button primary block">
          <Trans>Sign in</Trans>
        </Link>
      </>
    );
  }

  const showResetForm = fromLink || state === 'success' || state === 'resetting' || state === 'resetFailed';
  if (showResetForm) {
    const address = fromLink ? (email ?? '') : (snapshot.context.email ?? '');
    return (
      <>
        <StepHeading focusOnMount={!fromLink}>
          <Trans>Set a new password</Trans>
        </StepHeading>
        {state === 'success' && (
          <p className="alert alert-success" role="status">
            <Trans>Check your e-mail. If an account exists for {address}, we sent it a verification code.</Trans>
          </p>
        )}
        {errorText && state !== 'success' && (
          <p className="alert alert-error" role="alert">
            {errorText}
          </p>
        )}
        <NewPasswordForm
          email={address}
          withCode={!fromLink}
          pending={state === 'resetting'}
          submitLabel={state === 'resetting' ? <Trans>Saving…</Trans> : <Trans>Change password</Trans>}
          onSubmit={(values) => send({ type: 'password.reset', input: { email: address, code: fromLink ? (token ?? '') : values.code, password: values.password } })}
        />
        <p className="card-footer-link">
          {fromLink ? (
            <Link to="/reset-password">
              <Trans>Request a new code</Trans>
            </Link>
          ) : (
            <button type="button" className="button link" onClick={() => send({ type: 'password.restart' })}>
              <Trans>Send a new code</Trans>
            </button>
          )}
        </p>
      </>
    );
  }

  return (
    <RequestCodeForm
      pending={state === 'loading'}
      error={errorText}
      onSubmit={(address) => send({ type: 'password.requestCode', email: address })}
    />
  );
}

/** The forgot-password request form: e-mail required and e-mail shaped. */
function RequestCodeForm({ pending, error, onSubmit }: { pending: boolean; error: string | null; onSubmit: (email: string) => void }) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ defaultValues: { email: '' }, onSubmit: ({ value }) => onSubmit(value.email.trim()) });
  useFocusFirstInvalid(formRef, useStore(form.store, submitSettledKey));
  return (
    <>
      <StepHeading>
        <Trans>Forgot your password?</Trans>
      </StepHeading>
      <p>
        <Trans>Enter the e-mail address you sign in with. We will send you a code for setting a new password.</Trans>
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field
          name="email"
          validators={{
            onSubmit: ({ value }) =>
              value.trim() === '' ? t`Email is required` : !EMAIL_PATTERN.test(value.trim()) ? t`Enter a valid email address` : undefined,
          }}
        >
          {(field) => (
            <Field
              name="email"
              type="email"
              label={<Trans>Email</Trans>}
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : undefined}
              autoComplete="username"
            />
          )}
        </form.Field>
        <button type="submit" className="button primary block" disabled={pending} aria-busy={pending}>
          {pending ? <Trans>Sending…</Trans> : <Trans>Send code</Trans>}
        </button>
      </form>
      <p className="card-footer-link">
        <Link to="/login">
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </>
  );
}
