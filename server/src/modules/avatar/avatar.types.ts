/**
 * Avatar video providers (issue 16 "Avatar generator"; spec 001 §2, §3, §9). The request, the job and
 * the errors are the same whichever provider renders:
 *
 * - `ffmpeg` (default, embedded): talking photos are the account's Ready images of the media library
 *   (one group per image, one look each); the render is the photo at 720×1280, scale 1.1, with gentle
 *   motion and the script burned in as captions, plus speech when `espeak-ng` is on PATH (silent audio
 *   otherwise). Voices: espeak-ng's en/fi voices when present, else one 'silent' voice.
 * - `heygen` (when HEYGEN_API_KEY is set; HEYGEN_API_URL default https://api.heygen.com): HeyGen's
 *   documented REST API (avatar groups, talking photos, POST /v2/video/generate, video status), the
 *   finished video downloaded.
 *
 * Either way the file then lands in the media library through the normal pipeline (a media row of
 * kind video + the `media.process` job), and the AI job's result is `{ mediaId }`.
 */
import type { Avatar, AvatarGroup, AvatarVideoRequest, AvatarVoice } from './avatar.schemas';

/**
 * A rendered video on local disk, in a directory of its own (under `${DATA_DIR}/tmp/`); the caller
 * moves the file into storage and deletes that directory.
 */
export interface RenderedVideo {
  /** Absolute path of an MP4 (H.264/AAC) or WebM file. */
  path: string;
  /** Bytes. */
  size: number;
  mimeType: string;
}

/** Thrown for a request the provider refuses (unknown avatar, script too long, bad credentials). */
export class AvatarProviderError extends Error {
  constructor(
    message: string,
    /** true: retrying will not help (the job fails at once). */
    readonly permanent = true,
  ) {
    super(message);
    this.name = 'AvatarProviderError';
  }
}

export interface AvatarProvider {
  readonly name: 'ffmpeg' | 'heygen';
  /** Groups of the account, paged (page 1-based, size = AVATAR_GROUPS_PAGE_SIZE by default). */
  listGroups(accountId: number, page: number, size: number, signal?: AbortSignal): Promise<{ records: AvatarGroup[]; totalCount: number }>;
  /** Looks of one group; throws AvatarProviderError('Avatar group not found.') for a foreign/unknown group. */
  listAvatars(accountId: number, groupId: string, signal?: AbortSignal): Promise<Avatar[]>;
  listVoices(signal?: AbortSignal): Promise<AvatarVoice[]>;
  /** Renders the request; `onProgress` 0..1. Aborts when `signal` aborts. */
  render(request: AvatarVideoRequest, onProgress: (p: number) => Promise<void>, signal: AbortSignal): Promise<RenderedVideo>;
}
