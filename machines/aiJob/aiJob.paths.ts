/**
 * Graph paths of the AI job chart (`xstate/graph` TestModel, DESIGN §4; issue 16 "The job machine's
 * model-based paths (ready, failed, error, max attempts, backoff delays, cancel)") with realistic
 * payloads: the create answer, status answers of each kind (running, ready with and without result,
 * failed with and without a message, `error`, not an AiJob), the stream's event lines (statuses, the
 * three partial results, an error, an unknown type, `[DONE]`, a broken stream) and the poll delay.
 * Inputs: polling an analysis (3 polls at most), a prompt job with backoff, an analysis streamed.
 * Used by aiJob.test.ts (replay on a live actor with a simulated clock + coverage) and
 * machines/catalog.paths.ts.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { AiJob, AiJobStatusName, AnalysisResult, ScriptResult } from '../../server/src/modules/ai/ai.schemas';
import { aiJobMachine, type AiJobInput } from './aiJob.machine';
import type { AiJobRequest } from './aiJob.actors';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type AiJobSnapshot = SnapshotFrom<typeof aiJobMachine>;

export const SITE = 'https://aurora-bakery.example';
export const JOB_ID = 'job-aurora-0001';

export const analyzeRequest: AiJobRequest = { kind: 'analyze', body: { accountId: 1, url: `${SITE}/`, scriptType: 'website', language: 'en' } };
export const promptRequest: AiJobRequest = {
  kind: 'prompt',
  body: { accountId: 1, prompt: 'A friendly welcome to our bakery and its sourdough', tone: 'storytelling', language: 'en', botName: 'Bakery welcome' },
};

export const analysisResult: AnalysisResult = {
  sourceInfo: { sourceName: 'Aurora Bakery', sourceType: 'website', mainKeywords: ['sourdough', 'cakes', 'catering'] },
  scripts: [
    { id: 'opt-1', title: 'Meet Aurora Bakery', targetAudience: 'Neighbours looking for fresh bread', suggestedApproach: 'A warm tour of the counter', scriptCategory: 'introduction' },
  ],
  navigation: [
    { name: 'Products', url: `${SITE}/products.html`, callToAction: 'See our breads', description: 'Breads, pastries and cakes baked daily.' },
    { name: 'Catering', url: `${SITE}/catering/`, callToAction: 'Plan your event', description: 'Trays for offices and parties.' },
  ],
};

export const scriptResult: ScriptResult = {
  sourceInfo: { sourceName: 'Aurora Bakery', sourceType: 'prompt', mainKeywords: ['A', 'friendly', 'welcome', 'to', 'our'] },
  script: {
    nodes: [
      {
        id: 'n1',
        title: 'Welcome',
        isEntryPoint: true,
        content: { text: 'Welcome to Aurora Bakery!', videoDescription: 'The baker waves behind the counter.' },
        links: [{ type: 'internal', label: 'Our sourdough', targetId: 'n2' }],
      },
      { id: 'n2', title: 'Sourdough', isEntryPoint: false, content: { text: 'Forty-eight hours of patience.', videoDescription: 'Loaves come out of the oven.' }, links: [] },
    ],
  },
};

/** A status answer (`GET /gen-ai/status/{id}`) of the job kind of `request`. */
export function jobAnswer(request: AiJobRequest, over: { status: AiJobStatusName; progress?: number; error?: string | null; withResult?: boolean }): AiJob {
  const common = {
    id: JOB_ID,
    status: over.status,
    progress: over.progress ?? (over.status === 'ready' ? 1 : 0.4),
    error: over.error ?? null,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:05.000Z',
  };
  const withResult = over.withResult ?? false;
  switch (request.kind) {
    case 'analyze':
      return { ...common, type: 'analyze', result: withResult ? analysisResult : null };
    case 'script':
      return { ...common, type: 'script', result: withResult ? scriptResult : null };
    case 'prompt':
      return { ...common, type: 'prompt', result: withResult ? scriptResult : null };
    case 'avatar':
      return { ...common, type: 'avatar', result: withResult ? { mediaId: 41 } : null };
  }
}

/** Named inputs of the walk (small max polls keep it finite; 60 is asserted in the journeys). */
export const aiJobPathInputs: Record<string, AiJobInput> = {
  polling: { request: analyzeRequest, maxPolls: 3 },
  backoff: { request: promptRequest, intervalMs: 3000, backoff: true, maxPolls: 3 },
  streaming: { request: analyzeRequest, streaming: true, maxPolls: 2 },
};

