/**
 * Resumable uploads over tus 1.0.0 at `/api/media/tus` (DESIGN §3, §4; spec 001 §4 "Media upload"):
 * @tus/server 2.4 driven through `handleWeb`, with @tus/file-store under `${dataDir}/tus` by default,
 * or — when `S3_BUCKET` is set (issue 5 "Storage") — @tus/s3-store in the media bucket: upload
 * `<32 hex>` is the multipart upload of object `${S3_PREFIX}tus/<32 hex>` (8 MiB parts; metadata in
 * `….info`, a short remainder between PATCHes in `….part`). Upload URLs look the same either way.
 *
 * - The caller is authenticated by the API's bearer-token middleware before the request reaches tus;
 *   `POST` needs `Account-Id` (an account id) where the caller may upload (Owner, Admin, Editor,
 *   Reseller, staff; Viewer → 403; no role → 404) and `Upload-Metadata` `name` and `type` (a video
 *   kind). It creates the Draft media row and answers its id in the `Media-Id` header. Optional
 *   metadata `replaces` (a video media id of the same account) makes the row a replacement upload
 *   whose file takes over that media's files once processed (docs/api.md "Replace").
 * - When this server has no ffmpeg/ffprobe (issue 10 §1), `POST` answers 422 `media_tools_missing`
 *   naming what to install, before any row or byte is stored.
 * - `HEAD`/`PATCH`/`DELETE` of an upload are allowed only to callers who may upload to its account;
 *   `DELETE` (the client cancelled) also removes the upload's Draft media row.
 * - When the last byte arrives the file is checked by magic bytes: an unsupported or empty file sets
 *   the media to Error (answer 422 naming the file); an accepted one is moved into storage and a
 *   `media.process` job is queued. On S3 the check reads only the object's first bytes (a ranged
 *   GetObject) and the move is a CopyObject to the media's source key; the tus objects are deleted.
 * - A finished upload is remembered (`tus_finished_uploads`): a later `HEAD` of it — a client that
 *   lost the last answer and resumes — answers 200 with `Upload-Offset` = `Upload-Length` and
 *   `Media-Id`, so the client completes instead of creating a second upload and media row.
 * - Requests on one upload are serialized by a lock that every node shares on PostgreSQL (advisory
 *   locks, media/tus-lock.ts; issue 18), so an upload may continue through another node.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import * as v from 'valibot';
import type { AppDeps, AuthUser } from '../../lib/context';
import { issuesToFields } from '../../lib/validate';
import { MAX_BYTES, VIDEO_KINDS, ZERO_LENGTH } from '../../media/sniff';
import { S3Storage } from '../../media/storage.s3';
import { createTusDatastore } from '../../media/tus-store';
import { createTusLocker } from '../../media/tus-lock';
import { deleteDraftWithoutFile, getMedia, insertMedia } from './media.repo';
import { mediaAccess } from './media.policy';
import { TusMetadata } from './media.schemas';
import { acceptUploadedFile, MEDIA_TOOLS_MISSING, mediaToolsProblem } from './media.service';
import { recordAudit } from '../../lib/audit';
import { eq } from 'drizzle-orm';
import { tusFinishedUploads } from '../../db/schema';

export const TUS_PATH = '/api/media/tus';

/** A tus hook error: @tus/server answers `status_code` with `body`. */
interface TusHookError {
  status_code: number;
  body: string;
}

const tusError = (status: number, detail: string, extra: { code?: string; errors?: Record<string, string> } = {}): TusHookError => ({
  status_code: status,
  body: JSON.stringify({ detail, ...extra }),
});

/** The handler mounted at `/api/media/tus` and `/api/media/tus/*`. */
export interface TusEndpoint {
  /** Handles one tus request for the authenticated `user`. */
  handle(request: Request, user: AuthUser): Promise<Response>;
}

/** Storage-key folder of tus uploads in the S3 bucket (`tus/<32 hex>` under `S3_PREFIX`). */
export const TUS_S3_FOLDER = 'tus';
const UPLOAD_ID_RE = /^[0-9a-f]{32}$/;

