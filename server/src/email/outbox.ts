/**
 * Sending e-mail (DESIGN §1: "e-mail captured in an outbox that staff can read in the app";
 * `SMTP_URL` → nodemailer; issue 10 §3 "e-mails leave through the job queue, retried, recorded").
 * `queueEmail` writes the message to `email_outbox` — in the caller's transaction when given one —
 * and, when `env.smtpUrl` is set, enqueues an `email.send` job in the same transaction; the job
 * (./email.job.ts) delivers it over SMTP with retries and backoff and records `status`, `attempts`,
 * `sentAt` and `error` on the row. A request never waits for SMTP.
 */
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox, type EmailKind } from '../db/schema';
import type { Env } from '../env';
import { adminListCount } from '../lib/list-page';
import { enqueueJob } from '../jobs/queue';

/** A message ready to send: recipient address, subject, plain text and optional HTML body. */
export interface EmailMessage {
  to: string;
  /** Blind-copy recipient, when any (form submissions: the form's emailBcc). */
  bcc?: string | null;
  subject: string;
  text: string;
  html?: string;
  kind: EmailKind;
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** What queueing needs: the database (or the request's transaction) and the SMTP settings. */
export interface EmailDeps {
  db: Db;
  env: Pick<Env, 'smtpUrl' | 'emailFrom'>;
}

/** Job type of an SMTP delivery; payload `{ outboxId }`. */
export const EMAIL_JOB = 'email.send';

/** SMTP attempts per message: retried after 10 s, 40 s, 160 s and 640 s (jobs/queue.ts backoffMs). */
export const EMAIL_MAX_ATTEMPTS = 5;

/**
 * Writes the outbox row and, with SMTP configured, enqueues its delivery (status `queued`; without
 * SMTP the row is `captured`: kept for staff to read). Pass the request's transaction as `deps.db`
 * so the message exists exactly when the change that caused it commits.
 * @returns the outbox row as written. Throws only when the database write fails.
 */
export async function queueEmail(deps: EmailDeps, msg: EmailMessage): Promise<OutboxRow> {
  const smtp = !!deps.env.smtpUrl;
  const [row] = await deps.db
    .insert(emailOutbox)
    .values({ to: msg.to, bcc: msg.bcc ?? null, subject: msg.subject, text: msg.text, html: msg.html ?? null, kind: msg.kind, status: smtp ? 'queued' : 'captured' })
    .returning();
  if (!row) throw new Error('email_outbox insert returned nothing');
  if (smtp) await enqueueJob(deps.db, EMAIL_JOB, { outboxId: row.id }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
  return row;
}

/** One page of the outbox, newest first (email_outbox_created_idx backwards), and the exact total: the `email_outbox` counter (lib/list-page.ts, issue 18). */
export async function listOutbox(db: Db, page: number, size: number): Promise<{ rows: OutboxRow[]; total: number }> {
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(size).offset((page - 1) * size);
  return { rows, total: await adminListCount(db, 'email_outbox') };
}
