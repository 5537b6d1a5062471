/**
 * The browser's memory of unfinished tus uploads (DESIGN §5 "fingerprint resume"; issue 5 "resume
 * after a page reload"): one StoredUpload per upload URL under localStorage key
 * `vidbot.uploads.v1`. The upload chart writes it (`rememberUpload` when tus reports the upload's
 * URL, `forgetUpload` when the chart ends); the library's queue reads it on load and shows the
 * entries as interrupted until the person chooses the same file again or discards them.
 *
 * Unreadable or malformed storage counts as empty (nothing thrown); writes that fail (quota, private
 * mode) are ignored — the upload still runs, only a resume after reload is lost. The File itself is
 * not kept: the person chooses it again (see the report of issue 5 on IndexedDB).
 */
import * as v from 'valibot';
import type { StoredUpload } from '../../../machines/upload/upload.actors';

/** localStorage key of the list. */
export const RESUME_STORAGE_KEY = 'vidbot.uploads.v1';

const MediaKindSchema = v.picklist(['SlideVideo', 'LogoVideo', 'SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage']);
const StoredUploadSchema = v.object({
  uploadUrl: v.pipe(v.string(), v.minLength(1)),
  mediaId: v.nullable(v.number()),
  accountId: v.number(),
  kind: MediaKindSchema,
  replaces: v.nullable(v.number()),
  name: v.string(),
  size: v.number(),
  type: v.string(),
  lastModified: v.number(),
});
const StoredListSchema = v.array(StoredUploadSchema);

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readAll(): StoredUpload[] {
  const raw = storage()?.getItem(RESUME_STORAGE_KEY);
  if (!raw) return [];
  try {
    const parsed = v.safeParse(StoredListSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

function writeAll(uploads: StoredUpload[]): void {
  try {
    const store = storage();
    if (!store) return;
    if (uploads.length === 0) store.removeItem(RESUME_STORAGE_KEY);
    else store.setItem(RESUME_STORAGE_KEY, JSON.stringify(uploads));
  } catch {
    // Quota or private mode: only the resume after a reload is lost.
  }
}

/** The stored uploads of `accountId`, oldest first. */
export function listStoredUploads(accountId: number): StoredUpload[] {
  return readAll().filter((u) => u.accountId === accountId);
}

/** Stores `upload` (replacing an earlier record of the same URL). */
export function rememberStoredUpload(upload: StoredUpload): void {
  writeAll([...readAll().filter((u) => u.uploadUrl !== upload.uploadUrl), upload]);
}

/** Forgets the upload at `uploadUrl` (no-op when unknown). */
export function forgetStoredUpload(uploadUrl: string): void {
  const all = readAll();
  const rest = all.filter((u) => u.uploadUrl !== uploadUrl);
  if (rest.length !== all.length) writeAll(rest);
}
