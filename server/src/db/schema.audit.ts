/**
 * Audit log (spec 002 §3 "Audit event": createdAt, userId, userName, type, target, targetName; spec
 * 002 §2 settings tab "audit-log"). One row per mutation, written in the same transaction as the
 * change by `recordAudit` (server/src/lib/audit.ts). Rows are append-only.
 *
 * - `accountId`: the account the change belongs to; null for staff-wide changes (feature flags,
 *   resellers, user administration outside an account). No foreign key: the trail outlives a deleted
 *   account (its deletion is itself audited).
 * - `actorUserId`: who did it (null once that user is deleted: on delete set null).
 * - `type`: `<resource>.<verb>`, e.g. `bot.create`, `media.upload`, `account.update`, `flag.create`.
 * - `targetType` / `targetId` / `targetName`: the changed thing (`bot`, 12, 'Welcome bot'); the name is
 *   copied at write time so the row still reads after a rename or delete.
 * - `details`: small JSON of what changed (field names, old → new status); never secrets.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

// Migration 0016_scale_admin_lists.sql indexes it (account/type/created order; the indexes below are replaced there) and counts its rows (admin_list_counts, server/src/lib/list-page.ts).
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    targetName: text('target_name'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_account_idx').on(t.accountId, t.createdAt), index('audit_events_created_idx').on(t.createdAt)],
);
