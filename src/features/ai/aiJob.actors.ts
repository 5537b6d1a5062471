/**
 * App edge of the AI job chart (machines/aiJob; issue 16): the API calls behind its abstract actors.
 * `aiJobLogic` is the chart with them provided; wizards invoke it as a child (`actors: { analysisJob:
 * aiJobLogic }` in their own `setup`, or `.provide` at their app edge).
 *
 * - createJob: POST the create call of the job kind (spec 001 §7) → `AiJobCreated`.
 * - pollJob: GET /gen-ai/status/{id} → the raw answer (the chart validates it).
 * - streamJob: POST /gen-ai/analyze-navigation/stream with the bearer token, the body read with a
 *   ReadableStream reader (src/features/ai/aiStream.ts), each item sent to the chart as an
 *   `AiStreamActorEvent`; stopping the actor aborts the request.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { api, authorizationHeaders, toHttpError } from '../../api/client';
import type { AiJobCreated } from '../../../server/src/modules/ai/ai.schemas';
import { aiJobMachine } from '../../../machines/aiJob/aiJob.machine';
import type { AiJobRequest, AiStreamActorEvent, CreateJobInput, PollJobInput, StreamJobInput } from '../../../machines/aiJob/aiJob.actors';
import { readAiStream } from './aiStream';

/** The create call of each job kind (spec 001 §7). */
export const CREATE_PATHS: Record<AiJobRequest['kind'], string> = {
  analyze: '/gen-ai/analyze-navigation',
  script: '/gen-ai/script',
  prompt: '/gen-ai/prompt',
  avatar: '/generate/avatar',
};

/** The streaming variant of a job kind's create call (spec 001 §7: analysis only). */
export const STREAM_PATHS: Partial<Record<AiJobRequest['kind'], string>> = {
  analyze: '/gen-ai/analyze-navigation/stream',
};

/** What a stream run needs from the app (tests give their own). */
export interface StreamDeps {
  fetch: typeof fetch;
  /** Base of the API, default '/api'. */
  baseUrl: string;
  headers: () => Promise<Record<string, string>>;
}

/**
 * Runs one stream: POSTs the request to its stream path and sends the chart each item read, then
 * `stream.done`, or `stream.failed` (no stream path for the kind, network error, an answer not OK
 * as the client's `HttpError` with status and message, a malformed line, a body ending without
 * `[DONE]`). Sends nothing once `signal` is aborted. Never rejects.
 */
export async function runAiStream(request: AiJobRequest, sendBack: (event: AiStreamActorEvent) => void, signal: AbortSignal, deps: StreamDeps): Promise<void> {
  try {
    const path = STREAM_PATHS[request.kind];
    if (!path) throw new Error(`No streaming variant for ${request.kind} jobs.`);
    const response = await deps.fetch(`${deps.baseUrl}${path}`, {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json', ...(await deps.headers()) },
      body: JSON.stringify(request.body),
      signal,
    });
    if (!response.ok) throw await toHttpError(response);
    if (!response.body) throw new Error('The stream answer has no body.');
    const end = await readAiStream(
      response.body,
      (item) => {
        if (signal.aborted) return;
        if (item.kind === 'event') sendBack({ type: 'stream.event', event: item.event });
        else if (item.kind === 'unknown') sendBack({ type: 'stream.unknown', eventType: item.type });
        else sendBack({ type: 'stream.done' });
      },
      signal,
    );
    if (end === 'ended') throw new Error('The stream ended without [DONE].');
  } catch (error) {
    if (!signal.aborted) sendBack({ type: 'stream.failed', error });
  }
}

/** The stream actor bound to `deps` (default: global fetch, '/api', the session's bearer token). */
export function streamJobLogic(deps: Partial<StreamDeps> = {}) {
  return fromCallback<AnyEventObject, StreamJobInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const full: StreamDeps = { fetch: deps.fetch ?? ((...args) => globalThis.fetch(...args)), baseUrl: deps.baseUrl ?? '/api', headers: deps.headers ?? authorizationHeaders };
    void runAiStream(input.request, sendBack, controller.signal, full);
    return () => controller.abort();
  });
}

export const aiJobApiActors = {
  createJob: fromPromise<AiJobCreated, CreateJobInput>(({ input, signal }) => api.post<AiJobCreated>(CREATE_PATHS[input.request.kind], input.request.body, { signal })),
  pollJob: fromPromise<unknown, PollJobInput>(({ input, signal }) => api.get<unknown>(`/gen-ai/status/${encodeURIComponent(input.jobId)}`, { signal })),
  streamJob: streamJobLogic(),
};

/** The job chart bound to the API. */
export const aiJobLogic = aiJobMachine.provide({ actors: aiJobApiActors });
