/**
 * Media building blocks on the real fixtures: magic-byte sniffing (spec 001 §5), ffprobe, the
 * browser-playability decision, output sizing, Range parsing, and local storage.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { displaySize, ffprobe, isBrowserPlayable, parseProgressLine, posterTime, targetSize } from './ffmpeg';
import { parseRange } from './files';
import { loadEnv } from '../env';
import { mimeForKey, sniffFile } from './sniff';
import { isValidKey, LocalStorage, mediaKeys } from './storage';

const FIX = path.resolve(import.meta.dirname, '../../../../shared/fixtures/media');
const paths = loadEnv({}); // ffmpeg/ffprobe as the server finds them (scripts/toolchain.mjs)
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vidbot-media-lib-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sniffFile', () => {
  it.each([
    ['echo-hereweare.webm', 'SlideVideo', 'webm', 'video/webm'],
    ['sample.avi', 'SlideVideo', 'avi', 'video/x-msvideo'],
    ['sample.mkv', 'LogoVideo', 'matroska', 'video/x-matroska'],
    ['video_desks.3gp', 'SlideVideo', '3gpp', 'video/3gpp'],
    ['sample.mp4', 'SlideVideo', 'mp4', 'video/mp4'],
    ['big_buck_bunny.jpg', 'SlideImage', 'jpeg', 'image/jpeg'],
  ] as const)('accepts %s as %s', async (file, kind, format, mime) => {
    const r = await sniffFile(path.join(FIX, file), file, kind);
    expect(r.ok && r.type.format).toBe(format);
    expect(r.ok && r.type.mime).toBe(mime);
  });

  it('refuses a text file named .mp4, naming the file', async () => {
    const p = path.join(tmp, 'notes.mp4');
    writeFileSync(p, 'just some text, not a video at all\n'.repeat(20));
    const r = await sniffFile(p, 'notes.mp4', 'SlideVideo');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/^"notes\.mp4" is not a supported video file/);
  });

  it('refuses an image where a video is expected and the reverse', async () => {
    const img = await sniffFile(path.join(FIX, 'big_buck_bunny.jpg'), 'bbb.jpg', 'SlideVideo');
    expect(!img.ok && img.reason).toContain('"bbb.jpg"');
    const vid = await sniffFile(path.join(FIX, 'sample.mp4'), 'clip.mp4', 'CoverImage');
    expect(!vid.ok && vid.reason).toContain('not a supported image file');
  });

  it('refuses an empty file with "File has zero length"', async () => {
    const p = path.join(tmp, 'empty.webm');
    writeFileSync(p, '');
    const r = await sniffFile(p, 'empty.webm', 'SlideVideo');
    expect(r).toEqual({ ok: false, reason: 'File has zero length', zeroLength: true });
  });
});

describe('ffprobe and the playability decision', () => {
  it('probes the WebM fixture: 44.7 s VP8 480x270 + Vorbis, playable as is', async () => {
    const p = await ffprobe(paths, path.join(FIX, 'echo-hereweare.webm'));
    expect(p.duration).toBeCloseTo(44.65, 1);
    expect(p.video).toMatchObject({ codec: 'vp8', width: 480, height: 270 });
    expect(p.audio?.codec).toBe('vorbis');
    expect(isBrowserPlayable('video/webm', p)).toBe(true);
  });

  it('transcodes AVI (MPEG-4 Part 2 + MP3), Matroska with AC-3 and 3GP (H.263)', async () => {
    const avi = await ffprobe(paths, path.join(FIX, 'sample.avi'));
    expect(isBrowserPlayable('video/x-msvideo', avi)).toBe(false);
    const mkv = await ffprobe(paths, path.join(FIX, 'sample.mkv'));
    expect(mkv.audio?.codec).toBe('ac3');
    expect(isBrowserPlayable('video/x-matroska', mkv)).toBe(false);
    const gp = await ffprobe(paths, path.join(FIX, 'video_desks.3gp'));
    expect(isBrowserPlayable('video/3gpp', gp)).toBe(false);
    // 3GP has 12:11 pixels: the display width is corrected.
    expect(displaySize(gp.video!)).toEqual({ width: 384, height: 288 });
  });

  it('plays H.264/AAC MP4 as is, but not HEVC, 10-bit H.264 or AC-3 audio in MP4', async () => {
    const mp4 = await ffprobe(paths, path.join(FIX, 'sample.mp4'));
    expect(isBrowserPlayable('video/mp4', mp4)).toBe(true);
    const v = mp4.video!;
    expect(isBrowserPlayable('video/mp4', { ...mp4, video: { ...v, codec: 'hevc' } })).toBe(false);
    expect(isBrowserPlayable('video/mp4', { ...mp4, video: { ...v, pixFmt: 'yuv420p10le' } })).toBe(false);
    expect(isBrowserPlayable('video/mp4', { ...mp4, audio: { codec: 'ac3', channels: 6 } })).toBe(false);
    expect(isBrowserPlayable('video/mpeg', { ...mp4, video: { ...v, codec: 'mpeg2video' } })).toBe(false);
  });

  it('sizes outputs within 1080p keeping aspect and even sides', () => {
    expect(targetSize({ width: 3840, height: 2160 })).toEqual({ width: 1920, height: 1080 });
    expect(targetSize({ width: 1080, height: 1920 })).toEqual({ width: 1080, height: 1920 });
    expect(targetSize({ width: 2160, height: 3840 })).toEqual({ width: 1080, height: 1920 });
    expect(targetSize({ width: 481, height: 271 })).toEqual({ width: 482, height: 272 });
    expect(targetSize({ width: 4000, height: 1000 })).toEqual({ width: 1920, height: 480 });
    expect(displaySize({ codec: 'h264', width: 1920, height: 1080, pixFmt: 'yuv420p', sar: 1, rotation: 90 })).toEqual({ width: 1080, height: 1920 });
  });

  it('reads progress lines and picks the poster time', () => {
    expect(parseProgressLine('out_time_us=2500000')).toBe(2.5);
    expect(parseProgressLine('frame=12')).toBeNull();
    expect(posterTime(44.7)).toBe(1);
    expect(posterTime(1.07)).toBe(0);
    expect(posterTime(null)).toBe(0);
  });
});

describe('parseRange', () => {
  it('parses single ranges and refuses unsatisfiable ones', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('LocalStorage', () => {
  it('stores, reads ranges, moves files in, and deletes', async () => {
    const storage = new LocalStorage(path.join(tmp, 'store'));
    const keys = mediaKeys(7, 'webm');
    expect(keys.source).toMatch(/^7\/[0-9a-f-]{36}\/source\.webm$/);
    await storage.putStream(keys.poster, Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(await text(storage.createReadStream(keys.poster, { start: 6, end: 10 }))).toBe('world');
    const src = path.join(tmp, 'moved.bin');
    writeFileSync(src, 'abc');
    expect(await storage.putFile(keys.source, src, { move: true })).toEqual({ size: 3 });
    expect(await storage.withLocalPath(keys.source, async (p) => readFileSync(p, 'utf8'))).toBe('abc');
    await storage.deletePrefix(keys.folder);
    expect(await storage.stat(keys.source)).toBeNull();
  });

  it('rejects keys that could escape the root', () => {
    expect(isValidKey('1/abc/source.mp4')).toBe(true);
    for (const bad of ['../etc/passwd', '1/../../x', '/abs', '1//x', '1/.hidden/..', '1/a b']) expect(isValidKey(bad)).toBe(false);
    expect(mimeForKey('1/x/playback.mp4')).toBe('video/mp4');
    expect(mimeForKey('1/x/poster.jpg')).toBe('image/jpeg');
  });
});
