/**
 * Account users and user profile calls (spec 000 §7 "Accounts", "Global and users"; 002 §2 Users):
 * the account's users page, invite, resend invitation, remove, role change, user read/update and
 * set password.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { typedApi, type Schema } from '../../api/contract';
import type { paths } from '../../api/schema.gen';
import type { LanguageCode, ListResponse, RoleName, RoleStatus } from '../../api/types';

/** Users list page size (spec 000 §9). */
export const USERS_PAGE_SIZE = 10;

/** A row of `GET /account/{id}/user`: a member with their role in the account (the contract's). */
export type AccountUser = Schema<'AccountUser'>;

/** `GET /account/{id}/user?page&size`. */
export function accountUsersOptions(accountId: number, page: number, size = USERS_PAGE_SIZE) {
  return queryOptions({
    queryKey: ['account-user', accountId, page, size] as const,
    queryFn: ({ signal }) => typedApi.get('/account/{accountId}/user', { path: { accountId }, query: { page, size }, signal }),
  });
}

/** `GET /user/{id}`. */
export function userOptions(userId: number) {
  return queryOptions({
    queryKey: ['user', userId] as const,
    queryFn: ({ signal }) => typedApi.get('/user/{userId}', { path: { userId }, signal }),
  });
}

/** `POST /account/{id}/user` body (the contract's): `role` Admin, Editor, Viewer or Reseller. */
export type InviteInput = NonNullable<paths['/account/{accountId}/user']['post']['requestBody']>['content']['application/json'];
/** `POST /account/{id}/user/resend-invitation` body (the contract's). */
export type ResendInvitationInput = NonNullable<paths['/account/{accountId}/user/resend-invitation']['post']['requestBody']>['content']['application/json'];

/** `POST /account/{id}/user` `{ email, role }` → the member, Invited. */
export const inviteUser = (accountId: number, body: InviteInput): Promise<AccountUser> =>
  typedApi.post('/account/{accountId}/user', { path: { accountId }, body });
/** `POST /account/{id}/user/resend-invitation` → the member with the invited role. */
export const resendInvitation = (accountId: number, body: ResendInvitationInput): Promise<AccountUser> =>
  typedApi.post('/account/{accountId}/user/resend-invitation', { path: { accountId }, body });
export const removeAccountUser = (accountId: number, userId: number): Promise<void> =>
  typedApi.delete('/account/{accountId}/user/{userId}', { path: { accountId, userId } });
/** `PUT /account/{id}/user/{userId}/role` → the member with the new role. */
export const changeAccountUserRole = (accountId: number, userId: number, role: RoleName): Promise<AccountUser> =>
  typedApi.put('/account/{accountId}/user/{userId}/role', { path: { accountId, userId }, body: { role } });
export const setUserPassword = (userId: number, password: string) => typedApi.patch('/user/{userId}/set-password', { path: { userId }, body: { password } });

/** Profile fields (spec 000 §5 Profile). */
export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  language: LanguageCode;
}

/** `PATCH /user/me` for one's own profile, else `PATCH /user/{id}`. */
export const updateProfile = (userId: number, self: boolean, body: Partial<ProfileInput>) =>
  self ? typedApi.patch('/user/me', { body }) : typedApi.patch('/user/{userId}', { path: { userId }, body });

/** After a membership change: the account's users, the user, and the session user. */
export function invalidateUsers(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['account-user'] }),
    queryClient.invalidateQueries({ queryKey: ['user'] }),
  ]).then(() => undefined);
}
