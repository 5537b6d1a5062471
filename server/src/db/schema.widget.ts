/**
 * Widgets (carousels) and their revisions (issue 15 "Widgets"; spec 002 §3 Widget, §4 widget status).
 * Shaped like `bots` / `bot_revisions`: the widget row holds identity, status and pointers; each save
 * appends an immutable revision whose `content` is a `WidgetContent` (modules/widget/widget.schemas.ts).
 *
 * - `widgets.type` mirrors the latest revision's `content.type` (the list shows it without reading
 *   content).
 * - `published_revision_id` is what the carousel serves (`GET /api/public/widget/{publicId}`); null
 *   until first publish. `status` Deactivated hides the carousel (404) and keeps the revisions.
 * - Analytics: `widgets.id` is the `slider_id` of the slider channel (schema.analytics.ts).
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users, type RevisionStatus } from './schema';

export type WidgetTypeColumn = 'Slider' | 'Card' | 'Thumbnail';
export type WidgetStatusColumn = 'Draft' | 'Published' | 'Deactivated';

// List indexes (order keys, trigram name search) and the list_counts triggers: migration 0015_scale_lists.sql.
export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<WidgetTypeColumn>().notNull().default('Slider'),
    status: text('status').$type<WidgetStatusColumn>().notNull().default('Draft'),
    privacy: text('privacy').$type<'Public' | 'Private'>().notNull().default('Public'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Newest revision (draft or published). */
    latestRevisionId: integer('latest_revision_id'),
    /** The revision the carousel serves; null until first publish. */
    publishedRevisionId: integer('published_revision_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('widgets_account_idx').on(t.accountId, t.createdAt)],
);

/** Immutable widget revisions; only `status` and `published_at` change after insert. */
export const widgetRevisions = pgTable(
  'widget_revisions',
  {
    id: serial('id').primaryKey(),
    widgetId: integer('widget_id').notNull().references(() => widgets.id, { onDelete: 'cascade' }),
    revNumber: integer('rev_number').notNull(),
    status: text('status').$type<RevisionStatus>().notNull().default('Draft'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('widget_revisions_widget_rev_uq').on(t.widgetId, t.revNumber)],
);
