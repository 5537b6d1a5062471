/**
 * Graph paths of the upload queue chart (`xstate/graph` TestModel): adds of one and two files (at
 * most three in all, so the walk is finite), cancels, offline / online, child completions and
 * removals; one stored tus upload restored as interrupted, resumed with the same file (by
 * `queue.resume` or `queue.add`), refused for a different file, discarded (the discard succeeding or
 * failing).
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { uploadQueueMachine } from './uploadQueue.machine';
import type { UploadInput } from '../upload/upload.machine';
import type { StoredUpload } from '../upload/upload.actors';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type QueueSnapshot = SnapshotFrom<typeof uploadQueueMachine>;

/** An image upload input (`photo-<n>.png`, 10 bytes). */
export const imageUpload = (n: number): UploadInput => ({
  file: new File([new Uint8Array(10).fill(n)], `photo-${n}.png`, { type: 'image/png' }),
  kind: 'SlideImage',
  accountId: 1,
});

const IDS = ['upload-1', 'upload-2', 'upload-3'];

const VIDEO_MODIFIED = 1_700_000_000_000;
/** A tus upload begun before a reload: intro.mp4, 10 bytes, media 41. */
export const storedVideo: StoredUpload = {
  uploadUrl: 'http://localhost/api/media/tus/0f3c9a',
  mediaId: 41,
  accountId: 1,
  kind: 'SlideVideo',
  replaces: null,
  name: 'intro.mp4',
  size: 10,
  type: 'video/mp4',
  lastModified: VIDEO_MODIFIED,
};
/** The same file chosen again after the reload. */
export const sameVideoFile = () => new File([new Uint8Array(10).fill(9)], 'intro.mp4', { type: 'video/mp4', lastModified: VIDEO_MODIFIED });
/** A different file of the same name (another size). */
export const otherVideoFile = () => new File([new Uint8Array(12).fill(9)], 'intro.mp4', { type: 'video/mp4', lastModified: VIDEO_MODIFIED });

/** Events possible in a snapshot (adds while fewer than three files were added; others per entry). */
export function queueEventsFor(snapshot: QueueSnapshot): AnyEventObject[] {
  const c = snapshot.context;
  // To keep the walk small: the connection changes while at most one file was added and nothing was
  // restored; after a restore one image and the interrupted upload's own file are added.
  const events: AnyEventObject[] = [];
  if (!c.online) events.push({ type: 'queue.online' });
  else if (c.added <= 1 && c.restored === 0) events.push({ type: 'queue.offline' });
  if (c.restored === 0 ? c.added < 3 : c.added === 0) events.push({ type: 'queue.add', uploads: [imageUpload(c.added + 1)] });
  if (c.added < 2 && c.restored === 0) events.push({ type: 'queue.add', uploads: [imageUpload(c.added + 1), imageUpload(c.added + 2)] });
  // A restore happens when the page loads, before anything is added.
  if (c.restored === 0 && c.added === 0) events.push({ type: 'queue.restore', uploads: [storedVideo] });
  for (const record of c.interrupted) {
    if (record.status === 'waitingForFile') {
      events.push(
        { type: 'queue.resume', id: record.id, file: sameVideoFile() },
        { type: 'queue.resume', id: record.id, file: otherVideoFile() },
        { type: 'queue.discard', id: record.id },
      );
      if (c.added < 3) events.push({ type: 'queue.add', uploads: [{ file: sameVideoFile(), kind: 'SlideVideo', accountId: 1 }] });
    } else {
      events.push({ type: `xstate.done.actor.discard-${record.id}` }, { type: `xstate.error.actor.discard-${record.id}`, error: { status: null, message: 'offline' } });
    }
  }
  for (const id of IDS) {
    const entry = c.entries.find((e) => e.id === id);
    if (!entry) continue;
    if (entry.status !== 'finished') events.push({ type: 'queue.cancel', id });
    // A chart paused offline sends nothing until online; it can still crash.
    if (entry.status === 'running' && c.online) events.push({ type: `xstate.done.actor.${id}` });
    if (entry.status === 'running') events.push({ type: `xstate.error.actor.${id}`, error: new Error('upload chart crashed') });
    if (entry.status === 'finished') events.push({ type: 'queue.remove', id });
  }
  return events;
}

/** Serialization: the state value and each entry's id and status. */
export function serializeQueueState(snapshot: QueueSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    c.added,
    c.online,
    c.restored,
    c.entries.map((e) => [e.id, e.status, e.input.resume !== undefined && e.input.resume !== null]),
    c.interrupted.map((r) => [r.id, r.status, r.mismatch, r.discardFailed]),
  ]);
}

export function queueTestModel() {
  return new TestModel(uploadQueueMachine, {
    input: { concurrency: 2 },
    events: queueEventsFor as never,
    serializeState: serializeQueueState,
    // Files serialize as `{}`: name them so the same and a different file are distinct events.
    serializeEvent: (event: AnyEventObject) =>
      JSON.stringify(event, (_key, value: unknown) => (value instanceof File ? `${value.name}:${value.size}:${value.lastModified}` : value)),
    limit: 20_000,
  });
}

/** The transition tour of the queue. */
export function queuePaths(): TourPath[] {
  return transitionTour(queueTestModel(), serializeQueueState);
}
