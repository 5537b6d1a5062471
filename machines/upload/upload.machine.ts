/**
 * Upload chart: one file into the media library (spec 001 §4 "Media upload", §5 "Media", §8, §9;
 * DESIGN §5 "Uploads": ordered steps, typed events, retry table, `uploadComplete` ≠ `processed`).
 *
 * ```
 *  checkingFile ──no account / zero length / unsupported type──► refused (final)
 *     │ image kind                        │ video kind (tus creates the row, Media-Id header)
 *     ▼                                   │
 *  creatingRecord (POST /media) ──────────┤
 *                                         ▼
 *                    ┌──────────────► uploading (sendFile: progress = min(sent/total, 0.99))
 *   waitingToRetry ──┘ retryDelay        │ upload.error → retry table      │ upload.sent
 *   paused ── upload.online ─────────────┘ (images without a record: ──► creatingRecord)
 *     ▲ upload.offline (browser offline: from creatingRecord, uploading, waitingToRetry;   ▼
 *     │                 the send is aborted, not terminated, and resumes from its offset)
 *                                 processing.waiting ──pollInterval (2000 ms)──► processing.checking
 *                                        ▲ still Draft                               │ GET /media/{id}
 *                                        └───────────────────────────────────────────┤
 *                                             Ready ──► done (final, progress 1)      │ Error ──► failed (final)
 *  upload.cancel from any non-final state ──► cancelled (final; sendFile first receives
 *  `upload.terminate`, then is stopped: its cleanup aborts the request and discards the upload)
 * ```
 *
 * Retry table (`classifyUploadError`), applied to `upload.error` while sending and to poll failures:
 * | failure                                   | class   | chart                                        |
 * |-------------------------------------------|---------|----------------------------------------------|
 * | browser offline                           | offline | `paused` until `upload.online`               |
 * | 429                                       | wait    | `waitingToRetry` for Retry-After or backoff  |
 * | network (no status), 409, 423, 5xx        | retry   | `waitingToRetry` (backoff 1 s, 2 s, … ≤ 30 s) until MAX_UPLOAD_ATTEMPTS |
 * | other 4xx (400, 401, 403, 404, 413, 422…) | fatal   | `failed`                                     |
 * tus-js-client retries chunks itself first (retry delays [0, 1000]); the chart's retries come after,
 * and tus resumes from the stored offset (fingerprint). createMedia failures are final (nothing sent
 * yet; the person starts again).
 *
 * Stall detection: `uploading` holds a `watching` child whose `stallTimeout` (STALL_TIMEOUT_MS without
 * an `upload.progress`) counts as a retryable failure: the send is aborted (not terminated) and retried
 * from the stored offset, within MAX_UPLOAD_ATTEMPTS. Every progress event re-enters `watching`.
 * Resume (DESIGN §5 "fingerprint resume"): tus reports the upload's URL (`upload.started`); the chart
 * keeps it (`tusUrl`: retries continue from the server's offset) and `rememberUpload` stores it with
 * the media id and the file's identity (StoredUpload, localStorage at the app edge) so a page reload
 * does not lose it; `forgetUpload` drops it when the chart ends (done, failed, cancelled). An input
 * `resume` (the queue matched a re-selected file to a stored upload) starts with that URL and media
 * id: the send continues from the server's `Upload-Offset` and ends in the same media row.
 *
 * A replacement (input `replaces`: the id of the media whose file this upload replaces, spec 001 §2
 * "replace") creates its row with `POST /media/{id}/replace` (images) or sends tus metadata
 * `replaces` (videos). The concurrency-limited queue is machines/uploadQueue.
 */
import { and, assign, enqueueActions, not, setup } from 'xstate';
import {
  missingUploadActors,
  type CreateMediaInput,
  type MediaKind,
  type PollMediaInput,
  type SendFileEvent,
  type SendFileInput,
  type StoredUpload,
  type UploadError,
  type UploadMedia,
  type UploadTarget,
} from './upload.actors';

