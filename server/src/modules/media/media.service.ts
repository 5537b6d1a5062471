/**
 * Media rules (spec 001 §3–§5, §7; docs/api.md "Media"): creating media rows, listing and reading
 * them, and accepting an uploaded file — from the multipart endpoint or from tus — by magic bytes:
 * empty → 'File has zero length'; unsupported → Error naming the file; an image becomes Ready at once
 * (width/height from ffprobe; the image is its own thumbnail); a video is queued for the
 * `media.process` job (server/src/media/process.ts).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as v from 'valibot';
import type { AppDeps, AuthUser } from '../../lib/context';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/errors';
import { enqueueJob } from '../../jobs/queue';
import { ffprobe } from '../../media/ffmpeg';
import { MEDIA_PROCESS } from '../../media/process';
import { MAX_MULTIPART_BYTES, mediaTypeOf, sniffFile, sniffStored, ZERO_LENGTH } from '../../media/sniff';
import { mediaKeys } from '../../media/storage';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { FFMPEG_INSTALL_HINT } from '../../../../scripts/toolchain.mjs';
import type { MediaKind } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { keyFolder } from '../../media/storage';
import {
  consumeUploadToken,
  deleteMediaRow,
  getMedia,
  insertMedia,
  listCaptions,
  listMedia,
  listReplacements,
  publishedBotsUsing,
  updateMedia,
  type BotRef,
  type CaptionRow,
  type MediaRow,
} from './media.repo';
import { assertCanEdit, assertCanRead, assertCanUpload } from './media.policy';
import { DEFAULT_CROP, type CaptionJson, type CreatedMediaJson, type CreateMediaBody, type ListMediaQuery, type MediaJson, type UpdateMediaBody } from './media.schemas';

const fileUrl = (key: string | null) => (key ? `/files/${key}` : null);

/** The caption JSON of a row (`url` = `/files/{fileKey}`, served as text/vtt). */
export function toCaptionJson(row: CaptionRow): CaptionJson {
  return { id: row.id, languageCode: row.languageCode, createdAt: row.createdAt.toISOString(), url: `/files/${row.fileKey}` };
}

/** The `Media` JSON of a row; urls are `/files/{key}` of the playback file and poster; `captions` as given. */
export function toMediaJson(row: MediaRow, captions: CaptionRow[] = []): MediaJson {
  const url = fileUrl(row.playbackKey);
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    type: row.type,
    mediaType: mediaTypeOf(row.type),
    status: row.status,
    url,
    thumbnailUrl: fileUrl(row.posterKey),
    previewUrl: url,
    duration: row.duration,
    width: row.width,
    height: row.height,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    errorReason: row.errorReason,
    crop: row.crop ?? DEFAULT_CROP,
    replacesId: row.replacesId,
    captions: captions.map(toCaptionJson),
  };
}

/** The Media JSON of a row with its captions loaded. */
export async function mediaJsonOf(db: Db, row: MediaRow): Promise<MediaJson> {
  return toMediaJson(row, await listCaptions(db, [row.id]));
}

/** `code` of the 422 answered when this server cannot process the media kind (issue 10 §1). */
export const MEDIA_TOOLS_MISSING = 'media_tools_missing';

/**
 * Whether this server can process media of `kind` (issue 10 §1 "Bare machine"): a video needs ffmpeg
 * and ffprobe, an image ffprobe (its size). Null when it can; else the message for the user, naming
 * what to install (from scripts/toolchain.mjs).
 */
export function mediaToolsProblem(env: Env, kind: MediaKind): string | null {
  const tools = env.mediaTools;
  if (mediaTypeOf(kind) === 'VIDEO') return tools.video ? null : (tools.message ?? 'Video processing is unavailable on this server.');
  return tools.ffprobe.ok ? null : `Image uploads are unavailable: ffprobe cannot run on the server. To enable them, ${FFMPEG_INSTALL_HINT}.`;
}

/**
 * Refuses to create media of `kind` that this server cannot process (see `mediaToolsProblem`).
 * @throws HttpError 422 `media_tools_missing` with `errors.type` = the message.
 */
