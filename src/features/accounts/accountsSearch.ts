/**
 * URL search of the accounts list (spec 000 §2): page ≥ 1, business_name, sort (default
 * business_name ascending). Bad values fall back to the defaults instead of failing the route.
 */
import * as v from 'valibot';

export const accountsSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  business_name: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200)), ''), ''),
  order_by: v.fallback(v.optional(v.picklist(['business_name', 'created_at']), 'business_name'), 'business_name'),
  order_direction: v.fallback(v.optional(v.picklist(['asc', 'desc']), 'asc'), 'asc'),
});

/** The parsed search. */
export type AccountsSearch = v.InferOutput<typeof accountsSearchSchema>;

/** Default values, left out of the URL (`stripSearchParams`). */
export const ACCOUNTS_SEARCH_DEFAULTS: AccountsSearch = { page: 1, business_name: '', order_by: 'business_name', order_direction: 'asc' };
