/**
 * Team select (spec 000 §2): active accounts with Select (→ /dashboard/{slug}), invited accounts with
 * Join (role status → Active via PUT /user/{userId}/role/{roleId}, then /dashboard), and an entry to
 * log in to another account (signs out → /login). Both lists come from GET /user/me/account.
 * Join runs the team-join chart (machines/session/teamJoin.machine.ts), read through flows.selectors.ts.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { teamJoinMachine } from '../../../machines/session/teamJoin.machine';
import { isJoiningTeam, isTeamJoined, selectJoinFailure } from '../../../machines/session/flows.selectors';
import { meOptions } from '../../api/queries';
import { myAccountsOptions } from './teamSelect.queries';
import { PlainShell } from '../../ui/AppShell';
import { useSession } from './hooks';
import { teamJoinActors } from './flows';
import { inspect } from '../machines/inspection';

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

  // The team-join chart (machines/session/teamJoin.machine.ts) with PUT /user/{userId}/role/{roleId} behind it.
  const [machine] = useState(() => teamJoinMachine.provide({ actors: teamJoinActors() }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const joining = isJoiningTeam(snapshot);
  const joined = isTeamJoined(snapshot);
  const failure = selectJoinFailure(snapshot);
  useEffect(() => {
    if (!joined) return;
    toast.success(t`You joined the team.`);
    void queryClient.invalidateQueries().then(() => navigate({ to: '/dashboard' }));
  }, [joined, queryClient, navigate, t]);
  useEffect(() => {
    if (failure !== null) toast.error(failure || t`Something went wrong`);
  }, [failure, t]);

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
                    disabled={joining || joined || account.roleId === null}
                    onClick={() => {
                      if (account.roleId !== null) send({ type: 'team.join', target: { userId: me.id, roleId: account.roleId } });
                    }}
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
