/**
 * `/dashboard/{accountSlug}` layout (spec 000 §2): the slug is matched against the account's
 * publicId; an unknown slug shows 'Account not found'. Children get `context.account` and the
 * account's feature list (`context.features`); views use `useAccount()`.
 */
import { Outlet, createFileRoute, notFound } from '@tanstack/react-router';
import { accountsOptions, featuresOptions } from '../../../api/queries';
import { AppShell } from '../../../ui/AppShell';
import { AccountNotFoundPage, NotFoundPage } from '../../../ui/ErrorPage';
import { useInShell } from '../../../ui/shellContext';

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
  // Both inside one chrome (issue 10 §2): an unknown path renders here in AccountLayout's <Outlet>,
  // inside its AppShell; a notFound() thrown by this route or a child replaces AccountLayout, so the
  // page brings the chrome itself.
  notFoundComponent: ({ data }) =>
    typeof data === 'object' && data !== null && 'reason' in data && data.reason === 'account' ? <AccountNotFoundInShell /> : <PageNotFoundInAccount />,
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

/** An unknown page inside a known account: 'Page not found' inside the account's chrome (exactly one). */
function PageNotFoundInAccount() {
  const { account } = Route.useRouteContext();
  return useInShell() ? (
    <NotFoundPage />
  ) : (
    <AppShell account={account}>
      <NotFoundPage />
    </AppShell>
  );
}

/** An unknown account slug: 'Account not found' inside the chrome of no selected account. */
function AccountNotFoundInShell() {
  return (
    <AppShell account={null}>
      <AccountNotFoundPage />
    </AppShell>
  );
}
