/**
 * Selectors the upload queue view binds to (machines/uploadQueue/uploadQueue.machine.ts).
 */
import type { SnapshotFrom } from 'xstate';
import type { QueueEntry, UploadQueueMachine } from './uploadQueue.machine';

type QueueSnapshot = SnapshotFrom<UploadQueueMachine>;

/** Entries in the order they were added (waiting, running and just finished). */
export function selectQueueEntries(snapshot: QueueSnapshot): QueueEntry[] {
  return snapshot.context.entries;
}

/** True while any entry is waiting or running. */
export function selectQueueBusy(snapshot: QueueSnapshot): boolean {
  return snapshot.context.entries.some((e) => e.status !== 'finished');
}

/** How many uploads are running now (never more than the concurrency limit). */
export function selectRunningCount(snapshot: QueueSnapshot): number {
  return snapshot.context.entries.filter((e) => e.status === 'running').length;
}
