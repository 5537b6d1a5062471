/**
 * Account users and user profile calls (spec 000 §7 "Accounts", "Global and users"; 002 §2 Users):
 * the account's users page, invite, resend invitation, remove, role change, user read/update and
 * set password.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { typedApi } from '../../api/contract';
import type { LanguageCode, ListResponse, RoleName, RoleStatus } from '../../api/types';

/** Users list page size (spec 000 §9). */
export const USERS_PAGE_SIZE = 10;

/** A row of `GET /account/{id}/user`. */
export interface AccountUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  external: boolean;
  multifactor: boolean;
  roleId: number;
  role: RoleName;
  status: RoleStatus;
  createdAt: string;
}

/** `GET /account/{id}/user?page&size`. */
export function accountUsersOptions(accountId: number, page: number, size = USERS_PAGE_SIZE) {
  return queryOptions({
    queryKey: ['account-user', accountId, page, size] as const,
    queryFn: ({ signal }) => api.get<ListResponse<AccountUser>>(`/account/${accountId}/user`, { query: { page, size }, signal }),
  });
}

/** `GET /user/{id}`. */
export function userOptions(userId: number) {
  return queryOptions({
    queryKey: ['user', userId] as const,
    queryFn: ({ signal }) => typedApi.get('/user/{userId}', { path: { userId }, signal }),
  });
}

export const inviteUser = (accountId: number, body: { email: string; role: RoleName }) => api.post<AccountUser>(`/account/${accountId}/user`, body);
export const resendInvitation = (accountId: number, body: { accountId: number; role: RoleName; userEmail: string }) =>
  api.post<void>(`/account/${accountId}/user/resend-invitation`, body);
export const removeAccountUser = (accountId: number, userId: number) => api.delete<void>(`/account/${accountId}/user/${userId}`);
export const changeAccountUserRole = (accountId: number, userId: number, role: RoleName) =>
  api.put<void>(`/account/${accountId}/user/${userId}/role`, { role });
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
