/**
 * Calls of the join page (spec 000 §7 "Create user from invitation", `PUT /user/{userId}/role/{roleId}`);
 * the invitation and join shapes are the server's contract (issue 10 §4).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { typedApi, type Schema } from '../../api/contract';
import type { InvitationInfo } from './join.logic';
import type { paths } from '../../api/schema.gen';

/** `GET /api/auth/invitation?token` — never retried (a 404 means invalid, used or expired). */
export function invitationOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) => typedApi.get('/auth/invitation', { query: { token }, signal }),
    retry: false,
    staleTime: Infinity,
  });
}

/** Body of `POST /api/auth/join` (spec 000 §7: firstName, lastName, email, password, token, accountId; optional `offers` consent). */
export type JoinRequest = paths['/auth/join']['post']['requestBody']['content']['application/json'];

/** Answer of `POST /api/auth/join`. */
export type JoinResult = Schema<'JoinResult'>;

/** Creates the credentials of the invited user and activates the role (no sign-in needed). */
export function joinWithInvitation(body: JoinRequest): Promise<JoinResult> {
  return typedApi.post('/auth/join', { body });
}

/** Join: sets the role status to Active (`PUT /api/user/{userId}/role/{roleId}`). */
export function activateRole(userId: number, roleId: number): Promise<Schema<'Role'>> {
  return typedApi.put('/user/{userId}/role/{roleId}', { path: { userId, roleId }, body: { status: 'Active' } });
}
