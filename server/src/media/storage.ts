/**
 * Media file storage (DESIGN §1 "files"): a small interface over the local directory of the embedded
 * default (`LocalStorage`) or an S3-compatible bucket (`S3Storage`, storage.s3.ts, when `S3_BUCKET`
 * is set; `createStorage` there picks one).
 *
 * Keys are server-generated, `/`-separated and never contain `..`:
 * `${accountId}/${uuid}/source.<ext>`, `…/playback.mp4`, `…/poster.jpg` (see `mediaKey`). The UUID
 * makes every key a capability URL under `/files/{key}` (docs/api.md "Media").
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';

/** Size and modification time of a stored object. `size` in bytes. */
export interface StoredObjectInfo {
  size: number;
  modifiedAt: Date;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /** Writes a stream's bytes under `key` (replacing any object there). Resolves with the size in bytes. */
  putStream(key: string, body: Readable | ReadableStream<Uint8Array>): Promise<{ size: number }>;
  /**
   * Stores a local file under `key`. With `move: true` the source file is consumed (renamed when on
   * the same file system). Resolves with the size in bytes.
   */
  putFile(key: string, filePath: string, opts?: { move?: boolean }): Promise<{ size: number }>;
  /**
   * Runs `fn` with a local file-system path holding the object's bytes (for ffmpeg/ffprobe). Local
   * storage hands out the file itself; a remote store would download to a temporary file first and
   * remove it afterwards. Throws when the key does not exist.
   */
  withLocalPath<T>(key: string, fn: (filePath: string) => Promise<T>): Promise<T>;
  /** Size and mtime of the object, or null when there is none. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Reads the object, or the inclusive `range` of it. Errors (missing key) surface on the stream. */
  createReadStream(key: string, range?: ByteRange): Readable;
  /**
   * Moves the object at `from` to `to` (replacing any object there), within the store — e.g. a
   * finished tus upload to a media item's `source.<ext>`. Resolves with the size in bytes; throws
   * when `from` does not exist.
   */
  move(from: string, to: string): Promise<{ size: number }>;
  /** Deletes one object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix/` (e.g. one media item's folder). */
  deletePrefix(prefix: string): Promise<void>;
}

const KEY_RE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** True when `key` is a well-formed storage key (no `..`, no leading slash, safe characters only). */
export function isValidKey(key: string): boolean {
  return KEY_RE.test(key) && !key.split('/').some((seg) => seg === '.' || seg === '..');
}

function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Builds the storage keys of one media item: a fresh folder `${accountId}/${uuid}` holding
 * `source.<ext>`, `playback.mp4` and `poster.jpg`.
 */
export function mediaKeys(accountId: number, sourceExt: string): { folder: string; source: string; playback: string; poster: string } {
  const folder = `${accountId}/${randomUUID()}`;
  const ext = sourceExt.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
  return { folder, source: `${folder}/source.${ext}`, playback: `${folder}/playback.mp4`, poster: `${folder}/poster.jpg` };
}

/** The folder part of a key produced by `mediaKeys` (`1/uuid/source.mp4` → `1/uuid`). */
export function keyFolder(key: string): string {
  return key.split('/').slice(0, -1).join('/');
}

/** Local-directory storage: object `key` is the file `${root}/${key}`. */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async putStream(key: string, body: Readable | ReadableStream<Uint8Array>): Promise<{ size: number }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.part`;
    const source = body instanceof Readable ? body : Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
    try {
      await pipeline(source, createWriteStream(tmp));
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { size: (await stat(target)).size };
  }

  async putFile(key: string, filePath: string, opts: { move?: boolean } = {}): Promise<{ size: number }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    if (opts.move) {
      try {
        await rename(filePath, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await copyFile(filePath, target);
        await unlink(filePath);
      }
    } else {
      await copyFile(filePath, target);
    }
    return { size: (await stat(target)).size };
  }

  async withLocalPath<T>(key: string, fn: (filePath: string) => Promise<T>): Promise<T> {
    const file = this.file(key);
    await stat(file);
    return fn(file);
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const s = await stat(this.file(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  createReadStream(key: string, range?: ByteRange): Readable {
    return createReadStream(this.file(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async move(from: string, to: string): Promise<{ size: number }> {
    const source = this.file(from);
    const target = this.file(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target);
    return { size: (await stat(target)).size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertKey(prefix);
    await rm(path.join(this.root, ...prefix.split('/')), { recursive: true, force: true });
  }
}
