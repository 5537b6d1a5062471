/**
 * Who may use the avatar video generator (issue 16 "Avatar generator"; spec 001 §2, §6 feature gate
 * `video_generation`; architecture decision 1 "Rights"): a caller who may use the account (staff, or
 * an Active role in it — else 404, so other accounts stay invisible) with a role other than Viewer
 * (403), in an account whose feature list has `dashboard:video_generation` (else 403 `featureDisabled`,
 * the code issue 15 used for `new_widgets`). The same rule guards listing avatar groups, avatars and
 * voices and creating a video.
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/context';
import { forbidden, HttpError, notFound } from '../../lib/errors';
import { activeRole, canUseAccount, isStaff } from '../../lib/policy';
import { findAccountById } from '../account/account.repo';
import { getFeatures } from '../feature/feature.service';

/** The feature (as `GET /feature` lists it) that opens the avatar generator (spec 001 §6). */
export const VIDEO_GENERATION_FEATURE = 'dashboard:video_generation';

/** True for staff and for an Active non-Viewer role in `accountId` (the feature is checked apart). */
export function canGenerateAvatarVideo(user: AuthUser, accountId: number): boolean {
  if (isStaff(user)) return true;
  const role = activeRole(user, accountId);
  return role !== null && role !== 'Viewer';
}

/** 403 `featureDisabled`: the account lacks `dashboard:video_generation`. */
export const videoGenerationDisabled = () =>
  new HttpError(403, 'Avatar video generation is not enabled for this account (feature video_generation).', 'featureDisabled');

/**
 * Throws 404 `Account not found.` (cannot use the account), 403 (Viewer), 403 `featureDisabled`
 * (feature off), in that order.
 */
export async function assertCanGenerateAvatar(db: Db, user: AuthUser, accountId: number): Promise<void> {
  if (!canUseAccount(user, accountId) || !(await findAccountById(db, accountId))) throw notFound('Account not found.');
  if (!canGenerateAvatarVideo(user, accountId)) throw forbidden('Viewers cannot generate avatar videos.');
  const { features } = await getFeatures(db, user, { account_id: accountId });
  if (!features.includes(VIDEO_GENERATION_FEATURE)) throw videoGenerationDisabled();
}
