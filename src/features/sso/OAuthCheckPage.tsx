/**
 * `/oauth-check` (spec 000 §2 "return point after external sign-in"; issue 3): aws-amplify's OAuth
 * listener exchanges `?code` (PKCE) for tokens; this page waits for that, calls POST /auth/finalize
 * and goes to /dashboard. An `?error` from the identity provider, a missing session or a failing
 * finalize go to /login with the error.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { typedApi } from '../../api/contract';
import { oauthSignInCompleted } from './oauth';

/** Props: the identity provider's error parameters (validated search) and the steps (tests pass fakes). */
export interface OAuthCheckPageProps {
  error?: string;
  errorDescription?: string;
  completed?: () => Promise<boolean>;
  finalize?: () => Promise<unknown>;
}

const defaultFinalize = () => typedApi.post('/auth/finalize', { body: {} });

/** "Signing you in…" while the redirect sign-in finishes. */
export function OAuthCheckPage({ error, errorDescription, completed = oauthSignInCompleted, finalize = defaultFinalize }: OAuthCheckPageProps) {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => void navigate({ to: '/login', search: { error: message }, replace: true });
    if (error) {
      fail(errorDescription ?? error);
      return;
    }
    void (async () => {
      try {
        if (!(await completed())) {
          fail('oauthSignInFailed');
          return;
        }
        await finalize();
        await navigate({ to: '/dashboard', replace: true });
      } catch (err) {
        fail(err instanceof Error ? err.message : 'oauthSignInFailed');
      }
    })();
  }, [error, errorDescription, completed, finalize, navigate]);

  return (
    <main id="main" className="login-page">
      <p role="status" aria-live="polite">
        <Trans>Signing you in…</Trans>
      </p>
    </main>
  );
}
