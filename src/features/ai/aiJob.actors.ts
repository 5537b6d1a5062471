/**
 * App edge of the AI job chart (machines/aiJob; issue 16): the API calls behind its abstract actors.
 * `aiJobLogic` is the chart with them provided; wizards invoke it as a child (`actors: { analysisJob:
 * aiJobLogic }` in their own `setup`, or `.provide` at their app edge).
 *
 * SEAM (lead): createJob and pollJob are final; the ai-machine helper adds `streamJob` (fetch +
 * ReadableStream reader of `POST /gen-ai/analyze-navigation/stream`).
 */
import { fromPromise } from 'xstate';
import { api } from '../../api/client';
import type { AiJobCreated } from '../../../server/src/modules/ai/ai.schemas';
import { aiJobMachine } from '../../../machines/aiJob/aiJob.machine';
import type { AiJobRequest, CreateJobInput, PollJobInput } from '../../../machines/aiJob/aiJob.actors';

/** The create call of each job kind (spec 001 §7). */
export const CREATE_PATHS: Record<AiJobRequest['kind'], string> = {
  analyze: '/gen-ai/analyze-navigation',
  script: '/gen-ai/script',
  prompt: '/gen-ai/prompt',
  avatar: '/generate/avatar',
};

export const aiJobApiActors = {
  createJob: fromPromise<AiJobCreated, CreateJobInput>(({ input, signal }) => api.post<AiJobCreated>(CREATE_PATHS[input.request.kind], input.request.body, { signal })),
  pollJob: fromPromise<unknown, PollJobInput>(({ input, signal }) => api.get<unknown>(`/gen-ai/status/${encodeURIComponent(input.jobId)}`, { signal })),
};

/** The job chart bound to the API. */
export const aiJobLogic = aiJobMachine.provide({ actors: aiJobApiActors });
