/**
 * E-mail outbox (DESIGN §1 "e-mail captured in an outbox that staff can read in the app"; issue 3).
 * Every message the product sends is written here first, in the transaction of the request that
 * sends it; with SMTP_URL set an `email.send` job (server/src/email/email.job.ts) delivers it
 * through nodemailer with retries (issue 10 §3), and `status`, `attempts`, `sentAt` and `error`
 * record the outcome.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Delivery status of an outbox message: `captured` (no SMTP configured: kept in the outbox only),
 * `queued` (an `email.send` job will deliver it; also while it waits for a retry), `sent`, `failed`
 * (the SMTP peer refused it for good, or every attempt failed).
 */
export const EMAIL_STATUSES = ['captured', 'queued', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** What a message is for (templates in server/src/email/templates.ts). */
export type EmailKind = 'forgot-password' | 'invitation' | 'temporary-password' | 'form-submission' | (string & {});

// Migration 0016_scale_admin_lists.sql indexes it (created_at, id) and counts its rows (admin_list_counts, server/src/lib/list-page.ts).
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    /** Blind-copy recipient (a form's emailBcc, issue 12), null for most messages. */
    bcc: text('bcc'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').$type<EmailKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Last delivery error (SMTP), null once sent. */
    error: text('error'),
    status: text('status').$type<EmailStatus>().notNull().default('captured'),
    /** SMTP delivery attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);
