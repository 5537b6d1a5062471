/**
 * Crash fallback page (spec 000 §2): shown when rendering fails. It shows the error, the component
 * stack, a Copy button (error, stack and component stack to the clipboard) and a Reload button that
 * loads /dashboard afresh. `isCrash` tells a crash from a failed call (HTTP error, time-out, network),
 * which gets the generic error screen instead.
 */
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiTimeoutError, HttpError } from '../api/client';

/** True for programming errors, false for failed calls (HTTP errors, time-outs, fetch failures). */
export function isCrash(error: unknown): boolean {
  if (error instanceof HttpError || error instanceof ApiTimeoutError) return false;
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return false;
  return true;
}

/** The text the Copy button puts on the clipboard. */
export function crashReport(error: unknown, componentStack: string | null | undefined): string {
  const head = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && error.stack ? `\n\n${error.stack}` : '';
  const components = componentStack ? `\n\nComponent stack:${componentStack}` : '';
  return `${head}${stack}${components}`;
}

/** The crash page. */
export function CrashFallback({ error, componentStack }: { error: unknown; componentStack?: string | null }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <main id="main" className="error-page">
      <div className="card crash-card">
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        <p>
          <Trans>The page crashed. Use Copy to pass the details to support, then reload.</Trans>
        </p>
        <p role="alert" className="alert alert-error">
          {message}
        </p>
        {componentStack && (
          <details>
            <summary>
              <Trans>Component stack</Trans>
            </summary>
            <pre className="crash-stack">{componentStack.trim()}</pre>
          </details>
        )}
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() =>
              void navigator.clipboard?.writeText(crashReport(error, componentStack)).then(
                () => setCopied('yes'),
                () => setCopied('failed'),
              )
            }
          >
            <Trans>Copy</Trans>
          </button>
          <button type="button" className="button primary" onClick={() => window.location.assign('/dashboard')}>
            <Trans>Reload</Trans>
          </button>
          <span role="status" className="muted">
            {copied === 'yes' ? t`Copied` : copied === 'failed' ? t`Copy failed` : ''}
          </span>
        </div>
      </div>
    </main>
  );
}

/** Error boundary around the whole app for crashes outside the router's own boundaries. */
export class CrashBoundary extends Component<{ children: ReactNode }, { error: unknown; componentStack: string | null } | { error: null; componentStack: null }> {
  override state = { error: null, componentStack: null } as { error: unknown; componentStack: string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error, componentStack: null };
  }
  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
  }
  override render() {
    if (this.state.error !== null) return <CrashFallback error={this.state.error} componentStack={this.state.componentStack} />;
    return this.props.children;
  }
}
