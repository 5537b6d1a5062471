/**
 * Subtitles of a media item (spec 001 §2 "subtitle upload and delete", §3 Media `captions`, §7
 * `PUT /media/{id}/caption`, `GET`/`DELETE /media/{id}/caption/{captionId}`; docs/api.md "Captions").
 *
 * One WebVTT file per ISO 639-1 language: uploading a language again replaces its file. Files are
 * stored as `${accountId}/${uuid}/caption.vtt`; the player reads them from `/files/…` as text tracks.
 */
import { randomUUID } from 'node:crypto';
import type { AppDeps, AuthUser } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { HttpError, notFound, unprocessable } from '../../lib/errors';
import { ZERO_LENGTH } from '../../media/sniff';
import { keyFolder } from '../../media/storage';
import { checkVtt, MAX_CAPTION_BYTES } from '../../media/vtt';
import { deleteCaptionRow, getCaption, getMedia, upsertCaption, type CaptionRow, type MediaRow } from './media.repo';
import { assertCanEdit, assertCanRead } from './media.policy';
import type { MediaJson } from './media.schemas';
import { mediaJsonOf } from './media.service';

async function mediaOf(deps: AppDeps, id: number, accountId: number | undefined): Promise<MediaRow> {
  const row = await getMedia(deps.db, id);
  if (!row || row.replacesId !== null || (accountId !== undefined && accountId !== row.accountId)) throw notFound('Media not found.');
  return row;
}

/**
 * `PUT /media/{id}/caption?language&account_id` (multipart field `file`): validates the file as
 * WebVTT and stores it as the media's caption in `language`, replacing an earlier one. Audited as
 * `media.caption.upload`.
 * @param readFile reads the multipart `file` field (a `File`, or anything else when missing).
 * @throws 404 (missing media, other account, `account_id` not the media's), 403 Viewer,
 *   413 over 1 MiB, 422 no file / zero length / not UTF-8 / not valid WebVTT / no cues.
 * @returns the media with its captions.
 */
export async function putCaption(
  deps: AppDeps,
  user: AuthUser,
  mediaId: number,
  q: { account_id?: number; language: string },
  readFile: () => Promise<unknown>,
): Promise<MediaJson> {
  const media = await mediaOf(deps, mediaId, q.account_id);
  assertCanEdit(user, media.accountId);
  const file = await readFile();
  if (!(file instanceof File)) throw unprocessable('Validation failed.', { file: 'A .vtt file is required.' });
  if (file.size === 0) throw unprocessable(ZERO_LENGTH, { file: ZERO_LENGTH });
  if (file.size > MAX_CAPTION_BYTES) throw new HttpError(413, 'The subtitle file is larger than 1 MiB.', 'too_large');
  const name = file.name || 'subtitles.vtt';
  const checked = checkVtt(new Uint8Array(await file.arrayBuffer()), name);
  if (!checked.ok) throw unprocessable(checked.reason, { file: checked.reason });

  const fileKey = `${media.accountId}/${randomUUID()}/caption.vtt`;
  const { size } = await deps.storage.putStream(fileKey, new Blob([checked.text]).stream());
  let replacedKey: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const result = await upsertCaption(tx, { mediaId, languageCode: q.language, fileKey, size });
      replacedKey = result.replacedKey;
      await recordAudit(tx, {
        accountId: media.accountId,
        actorUserId: user.id,
        type: 'media.caption.upload',
        targetType: 'media',
        targetId: media.id,
        targetName: media.name,
        details: { languageCode: q.language, cues: checked.cues, replaced: result.replacedKey !== null },
      });
    });
  } catch (err) {
    await deps.storage.deletePrefix(keyFolder(fileKey)).catch(() => undefined);
    throw err;
  }
  if (replacedKey) await deps.storage.deletePrefix(keyFolder(replacedKey)).catch(() => undefined);
  return mediaJsonOf(deps.db, media);
}

async function captionOf(deps: AppDeps, mediaId: number, captionId: number): Promise<{ media: MediaRow; caption: CaptionRow }> {
  const media = await mediaOf(deps, mediaId, undefined);
  const caption = await getCaption(deps.db, captionId);
  if (!caption || caption.mediaId !== media.id) throw notFound('Caption not found.');
  return { media, caption };
}

/** A safe download name: `<media name>.<language>.vtt` with only filename-safe ASCII in `filename`. */
export function captionFileName(mediaName: string, languageCode: string): { ascii: string; utf8: string } {
  const base = mediaName.replace(/\.[a-z0-9]{2,4}$/i, '').trim() || 'subtitles';
  const utf8 = `${base}.${languageCode}.vtt`;
  const ascii = utf8.replace(/[^A-Za-z0-9._ -]/g, '_');
  return { ascii, utf8 };
}

/**
 * `GET /media/{id}/caption/{captionId}`: the .vtt as a download (`Content-Type: text/vtt`,
 * `Content-Disposition: attachment`). Any role of the media's account.
 * @throws 404 missing media or caption, other account.
 */
export async function downloadCaption(deps: AppDeps, user: AuthUser, mediaId: number, captionId: number): Promise<Response> {
  const { media, caption } = await captionOf(deps, mediaId, captionId);
  assertCanRead(user, media.accountId);
  const info = await deps.storage.stat(caption.fileKey);
  if (!info) throw notFound('Caption file not found.');
  const name = captionFileName(media.name, caption.languageCode);
  const stream = deps.storage.createReadStream(caption.fileKey);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      stream.on('end', () => controller.close());
      stream.on('error', (err) => controller.error(err));
    },
    cancel() {
      stream.destroy();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/vtt; charset=utf-8',
      'Content-Length': String(info.size),
      'Content-Disposition': `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.utf8)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * `DELETE /media/{id}/caption/{captionId}`: removes the caption and its file. Audited as
 * `media.caption.delete`.
 * @throws 404 missing media or caption, other account; 403 Viewer.
 * @returns the media with its remaining captions.
 */
export async function deleteCaption(deps: AppDeps, user: AuthUser, mediaId: number, captionId: number): Promise<MediaJson> {
  const { media, caption } = await captionOf(deps, mediaId, captionId);
  assertCanEdit(user, media.accountId);
  await deps.db.transaction(async (tx) => {
    await deleteCaptionRow(tx, caption.id);
    await recordAudit(tx, {
      accountId: media.accountId,
      actorUserId: user.id,
      type: 'media.caption.delete',
      targetType: 'media',
      targetId: media.id,
      targetName: media.name,
      details: { languageCode: caption.languageCode },
    });
  });
  await deps.storage.deletePrefix(keyFolder(caption.fileKey)).catch(() => undefined);
  return mediaJsonOf(deps.db, media);
}
