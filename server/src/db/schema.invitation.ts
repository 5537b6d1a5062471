/**
 * Invitation tokens (spec 000 §4 "Join team", §7 "Create user from invitation"; issue 3).
 *
 * A row is written when an Owner, Admin, Reseller or staff member invites an e-mail that has no
 * password yet (POST /api/account/{accountId}/user, or the resend). Only the SHA-256 hex digest of
 * the token is stored; the token itself travels only in the join link e-mailed to the person.
 * A token is single use (`usedAt` is set when it is consumed, or when the role is joined another
 * way) and expires at `expiresAt` (14 days after creation).
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, roles, users } from './schema';

export const invitationTokens = pgTable(
  'invitation_tokens',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 hex of the token. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    /** The invited e-mail (lower case), as it was when the invitation was sent. */
    email: text('email').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('invitation_tokens_role_idx').on(t.roleId)],
);
