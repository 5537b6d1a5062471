/**
 * A local fake of HeyGen's REST API (issue 16 "Avatar generator": "tested against a local fake
 * following its documentation"; https://docs.heygen.com/reference), for server tests and e2e:
 *
 * - every call needs the header `X-Api-Key: <apiKey>` (else 401 `{ error: { code: 'invalid_api_key' } }`);
 * - `GET /v2/avatar_group.list` → `{ error: null, data: { total_count, avatar_group_list: [{ id, name,
 *   num_looks, preview_image, group_type, created_at }] } }`;
 * - `GET /v2/avatar_group/{group_id}/avatars` → `{ error: null, data: { avatar_list: [{ avatar_id,
 *   avatar_name, gender, default_voice_id, preview_image_url, preview_video_url }] } }`; an unknown
 *   group → 404 `{ data: null, error: { code: 'not_found', message: 'Avatar group not found' } }`;
 * - `GET /v2/voices` → `{ error: null, data: { voices: [{ voice_id, language, gender, name, preview_audio }] } }`;
 * - `POST /v2/video/generate` (body checked as documented: `video_inputs[0].character.type`
 *   talking_photo with `talking_photo_id`, `voice.type` text with `input_text` and `voice_id`,
 *   `dimension`) → `{ error: null, data: { video_id } }`; 400 `{ error: { code: 'invalid_parameter',
 *   message } }` for a bad body or an unknown talking photo;
 * - `GET /v1/video_status.get?video_id=` → `{ code: 100, message: 'Success', data: { id, status,
 *   video_url, thumbnail_url, duration, error } }`: `processing` for the first `processingPolls`
 *   polls, then `completed` with `video_url` = this fake's `/videos/{id}.mp4` (the bytes of
 *   `videoFile`), or `failed` with `error { code, message, detail }` when `failWith` is set;
 * - `GET /videos/{id}.mp4` → the video bytes (video/mp4).
 *
 * `requests` records every call (method, path, body) for assertions.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeHeyGenOptions {
  /** The MP4 served as every finished video. */
  videoFile: string;
  apiKey?: string;
  /** Polls answered `processing` before `completed` (default 1). */
  processingPolls?: number;
  /** When set, videos end `failed` with this message. */
  failWith?: string;
}

export interface FakeHeyGen {
  /** `http://127.0.0.1:{port}` (HEYGEN_API_URL). */
  url: string;
  apiKey: string;
  /** HEYGEN_API_URL, HEYGEN_API_KEY and HEYGEN_POLL_MS (20 ms) for `createTestContext` / the e2e server. */
  env: Record<string, string>;
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** Mutable: tests switch failures on and off. */
  options: FakeHeyGenOptions;
  close(): Promise<void>;
}

export const HEYGEN_GROUPS = [
  { id: 'grp_anna', name: 'Anna', looks: [{ id: 'tp_anna_office', name: 'Anna in the office', voice: 'voice_en_1' }, { id: 'tp_anna_cafe', name: 'Anna at a café', voice: 'voice_en_1' }] },
  { id: 'grp_bruno', name: 'Bruno', looks: [{ id: 'tp_bruno', name: 'Bruno', voice: 'voice_en_2' }] },
  { id: 'grp_cecilia', name: 'Cecilia', looks: [{ id: 'tp_cecilia', name: 'Cecilia', voice: 'voice_fi_1' }] },
  { id: 'grp_dmitri', name: 'Dmitri', looks: [{ id: 'tp_dmitri', name: 'Dmitri', voice: 'voice_en_1' }] },
  { id: 'grp_eeva', name: 'Eeva', looks: [{ id: 'tp_eeva', name: 'Eeva', voice: 'voice_fi_1' }] },
];
export const HEYGEN_VOICES = [
  { voice_id: 'voice_en_1', language: 'English', gender: 'female', name: 'Hope', preview_audio: null },
  { voice_id: 'voice_en_2', language: 'English', gender: 'male', name: 'Mark', preview_audio: null },
  { voice_id: 'voice_fi_1', language: 'Finnish', gender: 'female', name: 'Aino', preview_audio: null },
];

