/** `/dashboard/{account}/settings/account` (spec 002 §2 Account settings). Placeholder seam: the issue-15 helper owning this tab replaces it. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/account')({
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('account')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  component: () => <h2>account</h2>,
});