export function assertMediaToolsFor(env: Env, kind: MediaKind): void {
  const problem = mediaToolsProblem(env, kind);
  if (problem) throw new HttpError(422, problem, MEDIA_TOOLS_MISSING, { type: problem });
}

/**
 * `POST /media`: creates a Draft media row with a single-use upload token for the multipart endpoint.
 * @throws 404 for an account the caller has no role in, 403 for a Viewer, 422 `media_tools_missing`
 *   when this server has no ffmpeg/ffprobe for the kind (issue 10 §1).
 */
export async function createMedia(deps: AppDeps, user: AuthUser, body: CreateMediaBody): Promise<CreatedMediaJson> {
  assertCanUpload(user, body.accountId, 'Account');
  assertMediaToolsFor(deps.env, body.type);
  const uploadToken = randomBytes(24).toString('base64url');
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertMedia(tx, { accountId: body.accountId, name: body.name, type: body.type, createdBy: user.id, uploadToken });
    await recordAudit(tx, { accountId: body.accountId, actorUserId: user.id, type: 'media.create', targetType: 'media', targetId: created.id, targetName: created.name, details: { kind: created.type } });
    return created;
  });
  return { ...toMediaJson(row), uploadUrl: { uploadUrl: `/api/media/${row.id}/upload`, uploadToken } };
}

/** `GET /media/{id}`: 404 when missing or in an account the caller cannot read. */
export async function getMediaFor(deps: AppDeps, user: AuthUser, id: number): Promise<MediaJson> {
  const row = await getMedia(deps.db, id);
  if (!row) throw notFound('Media not found.');
  assertCanRead(user, row.accountId);
  // A finished replacement answers the media it replaced (the upload chart polls the replacement's id).
  if (row.replacesId !== null && row.status === 'Ready') {
    const target = await getMedia(deps.db, row.replacesId);
    if (target) return mediaJsonOf(deps.db, target);
  }
  return mediaJsonOf(deps.db, row);
}

/** `GET /media`: one page of the account's media (404 for an account the caller cannot read). */
export async function listMediaFor(deps: AppDeps, user: AuthUser, q: v.InferOutput<typeof ListMediaQuery>) {
  assertCanRead(user, q.account_id, 'Account');
  let kinds: MediaKind[] | undefined;
  if (q.media_types?.length) {
    const set = new Set<MediaKind>();
    for (const t of q.media_types) {
      if (t === 'VIDEO') (['SlideVideo', 'LogoVideo'] as const).forEach((k) => set.add(k));
      else if (t === 'IMAGE') (['SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'] as const).forEach((k) => set.add(k));
      else set.add(t);
    }
    kinds = [...set];
  }
  const { rows, total } = await listMedia(deps.db, {
    accountId: q.account_id,
    page: q.page,
    size: q.size,
    name: q.name || undefined,
    kinds,
    orderBy: q.order_by,
    direction: q.order_direction,
  });
  const captions = await listCaptions(deps.db, rows.map((r) => r.id));
  return {
    records: rows.map((r) => toMediaJson(r, captions.filter((c) => c.mediaId === r.id))),
    metadata: { page: q.page, pageSize: q.size, pageCount: Math.ceil(total / q.size), totalCount: total },
  };
}

/** Outcome of `acceptUploadedFile`. `rejected` holds the user-facing reason when the file was refused. */
export interface AcceptResult {
  row: MediaRow;
  rejected: { reason: string; zeroLength: boolean } | null;
}

/**
 * Takes an uploaded file for a Draft media row: checks magic bytes, stores it under
 * `${accountId}/${uuid}/source.<ext>`, then makes an image Ready (probing width/height) or queues a
 * video's `media.process` job. A refused file sets the row to Error with the reason.
 * @param file.path local file holding the bytes; consumed (moved) when `file.move` is true.
 * @param file.key instead of `path`: a storage key already holding the bytes (a finished tus upload in
 *   the S3 bucket); only its first bytes are read for the check, and an accepted object is moved
 *   (S3 CopyObject) to the source key. A refused object is left where it is for the caller to delete.
 * @param file.name the user's file name, used in messages.
 */