/** Spec 001 §9: video upload polling every 2000 ms. */
export const POLL_INTERVAL_MS = 2000;
/** Spec 001 §4/§9: progress is capped at 0.99 until the upload completes. */
export const PROGRESS_CAP = 0.99;
/** Sends tried before a retryable failure becomes final. */
export const MAX_UPLOAD_ATTEMPTS = 3;
/** No progress for this long while sending counts as a stalled upload (retried). */
export const STALL_TIMEOUT_MS = 30_000;
/** Poll failures (network, 5xx) tolerated before giving up. */
export const MAX_POLL_FAILURES = 5;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** Video kinds go through tus; image kinds through POST /media + multipart. */
export const VIDEO_KINDS: readonly MediaKind[] = ['SlideVideo', 'LogoVideo'];
/** Spec 001 §5 accepted video types (MIME). */
export const ACCEPTED_VIDEO_TYPES: readonly string[] = [
  'video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/avi', 'video/msvideo', 'video/vnd.avi', 'video/webm',
  'video/mpeg', 'video/mp2t', 'video/3gpp', 'video/x-matroska', 'video/matroska', 'video/mpg',
];
/** Spec 001 §5 accepted image types (MIME). */
export const ACCEPTED_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif'];
const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'avi', 'webm', 'mpeg', 'mpg', 'ts', 'm2ts', '3gp', 'mkv'];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];

/** True for SlideVideo / LogoVideo. */
export function isVideoKind(kind: MediaKind): boolean {
  return VIDEO_KINDS.includes(kind);
}

/**
 * Whether `file` is of a type accepted for `kind` (spec 001 §5): by MIME type, or by extension when
 * the browser gives no type (e.g. some .mkv files).
 */
export function isAcceptedFile(file: { name: string; type: string }, kind: MediaKind): boolean {
  const video = isVideoKind(kind);
  const mime = file.type.toLowerCase();
  if (mime) return (video ? ACCEPTED_VIDEO_TYPES : ACCEPTED_IMAGE_TYPES).includes(mime);
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return (video ? VIDEO_EXTENSIONS : IMAGE_EXTENSIONS).includes(ext);
}

/** The retry-table class of a failure (see the chart comment). */
export type UploadErrorClass = 'offline' | 'wait' | 'retry' | 'fatal';

/** Classifies a failure by the retry table: fatal 4xx except 409/423; 429 waits; offline pauses. */
export function classifyUploadError(error: UploadError): UploadErrorClass {
  if (error.offline) return 'offline';
  if (error.status === 429) return 'wait';
  if (error.status === null || error.status === 409 || error.status === 423 || error.status >= 500) return 'retry';
  return 'fatal';
}

/** Normalises anything thrown or rejected into an UploadError. */
export function toUploadError(error: unknown): UploadError {
  if (typeof error === 'object' && error !== null) {
    const e = error as { status?: unknown; message?: unknown; detail?: unknown; offline?: unknown; retryAfterMs?: unknown };
    const status = typeof e.status === 'number' ? e.status : null;
    const message = typeof e.detail === 'string' ? e.detail : typeof e.message === 'string' ? e.message : 'Unexpected error';
    return {
      status,
      message,
      offline: e.offline === true,
      retryAfterMs: typeof e.retryAfterMs === 'number' ? e.retryAfterMs : null,
    };
  }
  return { status: null, message: typeof error === 'string' ? error : 'Unexpected error' };
}

/** Why a file was refused before anything was sent (the view words it; spec 001 §8). */
export type UploadRefusal =
  | { code: 'noActiveAccount' }
  | { code: 'zeroLength'; fileName: string }
  | { code: 'unsupportedType'; fileName: string };

/** Chart memory. */
export interface UploadContext {
  file: File;
  kind: MediaKind;
  accountId: number | null;
  /** The media this upload replaces (spec 001 §2 replace), or null for a new media. */
  replaces: number | null;
  mediaId: number | null;
  media: UploadMedia | null;
  uploadUrl: UploadTarget | null;
  /** tus: the upload's URL once known (resume point); null for multipart or before creation. */
  tusUrl: string | null;
  /** 0..1, capped at PROGRESS_CAP until done. */
  progress: number;
  bytesSent: number;
  bytesTotal: number;
  /** Sends started (1 on the first; resuming after offline does not count). */
  attempts: number;
  pollFailures: number;
  lastError: UploadError | null;
  refusal: UploadRefusal | null;
  /** The message of a final failure (server detail, media errorReason). */
  failure: string | null;
}

/** Input: the file, the media kind it becomes, and the active account (null when none). */
export interface UploadInput {
  file: File;
  kind: MediaKind;
  accountId: number | null;
  /** Replace the file of this media (it keeps its id); omitted or null for a new media. */
  replaces?: number | null;
  /** Continue a stored tus upload (its URL and media row) instead of creating a new one. */
  resume?: { uploadUrl: string; mediaId: number | null } | null;
}

