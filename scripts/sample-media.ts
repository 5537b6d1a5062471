/**
 * Renders the media of the demo account's sample vidbot (issue 10 §2) into server/assets/sample/:
 * one MP4 per video slide and one PNG per image slide of `SAMPLE_SLIDES`
 * (server/src/db/sample.content.ts). The outputs are committed; the server never runs this — at first
 * start it stores the committed files as media and processes them like uploads (server/src/db/sample.ts).
 * Run it again after changing the tour's text:
 *
 *   npx tsx scripts/sample-media.ts
 *
 * Needs an ffmpeg with libx264 and drawtext (libfreetype): FFMPEG_PATH, else `ffmpeg` on PATH
 * (Debian's 5.1 and the static 4.1 of @ffmpeg-installer both work). Fonts: SAMPLE_FONT and
 * SAMPLE_FONT_BOLD (TrueType files), default DejaVu Sans from /usr/share/fonts/truetype/dejavu/
 * (Debian `fonts-dejavu-core`). SAMPLE_OUT_DIR writes elsewhere (to compare builds) instead of
 * server/assets/sample/.
 *
 * Each clip: `SAMPLE_CLIP_SECONDS` s, 1280×720, 25 fps, H.264 High yuv420p (CRF 30, still-image
 * tuning: nothing moves after the first second), a two-note chime as AAC mono 48 kb/s, `+faststart`.
 * The heading and lines fade in within the first second, so the poster frame the media job takes at
 * 1 s shows all the text. Measured total size: see the output of this script (≈ 200 KB).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_CLIP_SECONDS, SAMPLE_SIZE, SAMPLE_SLIDES, type SampleSlide } from '../server/src/db/sample.content';

const root = path.resolve(import.meta.dirname, '..');
const outDir = process.env.SAMPLE_OUT_DIR ? path.resolve(process.env.SAMPLE_OUT_DIR) : path.join(root, 'server/assets/sample');
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const dejavu = '/usr/share/fonts/truetype/dejavu';
const font = process.env.SAMPLE_FONT || path.join(dejavu, 'DejaVuSans.ttf');
const fontBold = process.env.SAMPLE_FONT_BOLD || path.join(dejavu, 'DejaVuSans-Bold.ttf');

for (const f of [font, fontBold]) {
  if (!existsSync(f)) {
    console.error(`Font not found: ${f}. Set SAMPLE_FONT / SAMPLE_FONT_BOLD to TrueType files.`);
    process.exit(1);
  }
}

/** Opacity expression: 0 before `start` s, rising to 1 over 0.25 s (animated) or always 1 (still image). */
const alpha = (start: number, animated: boolean) => (animated ? `'if(lt(t,${start}),0,if(lt(t,${start + 0.25}),(t-${start})/0.25,1))'` : '1');

/** Characters that end an option value inside a filtergraph are escaped (paths are plain here). */
const esc = (p: string) => p.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");

/** The video filter that draws one slide's card on a colour source: label, heading, accent rule, lines
 * (heading and lines fade in when `animated`). */
function cardFilter(slide: SampleSlide, tmp: string, animated: boolean): string {
  const text = (name: string, value: string) => {
    const file = path.join(tmp, `${slide.id}-${name}.txt`);
    writeFileSync(file, value);
    return esc(file);
  };
  const parts = [
    `drawtext=fontfile=${esc(font)}:textfile=${text('label', 'VIDBOT TOUR')}:fontsize=22:fontcolor=white@0.7:x=w-tw-40:y=40`,
    `drawtext=fontfile=${esc(fontBold)}:textfile=${text('title', slide.title)}:fontsize=68:fontcolor=white:x=(w-tw)/2:y=96:alpha=${alpha(0.05, animated)}`,
    `drawbox=x=(iw-200)/2:y=190:w=200:h=6:color=0xffbf47:t=fill`,
    ...slide.lines.map(
      (line, i) =>
        `drawtext=fontfile=${esc(font)}:textfile=${text(`line${i}`, line)}:fontsize=38:fontcolor=white:x=(w-tw)/2:y=${232 + i * 54}:alpha=${alpha(0.3 + i * 0.15, animated)}`,
    ),
  ];
  return parts.join(',');
}

function run(args: string[]): void {
  const r = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${ffmpeg} failed (exit ${r.status}) for ${args.at(-1)}`);
}

mkdirSync(outDir, { recursive: true });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vidbot-sample-'));
try {
  const { width, height } = SAMPLE_SIZE;
  let total = 0;
  for (const slide of SAMPLE_SLIDES) {
    const out = path.join(outDir, slide.file);
    const colour = `color=c=${slide.background}:s=${width}x${height}:r=25`;
    if (slide.type === 'VIDEO') {
      // A soft two-note chime (660 Hz, then 880 Hz), decaying; silence after.
      const chime = `aevalsrc='0.25*sin(2*PI*660*t)*exp(-8*t)*lt(t,0.3)+0.25*sin(2*PI*880*t)*exp(-5*(t-0.3))*gte(t,0.3)':s=44100:d=${SAMPLE_CLIP_SECONDS}`;
      run([
        '-f', 'lavfi', '-i', `${colour}:d=${SAMPLE_CLIP_SECONDS}`,
        '-f', 'lavfi', '-i', chime,
        '-vf', `${cardFilter(slide, tmp, true)},format=yuv420p`,
        '-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'stillimage', '-crf', '30', '-profile:v', 'high', '-g', '250',
        '-c:a', 'aac', '-b:a', '48k', '-ac', '1',
        '-shortest', '-movflags', '+faststart', '-map_metadata', '-1', '-fflags', '+bitexact', out,
      ]);
    } else {
      run(['-f', 'lavfi', '-i', colour, '-vf', cardFilter(slide, tmp, false), '-frames:v', '1', '-map_metadata', '-1', out]);
    }
    const size = statSync(out).size;
    total += size;
    console.log(`${path.relative(root, out)}  ${(size / 1024).toFixed(1)} KB`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
