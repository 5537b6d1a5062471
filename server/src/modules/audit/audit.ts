/**
 * `GET /audit-log?account_id&page&size` (spec 002 §2 settings tab audit-log, §3 Audit event, §6 "Tags
 * and audit log: Super_Admin, Owner, Admin", §7). Newest first (createdAt desc, id desc).
 *
 * - With `account_id`: staff, or an Active Owner or Admin of that account (other roles 403; an
 *   account the caller may not use 404).
 * - Without it: staff only (every event, staff-wide ones with accountId null included); others 403.
 *
 * Record: `{ id, createdAt, accountId, userId, userName, userEmail, type, target, targetId,
 * targetName, details }` — `userName` is "first last" or the e-mail, null when the actor is gone.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import type { AppDeps, AppEnv, AuthUser } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { listMetadata, pageOffset, pageParam, positiveIntString, sizeParam, type ListMetadata } from '../../lib/list-query';
import { activeRole, assertAccountAccess, isStaff } from '../../lib/policy';
import { validate } from '../../lib/validate';

export const AuditLogQuery = v.object({
  account_id: v.optional(positiveIntString('account_id must be a positive integer.')),
  page: pageParam,
  size: sizeParam(20, 100),
});
export type AuditLogQuery = v.InferOutput<typeof AuditLogQuery>;

export interface AuditRecordDto {
  id: number;
  createdAt: Date;
  accountId: number | null;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  type: string;
  target: string;
  targetId: number | null;
  targetName: string | null;
  details: Record<string, unknown>;
}

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

/** One page of audit events. */
export async function listAuditLog(db: Db, user: AuthUser, q: AuditLogQuery): Promise<{ records: AuditRecordDto[]; metadata: ListMetadata }> {
  assertMayReadAudit(user, q.account_id);
  const where = q.account_id !== undefined ? eq(auditEvents.accountId, q.account_id) : undefined;
  const [count] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(auditEvents).where(where);
  const rows = await db
    .select({ e: auditEvents, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(q.size)
    .offset(pageOffset(q.page, q.size));
  const records = rows.map(({ e, email, firstName, lastName }) => {
    const full = [firstName, lastName].filter(Boolean).join(' ');
    return {
      id: e.id,
      createdAt: e.createdAt,
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
  return { records, metadata: listMetadata(q.page, q.size, count?.n ?? 0) };
}

/** `/api/audit-log` routes. */
export function auditRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/', validate('query', AuditLogQuery), async (c) => c.json(await listAuditLog(deps.db, c.get('user'), c.req.valid('query'))));
  return r;
}
