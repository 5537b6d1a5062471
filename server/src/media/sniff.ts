/**
 * File type checks by magic bytes (spec 001 §5 "Media"): the declared name or Content-Type is never
 * trusted. Accepted video types: mp4, quicktime, avi, webm, mpeg, mp2t, 3gpp, matroska, mpg; image
 * types: jpeg, png, gif. Anything else — and an empty file — is refused with a message naming the file.
 */
import { stat } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile, type FileTypeResult } from 'file-type';
import type { MediaKind } from '../db/schema';
import type { Storage } from './storage';

/** Media kinds, spec 000 §3. */
export const MEDIA_KINDS = ['SlideVideo', 'LogoVideo', 'SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'] as const satisfies readonly MediaKind[];
export const VIDEO_KINDS = ['SlideVideo', 'LogoVideo'] as const satisfies readonly MediaKind[];

/** 'VIDEO' for SlideVideo/LogoVideo, 'IMAGE' for the image kinds. */
export function mediaTypeOf(kind: MediaKind): 'VIDEO' | 'IMAGE' {
  return (VIDEO_KINDS as readonly MediaKind[]).includes(kind) ? 'VIDEO' : 'IMAGE';
}

/** Largest accepted file per media type through tus, in bytes (docs/api.md "Media"). */
export const MAX_BYTES = { VIDEO: 2 * 1024 ** 3, IMAGE: 20 * 1024 ** 2 } as const;
/**
 * Largest file through the multipart endpoint, in bytes: the body is parsed in memory, so larger
 * videos go through tus (docs/api.md "Media").
 */
export const MAX_MULTIPART_BYTES = { VIDEO: 256 * 1024 ** 2, IMAGE: 20 * 1024 ** 2 } as const;

/** A recognised, accepted file type: `format` is the spec's name, `mime` what we serve, `ext` for the key. */
export interface AcceptedType {
  mediaType: 'VIDEO' | 'IMAGE';
  format: string;
  mime: string;
  ext: string;
}

