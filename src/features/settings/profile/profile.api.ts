/**
 * Calls of the settings Profile tab (spec 002 §7 "GET and PUT /account/{accountId}/profile"; docs/api.md):
 * the stored appearance and company profile, and the one PUT that saves the whole tab.
 */
import { queryOptions } from '@tanstack/react-query';
import { typedApi } from '../../../api/contract';
import type { paths } from '../../../api/schema.gen';
import type { AccountProfile } from './profileModel';

/** `PUT /account/{id}/profile` body (the contract's request schema). */
export type AccountProfileInput = NonNullable<paths['/account/{accountId}/profile']['put']['requestBody']>['content']['application/json'];

/** Query key of an account's profile. */
export const profileKey = (accountId: number) => ['account', 'profile', accountId] as const;

/** `GET /account/{id}/profile`. */
export function accountProfileOptions(accountId: number) {
  return queryOptions({
    queryKey: profileKey(accountId),
    queryFn: ({ signal }) => typedApi.get('/account/{accountId}/profile', { path: { accountId }, signal }),
  });
}

/** `PUT /account/{id}/profile`: replaces the parts sent; answers the stored profile. @throws HttpError (422 field messages). */
export const saveAccountProfile = (accountId: number, body: AccountProfileInput): Promise<AccountProfile> =>
  typedApi.put('/account/{accountId}/profile', { path: { accountId }, body });
