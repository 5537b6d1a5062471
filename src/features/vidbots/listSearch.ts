/**
 * URL search of the vidbot list (spec 001 §2): order_by (default created_at), order_direction
 * (default desc), page (default 1), bot_name, tag_ids (the tag filter, spec 001 §7 `tag_ids`).
 * Invalid values fall back to the defaults instead of failing the route.
 */
import * as v from 'valibot';
import { BOT_ORDER_BY } from './vidbot.types';

/** Defaults of spec 001 §2. */
export const LIST_DEFAULTS = { order_by: 'created_at', order_direction: 'desc', page: 1 } as const;

/** Page: a positive integer, also accepted as a numeric string. */
const page = v.fallback(
  v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.number(), v.integer(), v.minValue(1)),
  LIST_DEFAULTS.page,
);

/**
 * Tag filter: tag ids as a number array (`?tag_ids=%5B3%2C5%5D`), also accepted as the comma list the
 * API takes (`?tag_ids=3,5`) or one number; anything that is not a positive integer is dropped.
 * Sorted and unique, so the same filter is one cache entry.
 */
export function parseTagIds(raw: unknown): number[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : typeof raw === 'number' ? [raw] : [];
  const ids = items
    .map((x) => (typeof x === 'string' && x.trim() !== '' ? Number(x) : x))
    .filter((x): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0 && x < 1e9);
  return [...new Set(ids)].sort((a, b) => a - b);
}

const tagIds = v.pipe(v.unknown(), v.transform(parseTagIds));

export const vidbotListSearchSchema = v.object({
  order_by: v.optional(v.fallback(v.picklist(BOT_ORDER_BY), LIST_DEFAULTS.order_by), LIST_DEFAULTS.order_by),
  order_direction: v.optional(v.fallback(v.picklist(['asc', 'desc']), LIST_DEFAULTS.order_direction), LIST_DEFAULTS.order_direction),
  page: v.optional(page, LIST_DEFAULTS.page),
  bot_name: v.optional(v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(255)), ''), ''),
  tag_ids: v.optional(tagIds, []),
});

/** The validated list search. */
export type VidbotListSearch = v.InferOutput<typeof vidbotListSearchSchema>;
