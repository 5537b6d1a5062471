/**
 * Calls of the join page (docs/api.md "Members and invitations"; spec 000 §7 "Create user from
 * invitation", `PUT /user/{userId}/role/{roleId}`).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { typedApi, type Schema } from '../../api/contract';
import type { InvitationInfo } from './join.logic';

/** `GET /api/auth/invitation?token` — never retried (a 404 means invalid, used or expired). */
export function invitationOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) => api.get<InvitationInfo>('/auth/invitation', { query: { token }, signal }),
    retry: false,
    staleTime: Infinity,
  });
}

/** Body of `POST /api/auth/join` (spec 000 §7: firstName, lastName, email, password, token, accountId). */
export interface JoinRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  token: string;
  accountId: number;
  /** Optional news-and-offers consent. */
  offers: boolean;
}

/** Answer of `POST /api/auth/join`. */
export interface JoinResult {
  userId: number;
  email: string;
  accountId: number;
  accountPublicId: string;
  roleId: number;
  role: string;
  status: 'Active';
}

/** Creates the credentials of the invited user and activates the role (no sign-in needed). */
export function joinWithInvitation(body: JoinRequest): Promise<JoinResult> {
  return api.post<JoinResult>('/auth/join', body);
}

/** Join: sets the role status to Active (`PUT /api/user/{userId}/role/{roleId}`). */
export function activateRole(userId: number, roleId: number): Promise<Schema<'Role'>> {
  return typedApi.put('/user/{userId}/role/{roleId}', { path: { userId, roleId }, body: { status: 'Active' } });
}
