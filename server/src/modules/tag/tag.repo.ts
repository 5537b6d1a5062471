/**
 * SQL of tags and bot↔tag links (tables tags, bot_tags; server/src/db/schema.tag.ts). None of these
 * decides permissions.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { botTags, tags } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';
import { countedTotal, countedTotalSql } from '../../lib/list-count';

export type TagRow = typeof tags.$inferSelect;

/**
 * One page of an account's tags by lower-cased name, each with `botCount` (how many vidbots carry
 * it), and the total count (issue 18: the `tags` counter of `list_counts`; the page's ids walk
 * `tags_account_lower_name_idx`, then `botCount` is counted for those tags only).
 */
export async function listTagPage(db: DbOrTx, accountId: number, page: number, size: number): Promise<{ rows: Array<TagRow & { botCount: number }>; totalCount: number }> {
  const idRows = await db
    .select({ id: tags.id, total: countedTotalSql(accountId, ['tags']) })
    .from(tags)
    .where(eq(tags.accountId, accountId))
    .orderBy(asc(sql`lower(${tags.name}) collate "C"`), asc(tags.id))
    .limit(size)
    .offset(pageOffset(page, size));
  const ids = idRows.map((r) => r.id);
  const totalCount = idRows[0]?.total ?? (await countedTotal(db, accountId, ['tags']));
  if (ids.length === 0) return { rows: [], totalCount };
  const rows = await db
    .select({
      id: tags.id,
      accountId: tags.accountId,
      name: tags.name,
      createdAt: tags.createdAt,
      botCount: sql<number>`(select count(*)::int from ${botTags} where ${botTags.tagId} = ${tags.id})`.mapWith(Number),
    })
    .from(tags)
    .where(inArray(tags.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), totalCount };
}

export async function findTag(db: DbOrTx, id: number): Promise<TagRow | undefined> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
  return row;
}

/** The tag of `accountId` named `name` case-insensitively, other than `exceptId`. */
export async function findTagByName(db: DbOrTx, accountId: number, name: string, exceptId?: number): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.accountId, accountId), sql`lower(${tags.name}) = lower(${name})`, exceptId ? sql`${tags.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row;
}

export async function insertTag(db: DbOrTx, accountId: number, name: string): Promise<TagRow> {
  const [row] = await db.insert(tags).values({ accountId, name }).returning();
  if (!row) throw new Error('insert into tags returned no row');
  return row;
}

export async function renameTag(db: DbOrTx, id: number, name: string): Promise<TagRow> {
  const [row] = await db.update(tags).set({ name }).where(eq(tags.id, id)).returning();
  if (!row) throw new Error(`tag ${id} vanished during update`);
  return row;
}

/** Tags with these ids in `accountId` (ids of other accounts are not returned). */
export async function findAccountTags(db: DbOrTx, accountId: number, ids: number[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(tags).where(and(eq(tags.accountId, accountId), inArray(tags.id, ids)));
}

/** The tags of a bot, `{ id, name }` by lower-cased name. */
export async function tagsOfBot(db: DbOrTx, botId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(botTags)
    .innerJoin(tags, eq(tags.id, botTags.tagId))
    .where(eq(botTags.botId, botId))
    .orderBy(asc(sql`lower(${tags.name}) collate "C"`), asc(tags.id));
}

/** Replaces the tag set of a bot with `tagIds` (the caller has checked they are the bot's account's). */
export async function setBotTags(db: DbOrTx, botId: number, tagIds: number[]): Promise<void> {
  await db.delete(botTags).where(eq(botTags.botId, botId));
  const unique = [...new Set(tagIds)];
  if (unique.length) await db.insert(botTags).values(unique.map((tagId) => ({ botId, tagId })));
}

/**
 * Tags of `accountId` with these names (case-insensitive), created when missing — used to carry a
 * bot's tags into another account on copy. Resolves with their ids.
 */
export async function ensureTagsByName(db: DbOrTx, accountId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const existing = await findTagByName(db, accountId, name);
    ids.push(existing ? existing.id : (await insertTag(db, accountId, name)).id);
  }
  return ids;
}
