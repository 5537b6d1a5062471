/**
 * Real actors of the upload chart (machines/upload; spec 001 §4 "Media upload", §7; DESIGN §3):
 *
 * - createMedia: POST /media `{ type, name, accountId }` → the Draft row and `uploadUrl` (images);
 *   a replacement uses POST /media/{replaces}/replace (the new file takes over that media, keeping its id).
 * - sendFile, videos: tus-js-client to `/api/media/tus` — chunk 150 MB, retry delays [0, 1000],
 *   headers Authorization (fresh ID token per request) + Account-Id, metadata name + type; the
 *   `Media-Id` answer header reports the created row (metadata `replaces` for a replacement). Resumes a previous upload of the same file
 *   (fingerprint: account, kind, name, size, lastModified), or the URL given as `resumeUrl` (a retry,
 *   or a StoredUpload after a page reload: HEAD → continue from `Upload-Offset`), and reports the
 *   upload's URL (`upload.started`). On `upload.terminate` the stop also terminates the upload on the
 *   server (removing the Draft row).
 * - rememberUpload / forgetUpload: the chart's StoredUpload in localStorage (./resumeStore.ts).
 * - discardUpload (queue): tus termination of an interrupted upload (the server removes its Draft
 *   media; an upload already gone, 404/410, counts as discarded), then it is forgotten.
 * - sendFile, images: multipart XMLHttpRequest (upload progress events) to `uploadUrl` with
 *   Authorization and Upload-Token, field `file`, timeout 5 minutes.
 * - pollMedia: GET /media/{id}.
 *
 * Failures become `UploadError { status, message, offline, retryAfterMs }` for the retry table
 * (`offline` when navigator.onLine is false at the time of the failure).
 *
 * tus-js-client is imported when the first video is sent or discarded, not with the media page
 * (issue 10 §2 JavaScript budget: ≤ 50 KB gzip per route).
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { DetailedError } from 'tus-js-client';
import { typedApi } from '../../api/contract';
import { getIdToken } from '../session/identity';
import { isVideoKind, storedUploadOf, uploadMachine } from '../../../machines/upload/upload.machine';
import { uploadQueueMachine } from '../../../machines/uploadQueue/uploadQueue.machine';
import { forgetStoredUpload, rememberStoredUpload } from './resumeStore';
import type {
  CreateMediaInput,
  CreateMediaOutput,
  PollMediaInput,
  SendFileEvent,
  SendFileInput,
  StoredUpload,
  UploadError,
  UploadMedia,
  UploadTarget,
} from '../../../machines/upload/upload.actors';
import type { Media } from './media.types';

/** tus endpoint (DESIGN §3). */
export const TUS_ENDPOINT = '/api/media/tus';

/**
 * The tus endpoint as an absolute URL: tus-js-client resolves the server's relative `Location`
 * against it with `new URL(location, endpoint)`, which needs an absolute base.
 */
function tusEndpointUrl(): string {
  return new URL(TUS_ENDPOINT, globalThis.location?.origin ?? 'http://localhost').href;
}
/** Spec 001 §4, §9: resumable chunk 150 MB. */
export const TUS_CHUNK_SIZE = 150 * 1024 * 1024;
/** Spec 001 §4: retry delays 0 and 1000 ms. */
export const TUS_RETRY_DELAYS = [0, 1000];
/** Spec 001 §7, §9: multipart upload timeout 5 minutes. */
export const MULTIPART_TIMEOUT_MS = 5 * 60_000;

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function retryAfterMs(header: string | null | undefined): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function detailOf(body: string, fallback: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { detail?: unknown }).detail === 'string') {
      return (parsed as { detail: string }).detail;
    }
  } catch {
    // not JSON
  }
  return body.trim() || fallback;
}

/** tus-js-client, imported on first use. */
const loadTus = () => import('tus-js-client');

/**
 * Whether this browser can upload (spec 001 §8: the File API and XHR uploads) — the check
 * tus-js-client's browser build exports as `isSupported`, here so the media page does not import
 * the library before the first upload.
 */
export function isTusSupported(): boolean {
  return typeof XMLHttpRequest === 'function' && typeof Blob === 'function' && typeof Blob.prototype.slice === 'function';
}

/** A tus-js-client error as an UploadError (a `DetailedError` carries the server's answer). */
export function tusError(error: Error): UploadError {
  const response = 'originalResponse' in error ? (error as DetailedError).originalResponse : null;
  if (!response) return { status: null, message: error.message || 'Network error', offline: isOffline() };
  return {
    status: response.getStatus(),
    message: detailOf(response.getBody() ?? '', error.message),
    retryAfterMs: retryAfterMs(response.getHeader('Retry-After')),
  };
}

