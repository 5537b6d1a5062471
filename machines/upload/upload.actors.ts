/**
 * Abstract side effects of the upload chart (spec 001 §4 "Media upload", §7; DESIGN §3 tus).
 *
 * The real implementations live in src/features/media/upload.actors.ts (fetch, tus-js-client,
 * XMLHttpRequest); tests inject fakes. Defaults throw "… must be provided".
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';

/** Media kinds of spec 000 §3 / 001 §3. */
export type MediaKind = 'SlideVideo' | 'LogoVideo' | 'SlideImage' | 'LogoImage' | 'CoverImage' | 'ProfileImage';
/** Media status of spec 001 §3. */
export type MediaStatus = 'Draft' | 'Ready' | 'Error';

/** The fields of a `Media` answer the chart reads (the real answer has more). */
export interface UploadMedia {
  id: number;
  name: string;
  type: MediaKind;
  status: MediaStatus;
  errorReason: string | null;
}

/** Where a multipart upload goes (`POST /media` answers it for images). */
export interface UploadTarget {
  uploadUrl: string;
  uploadToken: string;
}

/**
 * A failure, normalised by the actors: HTTP `status` (null for a network failure), the server's
 * `detail` or the runtime message, `offline` when the browser reports no connection, and
 * `retryAfterMs` from a 429's `Retry-After`.
 */
export interface UploadError {
  status: number | null;
  message: string;
  offline?: boolean;
  retryAfterMs?: number | null;
}

/** createMedia: POST /media `{ type, name, accountId }` → the Draft media and its multipart target. */
export interface CreateMediaInput {
  accountId: number;
  kind: MediaKind;
  name: string;
  /** POST /media/{replaces}/replace instead of POST /media (spec 001 §2 replace). */
  replaces: number | null;
}
export interface CreateMediaOutput {
  media: UploadMedia;
  uploadUrl: UploadTarget | null;
}

/**
 * sendFile: sends the bytes. Videos go through tus (`/api/media/tus`, chunk 150 MB, retry delays
 * [0, 1000], headers Authorization + Account-Id, metadata name + type) and report the created row
 * from the `Media-Id` header; images go multipart to `uploadUrl` with `Upload-Token` (5-minute
 * timeout). It reports through `sendBack` and aborts when stopped; after `upload.terminate` (cancel)
 * the abort also discards the upload on the server.
 */
export interface SendFileInput {
  file: File;
  kind: MediaKind;
  accountId: number;
  /** The row made by createMedia (images); null for tus, which creates it. */
  mediaId: number | null;
  uploadUrl: UploadTarget | null;
  /** tus: Upload-Metadata `replaces` (the media whose file this replaces); null for a new media. */
  replaces: number | null;
  /**
   * tus: the URL of an upload begun earlier (this page's previous attempt, or a page before a
   * reload): the send asks the server for its `Upload-Offset` (HEAD) and continues from there.
   */
  resumeUrl: string | null;
}

/** Events the chart sends to sendFile: `upload.terminate` just before a cancel stops it. */
export type SendFileCommand = { type: 'upload.terminate' };

/** Events sendFile sends back to the chart. */
export type SendFileEvent =
  | { type: 'upload.created'; mediaId: number }
  /** tus: the upload's URL is known (created, or found again by HEAD); it can be resumed from it. */
  | { type: 'upload.started'; uploadUrl: string }
  | { type: 'upload.progress'; bytesSent: number; bytesTotal: number }
  /** All bytes accepted; `media` is the answer when the server gives one (multipart). */
  | { type: 'upload.sent'; media: UploadMedia | null }
  | { type: 'upload.error'; error: UploadError };

/**
 * What is kept of a tus upload in the browser (localStorage) so it can be resumed after a page
 * reload: the upload's URL (the key), its media row, the account and kind, and the file's identity
 * (name, size, MIME type, lastModified) that a re-selected file must match.
 */
export interface StoredUpload {
  uploadUrl: string;
  mediaId: number | null;
  accountId: number;
  kind: MediaKind;
  replaces: number | null;
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

/** pollMedia: GET /media/{mediaId}. */
export interface PollMediaInput {
  mediaId: number;
  accountId: number;
}

/** Default actors: each throws "… must be provided" when started. */
export const missingUploadActors = {
  createMedia: fromPromise<CreateMediaOutput, CreateMediaInput>(async () => {
    throw new Error('createMedia must be provided');
  }),
  sendFile: fromCallback<EventObject, SendFileInput>(() => {
    throw new Error('sendFile must be provided');
  }),
  pollMedia: fromPromise<UploadMedia, PollMediaInput>(async () => {
    throw new Error('pollMedia must be provided');
  }),
};
