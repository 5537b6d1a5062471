/**
 * `/dashboard/{account}/settings/account` (spec 002 §2 Account settings "Account tab", §6: Super_Admin,
 * Reseller, Owner): billing fields, and the business type in power-user mode. The loader reads the
 * account's detail; a failed load shows the error page (spec 002 §8).
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { accountDetailOptions } from '../../../../features/accounts/accounts.api';
import { AccountSettingsPage } from '../../../../features/settings/account/AccountSettingsPage';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/account')({
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('account')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  loader: ({ context: { queryClient, account } }) => queryClient.ensureQueryData(accountDetailOptions(account.id)),
  component: function AccountSettingsRoute() {
    const { account } = Route.useRouteContext();
    return <AccountSettingsPage accountId={account.id} />;
  },
});
