/**
 * The embedded avatar provider (issue 16 "Avatar generator": "by default, ffmpeg renders the avatar's
 * photo with gentle motion and burned-in captions of the script, plus speech when espeak-ng is
 * available"; spec 001 §3 Avatar group / Avatar / Avatar video request, §9 720×1280 at scale 1.1).
 *
 * - Talking photos are the account's Ready images of the media library (avatar.repo.ts): one avatar
 *   group per image (`id` = `media-<mediaId>`, `numLooks` 1, `previewImage` its `/files/…` URL) with
 *   one avatar of the same id.
 * - Voices: espeak-ng's `en` and `fi` when espeak-ng runs (`ESPEAK_PATH`, else `espeak-ng` on PATH),
 *   else one voice `silent`.
 * - Render (ffmpeg from `env.ffmpegPath`, any build ≥ 4.1 with drawtext/zoompan: the Debian one and
 *   @ffmpeg-installer's both have them): the photo covers a 720×1280 frame at scale 1.1 (`square`),
 *   or sits in a circle over a blurred copy of itself (`circle`), with a slow zoom (1.10 → 1.15 over
 *   the video, zoompan on a 2× frame so the motion is smooth); the script is burned in as timed
 *   captions (avatar.captions.ts; font from avatar.fonts.ts, left out when the machine has none);
 *   audio is espeak-ng's speech of the script, or a silent track as long as a reading of it (150
 *   words a minute). Output H.264 (yuv420p, CRF 23) + AAC 128 kb/s stereo, 25 fps, MP4 with faststart.
 *
 * Every file lives in a directory of its own under `${DATA_DIR}/tmp/`; the rendered MP4 is returned
 * there and the caller deletes the directory (avatar.job.ts). Processes get argument arrays, never a
 * shell; the script reaches espeak-ng and drawtext through files (`-f`, `textfile=`, `expansion=none`),
 * so no character of it is interpreted.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import { ffprobe, FfmpegError, parseProgressLine, run, type FfmpegPaths } from '../../media/ffmpeg';
import type { Storage } from '../../media/storage';
import { readingSeconds, splitCaptions, TAIL_SECONDS, timeCaptions, type CaptionChunk } from './avatar.captions';
import { findCaptionFont } from './avatar.fonts';
import { findReadyImage, listReadyImages } from './avatar.repo';
import { AVATAR_SCALE, AVATAR_VIDEO_DIMENSION, type Avatar, type AvatarGroup, type AvatarVideoRequest, type AvatarVoice } from './avatar.schemas';
import { AvatarProviderError, type AvatarProvider, type RenderedVideo } from './avatar.types';

/** Frames per second of a render. */
export const AVATAR_FPS = 25;
/** Zoom added over the whole video (the "gentle motion"). */
export const AVATAR_ZOOM_DRIFT = 0.05;
/** The voice id used when no speech is rendered. */
export const SILENT_VOICE = 'silent';
/** espeak-ng voices offered (the product's languages, spec 001 §9). */
export const ESPEAK_VOICES: AvatarVoice[] = [
  { voiceId: 'en', name: 'English (espeak-ng)', language: 'en' },
  { voiceId: 'fi', name: 'Finnish (espeak-ng)', language: 'fi' },
];
const SILENT: AvatarVoice = { voiceId: SILENT_VOICE, name: 'No speech (silent)', language: 'und' };

/** `media-<id>` ↔ media id. */
export const talkingPhotoId = (mediaId: number) => `media-${mediaId}`;
export function mediaIdOfTalkingPhoto(id: string): number | null {
  const m = /^media-(\d{1,9})$/.exec(id);
  return m ? Number(m[1]) : null;
}

const espeakChecks = new Map<string, Promise<string | null>>();

/**
 * The espeak-ng executable to use, or null: `espeakPath` (ESPEAK_PATH) or `espeak-ng` on PATH, when
 * `<it> --version` runs. Memoised per path.
 */
export function findEspeak(espeakPath: string | undefined): Promise<string | null> {
  const cmd = espeakPath || 'espeak-ng';
  let hit = espeakChecks.get(cmd);
  if (!hit) {
    hit = new Promise((resolve) => {
      const child = spawn(cmd, ['--version'], { stdio: 'ignore' });
      child.on('error', () => resolve(null));
      child.on('close', (code) => resolve(code === 0 ? cmd : null));
    });
    espeakChecks.set(cmd, hit);
  }
  return hit;
}

