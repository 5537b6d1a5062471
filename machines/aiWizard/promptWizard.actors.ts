/**
 * Abstract side effects of the AI prompt wizard (issue 16 "Prompt wizard"; spec 001 §2 "AI prompt
 * wizard", §7 `POST /gen-ai/prompt`, `POST /gen-ai`).
 *
 * The chart only knows these shapes; the app edge (src/features/ai/prompt/promptWizard.actors.ts)
 * supplies the API with `promptWizardMachine.provide({ actors, actions })`. The job itself is the
 * job chart (machines/aiJob) invoked as the child `job`; `createVidbot` is the one call of the
 * wizard's own. Its default throws "must be provided" so a forgotten binding fails loudly. Errors
 * are the API client's `HttpError` (`status`, `code`, `detail`), read structurally by the chart.
 */
import { fromPromise } from 'xstate';
import type * as v from 'valibot';
import type { CreatedFromScript, CreateFromScriptBody } from '../../server/src/modules/ai/ai.schemas';

/** `POST /gen-ai` with a script: `{ accountId, botName, sourceInfo, script, genAIType: 'prompt' }` → `{ mainBotId }`. */
export type CreateVidbotInput = v.InferInput<typeof CreateFromScriptBody>;

/** Default actors: each throws "… must be provided" when started. */
export const missingPromptWizardActors = {
  /** POST /gen-ai (create the vidbot from the reviewed script) → `{ mainBotId }`. */
  createVidbot: fromPromise<CreatedFromScript, CreateVidbotInput>(async () => {
    throw new Error('createVidbot must be provided');
  }),
};
