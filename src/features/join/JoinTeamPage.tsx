/**
 * The join page `/join-team` (spec 000 §2, §4 "Join team", §5 sign-up, §8; spec 002 §2 "Join and
 * invitation"). Guests and signed-in people both land here. The workflow is the join-team chart
 * (machines/session/joinTeam.machine.ts) with the app-edge actors of join.flow.ts; this view renders
 * the chart's state and sends its events:
 * - sign-up form (token of a user without a password) → `POST /api/auth/join`, then sign-in through
 *   the session and that account's vidbots;
 * - sign in first (/login?redirect=<this link>), then the Join confirmation →
 *   `PUT /api/user/{userId}/role/{roleId}` and that account's vidbots;
 * - someone else signed in → signed out and sent to /login?error=loginWrongUser;
 * - the e-mails-mismatch screen with Log Out;
 * - an invalid, used or expired link.
 * Where to go when the chart ends (its output) and the failure toast (its `join.failed`) are handled
 * in one place, `useJoinTeamFlow`.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../ui/toast';
import { joinTeamMachine, type JoinTeamOutcome } from '../../../machines/session/joinTeam.machine';
import { accountsOptions } from '../../api/queries';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { SkipLink } from '../../ui/SkipLink';
import { FullCoverLoader } from '../../ui/FullCoverLoader';
import { useSession } from '../session/hooks';
import { useAuthErrorMessage } from '../session/forms';
import type { JoinSearch } from './join.logic';
import { joinTeamActors } from './join.flow';
import { clearInvitationEmail } from './invitationEmail';
import { SignUpForm } from './SignUpForm';
import { inspect } from '../machines/inspection';

/** Card layout shared by the join screens. */
function JoinCard({ title, children }: { title: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="login-shell">
      <SkipLink />
      <main id="main" className="login-page">
        <div className="card login-card">
          <p className="brand">Vidbot</p>
          <h1>{title}</h1>
          {children}
        </div>
        <LanguageSwitch />
      </main>
    </div>
  );
}

/**
 * The e-mails-mismatch screen (spec 000 §2, §8): the signed-in e-mail is not the one the invitation
 * was sent to. Log Out forgets the stored invitation e-mail and signs out (the session → /login).
 */
export function EmailsMismatch({ onLogOut }: { onLogOut(): void }) {
  return (
    <JoinCard title={<Trans>Join team</Trans>}>
      <p className="alert alert-error" role="alert">
        <Trans>[Error] Emails mismatch, please login with the same email as you got the invitation to.</Trans>
      </p>
      <button type="button" className="button primary block" onClick={onLogOut}>
        <Trans>Log Out</Trans>
      </button>
    </JoinCard>
  );
}

/** The account's vidbots, or /dashboard when the slug is not known. */
function useGoToAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (accountId: number | null, publicId: string | null) => {
    await queryClient.invalidateQueries();
    let slug = publicId;
    if (!slug && accountId !== null) {
      const accounts = await queryClient.fetchQuery(accountsOptions());
      slug = accounts.records.find((a) => a.id === accountId)?.publicId ?? null;
    }
    if (slug) await navigate({ to: '/dashboard/$accountSlug/vidbots', params: { accountSlug: slug }, replace: true });
    else await navigate({ to: '/dashboard', replace: true });
  };
}

/**
 * Runs the join-team chart for `search` (actors of join.flow.ts, `{ inspect }`) and handles, in one
 * place, where the page goes when the chart ends and the toast of a failed sign-up or join.
 * Returns the running actor.
 */
function useJoinTeamFlow(search: JoinSearch) {
  const { t } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const goToAccount = useGoToAccount();
  const [machine] = useState(() => joinTeamMachine.provide({ actors: joinTeamActors(session, queryClient) }));
  const actor = useActorRef(machine, { input: { search }, inspect });
  const [here] = useState(() => location.href);

  useEffect(() => {
    const leave = (outcome: JoinTeamOutcome | null) => {
      if (!outcome) return;
      switch (outcome.kind) {
        case 'login':
          void navigate({ to: '/login', search: { redirect: here }, replace: true });
          return;
        case 'wrongUser':
          void navigate({ to: '/login', search: { error: 'loginWrongUser', ...(outcome.returnHere ? { redirect: here } : {}) }, replace: true });
          return;
        case 'loggedOut':
          return; // the signed-out session goes to /login
        case 'joined':
          clearInvitationEmail();
          toast.success(t`You joined the team.`);
          void goToAccount(outcome.accountId, outcome.accountPublicId);
      }
    };
    const failed = actor.on('join.failed', () => toast.error(t`An error occurred. Please try again.`));
    // The chart ends once; a stopped (unmounted) chart has no output to act on.
    const ended = () => {
      const snapshot = actor.getSnapshot();
      if (snapshot.status === 'done') leave(snapshot.output ?? null);
    };
    const done = actor.subscribe({ complete: ended });
    if (actor.getSnapshot().status === 'done') ended();
    return () => {
      failed.unsubscribe();
      done.unsubscribe();
    };
  }, [actor]); // eslint-disable-line react-hooks/exhaustive-deps -- one subscription per chart
  return actor;
}

