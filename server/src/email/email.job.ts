/**
 * The `email.send` job (issue 10 §3: e-mails leave through the job queue, retried and recorded):
 * delivers one `email_outbox` row over SMTP (`SMTP_URL`, nodemailer) and records the attempt on the
 * row. A failed attempt keeps the row `queued` with the error and throws, so the queue retries it
 * with backoff (jobs/queue.ts); an SMTP 5xx answer (the peer refuses the message for good) or the
 * last failed attempt marks the row `failed`. A row that is already `sent` is not sent again.
 */
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { emailOutbox } from '../db/schema';
import { PermanentJobError, type JobHandlers } from '../jobs/queue';
import { EMAIL_JOB } from './outbox';

const transports = new Map<string, Transporter>();
/** One pooled-by-URL nodemailer transport. */
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/** The SMTP reply code of a nodemailer error (e.g. 550), when the peer answered one. */
function smtpResponseCode(err: unknown): number | undefined {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

/** Settles like `promise`, or rejects with the abort reason as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Handlers of the e-mail jobs; server.ts runs them in a worker, tests with `runNextJob`. */
export const emailJobHandlers: JobHandlers = {
  [EMAIL_JOB]: {
    async run({ deps, job, signal }) {
      const outboxId = Number(job.payload.outboxId);
      const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
      if (!row) throw new PermanentJobError(`Outbox message ${outboxId} does not exist.`);
      if (row.status === 'sent') return { outboxId, alreadySent: true };
      const url = deps.env.smtpUrl;
      if (!url) throw new PermanentJobError('SMTP_URL is not set: the message stays in the outbox.');
      try {
        const sending = transportFor(url).sendMail({
          from: deps.env.emailFrom,
          to: row.to,
          ...(row.bcc ? { bcc: row.bcc } : {}),
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
        }) as Promise<{ messageId?: string }>;
        const info = await untilAborted(sending, signal);
        await deps.db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), error: null, attempts: sql`${emailOutbox.attempts} + 1` }).where(eq(emailOutbox.id, outboxId));
        return { outboxId, messageId: info.messageId ?? null };
      } catch (err) {
        // The worker is stopping (or lost the lease): the queue hands the job back; nothing to record.
        if (signal.aborted) throw err;
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
        console.error('[email] SMTP delivery failed for outbox row', outboxId, message);
        await deps.db.update(emailOutbox).set({ error: message, attempts: sql`${emailOutbox.attempts} + 1` }).where(eq(emailOutbox.id, outboxId));
        const code = smtpResponseCode(err);
        if (code !== undefined && code >= 500) throw new PermanentJobError(message);
        throw err instanceof Error ? err : new Error(message);
      }
    },
    async onFailed({ deps, job, error }) {
      await deps.db
        .update(emailOutbox)
        .set({ status: 'failed', error: error.slice(0, 2000) })
        .where(eq(emailOutbox.id, Number(job.payload.outboxId)));
    },
  },
};