export async function acceptUploadedFile(
  deps: AppDeps,
  row: MediaRow,
  file: { path: string; name: string; move: boolean } | { key: string; name: string },
): Promise<AcceptResult> {
  const sniff = 'key' in file ? await sniffStored(deps.storage, file.key, file.name, row.type) : await sniffFile(file.path, file.name, row.type);
  if (!sniff.ok) {
    const updated = await updateMedia(deps.db, row.id, { status: 'Error', errorReason: sniff.reason, uploadToken: null });
    return { row: updated ?? row, rejected: { reason: sniff.reason, zeroLength: sniff.zeroLength } };
  }
  const keys = mediaKeys(row.accountId, sniff.type.ext);
  const { size } = 'key' in file ? await deps.storage.move(file.key, keys.source) : await deps.storage.putFile(keys.source, file.path, { move: file.move });
  let updated = await updateMedia(deps.db, row.id, { sourceKey: keys.source, sourceMime: sniff.type.mime, size, uploadToken: null });

  if (sniff.type.mediaType === 'IMAGE') {
    const probe = await deps.storage
      .withLocalPath(keys.source, (p) => ffprobe({ ffmpegPath: deps.env.ffmpegPath, ffprobePath: deps.env.ffprobePath }, p))
      .catch(() => null);
    if (!probe?.video) {
      const reason = `"${file.name}" could not be read as an image.`;
      updated = await updateMedia(deps.db, row.id, { status: 'Error', errorReason: reason });
      return { row: updated ?? row, rejected: { reason, zeroLength: false } };
    }
    updated = await updateMedia(deps.db, row.id, {
      status: 'Ready',
      errorReason: null,
      playbackKey: keys.source,
      playbackMime: sniff.type.mime,
      posterKey: keys.source,
      width: probe.video.width,
      height: probe.video.height,
      duration: null,
    });
    if (updated?.replacesId) await applyReplacement(deps, updated);
    return { row: updated ?? row, rejected: null };
  }

  await enqueueJob(deps.db, MEDIA_PROCESS, { mediaId: row.id });
  return { row: updated ?? row, rejected: null };
}

/**
 * `POST /media/{id}/upload` (multipart field `file`, header `Upload-Token`): the single-use upload of
 * a media row created by `POST /media`.
 * @throws 404 (missing / other account), 403 (Viewer or wrong/used token), 409 (already has a file),
 *   413 (over the multipart size limit of its media type: 20 MiB image, 256 MiB video), 422 (no `file` field; zero-length file).
 * @returns the media: Ready image, Draft video (processing queued), or Error with `errorReason` for an
 *   unsupported file.
 */
