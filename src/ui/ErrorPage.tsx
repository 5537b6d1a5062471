/**
 * Error screens (spec 000 §2 shared chrome, §8): generic error screen, page not found, account not
 * found, internal server error. Each is a full page with one `<main>` and a way back to /dashboard;
 * inside the dashboard chrome (a layout's not-found, issue 10 §2) only the message is drawn, in the
 * chrome's own `<main>`.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { HttpError } from '../api/client';
import { useInShell } from './shellContext';

/** Layout of every error page: heading, message, actions (a full page, or the content inside the chrome). */
export function ErrorLayout({ title, children, actions }: { title: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  const inShell = useInShell();
  if (inShell) {
    return (
      <div className="page narrow error-content">
        <h1>{title}</h1>
        {children}
        {actions && <div className="actions">{actions}</div>}
      </div>
    );
  }
  return (
    <main id="main" className="error-page">
      <div className="card">
        <h1>{title}</h1>
        {children}
        {actions && <div className="actions">{actions}</div>}
      </div>
    </main>
  );
}

/** A link styled as the primary button back to /dashboard. */
export function BackToDashboard() {
  return (
    <Link to="/dashboard" className="button primary">
      <Trans>Back to dashboard</Trans>
    </Link>
  );
}

/** 'Page not found' with a back-to-dashboard button. */
export function NotFoundPage() {
  return (
    <ErrorLayout title={<Trans>Page not found</Trans>} actions={<BackToDashboard />}>
      <p>
        <Trans>The page you are looking for does not exist.</Trans>
      </p>
    </ErrorLayout>
  );
}

/** 'Account not found' for an unknown /dashboard/{accountSlug}. */
export function AccountNotFoundPage() {
  return (
    <ErrorLayout title={<Trans>Account not found</Trans>} actions={<BackToDashboard />}>
      <p>
        <Trans>There is no account at this address, or you have no access to it.</Trans>
      </p>
    </ErrorLayout>
  );
}

/** Internal server error page: back to /dashboard. */
export function InternalErrorPage() {
  return (
    <ErrorLayout title={<Trans>Internal server error</Trans>} actions={<BackToDashboard />}>
      <p>
        <Trans>Something went wrong on our side. Please try again later or contact support.</Trans>
      </p>
    </ErrorLayout>
  );
}

/** The internal server error message inside a page's chrome (e.g. the resellers load error, spec 000 §8). */
export function InternalErrorContent() {
  return (
    <div className="page narrow" role="alert">
      <h1>
        <Trans>Internal server error</Trans>
      </h1>
      <p>
        <Trans>Something went wrong on our side. Please try again later or contact support.</Trans>
      </p>
      <BackToDashboard />
    </div>
  );
}

/**
 * Generic error screen: title falls back to 'An error occurred', shows the error's message, and
 * marks server errors (status ≥ 500) as such.
 */
export function GenericErrorPage({ error, title }: { error: unknown; title?: ReactNode }) {
  const { t } = useLingui();
  const status = error instanceof HttpError ? error.status : undefined;
  const message = error instanceof Error && error.message ? error.message : t`Something went wrong`;
  return (
    <ErrorLayout title={title ?? <Trans>An error occurred</Trans>} actions={<BackToDashboard />}>
      {status !== undefined && status >= 500 && (
        <p className="error-badge" aria-hidden="true">
          {status}
        </p>
      )}
      <p role="alert">{message}</p>
      <p>
        <Trans>If this keeps happening, contact support.</Trans>
      </p>
    </ErrorLayout>
  );
}
