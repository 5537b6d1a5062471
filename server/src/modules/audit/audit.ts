/**
 * `GET /audit-log?account_id&type&page&size` (spec 002 §2 settings tab audit-log, §3 Audit event, §6 "Tags
 * and audit log: Super_Admin, Owner, Admin", §7). Newest first (createdAt desc, id desc).
 *
 * - With `account_id`: staff, or an Active Owner or Admin of that account (other roles 403; an
 *   account the caller may not use 404).
 * - Without it: staff only (every event, staff-wide ones with accountId null included); others 403.
 *
 * `type` keeps one event type of the catalogue (lib/audit.types.ts) or, ending in `.`, every type of
 * one resource (`widget.`); anything else is 422 `errors.type`.
 *
 * Record: `AuditEvent` below (declared in the contract, lib/contract.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import type { AppDeps, AppEnv, AuthUser } from '../../lib/context';
import { isAuditTypeFilter } from '../../lib/audit.types';
import { forbidden } from '../../lib/errors';
import { listMetadata, pageOffset, pageParam, positiveIntString, sizeParam } from '../../lib/list-query';
import { adminListCount } from '../../lib/list-page';
import { listOf, route, Timestamp } from '../../lib/contract';
import { activeRole, assertAccountAccess, isStaff } from '../../lib/policy';
import { validate } from '../../lib/validate';

/** `type`: one catalogue type (`tag.create`) or a resource prefix ending in `.` (`widget.`). */
const typeFilter = v.pipe(
  v.string(),
  v.trim(),
  v.check(isAuditTypeFilter, 'type must be an audit event type (tag.create) or a resource prefix (widget.).'),
);

export const AuditLogQuery = v.object({
  account_id: v.optional(positiveIntString('account_id must be a positive integer.')),
  type: v.optional(typeFilter),
  page: pageParam,
  size: sizeParam(20, 100),
});
export type AuditLogQuery = v.InferOutput<typeof AuditLogQuery>;

/** One audit event as the API answers it (spec 002 §3 "Audit event"). */
export const AuditEvent = v.pipe(
  v.strictObject({
    id: v.number(),
    createdAt: Timestamp,
    accountId: v.nullable(v.number()),
    userId: v.nullable(v.number()),
    /** "first last" or the e-mail; null when the actor is gone. */
    userName: v.nullable(v.string()),
    userEmail: v.nullable(v.string()),
    type: v.string(),
    target: v.string(),
    targetId: v.nullable(v.number()),
    targetName: v.nullable(v.string()),
    details: v.record(v.string(), v.unknown()),
  }),
  v.metadata({ ref: 'AuditEvent' }),
);
export type AuditEvent = v.InferOutput<typeof AuditEvent>;

/** `GET /audit-log` answer. */
export const AuditLog = listOf(AuditEvent);
export type AuditLog = v.InferOutput<typeof AuditLog>;

/** 404 / 403 per the rules above. */
export function assertMayReadAudit(user: AuthUser, accountId: number | undefined): void {
  if (accountId === undefined) {
    if (!isStaff(user)) throw forbidden('Only staff can read the audit log of every account; pass account_id.');
    return;
  }
  assertAccountAccess(user, accountId);
  if (isStaff(user)) return;
  const role = activeRole(user, accountId);
  if (role !== 'Owner' && role !== 'Admin') throw forbidden('Only the account Owner and Admins can read the audit log.');
}

/** `LIKE` pattern for rows starting with `prefix` literally (`%`, `_`, `\` escaped). */
function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * One page of audit events. totalCount is exact: the `audit_events` / `account_audit_events` counter
 * without `type` (lib/list-page.ts), else an index-only count over the type index (issue 18).
 */
export async function listAuditLog(db: Db, user: AuthUser, q: AuditLogQuery): Promise<AuditLog> {
  assertMayReadAudit(user, q.account_id);
  // A resource prefix is a LIKE prefix (escaped), served by the text_pattern_ops indexes of migration 0016.
  const byType =
    q.type === undefined ? undefined : q.type.endsWith('.') ? like(auditEvents.type, prefixPattern(q.type)) : eq(auditEvents.type, q.type);
  const where = and(q.account_id !== undefined ? eq(auditEvents.accountId, q.account_id) : undefined, byType);
  const totalCount =
    byType !== undefined
      ? ((await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(auditEvents).where(where))[0]?.n ?? 0)
      : q.account_id !== undefined
        ? await adminListCount(db, 'account_audit_events', q.account_id)
        : await adminListCount(db, 'audit_events');
  const order = [desc(auditEvents.createdAt), desc(auditEvents.id)];
  // Ids first: the page's ids through (account_id, created_at, id) scanned backwards, then the actors of those rows only.
  const pageIds = db.select({ id: auditEvents.id }).from(auditEvents).where(where).orderBy(...order).limit(q.size).offset(pageOffset(q.page, q.size));
  const rows = await db
    .select({ e: auditEvents, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(inArray(auditEvents.id, pageIds))
    .orderBy(...order);
  const records = rows.map(({ e, email, firstName, lastName }) => {
    const full = [firstName, lastName].filter(Boolean).join(' ');
    return {
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      accountId: e.accountId,
      userId: e.actorUserId,
      userName: email === null ? null : full || email,
      userEmail: email,
      type: e.type,
      target: e.targetType,
      targetId: e.targetId,
      targetName: e.targetName,
      details: e.details,
    };
  });
  return { records, metadata: listMetadata(q.page, q.size, totalCount) };
}

/** `/api/audit-log` routes. */
export function auditRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/',
    route({
      summary: 'Read the audit log',
      description:
        'Newest first; `type` keeps one event type (`tag.create`) or a resource prefix (`widget.`) of the catalogue (else 422). With `account_id`: staff, or an Active Owner or Admin of that account (other roles 403; an account the caller may not use 404). Without it: staff only (every event, staff-wide ones with accountId null included).',
      tags: ['Audit log'],
      responses: { 200: AuditLog },
      errors: [401, 403, 404, 422],
    }),
    validate('query', AuditLogQuery), async (c) => c.json(await listAuditLog(deps.db, c.get('user'), c.req.valid('query'))));
  return r;
}