/**
 * Builds the tus endpoint (one per app): its FileStore keeps partial uploads under `${dataDir}/tus`,
 * or with `S3_*` settings its S3Store keeps them in the bucket (then `deps.storage` must be the
 * `S3Storage` of the same settings, as `createStorage` makes it; throws otherwise).
 */
export function createTusEndpoint(deps: AppDeps): TusEndpoint {
  const directory = path.join(deps.env.dataDir, 'tus');
  const s3 = deps.env.s3;
  if (s3 && !(deps.storage instanceof S3Storage && deps.storage.bucket === s3.bucket && deps.storage.prefix === s3.prefix)) {
    throw new Error('S3_BUCKET is set: the tus endpoint needs the S3Storage of the same bucket and prefix (createStorage).');
  }
  /** Object-key prefix of tus uploads (S3 only): upload ids are `${tusPrefix}<32 hex>`. */
  const tusPrefix = s3 ? `${s3.prefix}${TUS_S3_FOLDER}/` : '';
  const datastore = createTusDatastore(deps);
  /** On S3: upload ids carry the key prefix, URLs only the 32 hex digits. */
  const s3Naming = s3
    ? {
        namingFunction: () => `${tusPrefix}${randomBytes(16).toString('hex')}`,
        generateUrl: (_req: Request, { path: base, id }: { path: string; id: string }) => `${base}/${id.slice(tusPrefix.length)}`,
        getFileIdFromRequest: (_req: Request, lastPath?: string) => (lastPath && UPLOAD_ID_RE.test(lastPath) ? `${tusPrefix}${lastPath}` : undefined),
      }
    : {};
  const callers = new WeakMap<Request, AuthUser>();
  const createdMedia = new WeakMap<Request, number>();
  /** Media id of the upload a DELETE (termination) targets; its Draft row goes with it. */
  const terminatedMedia = new WeakMap<Request, number>();
  /** S3: upload id a DELETE targets; @tus/s3-store's remove() leaves its `.part` remainder behind. */
  const terminatedUploads = new WeakMap<Request, string>();
  /**
   * Request → the upload it finished and had accepted. @tus/server's POST (creation-with-upload of a
   * whole file) reads the upload back after onUploadFinish, finds it gone and answers 404; `handle`
   * turns that into the 201 the client is owed.
   */
  const acceptedIn = new WeakMap<Request, { uploadId: string; size: number; mediaId: number }>();
  /** Remembers that upload `id` (its URL segment) finished as media `mediaId` (see `finishedHead`). */
  const rememberFinished = async (id: string, mediaId: number, size: number) => {
    const uploadId = s3 ? id.slice(tusPrefix.length) : id;
    await deps.db.insert(tusFinishedUploads).values({ uploadId, mediaId, size }).onConflictDoNothing();
    return uploadId;
  };
  /**
   * `HEAD` of an upload the tus store no longer has (answered 404): when it finished, the completed
   * answer (200, offset = length, Media-Id); a Viewer gets 403; otherwise the 404 stands (null).
   */
  const finishedHead = async (request: Request, user: AuthUser, notFound: Response): Promise<Response | null> => {
    const uploadId = new URL(request.url).pathname.split('/').pop() ?? '';
    const [done] = await deps.db.select().from(tusFinishedUploads).where(eq(tusFinishedUploads.uploadId, uploadId)).limit(1);
    const row = done ? await getMedia(deps.db, done.mediaId) : null;
    if (!done || !row) return null;
    const access = mediaAccess(user, row.accountId);
    if (access === 'none') return null;
    const headers = new Headers(notFound.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    if (access === 'read') return new Response(null, { status: 403, headers });
    headers.set('Tus-Resumable', '1.0.0');
    headers.set('Cache-Control', 'no-store');
    headers.set('Upload-Offset', String(done.size));
    headers.set('Upload-Length', String(done.size));
    headers.set('Media-Id', String(row.id));
    return new Response(null, { status: 200, headers });
  };
  const callerOf = (req: Request): AuthUser => {
    const user = callers.get(req);
    if (!user) throw tusError(401, 'Not authenticated.', { code: 'unauthorized' });
    return user;
  };

  const assertUploadAccess = async (req: Request, uploadId: string) => {
    const upload = await datastore.getUpload(uploadId);
    const accountId = Number(upload.metadata?.accountId);
    const access = mediaAccess(callerOf(req), accountId);
    if (access === 'none') throw tusError(404, 'Upload not found.', { code: 'not_found' });
    if (access === 'read') throw tusError(403, 'Viewers cannot add media.', { code: 'forbidden' });
    if (req.method === 'DELETE' && upload.metadata?.mediaId) terminatedMedia.set(req, Number(upload.metadata.mediaId));
    if (req.method === 'DELETE' && s3) terminatedUploads.set(req, uploadId);
  };

  const server = new Server({
    path: TUS_PATH,
    datastore,
    // Shared by every node on PostgreSQL (advisory locks), in memory on PGlite (issue 18; media/tus-lock.ts).
    locker: createTusLocker({ databaseUrl: deps.env.databaseUrl, kind: deps.database?.kind ?? 'pglite' }),
    relativeLocation: true,
    ...s3Naming,
    maxSize: MAX_BYTES.VIDEO,
    exposedHeaders: ['Media-Id'],
    allowedHeaders: ['Authorization', 'Account-Id'],
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      await assertUploadAccess(req as unknown as Request, uploadId);
    },
    async onUploadCreate(req, upload) {
      const request = req as unknown as Request;
      const user = callerOf(request);
      const accountHeader = request.headers.get('account-id') ?? '';
      if (!/^\d+$/.test(accountHeader)) {
        throw tusError(422, 'Validation failed.', { code: 'validation_error', errors: { 'Account-Id': 'Account-Id header must be an account id.' } });
      }
      const accountId = Number(accountHeader);
      const access = mediaAccess(user, accountId);
      if (access === 'none') throw tusError(404, 'Account not found.', { code: 'not_found' });
      if (access === 'read') throw tusError(403, 'Viewers cannot add media.', { code: 'forbidden' });
      const parsed = v.safeParse(TusMetadata, { name: upload.metadata?.name ?? undefined, type: upload.metadata?.type ?? undefined });
      if (!parsed.success) throw tusError(422, 'Validation failed.', { code: 'validation_error', errors: issuesToFields(parsed.issues) });
      if (upload.sizeIsDeferred) {
        throw tusError(422, 'Upload-Length is required.', { code: 'validation_error', errors: { 'Upload-Length': 'Upload-Length is required.' } });
      }
      if (upload.size === 0) throw tusError(422, ZERO_LENGTH, { code: 'validation_error', errors: { file: ZERO_LENGTH } });
      // A replacement (docs/api.md "Replace"): metadata `replaces` names a video media of this account.
      let replacesId: number | null = null;
      let kind = parsed.output.type;
      let name = parsed.output.name;
      const replaces = upload.metadata?.replaces;
      if (replaces) {
        const target = /^\d+$/.test(replaces) ? await getMedia(deps.db, Number(replaces)) : null;
        if (!target || target.accountId !== accountId || target.replacesId !== null) throw tusError(404, 'Media not found.', { code: 'not_found' });
        if (!(VIDEO_KINDS as readonly string[]).includes(target.type)) {
          throw tusError(422, 'Validation failed.', { code: 'validation_error', errors: { replaces: 'Only video media can be replaced through tus.' } });
        }
        replacesId = target.id;
        kind = target.type as typeof kind;
        name = target.name;
      }
      // No ffmpeg/ffprobe on this server (issue 10 §1): refused before a row or any byte is stored.
      const toolsProblem = mediaToolsProblem(deps.env, kind);
      if (toolsProblem) throw tusError(422, toolsProblem, { code: MEDIA_TOOLS_MISSING, errors: { type: toolsProblem } });
      const row = await deps.db.transaction(async (tx) => {
        const created = await insertMedia(tx, { accountId, name, type: kind, createdBy: user.id, uploadToken: null, replacesId });
        await recordAudit(tx, {
          accountId,
          actorUserId: user.id,
          type: replacesId === null ? 'media.upload' : 'media.replace_upload',
          targetType: 'media',
          targetId: replacesId ?? created.id,
          targetName: name,
          details: { tus: true, mediaId: created.id, size: upload.size ?? null },
        });
        return created;
      });
      createdMedia.set(request, row.id);
      return { metadata: { ...upload.metadata, mediaId: String(row.id), accountId: String(accountId) } };
    },
    async onUploadFinish(req, upload) {
      const mediaId = Number(upload.metadata?.mediaId);
      const row = Number.isInteger(mediaId) ? await getMedia(deps.db, mediaId) : null;
      // S3: the finished upload is the storage object `tus/<hex>` (+ `.info`), deleted once accepted or refused.
      const s3Key = s3 ? upload.id.slice(s3.prefix.length) : null;
      const dropS3Upload = async (key: string) => {
        await Promise.all([deps.storage.delete(key), deps.storage.delete(`${key}.info`)]).catch(() => undefined);
      };
      if (!row) {
        if (s3Key) await dropS3Upload(s3Key);
        else await datastore.remove(upload.id).catch(() => undefined);
        throw tusError(404, 'Media not found.', { code: 'not_found' });
      }
      const fileName = upload.metadata?.filename || upload.metadata?.name || row.name;
      const finishedId = await rememberFinished(upload.id, row.id, upload.size ?? upload.offset);
      let rejected: Awaited<ReturnType<typeof acceptUploadedFile>>['rejected'];
      if (s3Key) {
        try {
          ({ rejected } = await acceptUploadedFile(deps, row, { key: s3Key, name: fileName }));
        } finally {
          await dropS3Upload(s3Key);
        }
      } else {
        ({ rejected } = await acceptUploadedFile(deps, row, { path: path.join(directory, upload.id), name: fileName, move: true }));
        // The bytes now live in storage (or were refused): drop the tus upload (file and .json).
        if (datastore instanceof FileStore) {
          await datastore.remove(upload.id).catch(() => datastore.configstore.delete(upload.id)).catch(() => undefined);
        }
      }
      if (rejected) throw tusError(422, rejected.reason, { code: rejected.zeroLength ? 'zero_length' : 'unsupported_media_type' });
      acceptedIn.set(req as unknown as Request, { uploadId: finishedId, size: upload.size ?? upload.offset, mediaId: row.id });
      return { headers: { 'Media-Id': String(row.id) } };
    },
  });

  return {
    async handle(request, user) {
      callers.set(request, user);
      const response = await server.handleWeb(request);
      if (request.method === 'HEAD' && response.status === 404) {
        const finished = await finishedHead(request, user, response);
        if (finished) return finished;
      }
      const accepted = acceptedIn.get(request);
      if (request.method === 'POST' && response.status === 404 && accepted) {
        const headers = new Headers(response.headers);
        headers.delete('content-type');
        headers.delete('content-length');
        headers.set('Tus-Resumable', '1.0.0');
        headers.set('Location', `${TUS_PATH}/${accepted.uploadId}`);
        headers.set('Upload-Offset', String(accepted.size));
        headers.set('Media-Id', String(accepted.mediaId));
        return new Response(null, { status: 201, headers });
      }
      const cancelled = terminatedMedia.get(request);
      if (cancelled !== undefined && response.status === 204) await deleteDraftWithoutFile(deps.db, cancelled);
      const terminated = terminatedUploads.get(request);
      if (s3 && terminated !== undefined && response.status === 204) {
        await deps.storage.delete(`${terminated.slice(s3.prefix.length)}.part`).catch(() => undefined);
      }
      const mediaId = createdMedia.get(request);
      if (mediaId !== undefined && !response.headers.has('Media-Id')) {
        const headers = new Headers(response.headers);
        headers.set('Media-Id', String(mediaId));
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      }
      return response;
    },
  };
}
