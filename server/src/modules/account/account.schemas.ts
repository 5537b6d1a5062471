/** valibot schemas of the account API (spec 000 §7 "Accounts"; docs/api.md). */
import * as v from 'valibot';
import { pageParam, searchParam, sizeParam } from '../../lib/list-query';

export const ACCOUNT_ORDER_BY = ['business_name', 'created_at'] as const;
export type AccountOrderBy = (typeof ACCOUNT_ORDER_BY)[number];

/** Pickers load up to 10000 accounts (spec 000 §7). */
export const ACCOUNT_LIST_MAX_SIZE = 10_000;

/**
 * `GET /account?page&size&order_by&order_direction&business_name&filter` — defaults: page 1, size 10,
 * business_name ascending (a switcher reads alphabetically). Unknown parameters are ignored.
 */
export const AccountListQuery = v.object({
  page: pageParam,
  size: sizeParam(10, ACCOUNT_LIST_MAX_SIZE),
  order_by: v.optional(
    v.picklist(ACCOUNT_ORDER_BY, `order_by must be one of ${ACCOUNT_ORDER_BY.join(', ')}.`),
    'business_name',
  ),
  order_direction: v.optional(v.picklist(['asc', 'desc'], 'order_direction must be asc or desc.'), 'asc'),
  business_name: searchParam(),
  filter: v.optional(v.picklist(['Joined'], 'filter must be Joined.')),
});
export type AccountListQuery = v.InferOutput<typeof AccountListQuery>;
