/**
 * The HeyGen adapter (issue 16 "Avatar generator": "with a HeyGen-compatible API configured, it calls
 * that API"), following HeyGen's documented REST API (https://docs.heygen.com/reference; header
 * `X-Api-Key`; answers `{ error, data }`):
 *
 * - `GET  /v2/avatar_group.list` → `data.avatar_group_list[] { id, name, num_looks, preview_image }`
 *   (+ `data.total_count`); paged here (HeyGen answers the whole list).
 * - `GET  /v2/avatar_group/{group_id}/avatars` → `data.avatar_list[] { avatar_id, avatar_name,
 *   default_voice_id, preview_image_url, preview_video_url }`.
 * - `GET  /v2/voices` → `data.voices[] { voice_id, name, language }`.
 * - `POST /v2/video/generate` `{ title, caption, dimension {width,height}, video_inputs: [{ character:
 *   { type: 'talking_photo', talking_photo_id, talking_photo_style, scale }, voice: { type: 'text',
 *   voice_id, input_text } }] }` → `data.video_id`.
 * - `GET  /v1/video_status.get?video_id=` → `{ code, data: { status: pending | waiting | processing |
 *   completed | failed, video_url, error: { code, message, detail } } }`, polled every `pollMs`
 *   (HEYGEN_POLL_MS, default 5000) for at most `timeoutMs` (30 min); then `video_url` is downloaded
 *   (streamed, ≤ 2 GiB) to `${DATA_DIR}/tmp/avatar-…/avatar.mp4`.
 *
 * The HeyGen account is the server's: every Vidbot account with the feature sees its groups.
 * Errors: 401/403 → permanent 'HeyGen refused the API key …'; other 4xx → permanent with HeyGen's
 * message; 5xx, 429 and network errors → temporary (the job retries); a `failed` video → permanent
 * with HeyGen's message. An unknown group (404 or HeyGen's 'not found' error) → 'Avatar group not found.'
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_BYTES } from '../../media/sniff';
import { AVATAR_VIDEO_DIMENSION, type Avatar, type AvatarGroup, type AvatarVideoRequest, type AvatarVoice } from './avatar.schemas';
import { AvatarProviderError, type AvatarProvider, type RenderedVideo } from './avatar.types';

export interface HeyGenOptions {
  /** Base URL without a trailing slash (HEYGEN_API_URL, default https://api.heygen.com). */
  apiUrl: string;
  apiKey: string;
  dataDir: string;
  /** Status poll interval, ms (default 5000). */
  pollMs?: number;
  /** Longest wait for a video, ms (default 30 minutes). */
  timeoutMs?: number;
}

interface HeyGenAnswer<T> {
  error?: { code?: string | number; message?: string } | null;
  code?: number;
  message?: string;
  data?: T | null;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The HeyGen provider; see the file comment. */
export class HeyGenAvatarProvider implements AvatarProvider {
  readonly name = 'heygen' as const;

  constructor(private readonly o: HeyGenOptions) {}

