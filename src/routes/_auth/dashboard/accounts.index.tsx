/**
 * `/dashboard/accounts` — the accounts list (spec 000 §2, §6): where staff land. Who sees which
 * accounts is decided in the view ('No permission!' for non-staff).
 */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AppShell } from '../../../ui/AppShell';
import { AccountsListPage } from '../../../features/accounts/AccountsListPage';
import { ACCOUNTS_SEARCH_DEFAULTS, accountsSearchSchema } from '../../../features/accounts/accountsSearch';

export const Route = createFileRoute('/_auth/dashboard/accounts/')({
  validateSearch: accountsSearchSchema,
  search: { middlewares: [stripSearchParams(ACCOUNTS_SEARCH_DEFAULTS)] },
  component: function AccountsRoute() {
    const search = Route.useSearch();
    return (
      <AppShell>
        <AccountsListPage search={search} />
      </AppShell>
    );
  },
});
