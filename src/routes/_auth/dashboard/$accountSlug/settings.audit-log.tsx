/** `/dashboard/{account}/settings/audit-log` (spec 002 §2 Account settings). Placeholder seam: the issue-15 helper owning this tab replaces it. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/audit-log')({
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('audit-log')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  component: () => <h2>audit-log</h2>,
});
