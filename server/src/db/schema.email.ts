/**
 * E-mail outbox (DESIGN §1 "e-mail captured in an outbox that staff can read in the app"; issue 3).
 * Every message the product sends is written here first; with SMTP_URL set it is also delivered
 * through nodemailer and `sentAt` (or `error`) records the outcome.
 */
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** What a message is for (templates in server/src/email/templates.ts). */
export type EmailKind = 'forgot-password' | 'invitation' | 'temporary-password' | (string & {});

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').$type<EmailKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);
