/**
 * Queries of the staff analytics screens (issue 13 "Staff"; spec 002 §7): `GET /analytics/admin`
 * (AdminAnalyticsList), `/analytics/admin-daily` (ChartPoints), `/analytics/admin-billing`
 * (BillingList), `GET /bot/status` (LiveStatusList), and the billing account filter's
 * `GET /account?size=1000&business_name=…` (§7 "size 1000 for billing filter").
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { typedApi } from '../../../api/contract';
import { accountsOptions } from '../../../api/queries';
import { accountDetailOptions } from '../../accounts/accounts.api';
import { billingQuery } from './adminRanges';
import { adminAnalyticsQuery, adminDailyQuery, liveStatusQuery, type AdminAnalyticsSearch, type BillingSearch, type LiveStatusSearch } from './adminSearch';

/** Page size of the billing account filter's search (spec 002 §7). */
export const BILLING_ACCOUNT_SEARCH_SIZE = 1000;

export function adminAnalyticsOptions(search: AdminAnalyticsSearch) {
  const query = adminAnalyticsQuery(search);
  return queryOptions({
    queryKey: ['analytics', 'admin', query] as const,
    queryFn: ({ signal }) => typedApi.get('/analytics/admin', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminDailyOptions(search: AdminAnalyticsSearch) {
  const query = adminDailyQuery(search);
  return queryOptions({
    queryKey: ['analytics', 'admin-daily', query] as const,
    queryFn: ({ signal }) => typedApi.get('/analytics/admin-daily', { query, signal }),
  });
}

/** One page of the billing report; `now` decides the default range (the current month). */
export function billingOptions(search: BillingSearch, now: Date) {
  const query = billingQuery(search, now);
  return queryOptions({
    queryKey: ['analytics', 'admin-billing', query] as const,
    queryFn: ({ signal }) => typedApi.get('/analytics/admin-billing', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every row of the billing report for the CSV export (fetched when exporting, not cached). */
export function fetchAllBilling(search: BillingSearch, now: Date, size: number) {
  return typedApi.get('/analytics/admin-billing', { query: billingQuery(search, now, { page: 1, size }) });
}

export function liveStatusOptions(search: LiveStatusSearch) {
  const query = liveStatusQuery(search);
  return queryOptions({
    queryKey: ['bot', 'status', query] as const,
    queryFn: ({ signal }) => typedApi.get('/bot/status', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The billing account filter's search (empty text = the first 1000 accounts by name). */
export function billingAccountSearchOptions(businessName: string) {
  return queryOptions({
    queryKey: ['account', 'search', businessName, BILLING_ACCOUNT_SEARCH_SIZE] as const,
    queryFn: ({ signal }) =>
      typedApi.get('/account', { query: { page: 1, size: BILLING_ACCOUNT_SEARCH_SIZE, business_name: businessName || undefined }, signal }),
  });
}

/**
 * The slug (`publicId`) of account `accountId` for a link into it (`/dashboard/{publicId}/…`):
 * looked up in the accounts the viewer can open (staff: all), else in the account's detail.
 * Throws the API error when the account cannot be read.
 */
export async function accountSlugOf(queryClient: QueryClient, accountId: number): Promise<string> {
  const accounts = await queryClient.ensureQueryData(accountsOptions());
  const found = accounts.records.find((a) => a.id === accountId);
  if (found) return found.publicId;
  return (await queryClient.ensureQueryData(accountDetailOptions(accountId))).publicId;
}
