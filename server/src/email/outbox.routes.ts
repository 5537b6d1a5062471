/**
 * `GET /api/admin/outbox?page&size` (issue 3; DESIGN §1 "e-mail captured in an outbox that staff
 * can read in the app"): the e-mail outbox, newest first, as a list
 * `{ records: OutboxMessage[], metadata: { page, pageSize, pageCount, totalCount } }`.
 * Superusers and customer success only (403 for anyone else); `page` ≥ 1 (default 1), `size`
 * 1..100 (default 20); a bad value answers 422.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../lib/context';
import { forbidden } from '../lib/errors';
import { listMetadata, pageParam, sizeParam } from '../lib/list-query';
import { isStaff } from '../lib/policy';
import { validate } from '../lib/validate';
import { listOf, route, Timestamp } from '../lib/contract';
import { listOutbox, type OutboxRow } from './outbox';
import { EMAIL_STATUSES } from '../db/schema.email';

const OutboxQuery = v.object({ page: pageParam, size: sizeParam(20, 100) });

/**
 * One outbox message as the API answers it (ISO 8601 times; null when not sent / no error).
 * `status` and `attempts` tell how delivery through the `email.send` job went; `error` is the last delivery error.
 */
export const OutboxMessage = v.pipe(
  v.strictObject({
    id: v.number(),
    to: v.string(),
    /** Blind-copy recipient (form submissions), null when none. */
    bcc: v.nullable(v.string()),
    subject: v.string(),
    text: v.string(),
    html: v.nullable(v.string()),
    kind: v.string(),
    createdAt: Timestamp,
    sentAt: v.nullable(Timestamp),
    error: v.nullable(v.string()),
    /** captured (no SMTP) | queued (delivery pending or waiting for a retry) | sent | failed. */
    status: v.picklist(EMAIL_STATUSES),
    /** SMTP delivery attempts so far. */
    attempts: v.number(),
  }),
  v.metadata({ ref: 'OutboxMessage' }),
);
export type OutboxMessage = v.InferOutput<typeof OutboxMessage>;

/** `GET /admin/outbox` answer. */
export const OutboxList = listOf(OutboxMessage);

function toRecord(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to,
    bcc: row.bcc,
    subject: row.subject,
    text: row.text,
    html: row.html,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    error: row.error,
    status: row.status,
    attempts: row.attempts,
  };
}

/** Routes mounted at `/api/admin/outbox` (behind requireAuth). */
export function outboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/',
    route({
      summary: 'Read the e-mail outbox',
      description: 'Every e-mail the server composed, newest first, with its send state. Superusers and customer success only.',
      tags: ['E-mail'],
      responses: { 200: OutboxList },
      errors: [401, 403, 422],
    }),
    validate('query', OutboxQuery), async (c) => {
    if (!isStaff(c.get('user'))) throw forbidden('Only staff can read the e-mail outbox.');
    const { page, size } = c.req.valid('query');
    const { rows, total } = await listOutbox(deps.db, page, size);
    return c.json({ records: rows.map(toRecord), metadata: listMetadata(page, size, total) });
  });
  return r;
}