export interface FfmpegProviderOptions {
  db: Db;
  storage: Storage;
  paths: FfmpegPaths;
  /** DATA_DIR: work files go to `tmp/`, an unpacked caption font to `fonts/`. */
  dataDir: string;
  /** ESPEAK_PATH, if set. */
  espeakPath: string | undefined;
}

const fileUrl = (key: string | null) => (key ? `/files/${key}` : null);

/** Caption layout on the 720×1280 frame, px. */
const CAPTION = { fontSize: 42, lineHeight: 60, bottom: 190 } as const;

/** The filter graph of a render (see the file comment); `lines[i][j]` are read from `c<i>_<j>.txt`. */
export function buildFilterGraph(opts: { style: 'square' | 'circle'; frames: number; captions: CaptionChunk[]; font: string | null }): string {
  const { width: W, height: H } = AVATAR_VIDEO_DIMENSION;
  const big = `${2 * W}:${2 * H}`;
  const cover = `scale=${big}:force_original_aspect_ratio=increase,crop=${big},setsar=1`;
  const parts: string[] = [];
  if (opts.style === 'circle') {
    const d = Math.round(1.45 * W);
    parts.push(
      `[0:v]format=rgba,split[bgsrc][fgsrc]`,
      `[bgsrc]${cover},boxblur=40:2[bg]`,
      `[fgsrc]scale=${d}:${d}:force_original_aspect_ratio=increase,crop=${d}:${d},geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lte(hypot(X-W/2,Y-H/2),W/2-3),255,0)'[fg]`,
      `[bg][fg]overlay=(W-w)/2:(H-h)/2-${Math.round(0.2 * H)}[base]`,
    );
  } else {
    parts.push(`[0:v]${cover}[base]`);
  }
  const n = Math.max(1, opts.frames);
  const zoom = `zoompan=z='${AVATAR_SCALE}+${AVATAR_ZOOM_DRIFT}*on/${n}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=${n}:s=${W}x${H}:fps=${AVATAR_FPS}`;
  const texts: string[] = [];
  if (opts.font) {
    opts.captions.forEach((chunk, i) =>
      chunk.lines.forEach((_, j) => {
        const y = H - CAPTION.bottom - (chunk.lines.length - j) * CAPTION.lineHeight;
        texts.push(
          `drawtext=fontfile=font${path.extname(opts.font!)}:textfile=c${i}_${j}.txt:expansion=none:fontsize=${CAPTION.fontSize}:fontcolor=white:borderw=3:bordercolor=black@0.85:box=1:boxcolor=black@0.35:boxborderw=8:x=(w-text_w)/2:y=${y}:enable='gte(t,${chunk.start})*lt(t,${chunk.end})'`,
        );
      }),
    );
  }
  parts.push(`[base]${[zoom, ...texts, 'format=yuv420p'].join(',')}[v]`);
  parts.push(`[1:a]apad,aformat=sample_rates=44100:channel_layouts=stereo[a]`);
  return parts.join(';\n');
}

/** The embedded provider; see the file comment. */
export class FfmpegAvatarProvider implements AvatarProvider {
  readonly name = 'ffmpeg' as const;

  constructor(private readonly o: FfmpegProviderOptions) {}

  async listGroups(accountId: number, page: number, size: number): Promise<{ records: AvatarGroup[]; totalCount: number }> {
    const { rows, total } = await listReadyImages(this.o.db, accountId, page, size);
    return { records: rows.map((r) => ({ id: talkingPhotoId(r.id), name: r.name, numLooks: 1, previewImage: fileUrl(r.posterKey ?? r.playbackKey) })), totalCount: total };
  }

  async listAvatars(accountId: number, groupId: string): Promise<Avatar[]> {
    const id = mediaIdOfTalkingPhoto(groupId);
    const row = id === null ? null : await findReadyImage(this.o.db, accountId, id);
    if (!row) throw new AvatarProviderError('Avatar group not found.');
    const voice = (await findEspeak(this.o.espeakPath)) ? ESPEAK_VOICES[0]!.voiceId : SILENT_VOICE;
    return [{ avatarId: talkingPhotoId(row.id), avatarName: row.name, voiceId: voice, previewImageUrl: fileUrl(row.posterKey ?? row.playbackKey), previewVideoUrl: null }];
  }

  async listVoices(): Promise<AvatarVoice[]> {
    return (await findEspeak(this.o.espeakPath)) ? ESPEAK_VOICES : [SILENT];
  }

