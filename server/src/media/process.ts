/**
 * The `media.process` job (issue "Media"; spec 001 §4 "Media upload"): for an uploaded video, probe
 * duration and size with ffprobe, transcode to H.264/AAC MP4 with faststart when browsers cannot play
 * the source, write a poster JPEG, and set the media row Ready (or Error with `errorReason` once the
 * job fails for good). A video longer than the account option `maxVideoDuration` (seconds) is Error
 * at once with `The video is 2 min 05 s long; this account allows at most 60 s.` and its uploaded
 * file is deleted. Payload: `{ mediaId: number }`. Progress 0..1 goes to `jobs.progress`.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { JobHandler, JobHandlers } from '../jobs/queue';
import { PermanentJobError } from '../jobs/queue';
import { getMedia, updateMedia } from '../modules/media/media.repo';
import { applyReplacement } from '../modules/media/media.service';
import { displaySize, extractPoster, ffprobe, FfmpegError, isBrowserPlayable, posterTime, targetSize, transcodeToMp4 } from './ffmpeg';
import { keyFolder } from './storage';
import { MEDIA_SWEEP, mediaSweepJob } from './sweep';
import { findAccountById } from '../modules/account/account.repo';

export const MEDIA_PROCESS = 'media.process';

/** Longest `errorReason` stored, in characters. */
const MAX_REASON = 500;

/**
 * A duration for people: up to 60 s as `"45 s"`, longer as `"2 min 05 s"` or `"1 h 02 min 05 s"`.
 * @param seconds whole seconds ≥ 0.
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s <= 60) return `${s} s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${pad(m)} min ${pad(s % 60)} s` : `${m} min ${pad(s % 60)} s`;
}

/**
 * The account option `maxVideoDuration` (spec 000 §3 Account options; spec 001 §4 "Media upload"):
 * the `errorReason` for a video longer than `maxSeconds`, else null. The duration is compared
 * rounded to whole seconds (a 60.4 s clip passes a 60 s limit; 60.5 s does not), as it is shown.
 * @param duration probed duration in seconds (null: unknown — not refused).
 * @param maxSeconds the account's limit in seconds, or null/undefined for none.
 */
export function durationLimitReason(duration: number | null, maxSeconds: number | null | undefined): string | null {
  if (duration === null || maxSeconds === null || maxSeconds === undefined) return null;
  if (Math.round(duration) <= maxSeconds) return null;
  return `The video is ${formatDuration(duration)} long; this account allows at most ${formatDuration(maxSeconds)}.`;
}

function mediaIdOf(payload: Record<string, unknown>): number {
  const id = payload.mediaId;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new PermanentJobError('media.process: payload.mediaId must be an integer');
  return id;
}

export const processMediaJob: JobHandler = {
  async run({ deps, job, setProgress, signal }) {
    const mediaId = mediaIdOf(job.payload);
    const row = await getMedia(deps.db, mediaId);
    if (!row) return { skipped: 'media deleted' };
    if (row.status === 'Ready') return { skipped: 'already ready' };
    if (!row.sourceKey || !row.sourceMime) throw new PermanentJobError(`"${row.name}" has no uploaded file.`);
    const sourceKey = row.sourceKey;
    const sourceMime = row.sourceMime;
    const folder = keyFolder(sourceKey);
    const paths = { ffmpegPath: deps.env.ffmpegPath, ffprobePath: deps.env.ffprobePath };

    const tmpRoot = path.join(deps.env.dataDir, 'tmp');
    await mkdir(tmpRoot, { recursive: true });
    const work = await mkdtemp(path.join(tmpRoot, `media-${mediaId}-`));
    try {
      return await deps.storage.withLocalPath(sourceKey, async (src) => {
        const probe = await ffprobe(paths, src, signal).catch((err: unknown) => {
          if (signal.aborted) throw err;
          throw new PermanentJobError(`"${row.name}" could not be read as a video.`);
        });
        if (!probe.video) throw new PermanentJobError(`"${row.name}" has no video stream.`);
        // Account option maxVideoDuration: a longer video is refused for good and its stored files go
        // (a replacement row's own folder only: the media it would replace keeps its files).
        const account = await findAccountById(deps.db, row.accountId);
        const tooLong = durationLimitReason(probe.duration, account?.options.maxVideoDuration);
        if (tooLong) {
          await updateMedia(deps.db, mediaId, { status: 'Error', errorReason: tooLong, duration: probe.duration, sourceKey: null, sourceMime: null, playbackKey: null, playbackMime: null, posterKey: null });
          await deps.storage.deletePrefix(folder).catch(() => undefined);
          throw new PermanentJobError(tooLong);
        }
        const size = targetSize(displaySize(probe.video));
        const playable = isBrowserPlayable(sourceMime, probe);
        await setProgress(0.05);

        let playbackKey = sourceKey;
        let playbackMime = sourceMime;
        let duration = probe.duration;
        let dims = displaySize(probe.video);
        try {
          if (!playable) {
            const out = path.join(work, 'playback.mp4');
            await transcodeToMp4(paths, src, out, {
              size,
              hasAudio: probe.audio !== null,
              duration: probe.duration,
              signal,
              onProgress: (p) => void setProgress(0.05 + 0.85 * p).catch(() => undefined),
            });
            const outProbe = await ffprobe(paths, out, signal);
            if (!outProbe.video) throw new Error('the transcoded file has no video stream');
            duration = outProbe.duration ?? duration;
            dims = displaySize(outProbe.video);
            playbackKey = `${folder}/playback.mp4`;
            playbackMime = 'video/mp4';
            await deps.storage.putFile(playbackKey, out, { move: true });
          }
          await setProgress(0.92);
          const poster = path.join(work, 'poster.jpg');
          await extractPoster(paths, src, poster, { atSeconds: posterTime(duration), size, signal });
          const posterKey = `${folder}/poster.jpg`;
          await deps.storage.putFile(posterKey, poster, { move: true });

          const ready = await updateMedia(deps.db, mediaId, {
            status: 'Ready',
            errorReason: null,
            playbackKey,
            playbackMime,
            posterKey,
            duration,
            width: dims.width,
            height: dims.height,
          });
          // A replacement upload hands its files to the media it replaces (which keeps its id).
          if (ready?.replacesId) await applyReplacement(deps, ready);
          return { transcoded: !playable, duration, width: dims.width, height: dims.height, playbackKey, posterKey };
        } catch (err) {
          if (signal.aborted || err instanceof PermanentJobError) throw err;
          const detail = err instanceof FfmpegError ? err.stderrTail || err.message : err instanceof Error ? err.message : String(err);
          throw new Error(`Processing "${row.name}" failed: ${detail}`);
        }
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },

  async onFailed({ deps, job, error }) {
    const mediaId = typeof job.payload.mediaId === 'number' ? job.payload.mediaId : null;
    if (mediaId === null) return;
    await updateMedia(deps.db, mediaId, { status: 'Error', errorReason: error.slice(0, MAX_REASON) });
  },
};

/** Job handlers of the media area, for `startJobWorker` / `runNextJob`. */
export const mediaJobHandlers: JobHandlers = { [MEDIA_PROCESS]: processMediaJob, [MEDIA_SWEEP]: mediaSweepJob };
