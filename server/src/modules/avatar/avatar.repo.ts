/**
 * SQL of the embedded avatar provider (avatar.ffmpeg.ts): its talking photos are the account's Ready
 * images in the media library (spec 001 §3 Media; replacements in flight left out), newest first.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, type MediaKind } from '../../db/schema';
import type { MediaRow } from '../media/media.repo';

/** Media kinds that are images (media/sniff.ts `mediaTypeOf` IMAGE). */
export const IMAGE_KINDS: MediaKind[] = ['SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'];

const readyImages = (accountId: number) =>
  and(eq(media.accountId, accountId), eq(media.status, 'Ready'), inArray(media.type, IMAGE_KINDS), isNull(media.replacesId), isNotNull(media.playbackKey));

/** One page (1-based) of the account's Ready images, newest first, and their total count. */
export async function listReadyImages(db: Db, accountId: number, page: number, size: number): Promise<{ rows: MediaRow[]; total: number }> {
  const where = readyImages(accountId);
  const rows = await db.select().from(media).where(where).orderBy(desc(media.createdAt), desc(media.id)).limit(size).offset((page - 1) * size);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(media).where(where);
  return { rows, total: Number(n) };
}

/** The Ready image `mediaId` of `accountId`, or null (missing, another account's, not an image, not Ready). */
export async function findReadyImage(db: Db, accountId: number, mediaId: number): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(and(eq(media.id, mediaId), readyImages(accountId))).limit(1);
  return row ?? null;
}
