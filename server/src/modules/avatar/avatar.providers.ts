/**
 * Avatar provider registry (issue 16 "Avatar generator"; architecture decision 10): the HeyGen adapter
 * when `HEYGEN_API_KEY` is set (avatar.heygen.ts, at `HEYGEN_API_URL`), else the embedded ffmpeg
 * renderer (avatar.ffmpeg.ts). Cheap to create: routes and the job build one per use.
 */
import type { AppDeps } from '../../lib/context';
import type { Env } from '../../env';
import { FfmpegAvatarProvider, findEspeak } from './avatar.ffmpeg';
import { HeyGenAvatarProvider } from './avatar.heygen';
import type { AvatarProvider } from './avatar.types';

/** `ffmpeg` or `heygen`: which provider `createAvatarProvider` returns for `env` (for /api/config). */
export function avatarProviderName(env: Pick<Env, 'ai'>): AvatarProvider['name'] {
  return env.ai.heygenApiKey ? 'heygen' : 'ffmpeg';
}

/** The provider for this server's configuration. */
export function createAvatarProvider(deps: Pick<AppDeps, 'env' | 'db' | 'storage'>): AvatarProvider {
  const { env } = deps;
  if (env.ai.heygenApiKey) {
    return new HeyGenAvatarProvider({ apiUrl: env.ai.heygenApiUrl, apiKey: env.ai.heygenApiKey, dataDir: env.dataDir, pollMs: env.ai.heygenPollMs });
  }
  return new FfmpegAvatarProvider({
    db: deps.db,
    storage: deps.storage,
    paths: { ffmpegPath: env.ffmpegPath, ffprobePath: env.ffprobePath },
    dataDir: env.dataDir,
    espeakPath: env.ai.espeakPath,
  });
}

/**
 * The start-banner line (architecture decision 10): `Avatar videos: ffmpeg (+ espeak-ng speech)`,
 * `Avatar videos: ffmpeg (silent)` or `Avatar videos: HeyGen-compatible API at <url>`.
 */
export async function describeAvatarProvider(env: Pick<Env, 'ai'>): Promise<string> {
  if (env.ai.heygenApiKey) return `Avatar videos: HeyGen-compatible API at ${env.ai.heygenApiUrl}`;
  return `Avatar videos: ffmpeg (${(await findEspeak(env.ai.espeakPath)) ? '+ espeak-ng speech' : 'silent'})`;
}
