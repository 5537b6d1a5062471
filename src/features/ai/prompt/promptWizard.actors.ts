/**
 * App edge of the AI prompt wizard (machines/aiWizard/promptWizard.machine.ts; issue 16, spec 001 §2
 * "AI prompt wizard", §7): the job child is the job chart bound to the API (`aiJobLogic`: `POST
 * /gen-ai/prompt`, then `GET /gen-ai/status/{id}`), `createVidbot` is `POST /gen-ai` with the
 * reviewed script, and the done actions raise the success toast and open the new vidbot's editor.
 */
import { fromPromise } from 'xstate';
import { api } from '../../../api/client';
import type { CreatedFromScript } from '../../../../server/src/modules/ai/ai.schemas';
import { promptWizardMachine } from '../../../../machines/aiWizard/promptWizard.machine';
import type { CreateVidbotInput } from '../../../../machines/aiWizard/promptWizard.actors';
import { aiJobLogic } from '../aiJob.actors';

/** What the bindings need from the page. */
export interface PromptWizardEdge {
  /** The vidbot exists: refresh lists and say so ('Vidbot created successfully!'). */
  created: (mainBotId: number) => void;
  /** Open the vidbot's content page (/dashboard/{account}/vidbots/{id}). */
  open: (mainBotId: number) => void;
}

/** The wizard chart with the app's API calls, toast and navigation. */
export function createPromptWizardMachine(edge: PromptWizardEdge) {
  return promptWizardMachine.provide({
    actors: {
      job: aiJobLogic,
      createVidbot: fromPromise<CreatedFromScript, CreateVidbotInput>(({ input, signal }) => api.post<CreatedFromScript>('/gen-ai', input, { signal })),
    },
    actions: {
      notifyCreated: ({ context }) => {
        if (context.mainBotId !== null) edge.created(context.mainBotId);
      },
      openEditor: ({ context }) => {
        if (context.mainBotId !== null) edge.open(context.mainBotId);
      },
    },
  });
}
