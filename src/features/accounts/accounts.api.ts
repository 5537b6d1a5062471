/**
 * Account administration calls (spec 000 §7 "Accounts"; docs/api.md): the paginated accounts list
 * with details (`GET /account/detail`), one account's detail, create, update, delete; query keys and
 * invalidation of the session's account list after changes.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Account, ListResponse } from '../../api/types';

/** Accounts list page size (spec 000 §2, §9). */
export const ACCOUNTS_PAGE_SIZE = 10;

/** A person attached to an account (owner, partner). */
export interface AccountPerson {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** Account options (spec 000 §3): maxVideoDuration in seconds. */
export interface AccountOptions {
  maxVideoDuration?: number | null;
  disableAnalytics?: boolean;
  analyticsConsentRequired?: boolean;
}

/** Billing fields (spec 000 §3, §5: optional). */
export interface BillingFields {
  billingEmail: string | null;
  phoneNumber: string | null;
  businessId: string | null;
  taxId: string | null;
  address: string | null;
  zipCode: string | null;
  country: string | null;
}

/** `GET /account/{id}/detail`, rows of `GET /account/detail`. */
export interface AccountDetail extends Omit<Account, 'options'>, BillingFields {
  options: AccountOptions | null;
  owner: (AccountPerson & { status: 'Active' | 'Invited' }) | null;
  partner: AccountPerson | null;
  updatedAt: string;
}

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
      api.get<ListResponse<AccountDetail>>('/account/detail', {
        query: { page: q.page, size: ACCOUNTS_PAGE_SIZE, order_by: q.order_by, order_direction: q.order_direction, business_name: q.business_name || undefined, filter: q.filter },
        signal,
      }),
  });
}

/** `GET /account/{id}/detail`. */
export function accountDetailOptions(accountId: number) {
  return queryOptions({
    queryKey: ['account', 'detail', accountId] as const,
    queryFn: ({ signal }) => api.get<AccountDetail>(`/account/${accountId}/detail`, { signal }),
  });
}

/** Account search of pickers (spec 000 §7, §9): `GET /account?size=100&business_name`. */
export function accountSearchOptions(businessName: string) {
  return queryOptions({
    queryKey: ['account', 'search', businessName] as const,
    queryFn: ({ signal }) => api.get<ListResponse<Account>>('/account', { query: { page: 1, size: 100, business_name: businessName || undefined }, signal }),
  });
}

/** `POST /account` body (spec 000 §5). */
export interface CreateAccountInput extends Partial<BillingFields> {
  businessName: string;
  ownerEmail: string;
  options?: AccountOptions;
}

/** `PUT /account/{id}` body: any subset (spec 000 §5, §6). */
export interface UpdateAccountInput extends Partial<BillingFields> {
  businessName?: string;
  status?: 'Active' | 'Suspended';
  newOwnerId?: number;
  newPartnerId?: number | null;
  options?: AccountOptions;
}

export const createAccount = (body: CreateAccountInput) => api.post<AccountDetail>('/account', body);
export const updateAccount = (id: number, body: UpdateAccountInput) => api.put<AccountDetail>(`/account/${id}`, body);
export const deleteAccount = (id: number) => api.delete<void>(`/account/${id}`);

/** After an account change: every account query (lists, details, the session's account context). */
export function invalidateAccounts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['account'] });
}
