/**
 * Selectors the editor view binds to (DESIGN §5: views read the chart through these, never through
 * raw state names).
 */
import type { SnapshotFrom } from 'xstate';
import type { PublishFailureReason, PublishMachine } from './publish.machine';

type PublishSnapshot = SnapshotFrom<PublishMachine>;

/** The step the person sees while publishing, or a resting state. */
export type PublishStep =
  | 'idle'
  | 'savingDraft'
  | 'settingPublished'
  | 'publishingRevision'
  | 'published'
  | 'failed';

/** True while a save / status / publish call is running (buttons disable, spinner shows). */
export function selectIsPublishing(snapshot: PublishSnapshot): boolean {
  return snapshot.hasTag('pending');
}

/** The current step (the chart is flat, so the value is a state name). */
export function selectPublishStep(snapshot: PublishSnapshot): PublishStep {
  return snapshot.value as PublishStep;
}

/** Why the last publish failed, or null. */
export function selectPublishFailure(snapshot: PublishSnapshot): PublishFailureReason | null {
  return snapshot.hasTag('failure') ? snapshot.context.reason : null;
}

/** The server's or the runtime's message of the last failure, or null. */
export function selectPublishErrorMessage(snapshot: PublishSnapshot): string | null {
  return snapshot.hasTag('failure') ? snapshot.context.errorMessage : null;
}

/** True when the chart accepts a publish request now (not while one is running). */
export function selectCanPublish(snapshot: PublishSnapshot): boolean {
  return !snapshot.hasTag('pending');
}

/** True once the last run finished publishing. */
export function selectIsPublished(snapshot: PublishSnapshot): boolean {
  return snapshot.matches('published');
}
