/**
 * Abstract side effects of the AI URL wizard chart (issue 16; spec 001 §2 "AI URL wizard", §7
 * `POST /gen-ai` with a script).
 *
 * The AI jobs themselves (analysis, script) are the job chart (machines/aiJob) invoked as the child
 * `job`; the wizard's only own call is creating the vidbot from the finished script. The app edge
 * (src/features/ai/url/urlWizard.actors.ts) supplies it with `urlWizardMachine.provide({ actors })`;
 * the default throws "must be provided". Errors are the API client's `HttpError` (`status`, `code`,
 * `detail`), read structurally by the chart.
 */
import { fromPromise } from 'xstate';
import type { CreatedFromScript, Script, SourceInfo } from '../../server/src/modules/ai/ai.schemas';

/** createVidbot: `POST /gen-ai` `{ accountId, botName, sourceInfo, script, genAIType: 'url' }` → 201 `{ mainBotId }`. */
export interface CreateVidbotInput {
  accountId: number;
  botName: string;
  sourceInfo: SourceInfo;
  script: Script;
  genAIType: 'url';
}

/** Default actors: each throws "… must be provided" when started. */
export const missingUrlWizardActors = {
  createVidbot: fromPromise<CreatedFromScript, CreateVidbotInput>(async () => {
    throw new Error('createVidbot must be provided');
  }),
};
