/**
 * SQL of the embedded avatar provider (avatar.ffmpeg.ts): its talking photos are the account's Ready
 * images in the media library (spec 001 §3 Media; replacements in flight left out), newest first.
 */
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, type MediaKind } from '../../db/schema';
import type { MediaRow } from '../media/media.repo';
import { countedTotal } from '../../lib/list-count';

/** Media kinds that are images (media/sniff.ts `mediaTypeOf` IMAGE; also the 'media:ReadyImage' counter of migration 0015). */
export const IMAGE_KINDS: MediaKind[] = ['SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'];

const readyImages = (accountId: number) =>
  and(eq(media.accountId, accountId), eq(media.status, 'Ready'), inArray(media.type, IMAGE_KINDS), isNull(media.replacesId), isNotNull(media.playbackKey));

/**
 * One page (1-based) of the account's Ready images, newest first, and their total count: the
 * `media:ReadyImage` counter of `list_counts` (migration 0015 counts the same rows as `readyImages`),
 * the page walking the partial index `media_list_created_idx` (issue 18, docs/scaling.md).
 */
export async function listReadyImages(db: Db, accountId: number, page: number, size: number): Promise<{ rows: MediaRow[]; total: number }> {
  const where = readyImages(accountId);
  const rows = await db.select().from(media).where(where).orderBy(desc(media.createdAt), desc(media.id)).limit(size).offset((page - 1) * size);
  return { rows, total: await countedTotal(db, accountId, ['media:ReadyImage']) };
}

/** The Ready image `mediaId` of `accountId`, or null (missing, another account's, not an image, not Ready). */
export async function findReadyImage(db: Db, accountId: number, mediaId: number): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(and(eq(media.id, mediaId), readyImages(accountId))).limit(1);
  return row ?? null;
}
