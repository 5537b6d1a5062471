/** valibot schemas of the feature API (spec 000 §7 "Features"). */
import * as v from 'valibot';
import { nonNegativeIntString } from '../../lib/list-query';

/** `GET /feature?account_id` — account_id default 0 = no account (spec 000 §7). */
export const FeatureQuery = v.object({
  account_id: v.optional(nonNegativeIntString('account_id must be a non-negative integer.'), '0'),
});
export type FeatureQuery = v.InferOutput<typeof FeatureQuery>;
