/**
 * Exact list totals from the `list_counts` counters (issue 18 "Lists at scale"; docs/scaling.md
 * "Counting"). Kept apart from list-query.ts, whose valibot pieces the SPA bundles through the
 * contracts: this module brings drizzle and the schema, which must stay out of the browser.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { listCounts } from '../db/schema.scale';

/**
 * Keys of `list_counts` (issue 18; docs/scaling.md "Counting"), kept exact by the statement-level
 * triggers of migration 0015_scale_lists.sql: `bots`, `tags`, `widgets` count every row of the
 * account; `media` the rows with `replaces_id IS NULL` (what the media list shows), `media:<kind>`
 * those of one kind, `media:ReadyImage` those that are Ready images with a playback file.
 */
export type ListCountKey = 'bots' | 'tags' | 'widgets' | 'media' | `media:${string}` | 'media:ReadyImage';

/**
 * Exact number of rows of an unfiltered list: the sum of the `list_counts` counters `keys` of
 * `accountId` (one primary-key read per key; a missing counter row is 0). Use it only for a filter
 * that the counters express; a free filter (name search, tags) counts the filtered set instead.
 * @returns a non-negative integer.
 */
export async function countedTotal(db: DbOrTx, accountId: number, keys: ListCountKey[]): Promise<number> {
  if (keys.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${listCounts.n}), 0)::bigint`.mapWith(Number) })
    .from(listCounts)
    .where(and(eq(listCounts.accountId, accountId), keys.length === 1 ? eq(listCounts.list, keys[0]!) : inArray(listCounts.list, keys)));
  return Math.max(0, row?.n ?? 0);
}

/**
 * `countedTotal` as a scalar subquery (`bigint` mapped to a number), to select beside a page's ids so
 * an unfiltered list costs one statement less (issue 18 bench: each statement is a round trip and a
 * plan). An empty page has no row to carry it: read `countedTotal` then.
 */
export function countedTotalSql(accountId: number, keys: ListCountKey[]): SQL<number> {
  if (keys.length === 0) return sql<number>`0`.mapWith(Number);
  const which = keys.length === 1 ? eq(listCounts.list, keys[0]!) : inArray(listCounts.list, keys);
  return sql<number>`greatest(0, (select coalesce(sum(${listCounts.n}), 0) from ${listCounts} where ${listCounts.accountId} = ${accountId} and ${which}))::int`.mapWith(
    Number,
  );
}

