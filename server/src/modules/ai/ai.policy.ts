/**
 * Who may use the AI wizards and the avatar generator (issue 16; spec 001 §6 "Feature gates from the
 * account feature list: generative_ai (AI pages …), video_generation"; architecture note decision 1).
 *
 * - Start a generation (`POST /gen-ai*`, `POST /generate/avatar`, the avatar catalogue): a caller who
 *   may use the account (staff, or an Active role) with a role other than Viewer — generating makes a
 *   vidbot or a media item, which a Viewer may not (spec 001 §6 "Create disabled for Viewer") — AND
 *   the account feature `dashboard:generative_ai` (wizards) or `dashboard:video_generation` (avatars)
 *   in the caller's `GET /feature?account_id` list.
 * - Read a job (`GET /gen-ai/status/{id}`): whoever may use the job's account.
 *
 * Order of the answers: no use of the account → 404 'Account not found.' (other accounts stay
 * invisible), Viewer → 403, feature off → 403 `featureDisabled` (as issue 15 did for new_widgets).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { forbidden, HttpError, notFound } from '../../lib/errors';
import { activeRole, canUseAccount, isStaff } from '../../lib/policy';
import { getFeatures } from '../feature/feature.service';

/** Feature (as `GET /feature` lists it) that opens the AI wizards (spec 001 §6). */
export const GENERATIVE_AI_FEATURE = 'dashboard:generative_ai';
/** Feature that opens the avatar video generator (spec 001 §6). */
export const VIDEO_GENERATION_FEATURE = 'dashboard:video_generation';
export type AiFeature = typeof GENERATIVE_AI_FEATURE | typeof VIDEO_GENERATION_FEATURE;

/** True for staff, or an Active role in the account other than Viewer. */
export function canGenerate(user: AuthUser, accountId: number): boolean {
  if (isStaff(user)) return true;
  const role = activeRole(user, accountId);
  return role !== null && role !== 'Viewer';
}

/** Read an AI job of `accountId`: whoever may use the account. */
export function canReadAiJob(user: AuthUser, accountId: number): boolean {
  return canUseAccount(user, accountId);
}

/** 403 `featureDisabled` naming the feature. */
export const aiFeatureDisabled = (feature: AiFeature) =>
  new HttpError(
    403,
    feature === GENERATIVE_AI_FEATURE
      ? 'AI generation is not enabled for this account (feature generative_ai).'
      : 'Avatar video generation is not enabled for this account (feature video_generation).',
    'featureDisabled',
  );

/**
 * Guard of every generation call.
 * @throws 404 'Account not found.' (no use of the account, or no such account), 403 (Viewer), 403 `featureDisabled`.
 */
export async function assertMayGenerate(db: Db, user: AuthUser, accountId: number, feature: AiFeature): Promise<void> {
  if (!canUseAccount(user, accountId)) throw notFound('Account not found.');
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw notFound('Account not found.');
  if (!canGenerate(user, accountId)) throw forbidden('Viewers cannot generate content.');
  const { features } = await getFeatures(db, user, { account_id: accountId });
  if (!features.includes(feature)) throw aiFeatureDisabled(feature);
}
