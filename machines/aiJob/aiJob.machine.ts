/**
 * One AI job, from create call to result (issue 16 "The job machine"; spec 001 §4 "AI jobs", §7, §8
 * AI messages, §9 polling constants). Invoked by the URL wizard, the prompt wizard and the avatar
 * generator; each gives the request and its poll interval.
 *
 * ```
 *  creating (POST create call) ──done──► polling.waiting ──after delay──► polling.fetching (GET status)
 *     │ error ──► done (error: the server's detail)         ▲                 │
 *     │                                                     └── not terminal ─┤ (polls+1; delay ×1.5 ≤ 30 s with backoff)
 *     │                                                  ready + result ──► done (ready)
 *     │                                              ready, no result ──► done (error 'Job completed but no data received')
 *     │                                              failed / error ──► done (failed: job.error or 'Job failed')
 *     │                                        answer not an AiJob ──► done (error 'Invalid job response format')
 *     │                                              polls = maxPolls ──► done (error 'Maximum polling attempts reached')
 *     │                                                  poll error ──► done (error 'Failed to poll job status')
 *  (streaming) streaming ── event lines (status, source_info, scripts, navigation; unknown ignored) ──► streaming
 *        [DONE] ──► polling.fetching (one GET for the stored result)   stream fails ──► polling (fallback)
 *  any ──job.cancel──► done (cancelled)
 * ```
 *
 * The final state's output is an `AiJobOutcome`. Working states carry the tag `pending`. Progress
 * (status in words, 0..1) lives in context for the progress bar.
 *
 * SEAM (lead, issue 16): a working polling chart; the ai-machine helper adds streaming with fallback,
 * paths, model-based tests with a simulated clock and the catalog entry. The input, events, actors and
 * output below are the contract the wizards code against.
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
} from '../../server/src/modules/ai/ai.schemas';
import { missingAiJobActors, type AiJobRequest } from './aiJob.actors';

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

export interface AiJobContext {
  request: AiJobRequest;
  intervalMs: number;
  maxPolls: number;
  backoff: boolean;
  streaming: boolean;
  jobId: string | null;
  /** Latest known status (§4), for the progress bar. */
  status: AiJobStatusName;
  /** 0..1 */
  progress: number;
  /** Polls made so far. */
  polls: number;
  /** Delay before the next poll, ms. */
  delayMs: number;
  /** Partial results read from the stream (analysis). */
  partial: { sourceInfo?: unknown; scripts?: unknown; navigation?: unknown };
  outcome: AiJobOutcome | null;
}

export type AiJobEvent = { type: 'job.cancel' } | { type: 'stream.event'; event: AiStreamEvent } | { type: 'stream.done' } | { type: 'stream.failed'; error: unknown };

/** The server's detail of an API error, else null. */
export function errorDetail(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'detail' in error) {
    const { detail } = error as { detail: unknown };
    if (typeof detail === 'string' && detail !== '') return detail;
  }
  return null;
}

/** Next delay with backoff: × AI_BACKOFF_FACTOR, at most AI_BACKOFF_CAP_MS. */
export function nextDelayMs(delayMs: number, backoff: boolean): number {
  return backoff ? Math.min(AI_BACKOFF_CAP_MS, Math.round(delayMs * AI_BACKOFF_FACTOR)) : delayMs;
}

type DoneOutput = { output?: unknown; error?: unknown };

function parsedJob(event: unknown): AiJob | null {
  const result = v.safeParse(AiJob, (event as DoneOutput).output);
  return result.success ? result.output : null;
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
  },
  actions: {
    storeJobId: assign(({ event }) => {
      const output = (event as DoneOutput).output as { jobId?: unknown; status?: AiJobStatusName } | undefined;
      return { jobId: typeof output?.jobId === 'string' ? output.jobId : null, status: output?.status ?? 'queued' };
    }),
    countPoll: assign({ polls: ({ context }) => context.polls + 1 }),
    storeStatus: assign(({ context, event }) => {
      const job = parsedJob(event);
      return job ? { status: job.status, progress: Math.max(context.progress, job.progress) } : {};
    }),
    growDelay: assign({ delayMs: ({ context }) => nextDelayMs(context.delayMs, context.backoff) }),
    finishReady: assign(({ event }) => ({ outcome: { kind: 'ready', job: parsedJob(event)! } as AiJobOutcome, status: 'ready' as const, progress: 1 })),
    finishFailed: assign(({ event }) => {
      const job = parsedJob(event);
      return { outcome: { kind: 'failed', message: job?.error || AI_MESSAGES.jobFailed } as AiJobOutcome, status: 'failed' as const };
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
    delayMs: input.intervalMs ?? AI_POLL_INTERVAL_MS,
    partial: {},
    outcome: null,
  }),
  initial: 'creating',
  on: {
    'job.cancel': { target: '.done', actions: 'cancel' },
  },
  states: {
    creating: {
      tags: ['pending'],
      meta: { description: 'Sending the create call (e.g. POST /gen-ai/analyze-navigation); the answer names the job.' },
      invoke: {
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
          meta: { description: 'One status request in flight.' },
          entry: 'countPoll',
          invoke: {
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
            onError: { target: '#aiJob.done', actions: 'failPoll' },
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
