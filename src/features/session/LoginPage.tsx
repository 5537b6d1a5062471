/**
 * Login page (spec 000 §2, §4, §5, §8): email and password required (email shaped
 * text@text.text), failures as a red alert, the `redirect` query honoured after sign-in, the
 * `error` query shown as a translated notice. Form state lives in @tanstack/react-form; the session
 * machine gets only the parsed submit.
 */
import { useEffect, useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { isSignedIn, isSigningIn, selectSignInError } from '../../../machines/session/session.selectors';
import { useSession, useSessionSelector } from './hooks';
import { safeRedirectTarget } from './guards';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { SkipLink } from '../../ui/AppShell';

/** Email shape of spec 000 §5: text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Props: the validated search of /login. */
export interface LoginPageProps {
  redirect?: string;
  error?: string;
}

/** The sign-in page with its own `<main>`. */
export function LoginPage({ redirect, error }: LoginPageProps) {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const signingIn = useSessionSelector(isSigningIn);
  const signedIn = useSessionSelector(isSignedIn);
  const signInError = useSessionSelector(selectSignInError);
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (signedIn) void navigate({ to: safeRedirectTarget(redirect), replace: true });
  }, [signedIn, redirect, navigate]);

  const form = useForm({
    defaultValues: { email: '', password: '' },
    onSubmit: ({ value }) => session.signIn(value.email.trim(), value.password),
  });

  const queryErrorMessage =
    error === 'loginWrongUser'
      ? t`You are signed in as a different user than the invitation was sent to. Please sign in with the invited account.`
      : error
        ? t`Sign-in failed. Please try again.`
        : null;

  return (
    <div className="login-shell">
      <SkipLink />
      <main id="main" className="login-page">
        <div className="card login-card">
          <p className="brand">Vidbot</p>
          <h1>
            <Trans>Sign in</Trans>
          </h1>
          {queryErrorMessage && (
            <p className="alert alert-warning" role="status">
              {queryErrorMessage}
            </p>
          )}
          {signInError && (
            <p className="alert alert-error" role="alert">
              {signInError}
            </p>
          )}
          <form
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
              {(field) => {
                const fieldError = field.state.meta.errors[0];
                return (
                  <div className="field">
                    <label htmlFor={emailId}>
                      <Trans>Email</Trans>
                    </label>
                    <input
                      id={emailId}
                      name="email"
                      type="email"
                      autoComplete="username"
                      value={field.state.value}
                      onChange={(e) => field.handleChange(e.target.value)}
                      onBlur={field.handleBlur}
                      aria-invalid={fieldError ? true : undefined}
                      aria-describedby={fieldError ? `${emailId}-error` : undefined}
                    />
                    {fieldError && (
                      <p className="field-error" id={`${emailId}-error`}>
                        {String(fieldError)}
                      </p>
                    )}
                  </div>
                );
              }}
            </form.Field>
            <form.Field name="password" validators={{ onSubmit: ({ value }) => (value === '' ? t`Password is required` : undefined) }}>
              {(field) => {
                const fieldError = field.state.meta.errors[0];
                return (
                  <div className="field">
                    <label htmlFor={passwordId}>
                      <Trans>Password</Trans>
                    </label>
                    <input
                      id={passwordId}
                      name="password"
                      type="password"
                      autoComplete="current-password"
                      value={field.state.value}
                      onChange={(e) => field.handleChange(e.target.value)}
                      onBlur={field.handleBlur}
                      aria-invalid={fieldError ? true : undefined}
                      aria-describedby={fieldError ? `${passwordId}-error` : undefined}
                    />
                    {fieldError && (
                      <p className="field-error" id={`${passwordId}-error`}>
                        {String(fieldError)}
                      </p>
                    )}
                  </div>
                );
              }}
            </form.Field>
            <button type="submit" className="button primary block" disabled={signingIn} aria-busy={signingIn}>
              {signingIn ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
            </button>
          </form>
        </div>
        <LanguageSwitch />
      </main>
    </div>
  );
}
