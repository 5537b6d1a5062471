/**
 * The `avatar.render` job (issue 16 "Avatar generator"; architecture decision 2): payload
 * `{ aiJobId }` of an `ai_jobs` row of type `avatar` whose `input` is the validated
 * `AvatarVideoRequest`. It walks the §4 statuses:
 *
 *   queued → generating_script (the provider renders; progress 0..0.9) → completed (the file lands
 *   in the media library) → ready, `result { mediaId }`
 *
 * and ends `failed` with a clear English `error` when the provider refuses (unknown avatar, voice,
 * HeyGen's own refusal) or when the attempts are spent (ffmpeg failure, HeyGen unreachable: the queue
 * retries once, `createAiJob` maxAttempts 2).
 *
 * Landing = the Google Drive import's path (integration.job.ts): a Draft `SlideVideo` media row named
 * after the title (audited `media.create` as the requesting user), then `acceptUploadedFile` (magic
 * bytes, storage, `media.process` job), so the video is probed, given a poster and made Ready like
 * any upload. The media id is written to the job row together with the media row, so a job that is
 * run again after a crash reuses that row (and finishes at once when the file is already stored).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import type { AppDeps } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { PermanentJobError, type JobHandler, type JobHandlers } from '../../jobs/queue';
import { AVATAR_RENDER, findAiJob, updateAiJob } from '../ai/ai.repo';
import { getMedia, insertMedia, updateMedia } from '../media/media.repo';
import { acceptUploadedFile, mediaToolsProblem } from '../media/media.service';
import { createAvatarProvider } from './avatar.providers';
import { AvatarVideoRequest } from './avatar.schemas';
import { AvatarProviderError } from './avatar.types';

/** Longest `error` / `errorReason` stored, characters. */
const MAX_ERROR = 500;

function aiJobIdOf(payload: Record<string, unknown>): string {
  if (typeof payload.aiJobId !== 'string') throw new PermanentJobError(`${AVATAR_RENDER}: payload.aiJobId must be a string`);
  return payload.aiJobId;
}

/** The media row of an earlier run of this job (written with `result.mediaId`), if it still exists. */
async function earlierMedia(deps: AppDeps, result: Record<string, unknown> | null) {
  const id = result?.mediaId;
  return typeof id === 'number' ? getMedia(deps.db, id) : null;
}

/** The job handler; see the file comment. */
export const avatarRenderJob: JobHandler = {
  async run({ deps, job, signal }) {
    const aiJobId = aiJobIdOf(job.payload);
    const row = await findAiJob(deps.db, aiJobId);
    if (!row) return { skipped: 'ai job deleted' };
    if (row.status === 'ready' || row.status === 'failed') return { skipped: `already ${row.status}` };
    const parsed = v.safeParse(AvatarVideoRequest, row.input);
    if (!parsed.success) throw new PermanentJobError('The avatar video request is not valid.');
    const request = parsed.output;

    let media = await earlierMedia(deps, row.result);
    if (media?.sourceKey) {
      await updateAiJob(deps.db, aiJobId, { status: 'ready', progress: 1, result: { mediaId: media.id }, error: null });
      return { mediaId: media.id, reused: true };
    }
    const tools = mediaToolsProblem(deps.env, 'SlideVideo');
    if (tools) throw new PermanentJobError(tools);

    await updateAiJob(deps.db, aiJobId, { status: 'generating_script', progress: 0, error: null });
    let lastWrite = 0;
    const onProgress = async (p: number) => {
      const now = Date.now();
      if (now - lastWrite < 1000) return;
      lastWrite = now;
      await updateAiJob(deps.db, aiJobId, { progress: Math.round(0.9 * Math.max(0, Math.min(1, p)) * 1000) / 1000 });
    };

    let rendered;
    try {
      rendered = await createAvatarProvider(deps).render(request, onProgress, signal);
    } catch (err) {
      if (err instanceof AvatarProviderError && err.permanent) throw new PermanentJobError(err.message);
      throw err;
    }
    try {
      await updateAiJob(deps.db, aiJobId, { status: 'completed', progress: 0.95 });
      if (!media) {
        media = await deps.db.transaction(async (tx) => {
          const created = await insertMedia(tx, { accountId: row.accountId, name: request.title, type: 'SlideVideo', createdBy: row.userId, uploadToken: null });
          await recordAudit(tx, {
            accountId: row.accountId,
            actorUserId: row.userId,
            type: 'media.create',
            targetType: 'media',
            targetId: created.id,
            targetName: created.name,
            details: { kind: created.type, source: 'avatar' },
          });
          await updateAiJob(tx, aiJobId, { result: { mediaId: created.id } });
          return created;
        });
      }
      const { rejected } = await acceptUploadedFile(deps, media, { path: rendered.path, name: `${request.title}.mp4`, move: true });
      if (rejected) throw new PermanentJobError(`The rendered video was refused: ${rejected.reason}`);
      await updateAiJob(deps.db, aiJobId, { status: 'ready', progress: 1, result: { mediaId: media.id }, error: null });
      return { mediaId: media.id, bytes: rendered.size };
    } finally {
      await rm(path.dirname(rendered.path), { recursive: true, force: true });
    }
  },

  async onFailed({ deps, job, error }) {
    const aiJobId = typeof job.payload.aiJobId === 'string' ? job.payload.aiJobId : null;
    if (!aiJobId) return;
    const row = await findAiJob(deps.db, aiJobId);
    if (!row || row.status === 'ready') return;
    await updateAiJob(deps.db, aiJobId, { status: 'failed', error: error.slice(0, MAX_ERROR) });
    // A media row created on the way that never got its file shows the reason in the library.
    const media = await earlierMedia(deps, row.result);
    if (media && !media.sourceKey && media.status === 'Draft') await updateMedia(deps.db, media.id, { status: 'Error', errorReason: error.slice(0, MAX_ERROR) });
  },
};

/** Job handlers of the avatar area, for `startJobWorker` / `runNextJob`. */
export const avatarJobHandlers: JobHandlers = { [AVATAR_RENDER]: avatarRenderJob };
