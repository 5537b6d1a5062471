/**
 * `GET /feature?account_id` (spec 000 §3, §7): the caller's feature list for an account, strings
 * `${flag_type}:${name}` such as `dashboard:new_widgets`. 404 when the caller may not use the account.
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/context';
import { unauthorized } from '../../lib/errors';
import { assertAccountAccess } from '../../lib/policy';
import { enabledFeatures } from './feature.policy';
import { allFlags, userLanguage } from './feature.repo';
import type { FeatureList, FeatureQuery } from './feature.schemas';

export async function getFeatures(db: Db, user: AuthUser, q: FeatureQuery): Promise<FeatureList> {
  const accountId = q.account_id > 0 ? q.account_id : null;
  if (accountId !== null) assertAccountAccess(user, accountId);
  const language = await userLanguage(db, user.id);
  if (language === undefined) throw unauthorized('User not found.');
  const flags = await allFlags(db);
  return { features: enabledFeatures(flags, { userId: user.id, isSuperuser: user.isSuperuser, language, accountId }) };
}
