/**
 * Sending e-mail (DESIGN §1: "e-mail captured in an outbox that staff can read in the app";
 * `SMTP_URL` → nodemailer). Every message is written to `email_outbox` first; when `env.smtpUrl`
 * is set it is then delivered over SMTP and the row records `sentAt`, or `error` when delivery
 * failed (the outbox row stays, so staff can still read what would have been sent).
 */
import { desc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox, type EmailKind } from '../db/schema';
import type { Env } from '../env';

/** A message ready to send: recipient address, subject, plain text and optional HTML body. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: EmailKind;
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** What sending needs: the database and the SMTP settings. */
export interface EmailDeps {
  db: Db;
  env: Pick<Env, 'smtpUrl' | 'emailFrom'>;
}

const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

async function deliver(deps: EmailDeps, row: OutboxRow): Promise<OutboxRow> {
  const url = deps.env.smtpUrl;
  if (!url) return row;
  try {
    await transportFor(url).sendMail({
      from: deps.env.emailFrom,
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
    });
    const [updated] = await deps.db.update(emailOutbox).set({ sentAt: new Date(), error: null }).where(eq(emailOutbox.id, row.id)).returning();
    return updated ?? row;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error('[email] SMTP delivery failed for outbox row', row.id, message);
    const [updated] = await deps.db.update(emailOutbox).set({ error: message.slice(0, 2000) }).where(eq(emailOutbox.id, row.id)).returning();
    return updated ?? row;
  }
}

/**
 * Writes the outbox row and, with SMTP configured, delivers the message.
 *
 * @param opts.background when true, resolves once the outbox row is written and delivers over SMTP
 *   afterwards (used where the answer must not wait for, or reveal, a send — ForgotPassword);
 *   otherwise resolves after the delivery attempt with the row's final `sentAt`/`error`.
 * @returns the outbox row. Never throws for an SMTP failure (it is recorded in `error`); throws only
 *   when the database write fails.
 */
export async function sendEmail(deps: EmailDeps, msg: EmailMessage, opts: { background?: boolean } = {}): Promise<OutboxRow> {
  const [row] = await deps.db
    .insert(emailOutbox)
    .values({ to: msg.to, subject: msg.subject, text: msg.text, html: msg.html ?? null, kind: msg.kind })
    .returning();
  if (!row) throw new Error('email_outbox insert returned nothing');
  if (opts.background) {
    void deliver(deps, row).catch((err: unknown) => console.error('[email] recording delivery failed', err));
    return row;
  }
  return deliver(deps, row);
}

/** One page of the outbox, newest first, and the total count (GET /api/admin/outbox). */
export async function listOutbox(db: Db, page: number, size: number): Promise<{ rows: OutboxRow[]; total: number }> {
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(size).offset((page - 1) * size);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
  return { rows, total: count?.n ?? 0 };
}
