/**
 * The join page `/join-team` (spec 000 §2, §4 "Join team", §5 sign-up, §8; spec 002 §2 "Join and
 * invitation"). Guests and signed-in people both land here; `decideJoinView` (join.logic.ts) picks
 * the screen:
 * - sign-up form (token of a user without a password) → `POST /api/auth/join`, then sign-in with
 *   aws-amplify (the session machine) and that account's vidbots;
 * - sign in first (/login?redirect=<this link>), then the Join confirmation →
 *   `PUT /api/user/{userId}/role/{roleId}` and that account's vidbots;
 * - someone else signed in → signed out and sent to /login?error=loginWrongUser;
 * - the e-mails-mismatch screen with Log Out (the invitationMismatch chart of machines/session);
 * - an invalid, used or expired link.
 * The link's e-mail is kept in sessionStorage (invitationEmail.ts) for the mismatch check.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { waitFor } from 'xstate';
import { useMachine } from '@xstate/react';
import { invitationMismatchMachine } from '../../../machines/session/invitationMismatch.machine';
import { isEmailsMismatch, isLoggingOutOfMismatch } from '../../../machines/session/flows.selectors';
import { isSignedIn, isSignedOut, isSigningIn, selectSignInError } from '../../../machines/session/session.selectors';
import { isHttpError } from '../../api/client';
import { accountsOptions, meOptions } from '../../api/queries';
import type { User } from '../../api/types';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { SkipLink } from '../../ui/SkipLink';
import { FullCoverLoader } from '../../ui/FullCoverLoader';
import { useSession, useSessionSelector } from '../session/hooks';
import { invitationMismatchActors } from '../session/flows';
import { useAuthErrorMessage } from '../session/forms';
import { activateRole, invitationOptions, joinWithInvitation } from './join.api';
import { decideJoinView, type InvitationLookup, type JoinSearch, type Viewer } from './join.logic';
import { clearInvitationEmail, readInvitationEmail, storeInvitationEmail } from './invitationEmail';
import { SignUpForm, type SignUpValues } from './SignUpForm';
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
 * was sent to. Log Out forgets the stored invitation e-mail and signs out (→ /login).
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

/**
 * The e-mails-mismatch screen bound to the invitation e-mails-mismatch chart
 * (machines/session/invitationMismatch.machine.ts): the stored invitation e-mail is compared with
 * the signed-in one; Log Out (`invitation.logOut`) forgets it and signs out. `onLeave` runs when
 * Log Out is chosen, so the page does not redirect on its own while the session ends (→ /login).
 */
