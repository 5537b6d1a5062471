/**
 * Who may do what with media (spec 001 §6; spec 000 §6 roles): every Active role of the account
 * (Owner, Admin, Editor, Viewer, Reseller) and staff (superuser, customer success) may read; Owner,
 * Admin, Editor, Reseller and staff may upload — a Viewer may not (403). Someone without an Active
 * role in the account gets 404, as for any other account's resource.
 */
import type { AuthUser } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { activeRole, isStaff } from '../../lib/policy';

export type MediaAccess = 'none' | 'read' | 'write';

/** The caller's access to media of `accountId`. */
export function mediaAccess(user: AuthUser, accountId: number): MediaAccess {
  if (isStaff(user)) return 'write';
  const role = activeRole(user, accountId);
  if (!role) return 'none';
  return role === 'Viewer' ? 'read' : 'write';
}

/** Throws 404 unless the caller may read media of `accountId`. */
export function assertCanRead(user: AuthUser, accountId: number, what = 'Media'): void {
  if (mediaAccess(user, accountId) === 'none') throw notFound(`${what} not found.`);
}

/** Throws 404 for no access, 403 for read-only access (Viewer). */
export function assertCanUpload(user: AuthUser, accountId: number, what = 'Media'): void {
  const access = mediaAccess(user, accountId);
  if (access === 'none') throw notFound(`${what} not found.`);
  if (access === 'read') throw forbidden('Viewers cannot add media.');
}

/** Throws 404 for no access, 403 for read-only access (Viewer): rename, crop, replace, delete, captions. */
export function assertCanEdit(user: AuthUser, accountId: number, what = 'Media'): void {
  const access = mediaAccess(user, accountId);
  if (access === 'none') throw notFound(`${what} not found.`);
  if (access === 'read') throw forbidden('Viewers cannot change media.');
}
