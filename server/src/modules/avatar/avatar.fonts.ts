/**
 * The font file for burned-in captions (ffmpeg's `drawtext` needs a TrueType/OpenType file; both the
 * Debian ffmpeg and the @ffmpeg-installer static build have drawtext with libfreetype). Found once
 * per process, in this order:
 *
 * 1. `fc-match -f %{file} sans-serif:bold` when fontconfig is installed;
 * 2. well-known system paths (DejaVu, Liberation, Noto, FreeFont; Debian/Ubuntu/Fedora/Alpine);
 * 3. Open Sans Bold from the font archive that the npm package @sparticuz/chromium ships
 *    (`bin/fonts.tar.br`, brotli + tar), unpacked once to `${DATA_DIR}/fonts/`.
 *
 * Null when none is found: the renderer then leaves the captions out (the start banner and the
 * job's log say so) rather than failing the video.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/** Bold sans-serif fonts at their usual places. */
export const SYSTEM_FONT_PATHS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
  '/usr/share/fonts/noto/NotoSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];

const FONT_FILE = /\.(ttf|otf)$/i;

/** `fc-match`'s file for a bold sans-serif, or null (no fontconfig, no font, not a TTF/OTF). */
function fcMatch(): Promise<string | null> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn('fc-match', ['-f', '%{file}', 'sans-serif:bold'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 && FONT_FILE.test(out.trim()) && existsSync(out.trim()) ? out.trim() : null));
  });
}

/**
 * The bytes of the member of a POSIX/ustar `tar` archive whose name ends with `/${baseName}`, or null.
 * (Headers of 512 bytes: name at 0..100, size in octal at 124..136, `prefix` at 345..500.)
 */
export function readTarMember(tar: Buffer, baseName: string): Buffer | null {
  let off = 0;
  while (off + 512 <= tar.length) {
    const header = tar.subarray(off, off + 512);
    if (header.every((b) => b === 0)) return null;
    const field = (a: number, b: number) => header.subarray(a, b).toString('utf8').replace(/\0.*$/s, '');
    const name = `${field(345, 500)}${field(0, 100)}`;
    const size = parseInt(field(124, 136).trim() || '0', 8);
    const body = off + 512;
    if (name === baseName || name.endsWith(`/${baseName}`)) return tar.subarray(body, body + size);
    off = body + Math.ceil(size / 512) * 512;
  }
  return null;
}

/** Open Sans Bold unpacked from @sparticuz/chromium's `bin/fonts.tar.br` into `dir`, or null (package absent). */
export async function chromiumPackageFont(dir: string): Promise<string | null> {
  const target = path.join(dir, 'OpenSans-Bold.ttf');
  if (existsSync(target)) return target;
  try {
    const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
    const archive = path.join(path.dirname(path.dirname(entry)), 'bin', 'fonts.tar.br');
    const tar = brotliDecompressSync(await readFile(archive));
    const font = readTarMember(tar, 'OpenSans-Bold.ttf') ?? readTarMember(tar, 'OpenSans-Regular.ttf');
    if (!font) return null;
    await mkdir(dir, { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, font);
    await rename(tmp, target);
    return target;
  } catch {
    return null;
  }
}

const found = new Map<string, Promise<string | null>>();

/**
 * The caption font file (see the file comment), memoised per `dataDir`.
 * @param dataDir DATA_DIR: where an unpacked font is kept (`fonts/`).
 * @returns an absolute path of a .ttf/.otf, or null when this machine has none.
 */
export function findCaptionFont(dataDir: string): Promise<string | null> {
  let hit = found.get(dataDir);
  if (!hit) {
    hit = (async () => (await fcMatch()) ?? SYSTEM_FONT_PATHS.find((p) => existsSync(p)) ?? (await chromiumPackageFont(path.join(dataDir, 'fonts'))))();
    found.set(dataDir, hit);
  }
  return hit;
}
