/**
 * `/dashboard/{account}/edit` — edit account (spec 000 §2, §6): superusers and customer success
 * (who see the Edit action), else /dashboard. Keeps the accounts list search for the way back.
 */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AccountForm } from '../../../../features/accounts/AccountForm';
import { accountDetailOptions } from '../../../../features/accounts/accounts.api';
import { ACCOUNTS_SEARCH_DEFAULTS, accountsSearchSchema } from '../../../../features/accounts/accountsSearch';
import { requireViewer } from '../../../../features/chrome/guards';
import { activeRoleIn, canEditAccount } from '../../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/edit')({
  validateSearch: accountsSearchSchema,
  search: { middlewares: [stripSearchParams(ACCOUNTS_SEARCH_DEFAULTS)] },
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const me = await requireViewer(queryClient, canEditAccount);
    return { role: activeRoleIn(me.roles, account.id) };
  },
  loader: ({ context: { queryClient, account } }) => queryClient.ensureQueryData(accountDetailOptions(account.id)),
  component: function EditAccountRoute() {
    const { account, role } = Route.useRouteContext();
    const search = Route.useSearch();
    const { data } = useSuspenseQuery(accountDetailOptions(account.id));
    return <AccountForm key={data.id} mode="edit" account={data} role={role} back={search} />;
  },
});
