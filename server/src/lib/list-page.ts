/**
 * Exact totals of the admin and analytics lists without a scan (issue 18 "Lists at scale";
 * docs/scaling.md "Admin and analytics lists").
 *
 * `admin_list_counts(list, scope_id, shard, n)` is created and kept by migration
 * 0016_scale_admin_lists.sql: statement-level triggers with transition tables add +1 / -1 per row in
 * the same transaction as the rows, so a committed read always equals `count(*)` of the list. It is
 * declared here, not in db/schema.ts, because it is written only by that custom SQL migration (a
 * drizzle-kit generate must not try to create it again).
 *
 * Lists (`scope_id` 0 = global):
 * | list | scope_id | rows |
 * |---|---|---|
 * | `users` | 0 | every user |
 * | `accounts` | 0 | every account |
 * | `email_outbox` | 0 | every outbox message |
 * | `audit_events` | 0 | every audit event (staff-wide ones included) |
 * | `account_audit_events` | account id | the account's audit events (kept after the account is deleted) |
 * | `members` | account id | the account's roles (members, Invited included) |
 * | `form_submissions` | bot id | the bot's form submissions |
 * | `published_bots` | 0 | every bot with status Published (migration 0018_scale_lists_fix) |
 * | `all_bots` | 0 | every bot (migration 0018_scale_lists_fix) |
 */
import { and, eq, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** The counter table of migration 0016 (one row per list, scope and shard; a missing row is 0). */
export const adminListCounts = pgTable(
  'admin_list_counts',
  {
    list: text('list').notNull(),
    scopeId: integer('scope_id').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.scopeId, t.shard] })],
);

/** Names of the counted lists (table above). */
export type AdminCountedList =
  | 'users'
  | 'accounts'
  | 'email_outbox'
  | 'audit_events'
  | 'account_audit_events'
  | 'members'
  | 'form_submissions'
  /** Bots with status Published over all accounts (migration 0018_scale_lists_fix; GET /bot/status). */
  | 'published_bots'
  /** Every bot of every account (migration 0018_scale_lists_fix; GET /analytics/admin). */
  | 'all_bots';

/**
 * The exact number of rows of `list` in `scopeId` (0 for a global list): the sum of at most 8 shard
 * rows read through the primary key. Runs in the caller's transaction when given one.
 */
export async function adminListCount(db: Pick<Db, 'select'>, list: AdminCountedList, scopeId = 0): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | number | null>`sum(${adminListCounts.n})` })
    .from(adminListCounts)
    .where(and(eq(adminListCounts.list, list), eq(adminListCounts.scopeId, scopeId)));
  return Number(row?.n ?? 0);
}
