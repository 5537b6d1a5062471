/**
 * Abstract side effects of the AI job chart (issue 16; spec 001 §4 "AI jobs", §7 `/gen-ai*` and the
 * streaming variant).
 *
 * The chart only knows these shapes; the app edge (src/features/ai/aiJob.actors.ts) supplies the API
 * calls with `aiJobMachine.provide({ actors })`. The defaults throw "must be provided" (the stream
 * default reports `stream.failed`) so a forgotten binding fails loudly. Errors are the API client's
 * `HttpError` (`status`, `code`, `detail`), read structurally by the chart.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type * as v from 'valibot';
import type {
  AiJobCreated,
  AiStreamEvent,
  AnalyzeNavigationBody,
  GenerateScriptBody,
  PromptBody,
} from '../../server/src/modules/ai/ai.schemas';
import type { AvatarVideoRequest } from '../../server/src/modules/avatar/avatar.schemas';

/** What job to start: the request body of its create call (spec 001 §7). */
export type AiJobRequest =
  | { kind: 'analyze'; body: v.InferInput<typeof AnalyzeNavigationBody> } // POST /gen-ai/analyze-navigation
  | { kind: 'script'; body: v.InferInput<typeof GenerateScriptBody> } // POST /gen-ai/script
  | { kind: 'prompt'; body: v.InferInput<typeof PromptBody> } // POST /gen-ai/prompt
  | { kind: 'avatar'; body: v.InferInput<typeof AvatarVideoRequest> }; // POST /generate/avatar

export interface CreateJobInput {
  request: AiJobRequest;
}

export interface PollJobInput {
  jobId: string;
}

/**
 * Events a stream actor sends to the chart (spec 001 §7 streaming variant):
 * - `stream.event`: one event line of a known type (`status`, `source_info`, `scripts`, `navigation`,
 *   `error`), validated against `AiStreamEvent`;
 * - `stream.unknown`: an event line whose `type` is not one of those (spec 001 §7: "unknown stream
 *   event types are ignored with a warning" — the chart ignores it and warns; the parser passes it on
 *   so the chart, not the parser, owns that rule);
 * - `stream.done`: the `[DONE]` marker;
 * - `stream.failed`: the stream could not be used (network, HTTP answer not OK, a line that is not
 *   JSON or a known type with a bad payload, the body ending without `[DONE]`) — the chart falls back
 *   to polling. After `stream.done` or `stream.failed` the actor sends nothing more.
 */
export type AiStreamActorEvent =
  | { type: 'stream.event'; event: AiStreamEvent }
  | { type: 'stream.unknown'; eventType: string }
  | { type: 'stream.done' }
  | { type: 'stream.failed'; error: unknown };

export interface StreamJobInput {
  request: AiJobRequest;
}

/** Default actors: each throws "… must be provided" when started. */
export const missingAiJobActors = {
  /** POST the create call → `{ jobId, type, status }`. */
  createJob: fromPromise<AiJobCreated, CreateJobInput>(async () => {
    throw new Error('createJob must be provided');
  }),
  /** GET /gen-ai/status/{jobId} → the raw JSON answer (the chart validates it against `AiJob`). */
  pollJob: fromPromise<unknown, PollJobInput>(async () => {
    throw new Error('pollJob must be provided');
  }),
  /**
   * POST …/stream and read event lines; sends `AiStreamActorEvent`s to its parent. Stopping it (the
   * chart leaves `streaming`, is cancelled or stopped) must abort the request.
   */
  streamJob: fromCallback<AnyEventObject, StreamJobInput>(({ sendBack }) => {
    sendBack({ type: 'stream.failed', error: new Error('streamJob must be provided') });
  }),
};
