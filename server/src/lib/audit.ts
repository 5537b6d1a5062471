/**
 * Audit trail writer (spec 002 §3 "Audit event", §2 settings tab audit-log). Every mutation calls
 * `recordAudit(tx, event)` with the SAME transaction (or db handle) that performs the change, so a
 * rolled-back change leaves no audit row and a committed one always has its row.
 *
 * Event types are `<resource>.<verb>` from the catalogue `AUDIT_TYPES` (lib/audit.types.ts, shared with
 * the SPA's labels; docs/api.md "Audit log").
 */
import type { DbOrTx } from '../db/client';
import { auditEvents } from '../db/schema';
import type { AuditType } from './audit.types';

export { AUDIT_RESOURCES, AUDIT_TYPES, isAuditType, isAuditTypeFilter, type AuditResource, type AuditType } from './audit.types';

export interface AuditEvent {
  /** Account the change belongs to; null for staff-wide changes (flags, resellers). */
  accountId: number | null;
  /** The acting user's id (null for system actions). */
  actorUserId: number | null;
  /** `<resource>.<verb>` of the catalogue, e.g. `bot.create`, `media.delete`, `account.update`. */
  type: AuditType;
  /** `bot`, `media`, `account`, `flag`, `user`, `role`, … */
  targetType: string;
  targetId?: number | null;
  /** Human-readable name copied at write time (bot name, e-mail, flag name). */
  targetName?: string | null;
  /** What changed; small JSON, never secrets (no passwords, tokens). */
  details?: Record<string, unknown>;
}

/** Inserts one audit row through `tx`. Throws whatever the insert throws (the caller's transaction fails). */
export async function recordAudit(tx: DbOrTx, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    accountId: event.accountId,
    actorUserId: event.actorUserId,
    type: event.type,
    targetType: event.targetType,
    targetId: event.targetId ?? null,
    targetName: event.targetName ?? null,
    details: event.details ?? {},
  });
}
