/**
 * `/dashboard/{account}/settings/profile` (spec 002 §2 Account settings "Profile tab", §6: Super_Admin,
 * Reseller, Owner, Admin): the account's theme, brand media and company profile. The loader reads the
 * stored profile and the account's features; a failed load shows the error page (spec 002 §8).
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { featuresOptions } from '../../../../api/queries';
import { accountProfileOptions } from '../../../../features/settings/profile/profile.api';
import { ProfilePage } from '../../../../features/settings/profile/ProfilePage';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/profile')({
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('profile')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  loader: ({ context: { queryClient, account } }) =>
    Promise.all([queryClient.ensureQueryData(accountProfileOptions(account.id)), queryClient.ensureQueryData(featuresOptions(account.id))]),
  component: function ProfileRoute() {
    const { account } = Route.useRouteContext();
    return <ProfilePage accountId={account.id} />;
  },
});