/**
 * Events: the person's (`upload.cancel`), the browser's (`upload.offline` / `upload.online`:
 * window offline/online, forwarded by the queue or useUpload), and sendFile's.
 */
export type UploadEvent = SendFileEvent | { type: 'upload.cancel' } | { type: 'upload.offline' } | { type: 'upload.online' };

/** The StoredUpload of a chart whose tus URL is known (null otherwise). */
export function storedUploadOf(context: UploadContext): StoredUpload | null {
  if (context.tusUrl === null || context.accountId === null) return null;
  return {
    uploadUrl: context.tusUrl,
    mediaId: context.mediaId,
    accountId: context.accountId,
    kind: context.kind,
    replaces: context.replaces,
    name: context.file.name,
    size: context.file.size,
    type: context.file.type,
    lastModified: context.file.lastModified,
  };
}

/** Whether `file` is the file a stored upload was made from (name, size, MIME type, lastModified). */
export function isSameFile(stored: Pick<StoredUpload, 'name' | 'size' | 'type' | 'lastModified'>, file: File): boolean {
  return stored.name === file.name && stored.size === file.size && stored.type === file.type && stored.lastModified === file.lastModified;
}

function doneOutput(event: UploadEvent): unknown {
  return 'output' in event ? event.output : undefined;
}

function isMedia(value: unknown): value is UploadMedia {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number'
    && typeof (value as { status?: unknown }).status === 'string';
}

/** The media an event carries: sendFile's `upload.sent`, a createMedia or pollMedia result. */
function mediaOf(event: UploadEvent): UploadMedia | null {
  if (event.type === 'upload.sent') return event.media;
  const output = doneOutput(event);
  if (isMedia(output)) return output;
  if (typeof output === 'object' && output !== null && 'media' in output && isMedia(output.media)) return output.media;
  return null;
}

/** The failure an event carries (`upload.error` or an actor error event). */
function errorOf(event: UploadEvent): UploadError | null {
  if (event.type === 'upload.error') return event.error;
  return 'error' in event ? toUploadError(event.error) : null;
}

function createMediaInput({ context }: { context: UploadContext }): CreateMediaInput {
  if (context.accountId === null) throw new Error('createMedia needs an account');
  return { accountId: context.accountId, kind: context.kind, name: context.file.name, replaces: context.replaces };
}

function sendFileInput({ context }: { context: UploadContext }): SendFileInput {
  if (context.accountId === null) throw new Error('sendFile needs an account');
  return {
    file: context.file,
    kind: context.kind,
    accountId: context.accountId,
    mediaId: context.mediaId,
    uploadUrl: context.uploadUrl,
    replaces: context.replaces,
    resumeUrl: context.tusUrl,
  };
}

