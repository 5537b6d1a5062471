/**
 * ffprobe / ffmpeg for media processing (issue "Media", DESIGN §4 "ffmpeg"): probing (duration,
 * dimensions, codecs), the browser-playability decision, the H.264/AAC MP4 transcode with faststart,
 * and the poster JPEG. Executables come from `env.ffmpegPath` / `env.ffprobePath` (scripts/toolchain.mjs:
 * FFMPEG_PATH / FFPROBE_PATH, else the system's, else @ffmpeg-installer/@ffprobe-installer — ffmpeg
 * 4.1 and ffprobe 5.2 static builds; every option used here exists in ffmpeg ≥ 4.1). Processes are spawned with argument arrays, never
 * through a shell.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';

/** The executables to run. */
export interface FfmpegPaths {
  ffmpegPath: string;
  ffprobePath: string;
}

/** A failed ffmpeg/ffprobe run; `stderrTail` holds the last lines of its error output. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Working directory of the process (relative file names in filter graphs; avatar renders). */
  cwd?: string;
  /** Called for every complete stdout line (used for `-progress pipe:1`). */
  onLine?: (line: string) => void;
}

/** Runs `cmd args…`; resolves with stdout, rejects with FfmpegError on a non-zero exit or abort. */
export function run(cmd: string, args: string[], opts: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal, cwd: opts.cwd });
    const out: Buffer[] = [];
    let stderr = '';
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (opts.onLine) {
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) opts.onLine(line.trim());
      } else {
        out.push(chunk);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (err) => {
      const tail = stderr.trim().split('\n').slice(-5).join('\n');
      reject(new FfmpegError(`${cmd} could not run: ${err.message}`, null, tail));
    });
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else {
        const tail = stderr.trim().split('\n').slice(-5).join('\n');
        reject(new FfmpegError(`${cmd} exited with code ${code}${tail ? `: ${tail}` : ''}`, code, tail));
      }
    });
  });
}

