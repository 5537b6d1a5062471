/**
 * `/dashboard/{account}/settings/integrations` (spec 002 §2 Account settings, Integrations tab; issue
 * 15 "Integrations"). Roles per spec 002 §6 (the settings guard + this tab's guard). Search:
 * `integration`, `code`, `state` — the landing after a CRM's sign-in page (spec 002 §2 "landing
 * point … ?code=… after the integration callback"); the tab posts them once and cleans the URL.
 */
import { useCallback } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { IntegrationsTab } from '../../../../features/settings/integrations/IntegrationsTab';

const integrationsSearchSchema = v.object({
  integration: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(32)), '')),
  code: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(4096)), '')),
  state: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(4096)), '')),
});

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/integrations')({
  validateSearch: integrationsSearchSchema,
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('integrations')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  component: IntegrationsRoute,
});

function IntegrationsRoute() {
  const { account } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const cleanUrl = useCallback(() => {
    void navigate({ search: {}, replace: true });
  }, [navigate]);
  return <IntegrationsTab account={account} callback={search} cleanUrl={cleanUrl} />;
}