function pollMediaInput({ context }: { context: UploadContext }): PollMediaInput {
  if (context.mediaId === null || context.accountId === null) throw new Error('pollMedia needs a media id');
  return { mediaId: context.mediaId, accountId: context.accountId };
}

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: missingUploadActors,
  delays: {
    /** Spec 001 §9: 2000 ms between polls. */
    pollInterval: POLL_INTERVAL_MS,
    /** No progress for STALL_TIMEOUT_MS while sending: the upload has stalled. */
    stallTimeout: STALL_TIMEOUT_MS,
    /** Retry-After of a 429, else exponential backoff by attempt (1 s, 2 s, 4 s … ≤ 30 s). */
    retryDelay: ({ context }) =>
      context.lastError?.retryAfterMs ?? Math.min(RETRY_BASE_MS * 2 ** Math.max(0, context.attempts - 1), RETRY_MAX_MS),
  },
  guards: {
    hasActiveAccount: ({ context }) => context.accountId !== null,
    hasBytes: ({ context }) => context.file.size > 0,
    isAcceptedType: ({ context }) => isAcceptedFile(context.file, context.kind),
    isVideoUpload: ({ context }) => isVideoKind(context.kind),
    /** The event's media is Ready. */
    isMediaReady: ({ event }) => mediaOf(event)?.status === 'Ready',
    /** The event's media is Error (rejected by the server's checks or processing). */
    isMediaError: ({ event }) => mediaOf(event)?.status === 'Error',
    /** A row to poll is known (from createMedia, the Media-Id header or the answer). */
    hasMediaToPoll: ({ context, event }) => (mediaOf(event)?.id ?? context.mediaId) !== null,
    isOffline: ({ event }) => { const e = errorOf(event); return e !== null && classifyUploadError(e) === 'offline'; },
    isRateLimited: ({ event }) => { const e = errorOf(event); return e !== null && classifyUploadError(e) === 'wait'; },
    isRetryable: ({ event }) => { const e = errorOf(event); return e !== null && classifyUploadError(e) === 'retry'; },
    hasAttemptsLeft: ({ context }) => context.attempts < MAX_UPLOAD_ATTEMPTS,
    hasPollRetriesLeft: ({ context }) => context.pollFailures + 1 < MAX_POLL_FAILURES,
    /** An image whose record (and multipart target) is not made yet. */
    needsRecord: ({ context }) => !isVideoKind(context.kind) && context.uploadUrl === null,
  },
  actions: {
    refuseNoAccount: assign({ refusal: { code: 'noActiveAccount' } as UploadRefusal }),
    refuseZeroLength: assign(({ context }) => ({ refusal: { code: 'zeroLength', fileName: context.file.name } as UploadRefusal })),
    refuseType: assign(({ context }) => ({ refusal: { code: 'unsupportedType', fileName: context.file.name } as UploadRefusal })),
    storeCreated: assign(({ event }) => {
      const output = doneOutput(event);
      if (typeof output !== 'object' || output === null || !('media' in output) || !isMedia(output.media)) return {};
      const uploadUrl = 'uploadUrl' in output ? (output.uploadUrl as UploadTarget | null) : null;
      return { media: output.media, mediaId: output.media.id, uploadUrl };
    }),
    storeMediaId: assign(({ event }) => (event.type === 'upload.created' ? { mediaId: event.mediaId } : {})),
    storeTusUrl: assign(({ event }) => (event.type === 'upload.started' ? { tusUrl: event.uploadUrl } : {})),
    /**
     * Keeps the upload's StoredUpload (see storedUploadOf) for a resume after a page reload.
     * Supplied at the app edge (localStorage); does nothing by default.
     */
    rememberUpload: () => undefined,
    /**
     * Drops the StoredUpload of `context.tusUrl` (the chart ended, or tus reports a new URL; no-op
     * while null). Supplied at the app edge; nothing by default.
     */
    forgetUpload: () => undefined,
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    storeProgress: assign(({ event, context }) => {
      if (event.type !== 'upload.progress' || event.bytesTotal <= 0) return {};
      const ratio = Math.min(event.bytesSent / event.bytesTotal, PROGRESS_CAP);
      return { bytesSent: event.bytesSent, bytesTotal: event.bytesTotal, progress: Math.max(context.progress, Math.max(0, ratio)) };
    }),
    storeSent: assign(({ event, context }) => {
      const media = mediaOf(event);
      return {
        progress: PROGRESS_CAP,
        bytesSent: context.file.size,
        bytesTotal: context.file.size,
        media: media ?? context.media,
        mediaId: media?.id ?? context.mediaId,
        lastError: null,
      };
    }),
    storeMedia: assign(({ event, context }) => {
      const media = mediaOf(event);
      return media ? { media, mediaId: media.id, pollFailures: 0 } : { media: context.media };
    }),
    storeError: assign(({ event }) => ({ lastError: errorOf(event) })),
    storeStall: assign({ lastError: { status: null, message: 'The upload stalled' } as UploadError }),
    failStalled: assign({ lastError: { status: null, message: 'The upload stalled' } as UploadError, failure: 'The upload stalled' }),
    countPollFailure: assign(({ context, event }) => ({ pollFailures: context.pollFailures + 1, lastError: errorOf(event) })),
    failFromError: assign(({ event }) => {
      const e = errorOf(event);
      return { lastError: e, failure: e?.message ?? 'Unexpected error' };
    }),
    failFromMedia: assign(({ event }) => {
      const media = mediaOf(event);
      return { media, failure: media?.errorReason ?? 'Unexpected error' };
    }),
    failNoMedia: assign({ failure: 'Unexpected error' }),
    complete: assign({ progress: 1 }),
    /**
     * Leaving `uploading` because of `upload.cancel`: tell sendFile to discard the upload (tus
     * termination removes the Draft row) before it is stopped; other exits only abort, so a retry or
     * a resume after going offline continues from the stored offset.
     */
    terminateOnCancel: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'upload.cancel') enqueue.sendTo('sendFile', { type: 'upload.terminate' });
    }),
  },
}).createMachine({
  id: 'upload',
  meta: { description: 'One file on its way into the media library: checked, sent, processed by the server, and ready to use — or stopped with a reason the person can read.' },
  context: ({ input }) => ({
    file: input.file,
    kind: input.kind,
    accountId: input.accountId,
    replaces: input.replaces ?? null,
    mediaId: input.resume?.mediaId ?? null,
    media: null,
    uploadUrl: null,
    tusUrl: input.resume?.uploadUrl ?? null,
    progress: 0,
    bytesSent: 0,
    bytesTotal: input.file.size,
    attempts: 0,
    pollFailures: 0,
    lastError: null,
    refusal: null,
    failure: null,
  }),
  initial: 'checkingFile',
  on: {
    'upload.cancel': { target: '.cancelled', description: 'The person presses Cancel upload.' },
  },
  states: {
    checkingFile: {
      meta: { description: 'The file is checked before anything is sent: there must be an active account, the file must not be empty, and its type must be one the library accepts.' },
      always: [
        { guard: not('hasActiveAccount'), target: 'refused', actions: 'refuseNoAccount' },
        { guard: not('hasBytes'), target: 'refused', actions: 'refuseZeroLength' },
        { guard: not('isAcceptedType'), target: 'refused', actions: 'refuseType' },
        { guard: 'isVideoUpload', target: 'uploading', actions: 'countAttempt' },
        { target: 'creatingRecord' },
      ],
    },
    creatingRecord: {
      meta: { description: 'An image: the library first makes an empty entry for it on the server and gets the address to send the file to. The row says “Preparing…”.' },
      tags: ['pending'],
      invoke: {
        id: 'createMedia',
        src: 'createMedia',
        input: createMediaInput,
        onDone: { target: 'uploading', actions: ['storeCreated', 'countAttempt'], description: 'The server made the entry; the file can be sent.' },
        onError: [
          { guard: 'isOffline', target: 'paused', actions: 'storeError', description: 'The entry could not be made because the browser is offline: wait for the connection.' },
          { target: 'failed', actions: 'failFromError', description: 'The server refused to make the entry (for example, the person may not add media).' },
        ],
      },
      on: { 'upload.offline': { target: 'paused', description: 'The browser loses its connection.' } },
    },
    uploading: {
      meta: { description: 'The file is being sent (a video in resumable pieces); the progress bar moves and the person can cancel.' },
      tags: ['pending', 'sending'],
      exit: 'terminateOnCancel',
      invoke: {
        id: 'sendFile',
        src: 'sendFile',
        input: sendFileInput,
        onError: { target: 'failed', actions: 'failFromError', description: 'Sending broke down unexpectedly in the browser.' },
      },
      initial: 'watching',
      states: {
        /** Waits for progress; `stallTimeout` without any means the send has stalled. */
        watching: {
          meta: { description: 'Bytes keep arriving at the server; if nothing moves for 30 seconds the upload counts as stalled and is tried again.' },
          on: {
            // Re-entering only `watching` restarts the stall timer; the send keeps running.
            'upload.progress': { target: 'watching', reenter: true, actions: 'storeProgress', description: 'More of the file has arrived; the progress bar moves (never past 99 % until the file is ready).' },
          },
          after: {
            stallTimeout: [
              { guard: 'hasAttemptsLeft', target: '#upload.waitingToRetry', actions: 'storeStall', description: 'Nothing moved for 30 seconds: try again from where the server stopped.' },
              { target: '#upload.failed', actions: 'failStalled', description: 'Nothing moved for 30 seconds and every attempt is used up.' },
            ],
          },
        },
      },
      on: {
        'upload.created': { actions: 'storeMediaId', description: 'A video: the server has made the media entry for it (it shows as Draft in the library).' },
        // A new URL (the stored one was gone and tus made a new upload) replaces the stored record.
        'upload.started': { actions: ['forgetUpload', 'storeTusUrl', 'rememberUpload'], description: 'A video: the server gave the upload its address; the browser remembers it so a reload can continue it.' },
        'upload.offline': { target: 'paused', description: 'The browser loses its connection; sending stops and will continue from where it was.' },
        'upload.sent': [
          { guard: 'isMediaReady', target: 'done', actions: ['storeSent', 'complete'], description: 'All of the file arrived and the server says it is ready (images).' },
          { guard: 'isMediaError', target: 'failed', actions: ['storeSent', 'failFromMedia'], description: 'All of the file arrived but the server could not use it.' },
          { guard: 'hasMediaToPoll', target: 'processing', actions: 'storeSent', description: 'All of the file arrived; the server still has to process it (videos).' },
          { target: 'failed', actions: ['storeSent', 'failNoMedia'], description: 'All of the file arrived but the server never said which media it became.' },
        ],
        'upload.error': [
          { guard: 'isOffline', target: 'paused', actions: 'storeError', description: 'Sending failed because the browser is offline.' },
          { guard: and(['isRateLimited', 'hasAttemptsLeft']), target: 'waitingToRetry', actions: 'storeError', description: 'The server asks to slow down: wait as long as it says, then try again.' },
          { guard: and(['isRetryable', 'hasAttemptsLeft']), target: 'waitingToRetry', actions: 'storeError', description: 'A passing problem (network, server busy): wait a little, then try again.' },
          { target: 'failed', actions: 'failFromError', description: 'The server refused the file (too large, not allowed…) or every attempt is used up.' },
        ],
      },
    },
    waitingToRetry: {
      meta: { description: 'Sending was interrupted by a passing problem; the row says “Connection problem, retrying…” and the upload tries again after a short wait (longer each time).' },
      tags: ['pending'],
      after: { retryDelay: { target: 'uploading', actions: 'countAttempt', description: 'The wait is over: send again from where the server stopped.' } },
      on: { 'upload.offline': { target: 'paused', description: 'The browser loses its connection while waiting.' } },
    },
    /** Offline: nothing is sent; the person sees a paused label until the browser is back online. */
    paused: {
      meta: { description: 'The browser is offline: nothing is sent and the row says “Paused — offline”. The upload continues by itself when the connection is back.' },
      tags: ['pending', 'paused'],
      on: {
        'upload.online': [
          { guard: 'needsRecord', target: 'creatingRecord', description: 'Back online, and the image has no entry on the server yet: make it first.' },
          { target: 'uploading', description: 'Back online: continue sending from where the server stopped.' },
        ],
      },
    },
    processing: {
      meta: { description: 'The whole file is on the server, which is now converting the video; the row says “Processing…”.' },
      tags: ['pending', 'processing'],
      initial: 'waiting',
      states: {
        waiting: {
          meta: { description: 'Waiting two seconds before asking the server again whether the video is ready.' },
          after: { pollInterval: { target: 'checking', description: 'Two seconds have passed: ask again.' } },
        },
        checking: {
          meta: { description: 'Asking the server whether the video is ready yet.' },
          invoke: {
            id: 'pollMedia',
            src: 'pollMedia',
            input: pollMediaInput,
            onDone: [
              { guard: 'isMediaReady', target: '#upload.done', actions: ['storeMedia', 'complete'], description: 'The server says the video is ready.' },
              { guard: 'isMediaError', target: '#upload.failed', actions: 'failFromMedia', description: 'The server could not process the video (the reason is shown).' },
              { target: 'waiting', actions: 'storeMedia', description: 'Not ready yet (still Draft): ask again later.' },
            ],
            onError: [
              // Offline: keep polling without counting a failure (the row is safe on the server).
              { guard: 'isOffline', target: 'waiting', actions: 'storeError', description: 'The question could not be asked because the browser is offline; ask again later (the file is safe on the server).' },
              { guard: and([not('isRetryable'), not('isRateLimited')]), target: '#upload.failed', actions: 'failFromError', description: 'The server answers that the media is gone or not allowed.' },
              { guard: 'hasPollRetriesLeft', target: 'waiting', actions: 'countPollFailure', description: 'A passing problem: ask again later.' },
              { target: '#upload.failed', actions: 'failFromError', description: 'The server kept failing to answer; give up.' },
            ],
          },
        },
      },
    },
    done: {
      type: 'final',
      meta: { description: 'The media is ready in the library: the progress bar is full, a tick shows, and the row leaves the upload list after a second.' },
      entry: 'forgetUpload',
    },
    failed: {
      type: 'final',
      meta: { description: 'The upload stopped for good; the row says “Upload failed” and a message gives the server’s reason.' },
      tags: ['failure'],
      entry: 'forgetUpload',
    },
    refused: {
      type: 'final',
      meta: { description: 'Nothing was sent: the file is empty, of a type the library does not take, or there is no active account. A message says which.' },
      tags: ['failure'],
    },
    cancelled: {
      type: 'final',
      meta: { description: 'The person cancelled: sending stops, and a partly sent video is removed from the server.' },
      entry: 'forgetUpload',
    },
  },
});

export type UploadMachine = typeof uploadMachine;
