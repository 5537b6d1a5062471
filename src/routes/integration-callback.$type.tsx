/**
 * `/integration-callback/{type}` — where a CRM's sign-in page (HubSpot, Salesforce) sends the person
 * back (spec 002 §4 "Integration OAuth callback: reads code and state (an encoded account public id)
 * and redirects to the integrations settings with the code. On missing or invalid state it shows
 * 'Invalid authentication state' and goes to /dashboard"; architecture note §5). Signed-in context:
 * the guard waits for the session and sends a signed-out visitor to /login with this URL as the
 * redirect. The state is read, not verified (the server does that when the tab posts code + state).
 */
import { useEffect, useRef } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { requireAuthenticated } from '../features/session/guards';
import { toast } from '../ui/toast';
import { accountFromOAuthState } from '../features/settings/integrations/oauthState';

const callbackSearchSchema = v.object({
  code: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(4096)), '')),
  state: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(4096)), '')),
  error: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(256)), '')),
});

export const Route = createFileRoute('/integration-callback/$type')({
  validateSearch: callbackSearchSchema,
  beforeLoad: async ({ context, location }) => {
    await requireAuthenticated(context.session, location.href);
  },
  component: IntegrationCallbackRoute,
});

function IntegrationCallbackRoute() {
  const { type } = Route.useParams();
  const { code, state, error } = Route.useSearch();
  const { t } = useLingui();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const accountSlug = accountFromOAuthState(state);
    if (!accountSlug) {
      toast.error(t`Invalid authentication state`);
      void navigate({ to: '/dashboard', replace: true });
      return;
    }
    if (error || !code) {
      // The person declined on the CRM's page (or it sent no code): back to the tab, which says nothing was connected.
      toast.error(t`The connection was not made: the sign-in was cancelled or refused.`);
      void navigate({ to: '/dashboard/$accountSlug/settings/integrations', params: { accountSlug }, replace: true });
      return;
    }
    void navigate({ to: '/dashboard/$accountSlug/settings/integrations', params: { accountSlug }, search: { integration: type, code, state }, replace: true });
  }, [type, code, state, error, navigate, t]);
  return (
    <main id="main" className="gdrive-callback">
      <p role="status" aria-live="polite">
        <Trans>Connecting…</Trans>
      </p>
    </main>
  );
}
