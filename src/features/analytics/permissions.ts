/**
 * Who may do what on the analytics page (spec 002 §2 "An analytics settings gear is shown only to
 * Super_Admin and Owner"; §6 "Editor and Viewer cannot download reports (tooltip shown)"). The
 * server enforces the same rules (PUT /analytics/settings 403, /analytics/report 403). Pure.
 */
import type { RoleName } from '../../api/types';
import type { Viewer } from '../chrome/permissions';

/** The settings gear: the account's Owner, or a superuser (Super_Admin). */
export function canEditAnalyticsSettings(viewer: Viewer | undefined, role: RoleName | null): boolean {
  return !!viewer?.isSuperuser || role === 'Owner';
}

/** Exports: everyone who sees the page except Editor and Viewer. */
export function canDownloadAnalytics(role: RoleName | null): boolean {
  return role !== 'Editor' && role !== 'Viewer';
}
