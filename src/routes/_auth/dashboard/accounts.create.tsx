/** `/dashboard/accounts/create` — create account (spec 000 §2, §5, §6): staff and resellers only, else /dashboard. */
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AppShell } from '../../../ui/AppShell';
import { AccountForm } from '../../../features/accounts/AccountForm';
import { ACCOUNTS_SEARCH_DEFAULTS, accountsSearchSchema } from '../../../features/accounts/accountsSearch';
import { requireViewer } from '../../../features/chrome/guards';
import { canCreateAccount } from '../../../features/chrome/permissions';

export const Route = createFileRoute('/_auth/dashboard/accounts/create')({
  validateSearch: accountsSearchSchema,
  search: { middlewares: [stripSearchParams(ACCOUNTS_SEARCH_DEFAULTS)] },
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, canCreateAccount);
  },
  component: function CreateAccountRoute() {
    const search = Route.useSearch();
    return (
      <AppShell>
        <AccountForm mode="create" account={null} role={null} back={search} />
      </AppShell>
    );
  },
});
