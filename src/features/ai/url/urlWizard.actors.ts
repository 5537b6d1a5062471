/**
 * App edge of the AI URL wizard chart (machines/aiWizard/urlWizard.machine.ts; issue 16): the job
 * child bound to the API (`aiJobLogic`: create call, streaming with polling fallback, status polls)
 * and the create call `POST /gen-ai` with the script (spec 001 §7) → `{ mainBotId }`, after which the
 * vidbot lists are refreshed. Errors are the API client's `HttpError`.
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { CreatedFromScript } from '../../../../server/src/modules/ai/ai.schemas';
import { urlWizardMachine } from '../../../../machines/aiWizard/urlWizard.machine';
import type { CreateVidbotInput } from '../../../../machines/aiWizard/urlWizard.actors';
import { aiJobLogic } from '../aiJob.actors';
import { vidbotKeys } from '../../vidbots/vidbot.queries';

/** The wizard chart with the app's actors. */
export function createUrlWizardMachine(queryClient: QueryClient) {
  return urlWizardMachine.provide({
    actors: {
      job: aiJobLogic,
      createVidbot: fromPromise<CreatedFromScript, CreateVidbotInput>(async ({ input, signal }) => {
        const created = await api.post<CreatedFromScript>('/gen-ai', input, {
          signal,
        });
        await queryClient.invalidateQueries({ queryKey: vidbotKeys.all });
        return created;
      }),
    },
  });
}
