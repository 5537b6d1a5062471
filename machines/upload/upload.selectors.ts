/**
 * Selectors the upload views bind to (progress bar, cancel button, messages).
 */
import type { SnapshotFrom } from 'xstate';
import type { UploadMachine, UploadRefusal } from './upload.machine';
import type { UploadMedia } from './upload.actors';

type UploadSnapshot = SnapshotFrom<UploadMachine>;

/** What the person sees of one upload. */
export type UploadPhase = 'preparing' | 'uploading' | 'retrying' | 'paused' | 'processing' | 'done' | 'failed' | 'refused' | 'cancelled';

/** The phase shown beside the progress bar. */
export function selectUploadPhase(snapshot: UploadSnapshot): UploadPhase {
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('refused')) return 'refused';
  if (snapshot.matches('cancelled')) return 'cancelled';
  if (snapshot.matches('paused')) return 'paused';
  if (snapshot.matches('waitingToRetry')) return 'retrying';
  if (snapshot.hasTag('processing')) return 'processing';
  if (snapshot.hasTag('sending')) return 'uploading';
  return 'preparing';
}

/** Progress 0..1 (≤ 0.99 until done). */
export function selectUploadProgress(snapshot: UploadSnapshot): number {
  return snapshot.context.progress;
}

/** Cancel is offered while the chart is still running. */
export function selectCanCancel(snapshot: UploadSnapshot): boolean {
  return snapshot.status === 'active';
}

/** True when the chart has ended (done, failed, refused or cancelled). */
export function selectIsFinished(snapshot: UploadSnapshot): boolean {
  return snapshot.status === 'done';
}

/** The refusal before sending, or null. */
export function selectRefusal(snapshot: UploadSnapshot): UploadRefusal | null {
  return snapshot.context.refusal;
}

/** The message of a failure after sending began (server detail or media errorReason), or null. */
export function selectFailure(snapshot: UploadSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.failure : null;
}

/** The Ready media once done, else null. */
export function selectUploadedMedia(snapshot: UploadSnapshot): UploadMedia | null {
  return snapshot.matches('done') ? snapshot.context.media : null;
}
