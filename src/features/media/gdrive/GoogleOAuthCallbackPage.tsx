/**
 * `/oauth/google` — Google's redirect back after the Drive consent screen (spec 000 §2 public route;
 * spec 001 §8; spec 002 §4 "Google OAuth callback"). Shows 'Authenticating to Google...' while it
 * posts `{ code, state }` to POST /integration/google/auth/callback (the route waits for a settled,
 * signed-in session first). On success it refreshes the user (hasGoogleDriveIntegration) and goes
 * back to the stored return path for that state (the media library with gdrive=true, so the dialog
 * reopens connected), else /dashboard. On any failure — Google's `?error`, a missing code or state,
 * a 422 bad state/code, a network error — it toasts the spec message and goes to
 * /dashboard?error=google_oauth_error.
 */
import './gdrive.css';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { meOptions } from '../../../api/queries';
import { completeGoogleCallback } from './gdrive.api';
import { takeGoogleOAuthReturn, type ReturnStorage } from './oauthReturn';

/** Where a failed callback lands (spec 001 §8). */
export const GOOGLE_OAUTH_ERROR_HREF = '/dashboard?error=google_oauth_error';

export interface GoogleOAuthCallbackPageProps {
  code?: string;
  state?: string;
  /** Google's `?error` (e.g. access_denied). */
  error?: string;
  /** Tests pass fakes. */
  complete?: (code: string, state: string) => Promise<unknown>;
  storage?: ReturnStorage;
}

/** The callback page. */
export function GoogleOAuthCallbackPage({ code, state, error, complete = completeGoogleCallback, storage }: GoogleOAuthCallbackPageProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const returnTo = state ? takeGoogleOAuthReturn(storage ?? window.sessionStorage, state) : null;
    const fail = () => {
      toast.error(t`There was an error with Google OAuth. Please try again or contact support.`);
      void navigate({ href: GOOGLE_OAUTH_ERROR_HREF, replace: true });
    };
    if (error || !code || !state) {
      fail();
      return;
    }
    void (async () => {
      try {
        await complete(code, state);
      } catch {
        fail();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: meOptions().queryKey });
      await navigate({ href: returnTo ?? '/dashboard', replace: true });
    })();
  }, [code, state, error, complete, storage, navigate, queryClient, t]);

  return (
    <main id="main" className="gdrive-callback">
      <p role="status" aria-live="polite">
        <Trans>Authenticating to Google...</Trans>
      </p>
    </main>
  );
}
