/** SQL of the feature module (feature_flags, users). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { featureFlags, users } from '../../db/schema';
import type { FlagRule } from './feature.policy';

/** Every flag's evaluation fields. */
export async function allFlags(db: Db): Promise<FlagRule[]> {
  return db
    .select({
      name: featureFlags.name,
      flagType: featureFlags.flagType,
      isEveryone: featureFlags.isEveryone,
      isSuperadmin: featureFlags.isSuperadmin,
      userIds: featureFlags.userIds,
      accountIds: featureFlags.accountIds,
      languages: featureFlags.languages,
    })
    .from(featureFlags);
}

/** The user's dashboard language, or undefined when the user is gone. */
export async function userLanguage(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.language;
}