/** file-type's MIME → accepted type. */
const ACCEPTED: Record<string, AcceptedType> = {
  'video/mp4': { mediaType: 'VIDEO', format: 'mp4', mime: 'video/mp4', ext: 'mp4' },
  'video/x-m4v': { mediaType: 'VIDEO', format: 'mp4', mime: 'video/mp4', ext: 'mp4' },
  'video/quicktime': { mediaType: 'VIDEO', format: 'quicktime', mime: 'video/quicktime', ext: 'mov' },
  'video/vnd.avi': { mediaType: 'VIDEO', format: 'avi', mime: 'video/x-msvideo', ext: 'avi' },
  'video/webm': { mediaType: 'VIDEO', format: 'webm', mime: 'video/webm', ext: 'webm' },
  'video/mpeg': { mediaType: 'VIDEO', format: 'mpeg', mime: 'video/mpeg', ext: 'mpg' },
  'video/MP1S': { mediaType: 'VIDEO', format: 'mpg', mime: 'video/mpeg', ext: 'mpg' },
  'video/MP2P': { mediaType: 'VIDEO', format: 'mpg', mime: 'video/mpeg', ext: 'mpg' },
  'video/mp2t': { mediaType: 'VIDEO', format: 'mp2t', mime: 'video/mp2t', ext: 'ts' },
  'video/3gpp': { mediaType: 'VIDEO', format: '3gpp', mime: 'video/3gpp', ext: '3gp' },
  'video/3gpp2': { mediaType: 'VIDEO', format: '3gpp', mime: 'video/3gpp2', ext: '3g2' },
  'video/matroska': { mediaType: 'VIDEO', format: 'matroska', mime: 'video/x-matroska', ext: 'mkv' },
  'image/jpeg': { mediaType: 'IMAGE', format: 'jpeg', mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { mediaType: 'IMAGE', format: 'png', mime: 'image/png', ext: 'png' },
  'image/apng': { mediaType: 'IMAGE', format: 'png', mime: 'image/png', ext: 'png' },
  'image/gif': { mediaType: 'IMAGE', format: 'gif', mime: 'image/gif', ext: 'gif' },
};

export const ACCEPTED_VIDEO_FORMATS = 'mp4, quicktime, avi, webm, mpeg, mp2t, 3gpp, matroska, mpg';
export const ACCEPTED_IMAGE_FORMATS = 'jpeg, png, gif';

/** Outcome of `sniffFile`: the accepted type, or a user-facing reason naming the file. */
export type SniffResult = { ok: true; type: AcceptedType; size: number } | { ok: false; reason: string; zeroLength: boolean };

/** The message for an empty file (spec 001 §8 'File has zero length'). */
export const ZERO_LENGTH = 'File has zero length';

/**
 * Checks the file at `filePath` (named `fileName` by the user) against the accepted types of
 * `kind`'s media type, by its magic bytes.
 * @returns `{ok:true, type, size}` or `{ok:false, reason}`; never throws for bad content (throws only
 *   on I/O errors such as a missing file).
 */
export async function sniffFile(filePath: string, fileName: string, kind: MediaKind): Promise<SniffResult> {
  const { size } = await stat(filePath);
  if (size === 0) return { ok: false, reason: ZERO_LENGTH, zeroLength: true };
  return judge(await fileTypeFromFile(filePath), size, fileName, kind);
}

/** Bytes read from the start of a stored object by `sniffStored` (enough for every accepted type's signature). */
export const SNIFF_HEAD_BYTES = 64 * 1024;

/**
 * `sniffFile` for an object already in storage (a finished tus upload in an S3 bucket): reads only
 * its first `SNIFF_HEAD_BYTES` bytes with a ranged read, never the whole object.
 * @returns as `sniffFile`; throws when the key does not exist or the read fails.
 */
export async function sniffStored(storage: Storage, key: string, fileName: string, kind: MediaKind): Promise<SniffResult> {
  const info = await storage.stat(key);
  if (!info) throw new Error(`Storage key not found: ${JSON.stringify(key)}`);
  if (info.size === 0) return { ok: false, reason: ZERO_LENGTH, zeroLength: true };
  const chunks: Buffer[] = [];
  for await (const chunk of storage.createReadStream(key, { start: 0, end: Math.min(info.size, SNIFF_HEAD_BYTES) - 1 })) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return judge(await fileTypeFromBuffer(Buffer.concat(chunks)), info.size, fileName, kind);
}

/** Accepts `detected` when it is an accepted type of `kind`'s media type; else the reason naming the file. */
function judge(detected: FileTypeResult | undefined, size: number, fileName: string, kind: MediaKind): SniffResult {
  const wanted = mediaTypeOf(kind);
  const type = detected ? ACCEPTED[detected.mime] : undefined;
  if (!type || type.mediaType !== wanted) {
    const accepted = wanted === 'VIDEO' ? ACCEPTED_VIDEO_FORMATS : ACCEPTED_IMAGE_FORMATS;
    const what = wanted === 'VIDEO' ? 'video' : 'image';
    return { ok: false, reason: `"${fileName}" is not a supported ${what} file (accepted: ${accepted}).`, zeroLength: false };
  }
  return { ok: true, type, size };
}

/** Content-Type for a stored file, from its key's extension (`/files/*`). */
export function mimeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const byExt: Record<string, string> = {
    mp4: 'video/mp4',
    mov: 'video/quicktime',
    avi: 'video/x-msvideo',
    webm: 'video/webm',
    mpg: 'video/mpeg',
    ts: 'video/mp2t',
    '3gp': 'video/3gpp',
    '3g2': 'video/3gpp2',
    mkv: 'video/x-matroska',
    jpg: 'image/jpeg',
    png: 'image/png',
    gif: 'image/gif',
    vtt: 'text/vtt; charset=utf-8',
  };
  return byExt[ext] ?? 'application/octet-stream';
}