/** What processing needs to know about a file. `duration` in seconds; dimensions in pixels as stored. */
export interface ProbeResult {
  /** ffprobe's format_name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'avi'. */
  formatName: string;
  duration: number | null;
  video: {
    codec: string;
    width: number;
    height: number;
    pixFmt: string | null;
    /** Sample aspect ratio as a number (1 for square pixels). */
    sar: number;
    /** Display rotation in degrees (0, 90, 180, 270). */
    rotation: number;
  } | null;
  audio: { codec: string; channels: number | null } | null;
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    sample_aspect_ratio?: string;
    duration?: string;
    channels?: number;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

function parseRatio(text: string | undefined): number {
  const m = /^(\d+):(\d+)$/.exec(text ?? '');
  if (!m) return 1;
  const n = Number(m[1]);
  const d = Number(m[2]);
  return n > 0 && d > 0 ? n / d : 1;
}

/**
 * Probes `filePath` with `ffprobe -print_format json -show_format -show_streams`.
 * @throws FfmpegError when ffprobe cannot read the file.
 */
export async function ffprobe(paths: FfmpegPaths, filePath: string, signal?: AbortSignal): Promise<ProbeResult> {
  const stdout = await run(paths.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', filePath], { signal });
  const json = JSON.parse(stdout) as FfprobeJson;
  const streams = json.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video');
  const a = streams.find((s) => s.codec_type === 'audio');
  const durations = [json.format?.duration, v?.duration, a?.duration].map((d) => Number(d)).filter((d) => Number.isFinite(d) && d > 0);
  const rawRotation = v?.side_data_list?.find((s) => typeof s.rotation === 'number')?.rotation ?? Number(v?.tags?.rotate ?? 0);
  const rotation = (((Math.round(rawRotation / 90) * 90) % 360) + 360) % 360;
  return {
    formatName: json.format?.format_name ?? '',
    duration: durations[0] ?? null,
    video:
      v && v.codec_name && v.width && v.height
        ? { codec: v.codec_name, width: v.width, height: v.height, pixFmt: v.pix_fmt ?? null, sar: parseRatio(v.sample_aspect_ratio), rotation }
        : null,
    audio: a && a.codec_name ? { codec: a.codec_name, channels: a.channels ?? null } : null,
  };
}

/** Display size (square pixels, rotation applied) of a probed video stream. */
export function displaySize(video: NonNullable<ProbeResult['video']>): { width: number; height: number } {
  const w = Math.round(video.width * video.sar);
  const h = video.height;
  return video.rotation === 90 || video.rotation === 270 ? { width: h, height: w } : { width: w, height: h };
}

/**
 * Output size for the transcode and poster: the display size scaled down (never up) to fit 1920×1080
 * (landscape) or 1080×1920 (portrait), keeping the aspect ratio, both sides even and ≥ 2. "At most
 * 1080p" therefore means: the shorter side ≤ 1080 and the longer side ≤ 1920 px, and a portrait
 * source stays portrait (1440×2560 → 1080×1920; tested in media.rules.test.ts).
 */
export function targetSize(display: { width: number; height: number }): { width: number; height: number } {
  const landscape = display.width >= display.height;
  const [boxW, boxH] = landscape ? [1920, 1080] : [1080, 1920];
  const scale = Math.min(1, boxW / display.width, boxH / display.height);
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
  return { width: even(display.width * scale), height: even(display.height * scale) };
}

const PLAYABLE: Record<string, { video: string[]; audio: string[] }> = {
  'video/mp4': { video: ['h264', 'av1', 'vp9'], audio: ['aac', 'mp3', 'opus'] },
  'video/quicktime': { video: ['h264'], audio: ['aac', 'mp3'] },
  'video/webm': { video: ['vp8', 'vp9', 'av1'], audio: ['vorbis', 'opus'] },
};

/**
 * Whether current desktop and mobile browsers play the file as it is: an MP4/QuickTime/WebM
 * container (`mime` from the magic-byte check) with H.264 (8-bit 4:2:0), VP8, VP9 or AV1 video and
 * AAC, MP3, Opus or Vorbis audio (or none) in a combination that container allows. Everything else
 * (AVI, 3GP, Matroska, MPEG-PS/TS, HEVC, MPEG-2/4 Part 2, AC-3, …) is transcoded.
 */
export function isBrowserPlayable(mime: string, probe: ProbeResult): boolean {
  const rule = PLAYABLE[mime];
  if (!rule || !probe.video) return false;
  if (!rule.video.includes(probe.video.codec)) return false;
  if (probe.video.codec === 'h264' && probe.video.pixFmt && !['yuv420p', 'yuvj420p'].includes(probe.video.pixFmt)) return false;
  if (probe.audio && !rule.audio.includes(probe.audio.codec)) return false;
  return true;
}

/** Parses ffmpeg `-progress` output: the output time in seconds from an `out_time_us=` line, else null. */
export function parseProgressLine(line: string): number | null {
  const m = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
  return m ? Number(m[1]) / 1_000_000 : null;
}

/**
 * Transcodes `input` to an H.264/AAC MP4 at `output` with `+faststart`: libx264 veryfast CRF 23,
 * yuv420p, scaled to `size` (see `targetSize`), AAC 128 kb/s (stereo at most), first video and audio
 * streams only.
 * @param opts.duration source duration in seconds, for progress (0..1) reported through `onProgress`.
 * @throws FfmpegError on failure or abort.
 */
export async function transcodeToMp4(
  paths: FfmpegPaths,
  input: string,
  output: string,
  opts: { size: { width: number; height: number }; hasAudio: boolean; duration: number | null; onProgress?: (p: number) => void; signal?: AbortSignal },
): Promise<void> {
  const args = ['-hide_banner', '-nostdin', '-y', '-i', input, '-map', '0:v:0'];
  if (opts.hasAudio) args.push('-map', '0:a:0');
  args.push(
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
    '-vf', `scale=${opts.size.width}:${opts.size.height},setsar=1`,
  );
  if (opts.hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  else args.push('-an');
  args.push('-sn', '-dn', '-movflags', '+faststart', '-f', 'mp4', '-progress', 'pipe:1', '-nostats', output);
  await run(paths.ffmpegPath, args, {
    signal: opts.signal,
    onLine: (line) => {
      const t = parseProgressLine(line);
      if (t !== null && opts.duration && opts.onProgress) opts.onProgress(Math.min(1, t / opts.duration));
    },
  });
}

/**
 * Writes one JPEG frame of `input` at `atSeconds` to `output`, scaled to `size`. Falls back to the
 * first frame when the seek position yields no frame.
 * @throws FfmpegError when no frame can be decoded.
 */
export async function extractPoster(
  paths: FfmpegPaths,
  input: string,
  output: string,
  opts: { atSeconds: number; size: { width: number; height: number }; signal?: AbortSignal },
): Promise<void> {
  const attempt = (at: number) =>
    run(
      paths.ffmpegPath,
      ['-hide_banner', '-nostdin', '-y', '-ss', String(at), '-i', input, '-frames:v', '1', '-vf', `scale=${opts.size.width}:${opts.size.height},setsar=1`, '-q:v', '3', '-f', 'image2', output],
      { signal: opts.signal },
    );
  const written = () => stat(output).then((s) => s.size > 0, () => false);
  await attempt(opts.atSeconds);
  if (!(await written()) && opts.atSeconds > 0) await attempt(0);
  if (!(await written())) throw new FfmpegError('no video frame could be decoded.', 0, 'no video frame could be decoded.');
}

/** Poster position: 1 s into the video, or the first frame for clips shorter than 2 s. */
export function posterTime(duration: number | null): number {
  return duration !== null && duration >= 2 ? 1 : 0;
}
