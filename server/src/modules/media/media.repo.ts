/**
 * SQL for media rows (spec 001 §3 "Media"). Services hold the rules; this file only reads and writes.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { botRevisions, bots, media, mediaCaptions, type MediaKind } from '../../db/schema';
import { containsPattern, pageOffset } from '../../lib/list-query';
import { countedTotal, countedTotalSql, type ListCountKey } from '../../lib/list-count';

export type MediaRow = typeof media.$inferSelect;
export type MediaPatch = Partial<Omit<typeof media.$inferInsert, 'id' | 'accountId' | 'createdAt'>>;

/** Inserts a Draft media row. */
export async function insertMedia(
  db: DbOrTx,
  values: { accountId: number; name: string; type: MediaKind; createdBy: number | null; uploadToken: string | null; replacesId?: number | null },
): Promise<MediaRow> {
  const [row] = await db.insert(media).values({ ...values, status: 'Draft' }).returning();
  if (!row) throw new Error('insertMedia: no row returned');
  return row;
}

export async function getMedia(db: Db, id: number): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

/** Applies `patch` (and `updated_at = now()`); returns the updated row or null when it is gone. */
export async function updateMedia(db: DbOrTx, id: number, patch: MediaPatch): Promise<MediaRow | null> {
  const [row] = await db
    .update(media)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(media.id, id))
    .returning();
  return row ?? null;
}

/**
 * Consumes the single-use upload token: clears it when `token` matches and the media has no file yet.
 * @returns the row when the token was valid, else null.
 */
export async function consumeUploadToken(db: Db, id: number, token: string): Promise<MediaRow | null> {
  const [row] = await db
    .update(media)
    .set({ uploadToken: null, updatedAt: sql`now()` })
    .where(and(eq(media.id, id), eq(media.uploadToken, token), isNotNull(media.uploadToken), sql`${media.sourceKey} IS NULL`))
    .returning();
  return row ?? null;
}

/** Deletes a media row that is still a Draft without a file (a cancelled upload). */
export async function deleteDraftWithoutFile(db: Db, id: number): Promise<void> {
  await db.delete(media).where(and(eq(media.id, id), eq(media.status, 'Draft'), sql`${media.sourceKey} IS NULL`));
}

export type MediaOrderBy = 'name' | 'created_at' | 'updated_at' | 'duration' | 'status' | 'type';

const ORDER_COLUMNS = {
  name: media.name,
  created_at: media.createdAt,
  updated_at: media.updatedAt,
  duration: media.duration,
  status: media.status,
  type: media.type,
} as const;

/**
 * One page of an account's media (rows with `replaces_id IS NULL`), filtered by name
 * (case-insensitive substring) and kinds, issue 18 "Lists at scale" (docs/scaling.md "Lists at
 * 100,000 rows"): the total from the `media` / `media:<kind>` counters of `list_counts` unless a name
 * is searched (then a count over the trigram index `media_name_trgm_idx`); the page's ids by
 * `ORDER BY <column>, id LIMIT/OFFSET` walking a partial `(account_id, <column>, id)` index of
 * migration 0015; then those rows in page order.
 */
