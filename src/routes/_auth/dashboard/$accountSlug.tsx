/**
 * `/dashboard/{accountSlug}` layout (spec 000 §2): the slug is matched against the account's
 * publicId; an unknown slug shows 'Account not found'. Children get `context.account` and the
 * account's feature list (`context.features`); views use `useAccount()`.
 */
import { Outlet, createFileRoute, notFound } from '@tanstack/react-router';
import { accountsOptions, featuresOptions } from '../../../api/queries';
import { AppShell } from '../../../ui/AppShell';
import { AccountNotFoundPage, BackToDashboard } from '../../../ui/ErrorPage';
import { Trans } from '@lingui/react/macro';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug')({
  beforeLoad: async ({ context: { queryClient }, params }) => {
    const accounts = await queryClient.ensureQueryData(accountsOptions());
    const account = accounts.records.find((a) => a.publicId === params.accountSlug);
    if (!account) throw notFound({ data: { reason: 'account' } });
    return { account };
  },
  loader: async ({ context: { queryClient, account } }) => {
    await queryClient.ensureQueryData(featuresOptions(account.id));
  },
  // An unknown slug → 'Account not found'; an unknown page inside a known account → 'Page not found'.
  notFoundComponent: ({ data }) =>
    typeof data === 'object' && data !== null && 'reason' in data && data.reason === 'account' ? <AccountNotFoundPage /> : <PageNotFoundInAccount />,
  component: AccountLayout,
});

function AccountLayout() {
  const { account } = Route.useRouteContext();
  return (
    <AppShell account={account}>
      <Outlet />
    </AppShell>
  );
}

/** An unknown page inside a known account: 'Page not found' inside the account's chrome. */
function PageNotFoundInAccount() {
  const { account } = Route.useRouteContext();
  return (
    <AppShell account={account}>
      <div className="page narrow">
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <p>
          <Trans>The page you are looking for does not exist.</Trans>
        </p>
        <BackToDashboard />
      </div>
    </AppShell>
  );
}
