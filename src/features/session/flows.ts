/**
 * App-edge actors of the signed-in child flows (machines/session: completeProfile, teamJoin,
 * invitationMismatch; spec 000 §2). Views call these factories once and pass the result to
 * `machine.provide({ actors })`; tests of the charts inject fakes instead.
 */
import { fromPromise, waitFor } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import type { ProfileNames, ProfileSaveResult } from '../../../machines/session/completeProfile.machine';
import type { TeamJoinTarget } from '../../../machines/session/teamJoin.machine';
import { isSignedOut } from '../../../machines/session/session.selectors';
import { isHttpError } from '../../api/client';
import { typedApi } from '../../api/contract';
import { queryKeys } from '../../api/queries';
import { clearInvitationEmail } from '../join/invitationEmail';
import type { SessionHandle } from './session';

/**
 * `saveProfile`: PATCH /api/user/me { firstName, lastName }; on success stores the returned user as
 * the `me` query and forgets the stored invitation e-mail. A 422 with field messages resolves
 * `{ kind: 'invalid', fieldErrors }`; any other failure is thrown (HttpError / network TypeError).
 */
export function completeProfileActors(queryClient: QueryClient) {
  return {
    saveProfile: fromPromise<ProfileSaveResult, ProfileNames>(async ({ input }) => {
      try {
        const user = await typedApi.patch('/user/me', { body: input });
        queryClient.setQueryData(queryKeys.me, user);
        clearInvitationEmail();
        return { kind: 'saved' };
      } catch (error) {
        if (isHttpError(error, 422) && error.fieldErrors) return { kind: 'invalid', fieldErrors: error.fieldErrors };
        throw error;
      }
    }),
  };
}

/** `activateRole`: PUT /api/user/{userId}/role/{roleId} { status: 'Active' }; throws the HttpError on failure. */
export function teamJoinActors() {
  return {
    activateRole: fromPromise<void, TeamJoinTarget>(async ({ input }) => {
      await typedApi.put('/user/{userId}/role/{roleId}', { path: { userId: input.userId, roleId: input.roleId }, body: { status: 'Active' } });
    }),
  };
}

/** `logOut`: forgets the stored invitation e-mail, signs out and resolves once the session is signed out. */
export function invitationMismatchActors(session: SessionHandle) {
  return {
    logOut: fromPromise<void>(async () => {
      clearInvitationEmail();
      session.signOut();
      await waitFor(session.actor, isSignedOut, { timeout: Infinity });
    }),
  };
}
