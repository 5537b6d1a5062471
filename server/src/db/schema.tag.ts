/**
 * Tags (spec 001 §3 "Tag": id, name, account_id; §2 list tag filter; §7 `GET/POST /tag`,
 * `PATCH /tag/{tagId}`). A tag belongs to one account; its name is unique within the account
 * case-insensitively (`lower(name)`). `bot_tags` links bots to tags of the bot's own account (the
 * service checks the account; both sides cascade on delete).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, bots } from './schema';

// List indexes (order keys, trigram name search) and the list_counts triggers: migration 0015_scale_lists.sql.
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_account_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

export const botTags = pgTable(
  'bot_tags',
  {
    botId: integer('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.botId, t.tagId] }), index('bot_tags_tag_idx').on(t.tagId)],
);
