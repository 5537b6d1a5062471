/**
 * `/dashboard/{account}/settings/{tab}` — account settings (spec 002 §2): Super Admin, Reseller,
 * Owner, Admin (spec 002 §6); others are redirected to /dashboard. The tabs the viewer may see come
 * from `settingsTabsFor`; a tab route the viewer may not see redirects to the first one.
 */
import { createFileRoute } from '@tanstack/react-router';
import { requireAccountRole } from '../../../../features/chrome/guards';
import { settingsTabsFor, USERS_ROLES } from '../../../../features/chrome/permissions';
import { SettingsLayout } from '../../../../features/settings/SettingsLayout';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings')({
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const { me, role } = await requireAccountRole(queryClient, account, USERS_ROLES);
    return { me, role, settingsTabs: settingsTabsFor(me, role) };
  },
  component: function SettingsRoute() {
    const { account, settingsTabs } = Route.useRouteContext();
    return <SettingsLayout accountSlug={account.publicId} tabs={settingsTabs} />;
  },
});
