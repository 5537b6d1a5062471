/**
 * Federated sign-in entries of the login page (spec 000 §4; issue 3): a "Sign in with SSO" link to
 * /sso, and "Sign in with Google" only when GET /api/config says Google is configured.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { configOptions } from '../../api/queries';
import { redirectToProvider } from './oauth';

/** The Google provider name the identity provider knows (Cognito's name). */
export const GOOGLE_PROVIDER = 'Google';

/** Links/buttons under the password form. */
export function FederatedSignIn({ redirect = redirectToProvider }: { redirect?: (provider: string) => Promise<void> }) {
  const { data: config } = useQuery(configOptions());
  const [failed, setFailed] = useState(false);
  return (
    <div className="federated-sign-in">
      {config?.google && config.oauth && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setFailed(false);
            redirect(GOOGLE_PROVIDER).catch(() => setFailed(true));
          }}
        >
          <Trans>Sign in with Google</Trans>
        </button>
      )}
      {failed && (
        <p className="alert alert-error" role="alert">
          <Trans>Could not start the sign-in. Please try again.</Trans>
        </p>
      )}
      <p>
        <Link to="/sso">
          <Trans>Sign in with SSO</Trans>
        </Link>
      </p>
    </div>
  );
}