  /** One call; answers `data` or throws AvatarProviderError (see the file comment for which are permanent). */
  private async call<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown, signal?: AbortSignal, notFound?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.o.apiUrl}${pathAndQuery}`, {
        method,
        headers: { 'X-Api-Key': this.o.apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: signal ?? AbortSignal.timeout(30_000),
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new AvatarProviderError('HeyGen could not be reached.', false);
    }
    const text = await res.text();
    let json: HeyGenAnswer<T> = {};
    try {
      json = text ? (JSON.parse(text) as HeyGenAnswer<T>) : {};
    } catch {
      /* not JSON: judged by the status below */
    }
    const said = json.error?.message ?? (res.ok ? undefined : json.message);
    if (res.status === 401 || res.status === 403) throw new AvatarProviderError(`HeyGen refused the API key (HTTP ${res.status}); check HEYGEN_API_KEY.`);
    if (notFound && (res.status === 404 || /not found/i.test(said ?? ''))) throw new AvatarProviderError(notFound);
    if (res.status === 429 || res.status >= 500) throw new AvatarProviderError(`HeyGen answered HTTP ${res.status}${said ? `: ${said}` : ''}.`, false);
    if (!res.ok || json.error || json.data == null) throw new AvatarProviderError(`HeyGen refused the request: ${said ?? `HTTP ${res.status}`}.`);
    return json.data;
  }

  async listGroups(_accountId: number, page: number, size: number, signal?: AbortSignal): Promise<{ records: AvatarGroup[]; totalCount: number }> {
    const data = await this.call<{ avatar_group_list?: Array<{ id: string; name?: string; num_looks?: number; preview_image?: string | null }> }>(
      'GET',
      '/v2/avatar_group.list',
      undefined,
      signal,
    );
    const all = (data.avatar_group_list ?? []).map((g) => ({ id: String(g.id), name: g.name ?? String(g.id), numLooks: g.num_looks ?? 0, previewImage: g.preview_image ?? null }));
    return { records: all.slice((page - 1) * size, page * size), totalCount: all.length };
  }

  async listAvatars(_accountId: number, groupId: string, signal?: AbortSignal): Promise<Avatar[]> {
    const data = await this.call<{
      avatar_list?: Array<{ avatar_id: string; avatar_name?: string; default_voice_id?: string | null; preview_image_url?: string | null; preview_video_url?: string | null }>;
    }>('GET', `/v2/avatar_group/${encodeURIComponent(groupId)}/avatars`, undefined, signal, 'Avatar group not found.');
    return (data.avatar_list ?? []).map((a) => ({
      avatarId: String(a.avatar_id),
      avatarName: a.avatar_name ?? String(a.avatar_id),
      voiceId: a.default_voice_id ?? null,
      previewImageUrl: a.preview_image_url ?? null,
      previewVideoUrl: a.preview_video_url ?? null,
    }));
  }

  async listVoices(signal?: AbortSignal): Promise<AvatarVoice[]> {
    const data = await this.call<{ voices?: Array<{ voice_id: string; name?: string; language?: string }> }>('GET', '/v2/voices', undefined, signal);
    return (data.voices ?? []).map((v) => ({ voiceId: String(v.voice_id), name: v.name ?? String(v.voice_id), language: v.language ?? '' }));
  }

  /** Generates, polls and downloads (see the file comment). Without a voice id, HeyGen's first English voice speaks. */
  async render(request: AvatarVideoRequest, onProgress: (p: number) => Promise<void>, signal: AbortSignal): Promise<RenderedVideo> {
    const input = request.videoInputs[0]!;
    let voiceId = input.voice.voiceId;
    if (!voiceId) {
      const voices = await this.listVoices(signal);
      voiceId = (voices.find((v) => /^en|english/i.test(v.language)) ?? voices[0])?.voiceId ?? null;
      if (!voiceId) throw new AvatarProviderError('HeyGen has no voice to speak the script.');
    }
    const { video_id: videoId } = await this.call<{ video_id: string }>(
      'POST',
      '/v2/video/generate',
      {
        title: request.title,
        caption: request.caption,
        dimension: { ...AVATAR_VIDEO_DIMENSION },
        video_inputs: [
          {
            character: { type: 'talking_photo', talking_photo_id: input.character.talkingPhotoId, talking_photo_style: input.character.talkingPhotoStyle, scale: input.character.scale },
            voice: { type: 'text', voice_id: voiceId, input_text: input.voice.inputText },
          },
        ],
      },
      signal,
    );
    await onProgress(0.05);
    const pollMs = this.o.pollMs ?? 5000;
    const deadline = Date.now() + (this.o.timeoutMs ?? 30 * 60_000);
    let polls = 0;
    for (;;) {
      const status = await this.call<{ status: string; video_url?: string | null; error?: { message?: string; detail?: string } | null }>(
        'GET',
        `/v1/video_status.get?video_id=${encodeURIComponent(videoId)}`,
        undefined,
        signal,
      );
      if (status.status === 'completed') {
        if (!status.video_url) throw new AvatarProviderError('HeyGen finished the video without a video URL.');
        await onProgress(0.9);
        return this.download(status.video_url, signal);
      }
      if (status.status === 'failed') {
        const why = status.error?.message ?? status.error?.detail ?? 'no reason given';
        throw new AvatarProviderError(`HeyGen could not render the video: ${why}.`);
      }
      if (Date.now() > deadline) throw new AvatarProviderError('HeyGen did not finish the video in 30 minutes.');
      // HeyGen tells no percentage: creep towards 0.85 while it works.
      polls += 1;
      await onProgress(0.05 + 0.8 * (1 - 0.9 ** polls));
      await sleep(pollMs, signal);
    }
  }

  /** Streams `url` to a new work directory (≤ MAX_BYTES.VIDEO). */
  private async download(url: string, signal: AbortSignal): Promise<RenderedVideo> {
    const tmpRoot = path.join(this.o.dataDir, 'tmp');
    await mkdir(tmpRoot, { recursive: true });
    const work = await mkdtemp(path.join(tmpRoot, 'avatar-'));
    const out = path.join(work, 'avatar.mp4');
    try {
      let res: Response;
      try {
        res = await fetch(url, { signal });
      } catch (err) {
        if (signal.aborted) throw err;
        throw new AvatarProviderError('The HeyGen video could not be downloaded.', false);
      }
      if (!res.ok || !res.body) throw new AvatarProviderError(`The HeyGen video could not be downloaded (HTTP ${res.status}).`, res.status >= 500);
      let bytes = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(bytes > MAX_BYTES.VIDEO ? new AvatarProviderError('The HeyGen video is larger than 2 GiB.') : null, chunk);
        },
      });
      await pipeline(Readable.fromWeb(res.body as never), limit, createWriteStream(out), { signal });
      const { size } = await stat(out);
      return { path: out, size, mimeType: res.headers.get('content-type')?.split(';')[0]?.trim() || 'video/mp4' };
    } catch (err) {
      await rm(work, { recursive: true, force: true });
      throw err;
    }
  }
}
