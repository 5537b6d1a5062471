/** `/dashboard/{account}/settings/profile` (spec 002 §2 Account settings). Placeholder seam: the issue-15 helper owning this tab replaces it. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/profile')({
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('profile')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  component: () => <h2>profile</h2>,
});