function EmailsMismatchScreen({ invitationEmail, signedInEmail, onLeave }: { invitationEmail: string; signedInEmail: string; onLeave(): void }) {
  const session = useSession();
  const [machine] = useState(() => invitationMismatchMachine.provide({ actors: invitationMismatchActors(session) }));
  const [snapshot, send] = useMachine(machine, { input: { invitationEmail, signedInEmail }, inspect });
  if (!isEmailsMismatch(snapshot) || isLoggingOutOfMismatch(snapshot)) return <FullCoverLoader />;
  return (
    <EmailsMismatch
      onLogOut={() => {
        onLeave(); // before the session starts ending, which re-renders this page as a guest's
        send({ type: 'invitation.logOut' });
      }}
    />
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

/** The role to join: the link's/token's role id, else the user's Invited role in the account. */
function resolveRole(me: User, accountId: number | null, roleId: number | null) {
  const roles = me.roles.filter((r) => (roleId !== null ? r.id === roleId : r.accountId === accountId));
  return roles[0] ?? null;
}

/** The join page. `search` is the validated `/join-team` query. */
export function JoinTeamPage({ search }: { search: JoinSearch }) {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const goToAccount = useGoToAccount();
  const signedIn = useSessionSelector(isSignedIn);
  const signingIn = useSessionSelector(isSigningIn);
  const signInError = useSessionSelector(selectSignInError);
  const authErrorMessage = useAuthErrorMessage();
  /** After a successful sign-up: signing in with the new password, then off to the account. */
  const [joined, setJoined] = useState<{ accountId: number; publicId: string } | null>(null);
  const leaving = useRef(false);
  const markLeaving = useCallback(() => {
    leaving.current = true;
  }, []);

  useEffect(() => {
    if (search.email) storeInvitationEmail(search.email);
  }, [search.email]);

  const invitation = useQuery({ ...invitationOptions(search.token ?? ''), enabled: !!search.token && joined === null });
  const me = useQuery({ ...meOptions(), enabled: signedIn && joined === null });

  const lookup: InvitationLookup = !search.token
    ? { kind: 'none' }
    : invitation.isPending
      ? { kind: 'loading' }
      : invitation.isError
        ? isHttpError(invitation.error, 404)
          ? { kind: 'invalid' }
          : { kind: 'error', message: invitation.error.message }
        : { kind: 'found', info: invitation.data };
  const viewer: Viewer = !signedIn ? { kind: 'guest' } : me.data ? { kind: 'user', id: me.data.id, email: me.data.email } : { kind: 'loading' };
  const view = decideJoinView({ search, lookup, viewer, storedEmail: readInvitationEmail() });

  // Side effects of the screens that leave the page.
  const viewKind = joined ? 'joined' : view.kind;
  useEffect(() => {
    if (leaving.current) return;
    if (viewKind === 'login') {
      leaving.current = true;
      void navigate({ to: '/login', search: { redirect: location.href }, replace: true });
    } else if (viewKind === 'wrongUser') {
      leaving.current = true;
      // A person with a password comes back here after signing in as the invited user.
      const back = search.token && lookup.kind === 'found' && !lookup.info.hasPassword ? undefined : location.href;
      clearInvitationEmail();
      session.signOut();
      void waitFor(session.actor, isSignedOut, { timeout: Infinity }).then(() =>
        navigate({ to: '/login', search: { error: 'loginWrongUser', ...(back ? { redirect: back } : {}) }, replace: true }),
      );
    }
  }, [viewKind, navigate, location.href, session, search.token, lookup]);

  // After the sign-up: once signed in, go to the account.
  useEffect(() => {
    if (joined && signedIn && !leaving.current) {
      leaving.current = true;
      clearInvitationEmail();
      toast.success(t`You joined the team.`);
      void goToAccount(joined.accountId, joined.publicId);
    }
  }, [joined, signedIn, goToAccount, t]);

  const signUp = useMutation({
    mutationFn: (values: SignUpValues & { email: string; token: string; accountId: number }) =>
      joinWithInvitation({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
        token: values.token,
        accountId: values.accountId,
        offers: values.offers,
      }),
    onSuccess: (result, values) => {
      setJoined({ accountId: result.accountId, publicId: result.accountPublicId });
      session.signIn(result.email, values.password);
    },
    onError: () => toast.error(t`An error occurred. Please try again.`),
  });

  const join = useMutation({
    mutationFn: ({ userId, roleId }: { userId: number; roleId: number; accountId: number; publicId: string | null }) => activateRole(userId, roleId),
    onSuccess: async (_role, v) => {
      leaving.current = true;
      clearInvitationEmail();
      toast.success(t`You joined the team.`);
      await goToAccount(v.accountId, v.publicId);
    },
    onError: () => toast.error(t`An error occurred. Please try again.`),
  });

  if (joined) {
    return (
      <JoinCard title={<Trans>Join team</Trans>}>
        {signInError && !signingIn ? (
          <>
            <p className="alert alert-error" role="alert">
              {authErrorMessage(signInError)}
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

  switch (view.kind) {
    case 'loading':
    case 'login':
    case 'wrongUser':
      return <FullCoverLoader />;
    case 'error':
      return (
        <JoinCard title={<Trans>Join team</Trans>}>
          <p className="alert alert-error" role="alert">
            {view.message}
          </p>
        </JoinCard>
      );
    case 'invalidLink':
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
    case 'emailsMismatch':
      return <EmailsMismatchScreen invitationEmail={view.invitationEmail} signedInEmail={me.data?.email ?? ''} onLeave={markLeaving} />;
    case 'signUp': {
      const info = view.info;
      const fieldErrors = isHttpError(signUp.error, 422) ? signUp.error.fieldErrors : undefined;
      const code = isHttpError(signUp.error) ? signUp.error.code : undefined;
      const formError = !signUp.error
        ? null
        : code === 'invitationInvalid'
          ? t`This invitation link is invalid, already used or expired. Ask for a new invitation.`
          : code === 'userHasPassword'
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
            pending={signUp.isPending}
            serverErrors={fieldErrors}
            formError={formError}
            onSubmit={(values) => signUp.mutate({ ...values, email: info.email, token: search.token ?? '', accountId: info.accountId })}
          />
        </JoinCard>
      );
    }
    case 'confirm': {
      const user = me.data;
      if (!user) return <FullCoverLoader />;
      const role = resolveRole(user, view.accountId, view.roleId);
      const accountName = view.accountName;
      if (!role) {
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
          <button
            type="button"
            className="button primary block"
            disabled={join.isPending}
            aria-busy={join.isPending}
            onClick={() => join.mutate({ userId: user.id, roleId: role.id, accountId: role.accountId, publicId: view.accountPublicId })}
          >
            <Trans>Join</Trans>
          </button>
        </JoinCard>
      );
    }
  }
}
