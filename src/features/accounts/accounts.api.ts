/**
 * Account administration calls (spec 000 §7 "Accounts"; docs/api.md): the paginated accounts list
 * with details (`GET /account/detail`), one account's detail, create, update, delete; query keys and
 * invalidation of the session's account list after changes.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { typedApi, type Schema } from '../../api/contract';
import type { paths } from '../../api/schema.gen';

/** Accounts list page size (spec 000 §2, §9). */
export const ACCOUNTS_PAGE_SIZE = 10;

/** `GET /account/{id}/detail`, rows of `GET /account/detail`: `Account` plus billing fields, owner, partner (the contract's). */
export type AccountDetail = Schema<'AccountDetail'>;

/** `POST /account` body (spec 000 §5; the contract's request schema). */
export type CreateAccountInput = NonNullable<paths['/account']['post']['requestBody']>['content']['application/json'];

/** `PUT /account/{id}` body: any subset (spec 000 §5, §6; the contract's request schema). */
export type UpdateAccountInput = NonNullable<paths['/account/{accountId}']['put']['requestBody']>['content']['application/json'];

/** Account options (spec 000 §3): maxVideoDuration in seconds. */
export type AccountOptions = NonNullable<CreateAccountInput['options']>;

/** Billing fields (spec 000 §3, §5: optional; null clears). */
export type BillingFields = { [K in 'billingEmail' | 'phoneNumber' | 'businessId' | 'taxId' | 'address' | 'zipCode' | 'country']: AccountDetail[K] };

/** Search of the accounts list (spec 000 §2): page, business_name; sort business_name ascending by default. */
export interface AccountsListQuery {
  page: number;
  business_name: string;
  order_by: 'business_name' | 'created_at';
  order_direction: 'asc' | 'desc';
  filter?: 'Joined';
}

/** `GET /account/detail` — one page of accounts with owner and billing fields. */
export function accountsPageOptions(q: AccountsListQuery) {
  return queryOptions({
    queryKey: ['account', 'detail-list', q] as const,
    queryFn: ({ signal }) =>
      typedApi.get('/account/detail', {
        query: { page: q.page, size: ACCOUNTS_PAGE_SIZE, order_by: q.order_by, order_direction: q.order_direction, business_name: q.business_name || undefined, filter: q.filter },
        signal,
      }),
  });
}

/** `GET /account/{id}/detail`. */
export function accountDetailOptions(accountId: number) {
  return queryOptions({
    queryKey: ['account', 'detail', accountId] as const,
    queryFn: ({ signal }) => typedApi.get('/account/{accountId}/detail', { path: { accountId }, signal }),
  });
}

/** Account search of pickers (spec 000 §7, §9): `GET /account?size=100&business_name`. */
export function accountSearchOptions(businessName: string) {
  return queryOptions({
    queryKey: ['account', 'search', businessName] as const,
    queryFn: ({ signal }) => typedApi.get('/account', { query: { page: 1, size: 100, business_name: businessName || undefined }, signal }),
  });
}

export const createAccount = (body: CreateAccountInput): Promise<AccountDetail> => typedApi.post('/account', { body });
export const updateAccount = (accountId: number, body: UpdateAccountInput): Promise<AccountDetail> =>
  typedApi.put('/account/{accountId}', { path: { accountId }, body });
export const deleteAccount = (accountId: number): Promise<void> => typedApi.delete('/account/{accountId}', { path: { accountId } });

/** After an account change: every account query (lists, details, the session's account context). */
export function invalidateAccounts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['account'] });
}
