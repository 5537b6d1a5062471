/**
 * Selectors the prompt wizard page binds to (DESIGN §5: views read the chart through these, never
 * through raw state names). Spec 001 §2 "AI prompt wizard".
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Script } from '../../server/src/modules/ai/ai.schemas';
import type { aiJobMachine } from '../aiJob/aiJob.machine';
import type { PromptWizardFailure, PromptWizardMachine, PromptRequest } from './promptWizard.machine';

type PromptWizardSnapshot = SnapshotFrom<PromptWizardMachine>;

/** What the page shows below the form. */
export type PromptWizardStep = 'editing' | 'generating' | 'generationFailed' | 'reviewing' | 'improving' | 'improvementFailed' | 'finishing' | 'finishFailed' | 'done';

/** The page's step. */
export function selectStep(snapshot: PromptWizardSnapshot): PromptWizardStep {
  for (const step of ['generating', 'generationFailed', 'reviewing', 'improving', 'improvementFailed', 'finishing', 'finishFailed', 'done'] as const) {
    if (snapshot.matches(step)) return step;
  }
  return 'editing';
}

/** A call or job is running (buttons wait). */
export function selectIsBusy(snapshot: PromptWizardSnapshot): boolean {
  return snapshot.hasTag('pending');
}

/** The script shown (also while improving or after a failed improvement / finish), or null. */
export function selectScript(snapshot: PromptWizardSnapshot): Script | null {
  return snapshot.context.script;
}

/** Node texts may be edited (reviewing only: not while a job or the create call runs). */
export function selectCanEditScript(snapshot: PromptWizardSnapshot): boolean {
  return snapshot.matches('reviewing');
}

/** The last request sent, or null. */
export function selectRequest(snapshot: PromptWizardSnapshot): PromptRequest | null {
  return snapshot.context.request;
}

/** The last failure, or null. */
export function selectFailure(snapshot: PromptWizardSnapshot): PromptWizardFailure | null {
  return snapshot.context.failure;
}

/** The running job chart (generating, improving), for its progress bar; else undefined. */
export function selectJob(snapshot: PromptWizardSnapshot): ActorRefFrom<typeof aiJobMachine> | undefined {
  return (snapshot.children as Record<string, unknown>).job as ActorRefFrom<typeof aiJobMachine> | undefined;
}

/** The created vidbot's id (done), else null. */
export function selectMainBotId(snapshot: PromptWizardSnapshot): number | null {
  return snapshot.context.mainBotId;
}
