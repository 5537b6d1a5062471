/**
 * Selectors the upload queue view binds to (machines/uploadQueue/uploadQueue.machine.ts).
 */
import type { SnapshotFrom } from 'xstate';
import type { InterruptedEntry, QueueEntry, UploadQueueMachine } from './uploadQueue.machine';

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

/** Interrupted uploads (from before a page reload) waiting for their file, or being discarded. */
export function selectInterrupted(snapshot: QueueSnapshot): InterruptedEntry[] {
  return snapshot.context.interrupted;
}

/** False while the browser is offline (running uploads are paused). */
export function selectQueueOnline(snapshot: QueueSnapshot): boolean {
  return snapshot.context.online;
}