export async function uploadMultipart(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  uploadToken: string | undefined,
  contentLength: number | null,
  readFile: () => Promise<unknown>,
): Promise<MediaJson> {
  const row = await getMedia(deps.db, id);
  if (!row) throw notFound('Media not found.');
  assertCanUpload(user, row.accountId);
  if (row.sourceKey || row.status !== 'Draft') throw new HttpError(409, 'This media already has a file.', 'already_uploaded');
  if (!uploadToken || !row.uploadToken || uploadToken !== row.uploadToken) throw forbidden('Invalid or used upload token.');
  const max = MAX_MULTIPART_BYTES[mediaTypeOf(row.type)];
  if (contentLength !== null && contentLength > max + 64 * 1024) {
    throw new HttpError(413, `The file is larger than ${Math.round(max / 1024 ** 2)} MiB.`, 'too_large');
  }
  const file = await readFile();
  if (!(file instanceof File)) throw unprocessable('Validation failed.', { file: 'A file is required.' });
  if (file.size > max) throw new HttpError(413, `The file is larger than ${Math.round(max / 1024 ** 2)} MiB.`, 'too_large');
  if (file.size === 0) {
    await updateMedia(deps.db, row.id, { status: 'Error', errorReason: ZERO_LENGTH, uploadToken: null });
    throw unprocessable(ZERO_LENGTH, { file: ZERO_LENGTH });
  }
  const claimed = await deps.db.transaction(async (tx) => {
    const taken = await consumeUploadToken(tx, row.id, uploadToken);
    if (!taken) throw forbidden('Invalid or used upload token.');
    await recordAudit(tx, { accountId: taken.accountId, actorUserId: user.id, type: 'media.upload', targetType: 'media', targetId: taken.id, targetName: taken.name, details: { fileName: file.name, size: file.size } });
    return taken;
  });

  const tmpRoot = path.join(deps.env.dataDir, 'tmp');
  await mkdir(tmpRoot, { recursive: true });
  const dir = await mkdtemp(path.join(tmpRoot, 'upload-'));
  try {
    const tmp = path.join(dir, 'file');
    await pipeline(Readable.fromWeb(file.stream() as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(tmp));
    const { row: result } = await acceptUploadedFile(deps, claimed, { path: tmp, name: file.name || row.name, move: true });
    if (result.replacesId !== null && result.status === 'Ready') {
      const target = await getMedia(deps.db, result.replacesId);
      if (target) return mediaJsonOf(deps.db, target);
    }
    return mediaJsonOf(deps.db, result);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Loads a media row the caller may change: 404 when missing, another account's or a replacement row; 403 for a Viewer. */
async function editableMedia(deps: AppDeps, user: AuthUser, id: number): Promise<MediaRow> {
  const row = await getMedia(deps.db, id);
  if (!row || row.replacesId !== null) throw notFound('Media not found.');
  assertCanEdit(user, row.accountId);
  return row;
}

/**
 * `PATCH /media/{id}` (spec 001 §2 rename, crop dialog; §5 rename requires a name): sets `name`
 * and/or `crop` (null resets it to 50, 50, 1). Audited as `media.update`.
 * @throws 404 missing / other account, 403 Viewer (422 for a bad body comes from the route).
 */
export async function updateMediaFor(deps: AppDeps, user: AuthUser, id: number, body: UpdateMediaBody): Promise<MediaJson> {
  const row = await editableMedia(deps, user, id);
  const updated = await deps.db.transaction(async (tx) => {
    const next = await updateMedia(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.crop !== undefined ? { crop: body.crop } : {}),
    });
    await recordAudit(tx, {
      accountId: row.accountId,
      actorUserId: user.id,
      type: 'media.update',
      targetType: 'media',
      targetId: id,
      targetName: next?.name ?? row.name,
      details: {
        ...(body.name !== undefined && body.name !== row.name ? { name: { from: row.name, to: body.name } } : {}),
        ...(body.crop !== undefined ? { crop: body.crop ?? DEFAULT_CROP } : {}),
      },
    });
    return next;
  });
  if (!updated) throw notFound('Media not found.');
  return mediaJsonOf(deps.db, updated);
}

/**
 * `GET /media/{id}/usage`: the published bots whose published revision shows this media (the SPA
 * warns before deleting). Any role of the account may ask.
 */
export async function mediaUsageFor(deps: AppDeps, user: AuthUser, id: number): Promise<{ publishedBots: BotRef[] }> {
  const row = await getMedia(deps.db, id);
  if (!row || row.replacesId !== null) throw notFound('Media not found.');
  assertCanRead(user, row.accountId);
  return { publishedBots: await publishedBotsUsing(deps.db, row.accountId, id) };
}

/** Storage folders holding files of a media row (its source/playback/poster live in one folder). */
function folders(row: MediaRow): string[] {
  return [...new Set([row.sourceKey, row.playbackKey, row.posterKey].filter((k): k is string => !!k).map(keyFolder))];
}

/**
 * `DELETE /media/{id}` (spec 001 §2): deletes the row, its captions and replacement uploads, then
 * their files in storage. Slides that used it resolve to no media. Audited as `media.delete`.
 * @returns the published bots that were using it (the SPA asked `GET /media/{id}/usage` first).
 * @throws 404 missing / other account, 403 Viewer.
 */
export async function deleteMediaFor(deps: AppDeps, user: AuthUser, id: number): Promise<{ id: number; publishedBots: BotRef[] }> {
  const row = await editableMedia(deps, user, id);
  const publishedBots = await publishedBotsUsing(deps.db, row.accountId, id);
  const replacements = await listReplacements(deps.db, id);
  const captions = await listCaptions(deps.db, [id]);
  await deps.db.transaction(async (tx) => {
    await deleteMediaRow(tx, id);
    await recordAudit(tx, {
      accountId: row.accountId,
      actorUserId: user.id,
      type: 'media.delete',
      targetType: 'media',
      targetId: id,
      targetName: row.name,
      details: { type: row.type, publishedBots: publishedBots.map((b) => b.id) },
    });
  });
  const gone = [...folders(row), ...replacements.flatMap(folders), ...captions.map((c) => keyFolder(c.fileKey))];
  await Promise.all(gone.map((f) => deps.storage.deletePrefix(f).catch(() => undefined)));
  return { id, publishedBots };
}

/**
 * `POST /media/{id}/replace` (design; docs/api.md "Replace"): starts a replacement upload — a Draft
 * row of the same kind and account with `replacesId = id` and a single-use multipart token. Its file
 * goes to `uploadUrl` (or, for video, through tus with Upload-Metadata `replaces`). When it becomes
 * Ready, `applyReplacement` moves its files onto the original media, which keeps its id.
 * @throws 404 missing / other account, 403 Viewer, 422 `media_tools_missing` (no ffmpeg/ffprobe for its kind).
 */
export async function startReplacement(deps: AppDeps, user: AuthUser, id: number): Promise<CreatedMediaJson> {
  const target = await editableMedia(deps, user, id);
  assertMediaToolsFor(deps.env, target.type);
  const uploadToken = randomBytes(24).toString('base64url');
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertMedia(tx, {
      accountId: target.accountId,
      name: target.name,
      type: target.type,
      createdBy: user.id,
      uploadToken,
      replacesId: target.id,
    });
    await recordAudit(tx, { accountId: target.accountId, actorUserId: user.id, type: 'media.replace_start', targetType: 'media', targetId: target.id, targetName: target.name, details: { replacementId: created.id } });
    return created;
  });
  return { ...toMediaJson(row), uploadUrl: { uploadUrl: `/api/media/${row.id}/upload`, uploadToken } };
}