/** Starts the fake on 127.0.0.1 (random port). */
export async function startFakeHeyGen(options: FakeHeyGenOptions): Promise<FakeHeyGen> {
  const apiKey = options.apiKey ?? `hg_${randomBytes(8).toString('hex')}`;
  const requests: FakeHeyGen['requests'] = [];
  const videos = new Map<string, { polls: number }>();
  let origin = '';
  const looks = new Set(HEYGEN_GROUPS.flatMap((g) => g.looks.map((l) => l.id)));

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: unknown = null;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
    } catch {
      body = Symbol.for('invalid-json');
    }
    requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body });
    const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    const fail = (status: number, code: string, message: string) => send(status, { data: null, error: { code, message } });

    const video = /^\/videos\/([\w-]+)\.mp4$/.exec(url.pathname);
    if (req.method === 'GET' && video) {
      if (!videos.has(video[1]!)) return void res.writeHead(404).end();
      const bytes = await readFile(options.videoFile);
      return void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(bytes.length) }).end(bytes);
    }
    if (req.headers['x-api-key'] !== apiKey) return fail(401, 'invalid_api_key', 'Invalid API key');

    if (req.method === 'GET' && url.pathname === '/v2/avatar_group.list') {
      return send(200, {
        error: null,
        data: {
          total_count: HEYGEN_GROUPS.length,
          avatar_group_list: HEYGEN_GROUPS.map((g) => ({ id: g.id, name: g.name, num_looks: g.looks.length, preview_image: `${origin}/previews/${g.id}.jpg`, group_type: 'PHOTO', created_at: 1_732_000_000 })),
        },
      });
    }
    const groupAvatars = /^\/v2\/avatar_group\/([^/]+)\/avatars$/.exec(url.pathname);
    if (req.method === 'GET' && groupAvatars) {
      const group = HEYGEN_GROUPS.find((g) => g.id === decodeURIComponent(groupAvatars[1]!));
      if (!group) return fail(404, 'not_found', 'Avatar group not found');
      return send(200, {
        error: null,
        data: {
          avatar_list: group.looks.map((l) => ({
            avatar_id: l.id,
            avatar_name: l.name,
            gender: 'female',
            default_voice_id: l.voice,
            preview_image_url: `${origin}/previews/${l.id}.jpg`,
            preview_video_url: `${origin}/previews/${l.id}.mp4`,
          })),
        },
      });
    }
    if (req.method === 'GET' && url.pathname === '/v2/voices') return send(200, { error: null, data: { voices: HEYGEN_VOICES } });

    if (req.method === 'POST' && url.pathname === '/v2/video/generate') {
      const b = body as {
        dimension?: { width?: unknown; height?: unknown };
        video_inputs?: Array<{ character?: { type?: unknown; talking_photo_id?: unknown; talking_photo_style?: unknown; scale?: unknown }; voice?: { type?: unknown; input_text?: unknown; voice_id?: unknown } }>;
      } | null;
      const input = b?.video_inputs?.[0];
      if (!b || typeof b !== 'object' || !Array.isArray(b.video_inputs) || b.video_inputs.length < 1 || !input) return fail(400, 'invalid_parameter', 'video_inputs is required');
      if (input.character?.type !== 'talking_photo' || typeof input.character.talking_photo_id !== 'string') return fail(400, 'invalid_parameter', 'character.talking_photo_id is required');
      if (!looks.has(input.character.talking_photo_id)) return fail(400, 'invalid_parameter', `Talking photo ${input.character.talking_photo_id} not found`);
      if (input.voice?.type !== 'text' || typeof input.voice.input_text !== 'string' || !input.voice.input_text.trim()) return fail(400, 'invalid_parameter', 'voice.input_text is required');
      if (typeof input.voice.voice_id !== 'string' || !HEYGEN_VOICES.some((v) => v.voice_id === input.voice!.voice_id)) return fail(400, 'invalid_parameter', 'voice.voice_id is invalid');
      if (b.dimension && (typeof b.dimension.width !== 'number' || typeof b.dimension.height !== 'number')) return fail(400, 'invalid_parameter', 'dimension is invalid');
      const id = randomBytes(16).toString('hex');
      videos.set(id, { polls: 0 });
      return send(200, { error: null, data: { video_id: id } });
    }
    if (req.method === 'GET' && url.pathname === '/v1/video_status.get') {
      const id = url.searchParams.get('video_id') ?? '';
      const v = videos.get(id);
      if (!v) return send(404, { code: 40_004, message: 'Video not found', data: null });
      v.polls += 1;
      const base = { id, video_url: null, thumbnail_url: null, duration: null, error: null, caption_url: null, gif_url: null };
      if (v.polls <= (options.processingPolls ?? 1)) return send(200, { code: 100, message: 'Success', data: { ...base, status: 'processing' } });
      if (options.failWith) return send(200, { code: 100, message: 'Success', data: { ...base, status: 'failed', error: { code: 40_119, message: options.failWith, detail: options.failWith } } });
      return send(200, { code: 100, message: 'Success', data: { ...base, status: 'completed', video_url: `${origin}/videos/${id}.mp4`, thumbnail_url: `${origin}/videos/${id}.jpg`, duration: 3.5 } });
    }
    fail(404, 'not_found', 'No such endpoint');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    apiKey,
    env: { HEYGEN_API_URL: origin, HEYGEN_API_KEY: apiKey, HEYGEN_POLL_MS: '20' },
    requests,
    options,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
