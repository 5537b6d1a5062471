/**
 * Graph paths of the upload queue chart (`xstate/graph` TestModel): adds of one and two files (at
 * most three in all, so the walk is finite), cancels, online, child completions and removals.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { uploadQueueMachine } from './uploadQueue.machine';
import type { UploadInput } from '../upload/upload.machine';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type QueueSnapshot = SnapshotFrom<typeof uploadQueueMachine>;

/** An image upload input (`photo-<n>.png`, 10 bytes). */
export const imageUpload = (n: number): UploadInput => ({
  file: new File([new Uint8Array(10).fill(n)], `photo-${n}.png`, { type: 'image/png' }),
  kind: 'SlideImage',
  accountId: 1,
});

const IDS = ['upload-1', 'upload-2', 'upload-3'];

/** Events possible in a snapshot (adds while fewer than three files were added; others per entry). */
export function queueEventsFor(snapshot: QueueSnapshot): AnyEventObject[] {
  const c = snapshot.context;
  const events: AnyEventObject[] = [{ type: 'queue.online' }];
  if (c.added < 3) events.push({ type: 'queue.add', uploads: [imageUpload(c.added + 1)] });
  if (c.added < 2) events.push({ type: 'queue.add', uploads: [imageUpload(c.added + 1), imageUpload(c.added + 2)] });
  for (const id of IDS) {
    const entry = c.entries.find((e) => e.id === id);
    if (!entry) continue;
    if (entry.status !== 'finished') events.push({ type: 'queue.cancel', id });
    if (entry.status === 'running') events.push({ type: `xstate.done.actor.${id}` }, { type: `xstate.error.actor.${id}`, error: new Error('upload chart crashed') });
    if (entry.status === 'finished') events.push({ type: 'queue.remove', id });
  }
  return events;
}

/** Serialization: the state value and each entry's id and status. */
export function serializeQueueState(snapshot: QueueSnapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context.added, snapshot.context.entries.map((e) => [e.id, e.status])]);
}

export function queueTestModel() {
  return new TestModel(uploadQueueMachine, {
    input: { concurrency: 2 },
    events: queueEventsFor as never,
    serializeState: serializeQueueState,
    limit: 20_000,
  });
}

/** The transition tour of the queue. */
export function queuePaths(): TourPath[] {
  return transitionTour(queueTestModel(), serializeQueueState);
}
