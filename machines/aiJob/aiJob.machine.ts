/**
 * One AI job, from create call to result (issue 16 "The job machine"; spec 001 §4 "AI jobs", §7 and
 * its streaming variant, §8 AI messages, §9 polling constants). Invoked by the URL wizard, the prompt
 * wizard and the avatar generator; each gives the request and its poll interval.
 *
 * ```
 *  starting ─┬─ streaming (analysis only) ─────────────────────────────────► streaming
 *            └─ otherwise ──► creating (POST create call)
 *
 *  creating ──done──► polling.waiting ──after delay──► polling.fetching (GET status; polls+1)
 *     │ error ──► done (error: the server's detail, else 'Job failed')   ▲        │
 *     │                                        not terminal (delay ×1.5 ≤ 30 s   │
 *     │                                           with backoff) ───────────────┤
 *     │                                                ready + result ──► done (ready)
 *     │                                            ready, no result ──► done (error 'Job completed but no data received')
 *     │                                            failed / error ──► done (failed: job.error or 'Job failed')
 *     │                                      answer not an AiJob ──► done (error 'Invalid job response format')
 *     │                                    polls = maxPolls, still running ──► done (error 'Maximum polling attempts reached')
 *     │                    poll error: first in a row ──► waiting (one retry); second ──► done (error 'Failed to poll job status')
 *
 *  streaming (POST …/stream, event lines)
 *     status ──► status, progress; jobId from the first status event naming one
 *     source_info / scripts / navigation ──► partial
 *     unknown type ──► ignored with console.warn
 *     error ──► done (failed: its message)
 *     [DONE] ──► polling.fetching: one GET for the stored result (then as polling above)
 *     stream fails ──► polling.waiting with the jobId read from the stream, or creating (non-stream
 *                      call) when the stream never named its job; [DONE] without a jobId counts as failed
 *
 *  any ──job.cancel──► done (cancelled)
 * ```
 *
 * Decisions (issue 16, ai-machine):
 * - `[DONE]` → one poll for the stored result rather than an outcome built from the partials: the
 *   stored `AiJob` is the one validated document with id and timestamps (the outcome's contract), and
 *   a job that is somehow not `ready` yet is simply polled on.
 * - One failed poll (network, 5xx, time-out) is retried once after the current delay; two failures
 *   in a row end with 'Failed to poll job status'. The retry counts as a poll (max polls hold).
 * - Streaming applies to analysis jobs only (the one streaming endpoint, §7); `streaming: true` with
 *   another kind creates the job by the non-stream call.
 * - Stopping the chart (its parent stops: the person leaves the page) stops the invoked actors: the
 *   running request or stream is aborted. There is no server-side cancel (§7 has none).
 *
 * The final state's output is an `AiJobOutcome`. Working states carry the tag `pending`. Progress
 * (status, 0..1) lives in context for the progress bar; stream results in `partial`.
 */
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import {
  AI_BACKOFF_CAP_MS,
  AI_BACKOFF_FACTOR,
  AI_MAX_POLLS,
  AI_MESSAGES,
  AI_POLL_INTERVAL_MS,
  AiJob,
  type AiJobStatusName,
  type AiStreamEvent,
  type NavigationLink,
  type ScriptOption,
  type SourceInfo,
} from '../../server/src/modules/ai/ai.schemas';
import { missingAiJobActors, type AiJobRequest, type AiStreamActorEvent } from './aiJob.actors';

export type { AiJobRequest };

/** Input of one job run. */
export interface AiJobInput {
  request: AiJobRequest;
  /** Poll interval, ms (spec 001 §9: 5000; the prompt wizard 3000). */
  intervalMs?: number;
  /** Default 60. */
  maxPolls?: number;
  /** Exponential backoff ×1.5 capped at 30,000 ms (spec 001 §9: off by default). */
  backoff?: boolean;
  /** Use the streaming variant first (analysis only), falling back to polling. */
  streaming?: boolean;
}

/** How the job ended. `message` is the §8 English message (the view words it through Lingui). */
export type AiJobOutcome =
  | { kind: 'ready'; job: AiJob }
  | { kind: 'failed'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'cancelled' };

/** Partial analysis results read from the stream (each part once its event arrived). */
export interface AiJobPartial {
  sourceInfo?: SourceInfo;
  scripts?: ScriptOption[];
  navigation?: NavigationLink[];
}

export interface AiJobContext {
  request: AiJobRequest;
  intervalMs: number;
  maxPolls: number;
  backoff: boolean;
  streaming: boolean;
  jobId: string | null;
  /** Latest known status (§4), for the progress bar. */
  status: AiJobStatusName;
  /** 0..1, never decreasing. */
  progress: number;
  /** Polls made so far (a retried poll counts). */
  polls: number;
  /** Failed polls in a row (0 or 1; the second ends the job). */
  pollFailures: number;
  /** Delay before the next poll, ms. */
  delayMs: number;
  /** Partial results read from the stream (analysis). */
  partial: AiJobPartial;
  outcome: AiJobOutcome | null;
}

export type AiJobEvent = { type: 'job.cancel' } | AiStreamActorEvent;

