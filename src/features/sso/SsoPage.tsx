/**
 * `/sso` (spec 000 §2, §4 "SSO login", §5, §8; issue 3): e-mail (required, an e-mail) →
 * POST /auth/sso/discover → amplify signInWithRedirect to the found provider. 404 shows the
 * translated ssoProviderNotFound message; other errors are rethrown to the route's error boundary.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { isHttpError } from '../../api/client';
import { typedApi, type Answer } from '../../api/contract';
import type { paths } from '../../api/schema.gen';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { SkipLink } from '../../ui/SkipLink';
import { EMAIL_PATTERN } from '../session/LoginPage';
import { redirectToProvider } from './oauth';
import { Field } from '../session/forms';

/** Answer of POST /auth/sso/discover (the server's contract, issue 10 §4). */
export type DiscoverResponse = Answer<paths['/auth/sso/discover']['post']>;

/** Props: the discovery and redirect steps (tests pass fakes). */
export interface SsoPageProps {
  discover?: (email: string) => Promise<DiscoverResponse>;
  redirect?: (provider: string, email: string) => Promise<void>;
}

const defaultDiscover = (email: string) => typedApi.post('/auth/sso/discover', { body: { email } });

/** The single sign-on page with its own `<main>`. */
export function SsoPage({ discover = defaultDiscover, redirect = redirectToProvider }: SsoPageProps) {
  const { t } = useLingui();
  const [notFound, setNotFound] = useState(false);
  const [fatal, setFatal] = useState<unknown>(null);
  if (fatal) throw fatal;

  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value }) => {
      setNotFound(false);
      const email = value.email.trim();
      try {
        const { ssoProvider } = await discover(email);
        await redirect(ssoProvider, email);
      } catch (error) {
        if (isHttpError(error, 404)) setNotFound(true);
        else setFatal(error);
      }
    },
  });

  return (
    <div className="login-shell">
      <SkipLink />
      <main id="main" className="login-page">
        <div className="card login-card">
          <p className="brand">Vidbot</p>
          <h1>
            <Trans>Sign in with SSO</Trans>
          </h1>
          {notFound && (
            <p className="alert alert-error" role="alert">
              <Trans>No single sign-on provider was found for this email address.</Trans>
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
              {(field) => (
                <Field
                  label={<Trans>Work email</Trans>}
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
            <form.Subscribe selector={(s) => s.isSubmitting}>
              {(submitting) => (
                <button type="submit" className="button primary block" disabled={submitting} aria-busy={submitting || undefined}>
                  {submitting ? <Trans>Continuing…</Trans> : <Trans>Continue</Trans>}
                </button>
              )}
            </form.Subscribe>
          </form>
          <p className="card-footer-link">
            <Link to="/login">
              <Trans>Sign in with a password instead</Trans>
            </Link>
          </p>
        </div>
        <LanguageSwitch />
      </main>
    </div>
  );
}