function toUploadMedia(media: Media): UploadMedia {
  return media;
}

/** Rethrows a failure of an API call marked `offline` when the browser has no connection. */
function markOffline(error: unknown): never {
  if (isOffline() && typeof error === 'object' && error !== null) throw Object.assign(error, { offline: true });
  throw error;
}

/** Sets Authorization (a fresh ID token) on a tus request. */
async function authorizeTusRequest(req: { setHeader: (name: string, value: string) => void }): Promise<void> {
  const token = await getIdToken();
  if (token) req.setHeader('Authorization', `Bearer ${token}`);
}

/** Drops tus-js-client's own fingerprint records that point at `uploadUrl`. */
async function forgetTusFingerprints(uploadUrl: string): Promise<void> {
  const storage = (await loadTus()).defaultOptions.urlStorage;
  const records = await storage.findAllUploads();
  await Promise.all(records.filter((r) => r.uploadUrl === uploadUrl && r.urlStorageKey).map((r) => storage.removeUpload(r.urlStorageKey as string)));
}

/**
 * Terminates a stored tus upload (DELETE; the server removes its Draft media) and forgets it.
 * An upload the server no longer has (404, 410) counts as discarded. Throws the UploadError of any
 * other failure (the record is kept so it can be tried again).
 */
export async function discardStoredUpload(upload: StoredUpload): Promise<void> {
  try {
    const { Upload } = await loadTus();
    await Upload.terminate(upload.uploadUrl, {
      headers: { 'Account-Id': String(upload.accountId) },
      retryDelays: TUS_RETRY_DELAYS,
      onBeforeRequest: authorizeTusRequest,
    });
  } catch (error) {
    const failure = error instanceof Error ? tusError(error) : { status: null, message: 'Unexpected error' };
    if (failure.status !== 404 && failure.status !== 410) throw failure;
  }
  forgetStoredUpload(upload.uploadUrl);
  await forgetTusFingerprints(upload.uploadUrl).catch(() => undefined);
}

/** A running tus send: `stop` aborts it; after `markTerminate` the abort also discards it on the server. */
interface TusSend {
  stop: () => void;
  markTerminate: () => void;
}

function sendWithTus(input: SendFileInput, sendBack: (event: SendFileEvent) => void): TusSend {
  let terminate = false;
  let stopped = false;
  let abort: (() => void) | null = null;
  void loadTus().then(
    ({ Upload }) => {
      if (stopped) {
        // Stopped for good before tus-js-client arrived: a known upload is still discarded on the server.
        if (terminate && input.resumeUrl !== null) void Upload.terminate(input.resumeUrl, { onBeforeRequest: authorizeTusRequest }).catch(() => undefined);
        return;
      }
      abort = startTus(
        Upload,
        input,
        sendBack,
        () => stopped,
        () => terminate,
      );
    },
    (error: unknown) => {
      if (!stopped)
        sendBack({ type: 'upload.error', error: { status: null, message: error instanceof Error ? error.message : 'Network error', offline: isOffline() } });
    },
  );
  return {
    stop: () => {
      stopped = true;
      abort?.();
    },
    markTerminate: () => {
      terminate = true;
    },
  };
}

/** Starts a tus upload; answers its abort (which also terminates it on the server once `terminating()`). */
function startTus(
  Upload: typeof import('tus-js-client').Upload,
  input: SendFileInput,
  sendBack: (event: SendFileEvent) => void,
  isStopped: () => boolean,
  terminating: () => boolean,
): () => void {
  const upload = new Upload(input.file, {
    endpoint: tusEndpointUrl(),
    chunkSize: TUS_CHUNK_SIZE,
    retryDelays: TUS_RETRY_DELAYS,
    headers: { 'Account-Id': String(input.accountId) },
    metadata: {
      name: input.file.name,
      type: input.kind,
      filename: input.file.name,
      ...(input.replaces !== null ? { replaces: String(input.replaces) } : {}),
    },
    removeFingerprintOnSuccess: true,
    // A known upload (retry, or resumed after a reload): HEAD it and continue from its offset.
    uploadUrl: input.resumeUrl,
    fingerprint: async (file) => ['vidbot-tus', input.accountId, input.kind, input.replaces ?? 'new', file.name, file.size, file.lastModified].join('-'),
    onBeforeRequest: authorizeTusRequest,
    onUploadUrlAvailable: () => {
      if (!isStopped() && upload.url) sendBack({ type: 'upload.started', uploadUrl: upload.url });
    },
    onAfterResponse: (_req, res) => {
      const id = Number(res.getHeader('Media-Id'));
      if (!isStopped() && Number.isInteger(id) && id > 0) sendBack({ type: 'upload.created', mediaId: id });
    },
    onProgress: (bytesSent, bytesTotal) => {
      if (!isStopped()) sendBack({ type: 'upload.progress', bytesSent, bytesTotal });
    },
    onSuccess: () => {
      if (!isStopped()) sendBack({ type: 'upload.sent', media: null });
    },
    onError: (error) => {
      if (!isStopped()) sendBack({ type: 'upload.error', error: tusError(error) });
    },
  });
  if (input.resumeUrl !== null) {
    upload.start();
  } else {
    // No known URL: an upload of the same file begun earlier (tus fingerprint) is continued.
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (isStopped()) return;
        const last = previous[previous.length - 1];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => {
        if (!isStopped()) upload.start();
      });
  }
  return () => void upload.abort(terminating()).catch(() => undefined);
}

