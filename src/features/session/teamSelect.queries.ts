/**
 * Query of the team picker (spec 000 §2 account picker): `GET /api/user/me/account` — every account
 * where the caller holds a role, Active and Invited, as `Account` records with the caller's
 * `roleId`/`roleStatus` (GET /account lists only Active ones for non-staff, so it cannot feed the
 * invitations list).
 */
import { queryOptions } from '@tanstack/react-query';
import { typedApi } from '../../api/contract';

/** GET /api/user/me/account. Key under ['user', 'me'] so invalidating the user refreshes it too. */
export function myAccountsOptions() {
  return queryOptions({
    queryKey: ['user', 'me', 'account'] as const,
    queryFn: ({ signal }) => typedApi.get('/user/me/account', { signal }),
  });
}
