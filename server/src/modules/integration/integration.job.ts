/**
 * The `media.gdrive_import` job (spec 001 §2 "Google Drive import": after selecting a file and
 * uploading, it is queued; issue 5). Payload `{ mediaId, userId, fileId }`. Downloads the Drive file
 * (`files.get?alt=media`, streamed to `${DATA_DIR}/tmp/gdrive-<mediaId>/`, never whole in memory)
 * with the importing user's connection, then hands it to the same path as tus uploads
 * (`acceptUploadedFile`: magic bytes, storage, `media.process` job).
 *
 * Idempotent (a restart runs an interrupted job again): a media that is gone, no longer Draft or
 * already holding its file is left alone (a file stored without its processing job gets the job).
 * Failures: Drive 404/403, a dead grant, a missing connection or a file over 2 GiB fail at once;
 * network and 5xx errors retry (3 attempts). When the job fails for good the media becomes Error
 * with `Importing "<name>" from Google Drive failed: <reason>`.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PermanentJobError, enqueueJob, findJobByPayload, type JobHandler, type JobHandlers } from '../../jobs/queue';
import { MEDIA_PROCESS } from '../../media/process';
import { MAX_BYTES } from '../../media/sniff';
import { getMedia, updateMedia, type MediaRow } from '../media/media.repo';
import { acceptUploadedFile } from '../media/media.service';
import { DriveClient, GoogleApiError, googleConfigured } from './integration.google';
import { deleteConnection, getConnection, updateConnectionTokens } from './integration.repo';
import { GDRIVE_IMPORT } from './integration.service';

interface ImportPayload {
  mediaId: number;
  userId: number;
  fileId: string;
}

function parsePayload(p: Record<string, unknown>): ImportPayload {
  const { mediaId, userId, fileId } = p;
  if (typeof mediaId !== 'number' || typeof userId !== 'number' || typeof fileId !== 'string') {
    throw new PermanentJobError(`${GDRIVE_IMPORT}: payload needs mediaId, userId and fileId`);
  }
  return { mediaId, userId, fileId };
}

const failed = (name: string, reason: string) => `Importing "${name}" from Google Drive failed: ${reason}`;

/** True when the media still waits for its Drive file. */
const waitingForFile = (row: MediaRow): boolean => row.status === 'Draft' && row.sourceKey === null;

/** The job handler; see the file comment. */
export const gdriveImportJob: JobHandler = {
  async run({ deps, job, signal, setProgress }) {
    const { mediaId, userId, fileId } = parsePayload(job.payload as Record<string, unknown>);
    const row = await getMedia(deps.db, mediaId);
    if (!row) return { skipped: 'media deleted' };
    if (!waitingForFile(row)) {
      // Stored on an earlier run: make sure processing was queued (a crash may have come in between).
      if (row.status === 'Draft' && row.sourceKey && !(await findJobByPayload(deps.db, MEDIA_PROCESS, 'mediaId', mediaId))) {
        await enqueueJob(deps.db, MEDIA_PROCESS, { mediaId });
      }
      return { skipped: 'already imported' };
    }
    if (!googleConfigured(deps.env)) throw new PermanentJobError(failed(row.name, 'Google Drive is not configured on this server.'));
    const conn = await getConnection(deps.db, deps.idp, userId);
    if (!conn) throw new PermanentJobError(failed(row.name, 'Google Drive is not connected. Connect it and import the file again.'));
    const client = new DriveClient(deps.env, conn, (t) => updateConnectionTokens(deps.db, deps.idp, userId, t));

    const dir = path.join(deps.env.dataDir, 'tmp', `gdrive-${mediaId}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    try {
      const meta = await client.getFile(fileId);
      if (!meta) throw new PermanentJobError(failed(row.name, 'the file was not found in Google Drive.'));
      if (meta.size !== null && meta.size > MAX_BYTES.VIDEO) throw new PermanentJobError(failed(row.name, `the file is larger than ${MAX_BYTES.VIDEO / 1024 ** 3} GiB.`));
      const tmp = path.join(dir, 'file');
      const total = meta.size;
      const bytes = await client.download(fileId, tmp, {
        maxBytes: MAX_BYTES.VIDEO,
        signal,
        // jobs.progress 0..0.9 while downloading (setProgress writes at most once a second).
        onProgress: total ? (b) => void setProgress((0.9 * b) / total).catch(() => undefined) : undefined,
      });
      await setProgress(0.9);
      const current = await getMedia(deps.db, mediaId);
      if (!current || !waitingForFile(current)) return { skipped: 'media changed during the download' };
      const { rejected } = await acceptUploadedFile(deps, current, { path: tmp, name: meta.name, move: true });
      return { bytes, rejected: rejected?.reason ?? null };
    } catch (err) {
      if (err instanceof PermanentJobError || signal.aborted) throw err;
      if (err instanceof GoogleApiError) {
        if (err.isAuthFailure) {
          await deleteConnection(deps.db, deps.idp, userId);
          throw new PermanentJobError(failed(row.name, 'Google Drive access was revoked. Connect it again and import the file again.'));
        }
        if (err.status === 404) throw new PermanentJobError(failed(row.name, 'the file was not found in Google Drive.'));
        if (err.status === 403 || err.status === 400) throw new PermanentJobError(failed(row.name, `Google Drive refused the download (${err.message}).`));
        throw new Error(failed(row.name, err.status ? `Google Drive answered ${err.status}.` : 'Google Drive could not be reached.'));
      }
      const message = err instanceof Error ? err.message : String(err);
      if (/larger than/.test(message)) throw new PermanentJobError(failed(row.name, `${message}.`));
      throw new Error(failed(row.name, message));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },

  async onFailed({ deps, job, error }) {
    const mediaId = (job.payload as { mediaId?: unknown }).mediaId;
    if (typeof mediaId !== 'number') return;
    const row = await getMedia(deps.db, mediaId);
    if (row && waitingForFile(row)) await updateMedia(deps.db, mediaId, { status: 'Error', errorReason: error.slice(0, 500) });
  },
};

/** Job handlers of the integration area, for `startJobWorker` / `runNextJob`. */
export const integrationJobHandlers: JobHandlers = { [GDRIVE_IMPORT]: gdriveImportJob };
