/**
 * Feature-flag administration (spec 000 §2 "Feature flags page", §3 Feature flag, §5 "Create feature
 * flag", §7 "Features"): list with filters, create, update by name — superusers only (spec 000 §6
 * "feature flags: super only"; others 403). Snake-case JSON as the spec names the fields. Mutations
 * are audited (`flag.create`, `flag.update`, accountId null) in the same transaction.
 */
import { and, arrayOverlaps, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, featureFlags, users } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { containsPattern, listMetadata, pageOffset } from '../../lib/list-query';
import type { CreateFlagBody, FeatureFlag, FeatureFlagList, FlagListQuery, UpdateFlagBody } from './feature.schemas';

type FlagRow = typeof featureFlags.$inferSelect;

function assertSuperuser(user: AuthUser): void {
  if (!user.isSuperuser) throw forbidden('Only superusers can manage feature flags.');
}

async function toDtos(db: Db, rows: FlagRow[]): Promise<FeatureFlag[]> {
  const ids = [...new Set(rows.flatMap((r) => r.accountIds))];
  const names = ids.length ? await db.select({ id: accounts.id, businessName: accounts.businessName }).from(accounts).where(inArray(accounts.id, ids)) : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    flag_type: r.flagType,
    is_everyone: r.isEveryone,
    is_superadmin: r.isSuperadmin,
    user_ids: r.userIds,
    account_ids: r.accountIds,
    languages: r.languages,
    accounts: names.filter((n) => r.accountIds.includes(n.id)),
    created_at: r.createdAt.toISOString(),
  }));
}

/** 422 naming `user_ids` / `account_ids` when some id does not exist. */
async function assertIdsExist(db: Db, userIds: number[] | undefined, accountIds: number[] | undefined): Promise<void> {
  const errors: Record<string, string> = {};
  if (userIds?.length) {
    const found = new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map((r) => r.id));
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length) errors.user_ids = `Unknown user ids: ${missing.join(', ')}.`;
  }
  if (accountIds?.length) {
    const found = new Set((await db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, accountIds))).map((r) => r.id));
    const missing = accountIds.filter((id) => !found.has(id));
    if (missing.length) errors.account_ids = `Unknown account ids: ${missing.join(', ')}.`;
  }
  if (Object.keys(errors).length) throw unprocessable('Validation failed.', errors);
}

/**
 * `GET /feature/flags` — flags by name; `account_ids` keeps flags enabled for any of them,
 * `flag_name` a case-insensitive substring, `flag_type` exact.
 */
export async function listFlags(db: Db, user: AuthUser, q: FlagListQuery): Promise<FeatureFlagList> {
  assertSuperuser(user);
  const where = and(
    q.account_ids ? arrayOverlaps(featureFlags.accountIds, q.account_ids) : undefined,
    q.flag_name ? ilike(featureFlags.name, containsPattern(q.flag_name)) : undefined,
    q.flag_type ? eq(featureFlags.flagType, q.flag_type) : undefined,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(featureFlags).where(where);
  const rows = await db.select().from(featureFlags).where(where).orderBy(asc(featureFlags.name)).limit(q.size).offset(pageOffset(q.page, q.size));
  return { records: await toDtos(db, rows), metadata: listMetadata(q.page, q.size, count?.n ?? 0) };
}

/** `POST /feature/flags` → 201 `FeatureFlag`. 409 `flagExists` when the name is taken; 422 unknown ids. */
export async function createFlag(db: Db, user: AuthUser, body: CreateFlagBody): Promise<FeatureFlag> {
  assertSuperuser(user);
  const row = await db.transaction(async (tx) => {
    await assertIdsExist(tx, body.user_ids, body.account_ids);
    const [created] = await tx
      .insert(featureFlags)
      .values({
        name: body.name,
        description: body.description ?? null,
        flagType: body.flag_type,
        isEveryone: body.is_everyone ?? null,
        isSuperadmin: body.is_superadmin ?? null,
        userIds: body.user_ids ?? [],
        accountIds: body.account_ids ?? [],
        languages: body.languages ?? [],
      })
      .onConflictDoNothing({ target: featureFlags.name })
      .returning();
    if (!created) throw conflict(`A flag named ${body.name} exists already; edit it instead.`, 'flagExists');
    await recordAudit(tx, { accountId: null, actorUserId: user.id, type: 'flag.create', targetType: 'flag', targetId: created.id, targetName: created.name, details: { flag_type: created.flagType } });
    return created;
  });
  const [dto] = await toDtos(db, [row]);
  return dto!;
}

/** `PUT /feature/flags` — updates the flag named `name`; 404 when there is none; 422 unknown ids. */
export async function updateFlag(db: Db, user: AuthUser, body: UpdateFlagBody): Promise<FeatureFlag> {
  assertSuperuser(user);
  const row = await db.transaction(async (tx) => {
    await assertIdsExist(tx, body.user_ids, body.account_ids);
    const set: Partial<typeof featureFlags.$inferInsert> = {};
    if (body.description !== undefined) set.description = body.description;
    if (body.flag_type !== undefined) set.flagType = body.flag_type;
    if (body.is_everyone !== undefined) set.isEveryone = body.is_everyone;
    if (body.is_superadmin !== undefined) set.isSuperadmin = body.is_superadmin;
    if (body.user_ids !== undefined) set.userIds = body.user_ids;
    if (body.account_ids !== undefined) set.accountIds = body.account_ids;
    if (body.languages !== undefined) set.languages = body.languages;
    const [current] = await tx.select().from(featureFlags).where(eq(featureFlags.name, body.name)).for('update');
    if (!current) throw notFound(`No flag named ${body.name}.`);
    const [updated] = Object.keys(set).length
      ? await tx.update(featureFlags).set(set).where(eq(featureFlags.id, current.id)).returning()
      : [current];
    if (!updated) throw notFound(`No flag named ${body.name}.`);
    await recordAudit(tx, {
      accountId: null,
      actorUserId: user.id,
      type: 'flag.update',
      targetType: 'flag',
      targetId: updated.id,
      targetName: updated.name,
      details: { fields: Object.keys(body).filter((k) => k !== 'name') },
    });
    return updated;
  });
  const [dto] = await toDtos(db, [row]);
  return dto!;
}