/** The server's detail of an API error, else null. */
export function errorDetail(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'detail' in error) {
    const { detail } = error as { detail: unknown };
    if (typeof detail === 'string' && detail !== '') return detail;
  }
  return null;
}

/** Next delay with backoff: × AI_BACKOFF_FACTOR (rounded to whole ms), at most AI_BACKOFF_CAP_MS. */
export function nextDelayMs(delayMs: number, backoff: boolean): number {
  return backoff ? Math.min(AI_BACKOFF_CAP_MS, Math.round(delayMs * AI_BACKOFF_FACTOR)) : delayMs;
}

/**
 * Progress (0..1) implied by a status of the stream, whose status events carry no figure: the share
 * of the analysis walk (spec 001 §4 order) done when the job enters that status. Unknown → 0.
 */
export const STREAM_STATUS_PROGRESS: Partial<Record<AiJobStatusName, number>> = {
  pending: 0,
  queued: 0.02,
  fetching_url: 0.1,
  analyzing_content: 0.25,
  analyzing_source: 0.4,
  generating_suggestions: 0.55,
  analyzing_navigation: 0.7,
  validating_urls: 0.8,
  generating_script: 0.5,
  completed: 0.95,
  ready: 1,
};

type DoneOutput = { output?: unknown; error?: unknown };

function parsedJob(event: unknown): AiJob | null {
  const result = v.safeParse(AiJob, (event as DoneOutput).output);
  return result.success ? result.output : null;
}

/** The stream event of a `stream.event`, else null. */
function streamEventOf(event: AiJobEvent): AiStreamEvent | null {
  return event.type === 'stream.event' ? event.event : null;
}

