/**
 * SQL for media rows (spec 001 §3 "Media"). Services hold the rules; this file only reads and writes.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, type MediaKind } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;
export type MediaPatch = Partial<Omit<typeof media.$inferInsert, 'id' | 'accountId' | 'createdAt'>>;

/** Inserts a Draft media row. */
export async function insertMedia(
  db: Db,
  values: { accountId: number; name: string; type: MediaKind; createdBy: number | null; uploadToken: string | null },
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
export async function updateMedia(db: Db, id: number, patch: MediaPatch): Promise<MediaRow | null> {
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

/** One page of an account's media, filtered by name (case-insensitive substring) and kinds. */
export async function listMedia(
  db: Db,
  q: { accountId: number; page: number; size: number; name?: string; kinds?: MediaKind[]; orderBy: MediaOrderBy; direction: 'asc' | 'desc' },
): Promise<{ rows: MediaRow[]; total: number }> {
  const filters: SQL[] = [eq(media.accountId, q.accountId)];
  if (q.name) filters.push(ilike(media.name, `%${q.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  if (q.kinds?.length) filters.push(inArray(media.type, q.kinds));
  const where = and(...filters);
  const col = ORDER_COLUMNS[q.orderBy];
  const dir = q.direction === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(media)
    .where(where)
    .orderBy(dir(col), dir(media.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [totalRow] = await db.select({ n: count() }).from(media).where(where);
  return { rows, total: Number(totalRow?.n ?? 0) };
}