/**
 * Finishes a replacement that has become Ready: the original media takes over its files, size,
 * duration and dimensions (status Ready, keeping its id, name, crop and captions); the replacement
 * row keeps no files (`GET /media/{replacementId}` then answers the original); the original's old
 * files are deleted from storage. Audited as `media.replace` (actor: who uploaded). When the original
 * is gone the replacement becomes Error.
 */
export async function applyReplacement(deps: AppDeps, replacement: MediaRow): Promise<void> {
  if (replacement.replacesId === null) return;
  const target = await getMedia(deps.db, replacement.replacesId);
  if (!target) {
    await Promise.all(folders(replacement).map((f) => deps.storage.deletePrefix(f).catch(() => undefined)));
    await updateMedia(deps.db, replacement.id, { status: 'Error', errorReason: 'The media to replace no longer exists.', sourceKey: null, playbackKey: null, posterKey: null });
    return;
  }
  await deps.db.transaction(async (tx) => {
    await updateMedia(tx, target.id, {
      status: 'Ready',
      errorReason: null,
      sourceKey: replacement.sourceKey,
      sourceMime: replacement.sourceMime,
      playbackKey: replacement.playbackKey,
      playbackMime: replacement.playbackMime,
      posterKey: replacement.posterKey,
      size: replacement.size,
      duration: replacement.duration,
      width: replacement.width,
      height: replacement.height,
    });
    await updateMedia(tx, replacement.id, { sourceKey: null, sourceMime: null, playbackKey: null, playbackMime: null, posterKey: null });
    await recordAudit(tx, {
      accountId: target.accountId,
      actorUserId: replacement.createdBy,
      type: 'media.replace',
      targetType: 'media',
      targetId: target.id,
      targetName: target.name,
      details: { replacementId: replacement.id, size: replacement.size },
    });
  });
  const keep = new Set(folders(replacement));
  await Promise.all(folders(target).filter((f) => !keep.has(f)).map((f) => deps.storage.deletePrefix(f).catch(() => undefined)));
}
