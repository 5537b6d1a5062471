/**
 * Audit log calls (spec 002 §7 "GET /audit-log (account_id); response records"; docs/api.md "Audit
 * log"): one page of an account's events, optionally of one type or resource prefix.
 */
import { queryOptions } from '@tanstack/react-query';
import { typedApi, type Schema } from '../../../api/contract';

/** One audit event (spec 002 §3 "Audit event": createdAt, userId, userName, type, target, targetName). */
export type AuditEvent = Schema<'AuditEvent'>;

/** Events per page (spec 002 §9 leaves the audit log size open; the server's default). */
export const AUDIT_PAGE_SIZE = 20;

/** `GET /audit-log?account_id&page&size&type` → one page, newest first. */
export function auditLogOptions(accountId: number, page: number, type: string | undefined) {
  return queryOptions({
    queryKey: ['audit-log', accountId, page, type ?? ''] as const,
    queryFn: ({ signal }) => typedApi.get('/audit-log', { query: { account_id: accountId, page, size: AUDIT_PAGE_SIZE, ...(type ? { type } : {}) }, signal }),
  });
}