export const refusedError = { status: 403, code: 'featureDisabled', detail: 'Generative AI is not enabled for this account.' };
export const serverError = { status: 503, detail: 'Service unavailable' };
export const streamError = 'Could not read https://aurora-bakery.example/: the site did not answer in time.';

/** Events the stream actor emits (its fake sends them back, as the real actor would). */
export const STREAM_ACTOR_EVENTS = ['stream.event', 'stream.unknown', 'stream.done', 'stream.failed'] as const;

/** Stream events of the walk. */
export const aiJobStreamEvents: AnyEventObject[] = [
  { type: 'stream.event', event: { type: 'status', status: 'queued', jobId: JOB_ID } },
  { type: 'stream.event', event: { type: 'status', status: 'fetching_url' } },
  { type: 'stream.event', event: { type: 'source_info', sourceInfo: analysisResult.sourceInfo } },
  { type: 'stream.event', event: { type: 'scripts', scripts: analysisResult.scripts } },
  { type: 'stream.event', event: { type: 'navigation', navigation: analysisResult.navigation } },
  { type: 'stream.event', event: { type: 'error', message: streamError } },
  { type: 'stream.unknown', eventType: 'heartbeat' },
  { type: 'stream.done' },
  { type: 'stream.failed', error: new TypeError('network error') },
];

/** Events of the walk for a snapshot's request kind. */
function pathEvents(request: AiJobRequest): AnyEventObject[] {
  return [
    { type: 'job.cancel' },
    ...aiJobStreamEvents,
    { type: 'xstate.done.actor.createJob', output: { jobId: JOB_ID, type: request.kind, status: 'queued' } },
    { type: 'xstate.error.actor.createJob', error: refusedError },
    { type: 'xstate.error.actor.createJob', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.pollJob', output: jobAnswer(request, { status: request.kind === 'analyze' ? 'analyzing_content' : 'generating_script' }) },
    { type: 'xstate.done.actor.pollJob', output: jobAnswer(request, { status: 'ready', withResult: true }) },
    { type: 'xstate.done.actor.pollJob', output: jobAnswer(request, { status: 'ready' }) },
    { type: 'xstate.done.actor.pollJob', output: jobAnswer(request, { status: 'failed', progress: 0.2, error: 'The model’s answer was not a valid analysis.' }) },
    { type: 'xstate.done.actor.pollJob', output: jobAnswer(request, { status: 'error', progress: 0.2 }) },
    { type: 'xstate.done.actor.pollJob', output: { id: JOB_ID, state: 'done' } },
    { type: 'xstate.error.actor.pollJob', error: serverError },
    { type: 'xstate.after.pollDelay.aiJob.polling.waiting' },
  ];
}

/** Events possible in a snapshot: an actor's events only while it runs; the delay only in its state. */
export function aiJobEventsFor(snapshot: AiJobSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  const active = new Set(snapshot._nodes.map((n) => n.id));
  return pathEvents(snapshot.context.request).filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    if (actor !== undefined) return running.includes(actor);
    const delayed = /^xstate\.after\.[^.]+\.(.+)$/.exec(event.type)?.[1];
    if (delayed !== undefined) return active.has(delayed);
    if ((STREAM_ACTOR_EVENTS as readonly string[]).includes(event.type)) return running.includes('streamJob');
    return true;
  });
}

/** Serialization keeping the walk finite: value + the context that steers the chart. */
export function serializeAiJobState(snapshot: AiJobSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.polls, c.pollFailures, c.delayMs, c.jobId !== null, c.outcome?.kind ?? null]);
}

/** The test model of the chart for one input. */
export function aiJobTestModel(input: AiJobInput = aiJobPathInputs.polling!) {
  return new TestModel(aiJobMachine, {
    input,
    events: aiJobEventsFor as never,
    serializeState: serializeAiJobState,
    limit: 20_000,
    stopWhen: (s: AiJobSnapshot) => s.status !== 'active',
  } as never);
}

/** The transition tour of one input: every reachable state and every event offered there. */
export function aiJobPaths(input: AiJobInput = aiJobPathInputs.polling!): TourPath[] {
  return transitionTour(aiJobTestModel(input), serializeAiJobState);
}
