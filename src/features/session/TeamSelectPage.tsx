/**
 * Team select (spec 000 §2): active accounts with Select (→ /dashboard/{slug}), invited accounts with
 * Join (role status → Active via PUT /user/{userId}/role/{roleId}, then /dashboard), and an entry to
 * log in to another account (signs out → /login). Both lists come from GET /user/me/account.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'react-toastify';
import { api } from '../../api/client';
import { meOptions } from '../../api/queries';
import { myAccountsOptions } from './teamSelect.queries';
import type { Account } from '../../api/types';
import { PlainShell } from '../../ui/AppShell';
import { useSession } from './hooks';

/** The team select page. */
export function TeamSelectPage() {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(meOptions());
  const { data: accounts } = useSuspenseQuery(myAccountsOptions());
  const active = accounts.records.filter((a) => a.roleStatus === 'Active');
  const invited = accounts.records.filter((a) => a.roleStatus === 'Invited');

  const join = useMutation({
    mutationFn: (account: Account) => api.put(`/user/${me.id}/role/${account.roleId}`, { status: 'Active' }),
    onSuccess: async () => {
      toast.success(t`You joined the team.`);
      await queryClient.invalidateQueries();
      await navigate({ to: '/dashboard' });
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : t`Something went wrong`),
  });

  return (
    <PlainShell email={me.email} onSignOut={session.signOut}>
      <div className="page narrow">
        <h1>
          <Trans>Select a team</Trans>
        </h1>
        {active.length > 0 && (
          <section aria-labelledby="active-teams">
            <h2 id="active-teams">
              <Trans>Your teams</Trans>
            </h2>
            <ul className="list">
              {active.map((account) => (
                <li key={account.id} className="list-row">
                  <span>{account.businessName}</span>
                  <Link to="/dashboard/$accountSlug" params={{ accountSlug: account.publicId }} className="button primary">
                    <Trans>Select</Trans>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {invited.length > 0 && (
          <section aria-labelledby="invited-teams">
            <h2 id="invited-teams">
              <Trans>Invitations</Trans>
            </h2>
            <ul className="list">
              {invited.map((account) => (
                <li key={account.id} className="list-row">
                  <span>{account.businessName}</span>
                  <button
                    type="button"
                    className="button primary"
                    disabled={join.isPending}
                    onClick={() => join.mutate(account)}
                  >
                    <Trans>Join</Trans>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p>
          <button type="button" className="button link" onClick={session.signOut}>
            <Trans>Log in to another account</Trans>
          </button>
        </p>
      </div>
    </PlainShell>
  );
}