  /**
   * Renders `request` (see the file comment).
   * @throws AvatarProviderError (permanent) for an unknown talking photo or voice; FfmpegError when
   *   ffmpeg/espeak-ng fail (temporary: the job may retry).
   */
  async render(request: AvatarVideoRequest, onProgress: (p: number) => Promise<void>, signal: AbortSignal): Promise<RenderedVideo> {
    const input = request.videoInputs[0]!;
    const mediaId = mediaIdOfTalkingPhoto(input.character.talkingPhotoId);
    const photo = mediaId === null ? null : await findReadyImage(this.o.db, request.accountId, mediaId);
    if (!photo?.playbackKey) throw new AvatarProviderError('The avatar was not found: choose one of the account\'s Ready images.');
    const espeak = await findEspeak(this.o.espeakPath);
    const voiceId = input.voice.voiceId ?? (espeak ? ESPEAK_VOICES[0]!.voiceId : SILENT_VOICE);
    if (voiceId !== SILENT_VOICE && !ESPEAK_VOICES.some((v) => v.voiceId === voiceId)) throw new AvatarProviderError(`Unknown voice "${voiceId}".`);
    if (voiceId !== SILENT_VOICE && !espeak) throw new AvatarProviderError('Speech is not available on this server (espeak-ng is not installed); choose the silent voice.');

    const tmpRoot = path.join(this.o.dataDir, 'tmp');
    await mkdir(tmpRoot, { recursive: true });
    const work = await mkdtemp(path.join(tmpRoot, 'avatar-'));
    try {
      const script = input.voice.inputText;
      await writeFile(path.join(work, 'script.txt'), script);
      let speechSeconds = readingSeconds(script);
      let audio: string[] = ['-f', 'lavfi', '-t', String(speechSeconds + TAIL_SECONDS), '-i', 'anullsrc=r=44100:cl=stereo'];
      if (voiceId !== SILENT_VOICE && espeak) {
        await run(espeak, ['-v', voiceId, '-s', '160', '-w', 'speech.wav', '-f', 'script.txt'], { signal, cwd: work });
        const probe = await ffprobe(this.o.paths, path.join(work, 'speech.wav'), signal);
        speechSeconds = probe.duration ?? speechSeconds;
        audio = ['-i', 'speech.wav'];
      }
      await onProgress(0.1);
      const total = Math.round((speechSeconds + TAIL_SECONDS) * 1000) / 1000;
      const captions = request.caption ? timeCaptions(splitCaptions(script), speechSeconds) : [];
      const font = captions.length ? await findCaptionFont(this.o.dataDir) : null;
      if (captions.length && !font) console.warn('[avatar] no font for captions found (install fonts-dejavu-core or fontconfig); rendering without captions');
      if (font) {
        await copyFile(font, path.join(work, `font${path.extname(font)}`));
        for (const [i, c] of captions.entries()) for (const [j, line] of c.lines.entries()) await writeFile(path.join(work, `c${i}_${j}.txt`), line);
      }
      const frames = Math.ceil(total * AVATAR_FPS);
      await writeFile(path.join(work, 'graph.txt'), buildFilterGraph({ style: input.character.talkingPhotoStyle, frames, captions, font }));

      const out = path.join(work, 'avatar.mp4');
      await this.o.storage.withLocalPath(photo.playbackKey, async (photoPath) => {
        let last = 0;
        // prettier-ignore
        const args = [
          '-hide_banner', '-nostdin', '-y', '-i', photoPath, ...audio,
          '-filter_complex_script', 'graph.txt', '-map', '[v]', '-map', '[a]',
          '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-r', String(AVATAR_FPS),
          '-c:a', 'aac', '-b:a', '128k', '-t', String(total),
          '-movflags', '+faststart', '-f', 'mp4', '-progress', 'pipe:1', '-nostats', 'avatar.mp4',
        ];
        await run(this.o.paths.ffmpegPath, args, {
          signal,
          cwd: work,
          onLine: (line) => {
            const t = parseProgressLine(line);
            if (t === null) return;
            const p = 0.1 + 0.9 * Math.min(1, t / total);
            if (p - last >= 0.05) {
              last = p;
              void onProgress(p).catch(() => undefined);
            }
          },
        });
      });
      const { size } = await stat(out);
      await onProgress(1);
      return { path: out, size, mimeType: 'video/mp4' };
    } catch (err) {
      await rm(work, { recursive: true, force: true });
      if (err instanceof FfmpegError && !signal.aborted) throw new Error(`Rendering the video failed: ${err.stderrTail || err.message}`);
      throw err;
    }
  }
}
