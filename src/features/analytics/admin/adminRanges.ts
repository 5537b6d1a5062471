/**
 * Date ranges of the staff analytics screens (issue 13 "Staff"; spec 002 §9): the analytics presets
 * (yesterday, last 7 days, last 30 days — the default — all ending yesterday) and the billing presets
 * (current month — the billing default —, last month, this quarter, last quarter), all UTC days from
 * range.ts, and the billing API query built from the URL search. Loaded with the pages, not the entry.
 */
import { billingPresetRange, presetRange, type AnalyticsPreset, type BillingPreset } from '../../../../server/src/modules/analytics/range';
import type { BillingSearch } from './adminSearch';

export { billingPresetRange, presetRange };
export type { DayRange } from '../../../../server/src/modules/analytics/range';

export const ANALYTICS_PRESETS: readonly AnalyticsPreset[] = ['yesterday', 'last7', 'last30'];
export const BILLING_PRESETS: readonly BillingPreset[] = ['currentMonth', 'lastMonth', 'thisQuarter', 'lastQuarter'];
/** The billing report's default range: the current month (the first of the §9 presets). */
export const DEFAULT_BILLING_PRESET: BillingPreset = 'currentMonth';
/** Billing CSV export reads every row at once (the API's largest size). */
export const BILLING_EXPORT_SIZE = 10_000;

/**
 * The API query of `GET /analytics/admin-billing` (account_ids sent as repeated params); no dates in
 * the URL = the current month at `now`. `paging` overrides page and size (the export reads everything).
 */
export function billingQuery(search: BillingSearch, now: Date, paging: { page: number; size: number } = search) {
  const range = search.from_date && search.to_date ? { from: search.from_date, to: search.to_date } : billingPresetRange(DEFAULT_BILLING_PRESET, now);
  return {
    from_date: range.from,
    to_date: range.to,
    account_ids: search.account_ids.length ? search.account_ids.map(String) : undefined,
    page: String(paging.page),
    size: String(paging.size),
  };
}
