/**
 * Who may import from Google Drive (spec 001 §2 "Google Drive import", §6; spec 000 §3 feature flag
 * `integration_google_drive`): the media upload rule (server/src/modules/media/media.policy.ts —
 * Viewer 403, no Active role 404, staff may) in an account that has the feature; the Google
 * connection itself is personal (every signed-in user may connect, list and disconnect their own).
 */
import type { AuthUser } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import { flagEnabled, type FlagRule } from '../feature/feature.policy';
import { assertCanUpload } from '../media/media.policy';

/** The feature flag that enables the import for an account (spec 000 §3 flag names). */
export const GOOGLE_DRIVE_FLAG = 'integration_google_drive';

/** Throws 404 (no role in the account), 403 (Viewer) — as for any media upload. */
export function assertCanImport(user: AuthUser, accountId: number): void {
  assertCanUpload(user, accountId, 'Account');
}

/**
 * Throws 403 `feature_disabled` unless the flag `integration_google_drive` is on for the caller in
 * `accountId` (evaluated as `GET /feature?account_id` does: feature/feature.policy.ts).
 */
export function assertGoogleDriveFeature(flags: FlagRule[], user: AuthUser, language: string, accountId: number): void {
  const on = flags.some((f) => f.name === GOOGLE_DRIVE_FLAG && flagEnabled(f, { userId: user.id, isSuperuser: user.isSuperuser, language, accountId }));
  if (!on) throw new HttpError(403, 'Google Drive import is not enabled for this account.', 'feature_disabled');
}
