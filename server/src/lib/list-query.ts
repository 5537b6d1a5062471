/**
 * Query-string pieces shared by list endpoints (DESIGN §3: lists answer
 * `{ records, metadata: { page, pageSize, pageCount, totalCount } }`).
 *
 * Query values arrive as strings; these valibot schemas turn them into numbers with field messages
 * (a bad value answers 422 through lib/validate.ts).
 */
import * as v from 'valibot';

/** A positive integer written in decimal (`"3"` → 3). Message names the rule. */
export const positiveIntString = (message = 'Must be a positive integer.') =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, message), v.transform(Number), v.minValue(1, message));

/** A non-negative integer written in decimal (`"0"` → 0). */
export const nonNegativeIntString = (message = 'Must be a non-negative integer.') =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, message), v.transform(Number));

/** `page` (default 1, ≥ 1). */
export const pageParam = v.optional(positiveIntString('page must be an integer ≥ 1.'), '1');

/** `size` with a default and an upper bound (1..max). */
export const sizeParam = (defaultSize: number, max: number) =>
  v.optional(
    v.pipe(
      positiveIntString(`size must be an integer between 1 and ${max}.`),
      v.maxValue(max, `size must be an integer between 1 and ${max}.`),
    ),
    String(defaultSize),
  );

/** `order_direction` asc|desc (default desc). */
export const orderDirectionParam = v.optional(
  v.picklist(['asc', 'desc'], 'order_direction must be asc or desc.'),
  'desc',
);

/** Optional free-text search: trimmed; empty means "no filter" (undefined). */
export const searchParam = (maxLength = 200) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(maxLength, `Must be at most ${maxLength} characters.`),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

/** Pattern for `ILIKE` containing `text` literally: `%`, `_` and `\` are escaped (PostgreSQL's default escape is `\`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface ListMetadata {
  page: number;
  pageSize: number;
  pageCount: number;
  totalCount: number;
}

/** `{ page, pageSize, pageCount, totalCount }`; pageCount is 0 for an empty list. */
export function listMetadata(page: number, pageSize: number, totalCount: number): ListMetadata {
  return { page, pageSize, pageCount: Math.ceil(totalCount / pageSize), totalCount };
}

/** Row offset of a 1-based page. */
export const pageOffset = (page: number, size: number) => (page - 1) * size;

/** JSON body of a `{ records, metadata }` list answer (DESIGN §3). */
export const ListMetadata = v.pipe(
  v.object({ page: v.number(), pageSize: v.number(), pageCount: v.number(), totalCount: v.number() }),
  v.metadata({ ref: 'ListMetadata' }),
);
/** The `{ records, metadata }` list answer of `item`s. */
export const listOf = <T extends v.GenericSchema>(item: T) => v.object({ records: v.array(item), metadata: ListMetadata });
