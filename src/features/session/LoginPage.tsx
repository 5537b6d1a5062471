/**
 * Login page (spec 000 §2, §4, §5, §8): email and password required (email shaped
 * text@text.text), failures as a red alert, the `redirect` query honoured after sign-in, the
 * `error` query shown as a translated notice, `notice` as a confirmation (password reset).
 * Login sequence (§4): credentials → a new-password challenge goes to
 * /new-password?new=true&email=…(&redirect) → a software-token step is shown in this card →
 * the redirect target or /dashboard. Form state lives in @tanstack/react-form; the session machine
 * gets only the parsed submit.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  isChoosingNewPassword,
  isSignedIn,
  isTotpStep,
  isSigningIn,
  selectChallenge,
  selectSignInError,
} from '../../../machines/session/session.selectors';
import { useSession, useSessionSelector } from './hooks';
import { safeRedirectTarget } from './guards';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { FederatedSignIn } from '../sso/FederatedSignIn';
import { SkipLink } from '../../ui/SkipLink';
import { Field, submitSettledKey, useAuthErrorMessage, useFocusFirstInvalid } from './forms';

/** The TOTP step is needed only after an MFA challenge: loaded on demand (and prefetched on submit). */
const loadTotpStep = () => import('./SignInTotpStep');
const SignInTotpStep = lazy(() => loadTotpStep().then((m) => ({ default: m.SignInTotpStep })));

/** Email shape of spec 000 §5: text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Props: the validated search of /login. */
export interface LoginPageProps {
  redirect?: string;
  error?: string;
  notice?: string;
}

/** The sign-in page with its own `<main>`. */
export function LoginPage({ redirect, error, notice }: LoginPageProps) {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const signingIn = useSessionSelector(isSigningIn);
  const signedIn = useSessionSelector(isSignedIn);
  const signInError = useSessionSelector(selectSignInError);
  const authErrorMessage = useAuthErrorMessage();
  const choosingNewPassword = useSessionSelector(isChoosingNewPassword);
  const totpStep = useSessionSelector(isTotpStep);
  const challenge = useSessionSelector(selectChallenge);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (signedIn) void navigate({ to: safeRedirectTarget(redirect), replace: true });
  }, [signedIn, redirect, navigate]);

  useEffect(() => {
    if (choosingNewPassword) {
      void navigate({ to: '/new-password', search: { new: true, email: challenge?.email, redirect }, replace: true });
    }
  }, [choosingNewPassword, challenge, redirect, navigate]);

  const form = useForm({
    defaultValues: { email: '', password: '' },
    onSubmit: ({ value }) => {
      void loadTotpStep();
      return session.signIn(value.email.trim(), value.password);
    },
  });
  useFocusFirstInvalid(formRef, useStore(form.store, submitSettledKey));

  const queryErrorMessage =
    error === 'loginWrongUser'
      ? t`You are signed in as a different user than the invitation was sent to. Please sign in with the invited account.`
      : error === 'signInExpired'
        ? t`Your sign-in was interrupted. Please sign in again.`
        : error
          ? t`Sign-in failed. Please try again.`
          : null;
  const noticeMessage =
    notice === 'passwordReset' ? t`Your password has been changed. Sign in with your new password.` : null;

  if (totpStep) {
    return (
      <div className="login-shell">
        <SkipLink />
        <main id="main" className="login-page">
          <div className="card login-card">
            <p className="brand">Vidbot</p>
            <Suspense fallback={null}>
              <SignInTotpStep />
            </Suspense>
          </div>
          <LanguageSwitch />
        </main>
      </div>
    );
  }

  return (
    <div className="login-shell">
      <SkipLink />
      <main id="main" className="login-page">
        <div className="card login-card">
          <p className="brand">Vidbot</p>
          <h1>
            <Trans>Sign in</Trans>
          </h1>
          {noticeMessage && (
            <p className="alert alert-success" role="status">
              {noticeMessage}
            </p>
          )}
          {queryErrorMessage && (
            <p className="alert alert-warning" role="status">
              {queryErrorMessage}
            </p>
          )}
          {signInError && (
            <p className="alert alert-error" role="alert">
              {authErrorMessage(signInError)}
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
                  label={<Trans>Email</Trans>}
                  name="email"
                  type="email"
                  autoComplete="username"
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : undefined}
                />
              )}
            </form.Field>
            <form.Field name="password" validators={{ onSubmit: ({ value }) => (value === '' ? t`Password is required` : undefined) }}>
              {(field) => (
                <Field
                  label={<Trans>Password</Trans>}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={field.state.meta.errors[0] ? String(field.state.meta.errors[0]) : undefined}
                />
              )}
            </form.Field>
            <button type="submit" className="button primary block" disabled={signingIn} aria-busy={signingIn}>
              {signingIn ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
            </button>
          </form>
          <p className="card-footer-link">
            <Link to="/reset-password">
              <Trans>Forgot your password?</Trans>
            </Link>
          </p>
          <FederatedSignIn />
        </div>
        <LanguageSwitch />
      </main>
    </div>
  );
}
