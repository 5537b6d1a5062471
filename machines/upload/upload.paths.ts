/**
 * Graph paths of the upload chart (`xstate/graph` TestModel, DESIGN §4) for each kind of input
 * (video via tus, a video resuming a stored tus upload, image via multipart, and the three
 * refusals), with realistic payloads for the
 * person's events, sendFile's events, the invoked actors' done / error events and the named delays.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { VIDEO_KINDS, uploadMachine, type UploadInput } from './upload.machine';
import type { UploadMedia } from './upload.actors';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

const bytes = (n: number) => new Uint8Array(n).fill(7);
/** The URL of a tus upload (as @tus/server answers it in Location, resolved). */
export const TUS_URL = 'http://localhost/api/media/tus/0f3c9a';
/** Named inputs: `video` and `image` upload; the others are refused (spec 001 §5, §8). */
export function uploadInputs(): Record<string, UploadInput> {
  return {
    video: { file: new File([bytes(10)], 'intro.mp4', { type: 'video/mp4' }), kind: 'SlideVideo', accountId: 1 },
    resumed: {
      file: new File([bytes(10)], 'intro.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 }),
      kind: 'SlideVideo',
      accountId: 1,
      resume: { uploadUrl: TUS_URL, mediaId: 41 },
    },
    image: { file: new File([bytes(10)], 'photo.png', { type: 'image/png' }), kind: 'SlideImage', accountId: 1 },
    zeroLength: { file: new File([], 'empty.mp4', { type: 'video/mp4' }), kind: 'SlideVideo', accountId: 1 },
    unsupported: { file: new File([bytes(4)], 'notes.txt', { type: 'text/plain' }), kind: 'SlideImage', accountId: 1 },
    noAccount: { file: new File([bytes(10)], 'intro.mp4', { type: 'video/mp4' }), kind: 'SlideVideo', accountId: null },
  };
}

const media = (over: Partial<UploadMedia>): UploadMedia => ({ id: 41, name: 'intro.mp4', type: 'SlideVideo', status: 'Draft', errorReason: null, ...over });
export const draftVideo = media({});
export const readyVideo = media({ status: 'Ready' });
export const errorVideo = media({ status: 'Error', errorReason: 'The video could not be read.' });
export const draftImage = media({ id: 42, name: 'photo.png', type: 'SlideImage' });
export const readyImage = media({ id: 42, name: 'photo.png', type: 'SlideImage', status: 'Ready' });
export const errorImage = media({ id: 42, name: 'photo.png', type: 'SlideImage', status: 'Error', errorReason: 'photo.png is not a supported file type.' });

/** Events sendFile emits (the fake sends them back, as the real actor would). */
export const SEND_FILE_EVENTS = ['upload.created', 'upload.started', 'upload.progress', 'upload.sent', 'upload.error'] as const;

/** Every event the walk may send. */
export const uploadPathEvents: AnyEventObject[] = [
  { type: 'upload.cancel' },
  { type: 'upload.offline' },
  { type: 'upload.online' },
  { type: 'upload.created', mediaId: 41 },
  { type: 'upload.started', uploadUrl: TUS_URL },
  { type: 'upload.progress', bytesSent: 5, bytesTotal: 10 },
  { type: 'upload.sent', media: null },
  { type: 'upload.sent', media: readyImage },
  { type: 'upload.sent', media: errorImage },
  { type: 'upload.error', error: { status: null, message: 'offline', offline: true } },
  { type: 'upload.error', error: { status: 429, message: 'Too many requests', retryAfterMs: 3000 } },
  { type: 'upload.error', error: { status: 503, message: 'Service unavailable' } },
  { type: 'upload.error', error: { status: 413, message: 'The file is larger than 2048 MiB.' } },
  { type: 'xstate.error.actor.sendFile', error: new Error('sendFile crashed') },
  { type: 'xstate.done.actor.createMedia', output: { media: draftImage, uploadUrl: { uploadUrl: '/api/media/42/upload', uploadToken: 'tok' } } },
  { type: 'xstate.error.actor.createMedia', error: { status: 403, detail: 'Viewers cannot add media.' } },
  { type: 'xstate.error.actor.createMedia', error: { status: null, message: 'Failed to fetch', offline: true } },
  { type: 'xstate.done.actor.pollMedia', output: draftVideo },
  { type: 'xstate.done.actor.pollMedia', output: readyVideo },
  { type: 'xstate.done.actor.pollMedia', output: errorVideo },
  { type: 'xstate.error.actor.pollMedia', error: { status: 503, detail: 'Service unavailable' } },
  { type: 'xstate.error.actor.pollMedia', error: { status: 404, detail: 'Media not found.' } },
  { type: 'xstate.error.actor.pollMedia', error: { status: null, message: 'Failed to fetch', offline: true } },
  { type: 'xstate.after.pollInterval.upload.processing.waiting' },
  { type: 'xstate.after.retryDelay.upload.waitingToRetry' },
  { type: 'xstate.after.stallTimeout.upload.uploading.watching' },
];

/** Events possible in a snapshot: an actor's events only while it runs; a delay only in its state. */
export function uploadEventsFor(snapshot: UploadSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  const active = new Set(snapshot._nodes.map((n) => n.id));
  return uploadPathEvents.filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    if (actor !== undefined) return running.includes(actor);
    const delayed = /^xstate\.after\.[^.]+\.(.+)$/.exec(event.type)?.[1];
    if (delayed !== undefined) return active.has(delayed);
    // Only tus (videos) reports a created row; multipart uses the row createMedia made.
    if ((event.type === 'upload.created' || event.type === 'upload.started') && !VIDEO_KINDS.includes(snapshot.context.kind)) return false;
    if ((SEND_FILE_EVENTS as readonly string[]).includes(event.type)) return running.includes('sendFile');
    return true;
  });
}

/** Serialization keeping the walk finite: value + the context that steers the chart. */
export function serializeUploadState(snapshot: UploadSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.attempts, c.pollFailures, c.mediaId !== null, c.tusUrl !== null, c.refusal?.code ?? null]);
}

/** The test model for one input. */
export function uploadTestModel(input: UploadInput) {
  return new TestModel(uploadMachine, {
    input,
    events: uploadEventsFor as never,
    serializeState: serializeUploadState,
    limit: 20_000,
    stopWhen: (s: UploadSnapshot) => s.status !== 'active',
  });
}

/** The transition tour for every named input. */
export function uploadPaths(): Array<TourPath & { inputName: string }> {
  return Object.entries(uploadInputs()).flatMap(([inputName, input]) =>
    transitionTour(uploadTestModel(input), serializeUploadState).map((p) => ({ ...p, inputName, description: `${inputName}: ${p.description}` })),
  );
}