/** The join page. `search` is the validated `/join-team` query. */
export function JoinTeamPage({ search }: { search: JoinSearch }) {
  const { t } = useLingui();
  const actor = useJoinTeamFlow(search);
  const snapshot = useSelector(actor, (s) => s);
  const authErrorMessage = useAuthErrorMessage();
  const { decision } = snapshot.context;

  if (snapshot.matches('signingIn') || snapshot.matches('signInFailed')) {
    const signInFailure = snapshot.context.signInFailure;
    return (
      <JoinCard title={<Trans>Join team</Trans>}>
        {signInFailure ? (
          <>
            <p className="alert alert-error" role="alert">
              {authErrorMessage(signInFailure)}
            </p>
            <Link to="/login" className="button primary block">
              <Trans>Go to sign in</Trans>
            </Link>
          </>
        ) : (
          <p role="status">
            <Trans>Your account is ready. Signing you in…</Trans>
          </p>
        )}
      </JoinCard>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <JoinCard title={<Trans>Join team</Trans>}>
        <p className="alert alert-error" role="alert">
          {snapshot.context.loadFailure}
        </p>
      </JoinCard>
    );
  }
  if (snapshot.matches('invalidLink')) {
    return (
      <JoinCard title={<Trans>Join team</Trans>}>
        <p className="alert alert-error" role="alert">
          <Trans>This invitation link is invalid, already used or expired. Ask for a new invitation.</Trans>
        </p>
        <Link to="/login" className="button primary block">
          <Trans>Go to sign in</Trans>
        </Link>
      </JoinCard>
    );
  }
  if (snapshot.matches('emailsMismatch')) return <EmailsMismatch onLogOut={() => actor.send({ type: 'join.logOut' })} />;
  if ((snapshot.matches('signUp') || snapshot.matches('creatingAccount')) && decision?.kind === 'signUp') {
    const info = decision.invitation;
    const failure = snapshot.context.signUpFailure;
    const fieldErrors = failure?.fieldErrors ?? undefined;
    const formError = !failure
      ? null
      : failure.code === 'invitationInvalid'
        ? t`This invitation link is invalid, already used or expired. Ask for a new invitation.`
        : failure.code === 'userHasPassword'
          ? t`You already have an account. Sign in to join the team.`
          : fieldErrors?.email
            ? t`This is not the e-mail address the invitation was sent to.`
            : fieldErrors && (fieldErrors.password || fieldErrors.firstName || fieldErrors.lastName)
              ? null
              : t`An error occurred. Please try again.`;
    return (
      <JoinCard title={<Trans>Join {info.accountName}</Trans>}>
        <SignUpForm
          email={info.email}
          accountName={info.accountName}
          pending={snapshot.matches('creatingAccount')}
          serverErrors={fieldErrors}
          formError={formError}
          onSubmit={(details) => actor.send({ type: 'join.signUp', details })}
        />
      </JoinCard>
    );
  }
  if (snapshot.matches('noPendingInvitation')) {
    return (
      <JoinCard title={<Trans>Join team</Trans>}>
        <p className="alert alert-warning" role="status">
          <Trans>There is no pending invitation for you in this team.</Trans>
        </p>
        <Link to="/dashboard" className="button primary block">
          <Trans>Go to dashboard</Trans>
        </Link>
      </JoinCard>
    );
  }
  if ((snapshot.matches('confirming') || snapshot.matches('activatingRole')) && decision?.kind === 'confirm' && decision.role) {
    const { role, user, accountName } = decision;
    const pending = snapshot.matches('activatingRole');
    return (
      <JoinCard title={<Trans>Join team</Trans>}>
        <p>
          {accountName ? (
            <Trans>
              You have been invited to join <strong>{accountName}</strong> as {role.role}.
            </Trans>
          ) : (
            <Trans>You have been invited to join a team as {role.role}.</Trans>
          )}
        </p>
        <p className="muted">
          <Trans>Signed in as {user.email}</Trans>
        </p>
        <button type="button" className="button primary block" disabled={pending} aria-busy={pending} onClick={() => actor.send({ type: 'join.confirm' })}>
          <Trans>Join</Trans>
        </button>
      </JoinCard>
    );
  }
  // Deciding, signing out, leaving.
  return <FullCoverLoader />;
}