export async function listMedia(
  db: Db,
  q: { accountId: number; page: number; size: number; name?: string; kinds?: MediaKind[]; orderBy: MediaOrderBy; direction: 'asc' | 'desc' },
): Promise<{ rows: MediaRow[]; total: number }> {
  const filters: SQL[] = [eq(media.accountId, q.accountId), isNull(media.replacesId)];
  if (q.name) filters.push(ilike(media.name, containsPattern(q.name)));
  if (q.kinds?.length) filters.push(inArray(media.type, q.kinds));
  const where = and(...filters);
  const col = ORDER_COLUMNS[q.orderBy];
  const dir = q.direction === 'asc' ? asc : desc;
  const keys: ListCountKey[] = q.kinds?.length ? [...new Set(q.kinds)].map((k) => `media:${k}` as const) : ['media'];
  // Unfiltered by name: the page's ids and the counter in one statement.
  const idRows = await db
    .select({ id: media.id, total: q.name ? sql<number>`0`.mapWith(Number) : countedTotalSql(q.accountId, keys) })
    .from(media)
    .where(where)
    .orderBy(dir(col), dir(media.id))
    .limit(q.size)
    .offset(pageOffset(q.page, q.size));
  const ids = idRows.map((r) => r.id);
  const total = q.name
    ? Number((await db.select({ n: count() }).from(media).where(where))[0]?.n ?? 0)
    : (idRows[0]?.total ?? (await countedTotal(db, q.accountId, keys)));
  if (ids.length === 0) return { rows: [], total };
  const rows = await db.select().from(media).where(inArray(media.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/** Deletes one media row (its captions and replacement rows go with it: on delete cascade). */
export async function deleteMediaRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(media).where(eq(media.id, id));
}

/** Replacement rows (unfinished or finished) of a media. */
export async function listReplacements(db: Db, id: number): Promise<MediaRow[]> {
  return db.select().from(media).where(eq(media.replacesId, id));
}

export type CaptionRow = typeof mediaCaptions.$inferSelect;

/** Captions of the given media, oldest first. */
export async function listCaptions(db: Db, mediaIds: number[]): Promise<CaptionRow[]> {
  if (mediaIds.length === 0) return [];
  return db.select().from(mediaCaptions).where(inArray(mediaCaptions.mediaId, mediaIds)).orderBy(asc(mediaCaptions.createdAt), asc(mediaCaptions.id));
}

export async function getCaption(db: Db, id: number): Promise<CaptionRow | null> {
  const [row] = await db.select().from(mediaCaptions).where(eq(mediaCaptions.id, id)).limit(1);
  return row ?? null;
}

/**
 * Stores the caption of (mediaId, languageCode), replacing an existing one (one per language).
 * @returns the new row and the storage key of the replaced file (null when there was none).
 */
export async function upsertCaption(
  db: DbOrTx,
  values: { mediaId: number; languageCode: string; fileKey: string; size: number },
): Promise<{ row: CaptionRow; replacedKey: string | null }> {
  const [old] = await db
    .select()
    .from(mediaCaptions)
    .where(and(eq(mediaCaptions.mediaId, values.mediaId), eq(mediaCaptions.languageCode, values.languageCode)))
    .limit(1);
  const [row] = await db
    .insert(mediaCaptions)
    .values(values)
    .onConflictDoUpdate({
      target: [mediaCaptions.mediaId, mediaCaptions.languageCode],
      set: { fileKey: values.fileKey, size: values.size, createdAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('upsertCaption: no row returned');
  return { row, replacedKey: old && old.fileKey !== values.fileKey ? old.fileKey : null };
}

export async function deleteCaptionRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(mediaCaptions).where(eq(mediaCaptions.id, id));
}

/** A bot that uses a media item. */
export interface BotRef {
  id: number;
  publicId: string;
  name: string;
}

/**
 * Published bots of `accountId` whose published revision has a slide with `videoId` or `imageId`
 * equal to `mediaId` (jsonb containment on `content -> 'slides'`).
 */
export async function publishedBotsUsing(db: Db, accountId: number, mediaId: number): Promise<BotRef[]> {
  const byVideo = JSON.stringify([{ videoId: mediaId }]);
  const byImage = JSON.stringify([{ imageId: mediaId }]);
  return db
    .select({ id: bots.id, publicId: bots.publicId, name: bots.name })
    .from(bots)
    .innerJoin(botRevisions, eq(botRevisions.id, bots.publishedRevisionId))
    .where(
      and(
        eq(bots.accountId, accountId),
        eq(bots.status, 'Published'),
        or(sql`${botRevisions.content} -> 'slides' @> ${byVideo}::jsonb`, sql`${botRevisions.content} -> 'slides' @> ${byImage}::jsonb`),
      ),
    )
    .orderBy(asc(bots.name), asc(bots.id));
}
