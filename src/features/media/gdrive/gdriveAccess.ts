/**
 * When the media library offers "Import from Google Drive" (spec 001 §2 "Google Drive import";
 * spec 002 §4 "Feature gates": Google Drive integration): the server has a Google client
 * (`GET /api/config` `googleDrive`) and the account has the feature `integration_google_drive`
 * (GET /api/feature lists it as `${flag_type}:integration_google_drive`, e.g. `dashboard:…`).
 */
import type { RuntimeConfig } from '../../../api/types';

/** The feature flag name (spec 000 §3). */
export const GOOGLE_DRIVE_FEATURE = 'integration_google_drive';

/** True when `features` (GET /feature answer) includes the Google Drive flag, whatever its type. */
export function hasGoogleDriveFeature(features: readonly string[] | undefined): boolean {
  return (features ?? []).some((f) => f === GOOGLE_DRIVE_FEATURE || f.endsWith(`:${GOOGLE_DRIVE_FEATURE}`));
}

/** True when the import button is shown (both the server and the account allow it). */
export function googleDriveOffered(config: Pick<RuntimeConfig, 'googleDrive'> | undefined, features: readonly string[] | undefined): boolean {
  return config?.googleDrive === true && hasGoogleDriveFeature(features);
}
