/**
 * Row counters for exact list totals at scale (issue 18 "Lists at scale"; docs/scaling.md "Counting"):
 * `n` is the number of rows of list `list` in account `accountId` (e.g. 'bots', 'media'), maintained
 * by statement-level triggers in the same transaction as the rows themselves (migration
 * 0015_scale_lists.sql), so an unfiltered list's `metadata.totalCount` is one primary-key read
 * instead of a count over 100,000 rows. A test checks they never drift from `count(*)`.
 */
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './schema';

export const listCounts = pgTable(
  'list_counts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.list] })],
);