function sendMultipart(input: SendFileInput, target: UploadTarget, sendBack: (event: SendFileEvent) => void): () => void {
  const xhr = new XMLHttpRequest();
  let stopped = false;
  const fail = (error: UploadError) => {
    if (!stopped) sendBack({ type: 'upload.error', error });
  };
  xhr.open('POST', target.uploadUrl);
  xhr.timeout = MULTIPART_TIMEOUT_MS;
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.setRequestHeader('Upload-Token', target.uploadToken);
  xhr.upload.onprogress = (e) => {
    if (!stopped && e.lengthComputable) sendBack({ type: 'upload.progress', bytesSent: e.loaded, bytesTotal: e.total });
  };
  xhr.onload = () => {
    if (stopped) return;
    if (xhr.status >= 200 && xhr.status < 300) {
      try {
        sendBack({ type: 'upload.sent', media: toUploadMedia(JSON.parse(xhr.responseText) as Media) });
      } catch {
        fail({ status: xhr.status, message: 'Unexpected error' });
      }
      return;
    }
    fail({
      status: xhr.status,
      message: detailOf(xhr.responseText, xhr.statusText || 'Unexpected error'),
      retryAfterMs: retryAfterMs(xhr.getResponseHeader('Retry-After')),
    });
  };
  xhr.onerror = () => fail({ status: null, message: 'Network error', offline: isOffline() });
  xhr.ontimeout = () => fail({ status: null, message: 'The upload timed out' });
  const body = new FormData();
  body.append('file', input.file, input.file.name);
  void getIdToken().then((token) => {
    if (stopped) return;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.send(body);
  });
  return () => {
    stopped = true;
    xhr.abort();
  };
}

/** The upload chart with the real actors. */
export function createUploadMachine() {
  return uploadMachine.provide({
    actions: {
      rememberUpload: ({ context }) => {
        const stored = storedUploadOf(context);
        if (stored) rememberStoredUpload(stored);
      },
      forgetUpload: ({ context }) => {
        if (context.tusUrl !== null) forgetStoredUpload(context.tusUrl);
      },
    },
    actors: {
      createMedia: fromPromise<CreateMediaOutput, CreateMediaInput>(async ({ input, signal }) => {
        // A replacement (spec 001 §2 replace) gets its row from POST /media/{id}/replace.
        const created = await (input.replaces !== null
          ? typedApi.post('/media/{id}/replace', { path: { id: input.replaces }, signal })
          : typedApi.post('/media', { body: { type: input.kind, name: input.name, accountId: input.accountId }, signal })
        ).catch(markOffline);
        const { uploadUrl = null, ...media } = created;
        return { media: toUploadMedia(media), uploadUrl };
      }),
      sendFile: fromCallback<EventObject, SendFileInput>(({ input, sendBack, receive }) => {
        if (isVideoKind(input.kind)) {
          const send = sendWithTus(input, sendBack);
          receive((event) => {
            if (event.type === 'upload.terminate') send.markTerminate();
          });
          return send.stop;
        }
        if (!input.uploadUrl) {
          sendBack({ type: 'upload.error', error: { status: null, message: 'No upload address for this file' } });
          return undefined;
        }
        return sendMultipart(input, input.uploadUrl, sendBack);
      }),
      pollMedia: fromPromise<UploadMedia, PollMediaInput>(async ({ input, signal }) =>
        toUploadMedia(await typedApi.get('/media/{id}', { path: { id: input.mediaId }, signal }).catch(markOffline)),
      ),
    },
  });
}

/** The upload queue with the real actors (upload charts above; discardUpload = discardStoredUpload). */
export function createUploadQueueMachine() {
  return uploadQueueMachine.provide({
    actors: {
      upload: createUploadMachine(),
      discardUpload: fromPromise<void, StoredUpload>(({ input }) => discardStoredUpload(input)),
    },
  });
}