export const aiJobMachine = setup({
  types: {
    context: {} as AiJobContext,
    events: {} as AiJobEvent,
    input: {} as AiJobInput,
    output: {} as AiJobOutcome,
  },
  actors: missingAiJobActors,
  delays: {
    pollDelay: ({ context }) => context.delayMs,
  },
  guards: {
    useStream: ({ context }) => context.streaming && context.request.kind === 'analyze',
    invalidAnswer: ({ event }) => parsedJob(event) === null,
    readyWithResult: ({ event }) => {
      const job = parsedJob(event);
      return job?.status === 'ready' && job.result !== null;
    },
    readyWithoutResult: ({ event }) => parsedJob(event)?.status === 'ready',
    jobFailed: ({ event }) => {
      const status = parsedJob(event)?.status;
      return status === 'failed' || status === 'error';
    },
    outOfPolls: ({ context }) => context.polls >= context.maxPolls,
    mayRetryPoll: ({ context }) => context.pollFailures === 0 && context.polls < context.maxPolls,
    streamError: ({ event }) => streamEventOf(event)?.type === 'error',
    streamStatus: ({ event }) => streamEventOf(event)?.type === 'status',
    knowsJobId: ({ context }) => context.jobId !== null,
  },
  actions: {
    storeJobId: assign(({ event }) => {
      const output = (event as DoneOutput).output as { jobId?: unknown; status?: AiJobStatusName } | undefined;
      return { jobId: typeof output?.jobId === 'string' ? output.jobId : null, status: output?.status ?? 'queued' };
    }),
    countPoll: assign({ polls: ({ context }) => context.polls + 1 }),
    storeStatus: assign(({ context, event }) => {
      const job = parsedJob(event);
      return job ? { status: job.status, progress: Math.max(context.progress, job.progress), pollFailures: 0 } : {};
    }),
    growDelay: assign({ delayMs: ({ context }) => nextDelayMs(context.delayMs, context.backoff) }),
    countPollFailure: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }),
    storeStreamStatus: assign(({ context, event }) => {
      const e = streamEventOf(event);
      if (e?.type !== 'status') return {};
      return {
        status: e.status,
        progress: Math.max(context.progress, STREAM_STATUS_PROGRESS[e.status] ?? 0),
        jobId: context.jobId ?? e.jobId ?? null,
      };
    }),
    storePartial: assign(({ context, event }) => {
      const e = streamEventOf(event);
      if (e?.type === 'source_info') return { partial: { ...context.partial, sourceInfo: e.sourceInfo } };
      if (e?.type === 'scripts') return { partial: { ...context.partial, scripts: e.scripts } };
      if (e?.type === 'navigation') return { partial: { ...context.partial, navigation: e.navigation } };
      return {};
    }),
    /** Spec 001 §7: unknown stream event types are ignored with a warning. */
    warnUnknownEvent: ({ event }) => {
      if (event.type === 'stream.unknown') console.warn(`AI job stream: ignoring unknown event type "${event.eventType}"`);
    },
    finishReady: assign(({ event }) => ({ outcome: { kind: 'ready', job: parsedJob(event)! } as AiJobOutcome, status: 'ready' as const, progress: 1 })),
    finishFailed: assign(({ event }) => {
      const job = parsedJob(event);
      return { outcome: { kind: 'failed', message: job?.error || AI_MESSAGES.jobFailed } as AiJobOutcome, status: 'failed' as const };
    }),
    failStream: assign(({ event }) => {
      const e = streamEventOf(event);
      const message = e?.type === 'error' && e.message !== '' ? e.message : AI_MESSAGES.jobFailed;
      return { outcome: { kind: 'failed', message } as AiJobOutcome, status: 'failed' as const };
    }),
    failCreate: assign(({ event }) => ({
      outcome: { kind: 'error', message: errorDetail((event as DoneOutput).error) ?? AI_MESSAGES.jobFailed } as AiJobOutcome,
    })),
    failInvalid: assign({ outcome: { kind: 'error', message: AI_MESSAGES.invalidJobResponse } }),
    failNoData: assign({ outcome: { kind: 'error', message: AI_MESSAGES.noData } }),
    failMaxPolls: assign({ outcome: { kind: 'error', message: AI_MESSAGES.maxAttempts } }),
    failPoll: assign({ outcome: { kind: 'error', message: AI_MESSAGES.pollFailed } }),
    cancel: assign({ outcome: { kind: 'cancelled' } }),
  },
}).createMachine({
  id: 'aiJob',
  context: ({ input }) => ({
    request: input.request,
    intervalMs: input.intervalMs ?? AI_POLL_INTERVAL_MS,
    maxPolls: input.maxPolls ?? AI_MAX_POLLS,
    backoff: input.backoff ?? false,
    streaming: input.streaming ?? false,
    jobId: null,
    status: 'pending',
    progress: 0,
    polls: 0,
    pollFailures: 0,
    delayMs: input.intervalMs ?? AI_POLL_INTERVAL_MS,
    partial: {},
    outcome: null,
  }),
  initial: 'starting',
  on: {
    'job.cancel': { target: '.done', actions: 'cancel' },
  },
  states: {
    starting: {
      tags: ['pending'],
      meta: { description: 'Choosing how to run the job: the streaming variant for an analysis that asks for it, else the create call.' },
      always: [{ guard: 'useStream', target: 'streaming' }, { target: 'creating' }],
    },
    streaming: {
      tags: ['pending'],
      meta: {
        description:
          'Reading the event lines of POST /gen-ai/analyze-navigation/stream: statuses move the progress bar, source info, script options and navigation arrive as partial results; [DONE] fetches the stored result once; a broken stream falls back to polling.',
      },
      invoke: {
        id: 'streamJob',
        src: 'streamJob',
        input: ({ context }) => ({ request: context.request }),
      },
      on: {
        'stream.event': [
          { guard: 'streamError', target: 'done', actions: 'failStream' },
          { guard: 'streamStatus', actions: 'storeStreamStatus' },
          { actions: 'storePartial' },
        ],
        'stream.unknown': { actions: 'warnUnknownEvent' },
        'stream.done': [{ guard: 'knowsJobId', target: '#aiJob.polling.fetching' }, { target: 'creating' }],
        'stream.failed': [{ guard: 'knowsJobId', target: 'polling' }, { target: 'creating' }],
      },
    },
    creating: {
      tags: ['pending'],
      meta: { description: 'Sending the create call (e.g. POST /gen-ai/analyze-navigation); the answer names the job.' },
      invoke: {
        id: 'createJob',
        src: 'createJob',
        input: ({ context }) => ({ request: context.request }),
        onDone: { target: 'polling', actions: 'storeJobId' },
        onError: { target: 'done', actions: 'failCreate' },
      },
    },
    polling: {
      tags: ['pending'],
      meta: { description: 'Asking GET /gen-ai/status/{id} every interval until the job is ready, failed or out of polls.' },
      initial: 'waiting',
      states: {
        waiting: {
          meta: { description: 'Waiting the poll interval (×1.5 after each poll with backoff, at most 30 s).' },
          after: { pollDelay: 'fetching' },
        },
        fetching: {
          meta: { description: 'One status request in flight; a first failure is retried once after the interval.' },
          entry: 'countPoll',
          invoke: {
            id: 'pollJob',
            src: 'pollJob',
            input: ({ context }) => ({ jobId: context.jobId ?? '' }),
            onDone: [
              { guard: 'invalidAnswer', target: '#aiJob.done', actions: 'failInvalid' },
              { guard: 'readyWithResult', target: '#aiJob.done', actions: 'finishReady' },
              { guard: 'readyWithoutResult', target: '#aiJob.done', actions: 'failNoData' },
              { guard: 'jobFailed', target: '#aiJob.done', actions: 'finishFailed' },
              { guard: 'outOfPolls', target: '#aiJob.done', actions: ['storeStatus', 'failMaxPolls'] },
              { target: 'waiting', actions: ['storeStatus', 'growDelay'] },
            ],
            onError: [
              { guard: 'mayRetryPoll', target: 'waiting', actions: ['countPollFailure', 'growDelay'] },
              { target: '#aiJob.done', actions: 'failPoll' },
            ],
          },
        },
      },
    },
    done: {
      type: 'final',
      meta: { description: 'The job ended: ready with its result, failed, an error, or cancelled (see the output).' },
    },
  },
  output: ({ context }) => context.outcome ?? { kind: 'error', message: AI_MESSAGES.jobFailed },
});

export type AiJobMachine = typeof aiJobMachine;
