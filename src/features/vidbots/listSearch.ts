/**
 * URL search of the vidbot list (spec 001 §2): order_by (default created_at), order_direction
 * (default desc), page (default 1), bot_name. Invalid values fall back to the defaults instead of
 * failing the route.
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

export const vidbotListSearchSchema = v.object({
  order_by: v.optional(v.fallback(v.picklist(BOT_ORDER_BY), LIST_DEFAULTS.order_by), LIST_DEFAULTS.order_by),
  order_direction: v.optional(v.fallback(v.picklist(['asc', 'desc']), LIST_DEFAULTS.order_direction), LIST_DEFAULTS.order_direction),
  page: v.optional(page, LIST_DEFAULTS.page),
  bot_name: v.optional(v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(255)), ''), ''),
});

/** The validated list search. */
export type VidbotListSearch = v.InferOutput<typeof vidbotListSearchSchema>;
