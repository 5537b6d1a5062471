/**
 * App-edge actors of the join-team chart (machines/session/joinTeam.machine.ts; spec 000 §2, §4
 * "Join team", §5 sign-up; spec 002 §2; issue 14). The join page calls `joinTeamActors` once and
 * passes the result to `joinTeamMachine.provide({ actors })`; the chart's tests inject fakes instead.
 *
 * - `decideJoin(search)`: stores the link's e-mail (sessionStorage, for the mismatch check), looks up
 *   the token (`GET /api/auth/invitation`; 404 → invalid link, other failures → `error`), reads the
 *   signed-in user (`GET /api/user/me`) and decides the screen with `decideJoinView` (join.logic.ts)
 *   and the invited role with `resolveRole`.
 * - `createAccount`: `POST /api/auth/join`; an HttpError resolves `refused` with its code and (422)
 *   field messages; a network failure is thrown.
 * - `signIn`: signs in through the session and resolves once signed in; throws the session's
 *   `AuthFailure` when the sign-in ends signed out.
 * - `signOut`: forgets the stored invitation e-mail, signs out, resolves once signed out.
 * - `activateRole`: `PUT /api/user/{userId}/role/{roleId}` { status: 'Active' }.
 */
import { fromPromise, waitFor } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import type { CreateAccountInput, CreateAccountResult, JoinDecision, JoinLink, JoinRole } from '../../../machines/session/joinTeam.machine';
import { isSignedIn, isSignedOut, selectSignInError } from '../../../machines/session/session.selectors';
import { isHttpError } from '../../api/client';
import { meOptions } from '../../api/queries';
import type { User } from '../../api/types';
import type { SessionHandle } from '../session/session';
import { activateRole, invitationOptions, joinWithInvitation } from './join.api';
import { decideJoinView, type InvitationLookup, type JoinSearch } from './join.logic';
import { clearInvitationEmail, readInvitationEmail, storeInvitationEmail } from './invitationEmail';

/** The role to join: the link's/token's role id, else the user's role in the account; null when none. */
export function resolveRole(me: Pick<User, 'roles'>, accountId: number | null, roleId: number | null): JoinRole | null {
  const role = me.roles.find((r) => (roleId !== null ? r.id === roleId : r.accountId === accountId));
  return role ? { id: role.id, role: role.role, accountId: role.accountId } : null;
}

/** The join page's actors, bound to the session and the query cache. */
export function joinTeamActors(session: SessionHandle, queryClient: QueryClient) {
  return {
    decideJoin: fromPromise<JoinDecision, JoinLink>(async ({ input }) => {
      const search = input as JoinSearch;
      if (search.email) storeInvitationEmail(search.email);
      let lookup: InvitationLookup = { kind: 'none' };
      if (search.token) {
        try {
          lookup = { kind: 'found', info: await queryClient.fetchQuery(invitationOptions(search.token)) };
        } catch (error) {
          lookup = isHttpError(error, 404) ? { kind: 'invalid' } : { kind: 'error', message: error instanceof Error ? error.message : String(error) };
        }
      }
      const me = isSignedIn(session.actor.getSnapshot()) ? await queryClient.fetchQuery(meOptions()) : null;
      const view = decideJoinView({
        search,
        lookup,
        viewer: me ? { kind: 'user', id: me.id, email: me.email } : { kind: 'guest' },
        storedEmail: readInvitationEmail(),
      });
      switch (view.kind) {
        case 'signUp':
          return { kind: 'signUp', invitation: { email: view.info.email, accountId: view.info.accountId, accountName: view.info.accountName } };
        case 'wrongUser':
          // A person with a password comes back here after signing in as the invited user.
          return { kind: 'wrongUser', returnHere: !(lookup.kind === 'found' && !lookup.info.hasPassword) };
        case 'emailsMismatch':
          return { kind: 'emailsMismatch', invitationEmail: view.invitationEmail, signedInEmail: me?.email ?? '' };
        case 'confirm':
          return {
            kind: 'confirm',
            user: { id: me!.id, email: me!.email },
            role: resolveRole(me!, view.accountId, view.roleId),
            accountName: view.accountName,
            accountPublicId: view.accountPublicId,
          };
        case 'loading': // not reached: the lookup and the viewer are settled above
          return { kind: 'error', message: '' };
        default:
          return view;
      }
    }),
    createAccount: fromPromise<CreateAccountResult, CreateAccountInput>(async ({ input }) => {
      try {
        const result = await joinWithInvitation({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          password: input.password,
          token: input.token,
          accountId: input.accountId,
          offers: input.offers,
        });
        return { kind: 'created', email: result.email, accountId: result.accountId, accountPublicId: result.accountPublicId };
      } catch (error) {
        if (!isHttpError(error)) throw error;
        return { kind: 'refused', failure: { code: error.code ?? null, fieldErrors: error.status === 422 ? (error.fieldErrors ?? null) : null } };
      }
    }),
    signIn: fromPromise<void, { email: string; password: string }>(async ({ input }) => {
      session.signIn(input.email, input.password);
      const settled = await waitFor(session.actor, (s) => isSignedIn(s) || isSignedOut(s), { timeout: Infinity });
      if (!isSignedIn(settled)) throw selectSignInError(settled) ?? { code: null, message: null };
    }),
    signOut: fromPromise<void>(async () => {
      clearInvitationEmail();
      session.signOut();
      await waitFor(session.actor, isSignedOut, { timeout: Infinity });
    }),
    activateRole: fromPromise<void, { userId: number; roleId: number }>(async ({ input }) => {
      await activateRole(input.userId, input.roleId);
    }),
  };
}
