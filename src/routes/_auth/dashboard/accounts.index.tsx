/**
 * `/dashboard/accounts` — where staff land (spec 000 §2). Minimal until its own issue: the accounts
 * the user may see, each with 'log in to account'.
 */
import { Link, createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { accountsOptions, meOptions } from '../../../api/queries';
import { PlainShell } from '../../../ui/AppShell';
import { useSession } from '../../../features/session/hooks';

export const Route = createFileRoute('/_auth/dashboard/accounts')({
  component: AccountsPage,
});

function AccountsPage() {
  const session = useSession();
  const { data: me } = useSuspenseQuery(meOptions());
  const { data: accounts } = useSuspenseQuery(accountsOptions());
  return (
    <PlainShell email={me.email} onSignOut={session.signOut}>
      <div className="page narrow">
        <h1>
          <Trans>Accounts</Trans>
        </h1>
        {accounts.records.length === 0 ? (
          <p>
            <Trans>No results</Trans>
          </p>
        ) : (
          <ul className="list">
            {accounts.records.map((account) => (
              <li key={account.id} className="list-row">
                <span>{account.businessName}</span>
                <Link to="/dashboard/$accountSlug" params={{ accountSlug: account.publicId }} className="button">
                  <Trans>Log in to account</Trans>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PlainShell>
  );
}
