/** `/dashboard/{account}/settings/tags` (spec 002 §2 Account settings). Placeholder seam: the issue-15 helper owning this tab replaces it. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/tags')({
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('tags')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  component: () => <h2>tags</h2>,
});
