/**
 * Catalogue of audit event types (spec 002 §3 "Audit event", §2 audit-log tab "filter by type";
 * issue 15). Pure data — no database imports — so the SPA imports it too
 * (src/features/settings/audit/auditTypes.ts gives every type an en/fi label).
 *
 * A type is `<resource>.<verb>`; `recordAudit` (lib/audit.ts) accepts only these, so a new kind of
 * event is added here first (and gets its label in the SPA). `GET /audit-log?type=` takes one type or
 * a resource prefix ending in `.` (`widget.`), see `AUDIT_RESOURCES`.
 */

/** Every audit event type the server writes, grouped by resource. */
export const AUDIT_TYPES = [
  // accounts (modules/account, modules/analytics settings)
  'account.create',
  'account.update',
  'account.delete',
  'account.owner_change',
  'account.profile_update',
  'account.analytics_settings_update',
  // vidbots (modules/bot)
  'bot.create',
  'bot.save',
  'bot.update',
  'bot.publish',
  'bot.deactivate',
  'bot.delete',
  'bot.clone',
  'bot.copy',
  // media library (modules/media, Google Drive import)
  'media.create',
  'media.upload',
  'media.update',
  'media.delete',
  'media.replace_start',
  'media.replace',
  'media.replace_upload',
  'media.caption.upload',
  'media.caption.delete',
  // tags (modules/tag)
  'tag.create',
  'tag.update',
  // members and invitations (modules/invitation, modules/user)
  'user.invite',
  'user.resendInvitation',
  'user.remove',
  'user.update',
  'user.set_password',
  'role.update',
  'role.join',
  // widgets (modules/widget; issue 15 architecture note §7)
  'widget.create',
  'widget.save',
  'widget.update',
  'widget.publish',
  'widget.deactivate',
  'widget.reactivate',
  'widget.delete',
  'widget.clone',
  'widget.copy',
  // CRM integrations (modules/integration; issue 15 architecture note §7)
  'integration.connect',
  'integration.disconnect',
  'integration.error',
  // staff-wide changes (accountId null)
  'flag.create',
  'flag.update',
  'reseller.add',
  'reseller.remove',
  'sso.create',
  'sso.update',
  'sso.provision',
] as const;

/** One audit event type. */
export type AuditType = (typeof AUDIT_TYPES)[number];

/** The resource part of a type (`widget` of `widget.publish`). */
export type AuditResource = AuditType extends `${infer R}.${string}` ? R : never;

/** Resources in catalogue order (`account`, `bot`, `media`, …), each a `?type=<resource>.` prefix filter. */
export const AUDIT_RESOURCES: readonly AuditResource[] = [...new Set(AUDIT_TYPES.map((t) => t.slice(0, t.indexOf('.')) as AuditResource))];

/** True for a type of the catalogue. */
export function isAuditType(value: unknown): value is AuditType {
  return typeof value === 'string' && (AUDIT_TYPES as readonly string[]).includes(value);
}

/**
 * True for a value `GET /audit-log?type=` accepts: a catalogue type, or a resource prefix
 * `<resource>.` of the catalogue.
 */
export function isAuditTypeFilter(value: string): boolean {
  return isAuditType(value) || (value.endsWith('.') && (AUDIT_RESOURCES as readonly string[]).includes(value.slice(0, -1)));
}
