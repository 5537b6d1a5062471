/** valibot schemas of the feature API (spec 000 §7 "Features"). */
import * as v from 'valibot';
import { nonNegativeIntString, pageParam, searchParam, sizeParam } from '../../lib/list-query';
import { FLAG_NAMES } from '../global/global.service';
import { listOf, Timestamp } from '../../lib/contract';

/** `GET /feature?account_id` — account_id default 0 = no account (spec 000 §7). */
export const FeatureQuery = v.object({
  account_id: v.optional(nonNegativeIntString('account_id must be a non-negative integer.'), '0'),
});
export type FeatureQuery = v.InferOutput<typeof FeatureQuery>;

/** Comma list of positive ids (`"1,2"`); empty → undefined. */
const IdList = (label: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(\d{1,9}(,\d{1,9})*)?$/, `${label} must be a comma-separated list of ids.`),
      v.transform((s) => (s === '' ? undefined : s.split(',').map(Number))),
    ),
  );

/** `GET /feature/flags?account_ids&flag_name&flag_type&page&size` (spec 000 §7 "Features"). */
export const FlagListQuery = v.object({
  account_ids: IdList('account_ids'),
  flag_name: searchParam(100),
  flag_type: v.optional(v.picklist(['embed', 'dashboard'], 'flag_type must be embed or dashboard.')),
  page: pageParam,
  size: sizeParam(100, 1000),
});
export type FlagListQuery = v.InferOutput<typeof FlagListQuery>;

const IdArray = (label: string) =>
  v.pipe(
    v.array(v.pipe(v.number(`${label} must hold ids.`), v.integer(`${label} must hold ids.`), v.minValue(1, `${label} must hold ids.`)), `${label} must be a list of ids.`),
    v.maxLength(10_000, `${label} is too long.`),
    v.transform((ids) => [...new Set(ids)]),
  );
const Languages = v.pipe(
  v.array(v.picklist(['en', 'fi'], 'languages may hold en and fi.'), 'languages must be a list.'),
  v.transform((l) => [...new Set(l)]),
);
const FlagName = v.picklist(FLAG_NAMES, 'name must be one of the flag names of GET /global.');
const FlagType = v.picklist(['embed', 'dashboard'], 'flag_type must be embed or dashboard.');
const Description = v.nullable(v.pipe(v.string('description must be text.'), v.maxLength(500, 'description must be at most 500 characters.')));

/** `POST /feature/flags` (spec 000 §5 "Create feature flag": flag type required; name from the list). */
export const CreateFlagBody = v.strictObject({
  name: FlagName,
  description: v.optional(Description),
  flag_type: FlagType,
  is_everyone: v.optional(v.nullable(v.boolean('is_everyone must be true, false or null.'))),
  is_superadmin: v.optional(v.nullable(v.boolean('is_superadmin must be true, false or null.'))),
  user_ids: v.optional(IdArray('user_ids')),
  account_ids: v.optional(IdArray('account_ids')),
  languages: v.optional(Languages),
});
export type CreateFlagBody = v.InferOutput<typeof CreateFlagBody>;

/** `PUT /feature/flags` — update by `name`; the other fields present replace the stored ones. */
export const UpdateFlagBody = v.strictObject({
  name: FlagName,
  description: v.optional(Description),
  flag_type: v.optional(FlagType),
  is_everyone: v.optional(v.nullable(v.boolean('is_everyone must be true, false or null.'))),
  is_superadmin: v.optional(v.nullable(v.boolean('is_superadmin must be true, false or null.'))),
  user_ids: v.optional(IdArray('user_ids')),
  account_ids: v.optional(IdArray('account_ids')),
  languages: v.optional(Languages),
});
export type UpdateFlagBody = v.InferOutput<typeof UpdateFlagBody>;

/**
 * `GET /feature` answer: the caller's features for the account, strings `${flag_type}:${name}` such as
 * `dashboard:new_widgets` (spec 000 §3, §7).
 */
export const FeatureList = v.pipe(v.strictObject({ features: v.array(v.string()) }), v.metadata({ ref: 'FeatureList' }));
export type FeatureList = v.InferOutput<typeof FeatureList>;

/**
 * A feature flag (spec 000 §3 "Feature flag"), snake-case as the spec names the fields. `accounts`
 * names the flag's accounts for the table column.
 */
export const FeatureFlag = v.pipe(
  v.strictObject({
    id: v.number(),
    name: v.string(),
    description: v.nullable(v.string()),
    flag_type: v.picklist(['embed', 'dashboard']),
    is_everyone: v.nullable(v.boolean()),
    is_superadmin: v.nullable(v.boolean()),
    user_ids: v.array(v.number()),
    account_ids: v.array(v.number()),
    languages: v.array(v.string()),
    accounts: v.array(v.strictObject({ id: v.number(), businessName: v.string() })),
    created_at: Timestamp,
  }),
  v.metadata({ ref: 'FeatureFlag' }),
);
export type FeatureFlag = v.InferOutput<typeof FeatureFlag>;

/** `GET /feature/flags` answer. */
export const FeatureFlagList = listOf(FeatureFlag);
export type FeatureFlagList = v.InferOutput<typeof FeatureFlagList>;
