/** `/dashboard/{account}/settings/tags` (spec 002 §2 Account settings, Tags tab; §6 Super_Admin, Owner, Admin). */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { TagsTab } from '../../../../features/settings/tags/TagsTab';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/tags')({
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('tags')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  component: function TagsRoute() {
    const { account } = Route.useRouteContext();
    return <TagsTab account={account} />;
  },
});
