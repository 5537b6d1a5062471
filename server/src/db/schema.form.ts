/**
 * Form submissions (issue 12 "forms … submission to the server (`POST` a form submission; stored per
 * bot, e-mailed to the recipient and bcc through the job queue, visible later in analytics)";
 * spec 001 §3 Action "Regular form", Form field). One row per viewer submission of a REGULAR_FORM
 * action. `submission_id` is the client's idempotency key (a UUID the player makes once per form
 * fill): a retried POST finds the row and stores nothing twice. `values` maps the form's field
 * names to what the viewer entered (string, boolean for checkboxes, the chosen option's label for
 * radio buttons). `revision_id` is the published revision the viewer played (kept when the bot is
 * republished; nulled if that revision row is ever deleted with its bot — the row goes with the bot).
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { botRevisions, bots } from './schema';

/** A submitted value: text fields → string, checkboxes → boolean, radio buttons → the option's label. */
export type FormSubmissionValue = string | boolean;

// Migration 0016_scale_admin_lists.sql indexes it (bot_id, created_at, id) and counts its rows (admin_list_counts, server/src/lib/list-page.ts).
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    /** Client-generated UUID (idempotency key of POST /public/bot/{publicId}/form-submission). */
    submissionId: text('submission_id').notNull(),
    botId: integer('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    revisionId: integer('revision_id').references(() => botRevisions.id, { onDelete: 'set null' }),
    /** The REGULAR_FORM action's id inside the revision's content. */
    actionId: integer('action_id').notNull(),
    /** The form's title (action name) when submitted, so the list reads well after edits. */
    formName: text('form_name').notNull(),
    values: jsonb('values').$type<Record<string, FormSubmissionValue>>().notNull(),
    /** Language the viewer used (the player's), 'en' | 'fi'. */
    language: text('language').$type<'en' | 'fi'>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_submissions_submission_uq').on(t.submissionId), index('form_submissions_bot_idx').on(t.botId, t.createdAt)],
);
