/**
 * AI job chart tests (issue 16 "The job machine's model-based paths (ready, failed, error, max
 * attempts, backoff delays, cancel), run with a simulated clock"; spec 001 §4, §7 streaming variant,
 * §8 messages, §9 constants): the catalog's paths replayed on a live actor (fake createJob / pollJob /
 * streamJob, xstate SimulatedClock) with invariants at every step, coverage from those paths, and
 * journeys asserting the outcomes, the exact poll delays and the stream's fallback.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, assign, createActor, fromPromise, initialTransition, setup, transition, type AnyEventObject } from 'xstate';
import { AI_MAX_POLLS, AI_MESSAGES, AI_POLL_INTERVAL_MS, AI_PROMPT_POLL_INTERVAL_MS, type AiJobCreated } from '../../server/src/modules/ai/ai.schemas';
import { aiJobMachine, nextDelayMs, type AiJobInput, type AiJobOutcome } from './aiJob.machine';
import type { AiJobRequest, CreateJobInput, PollJobInput, StreamJobInput } from './aiJob.actors';
import { JOB_ID, STREAM_ACTOR_EVENTS, aiJobPathInputs, analysisResult, analyzeRequest, jobAnswer, promptRequest, refusedError, serverError, streamError } from './aiJob.paths';
import { controllableCallback, controllablePromise, deliver, flush } from '../testing/fake-actors';
import { catalogRuns } from '../testing/catalog-runs';
import { graphCoverage } from '../testing/graph-coverage';
import { selectJobOutcome, selectJobPartial, selectJobProgress, selectJobWorking } from './aiJob.selectors';

function harness(input: AiJobInput) {
  const createJob = controllablePromise<unknown, CreateJobInput>();
  const pollJob = controllablePromise<unknown, PollJobInput>();
  const streamJob = controllableCallback<StreamJobInput>();
  const clock = new SimulatedClock();
  const machine = aiJobMachine.provide({ actors: { createJob: createJob.logic as never, pollJob: pollJob.logic, streamJob: streamJob.logic as never } });
  const actor = createActor(machine, { input, clock }).start();
  const snap = () => actor.getSnapshot();
  const send = async (event: AnyEventObject) => {
    // The poll delay fires exactly after the delay the chart holds (simulated clock).
    if (event.type.startsWith('xstate.after.')) clock.increment(snap().context.delayMs);
    else deliver(actor, event, { createJob, pollJob }, { streamJob: { runs: streamJob.runs, emits: STREAM_ACTOR_EVENTS } });
    await flush();
  };
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  /** Answers the pending poll. */
  const answer = (output: unknown) => send({ type: 'xstate.done.actor.pollJob', output });
  const liveStreams = () => streamJob.runs.filter((r) => !r.stopped);
  return { actor, snap, send, tick, answer, clock, createJob, pollJob, streamJob, liveStreams };
}

type Harness = ReturnType<typeof harness>;

function checkInvariants(h: Harness, input: AiJobInput) {
  const s = h.snap();
  const c = s.context;
  const expected = [
    ['createJob', s.matches('creating')],
    ['pollJob', s.matches({ polling: 'fetching' })],
    ['streamJob', s.matches('streaming')],
  ] as const;
  expect(Object.keys(s.children).sort()).toEqual(expected.filter(([, on]) => on).map(([id]) => id).sort());
  expect(h.liveStreams()).toHaveLength(s.matches('streaming') ? 1 : 0);
  if (s.matches('creating')) expect(h.createJob.pending.at(-1)?.input).toEqual({ request: input.request });
  if (s.matches({ polling: 'fetching' })) expect(h.pollJob.pending.at(-1)?.input).toEqual({ jobId: JOB_ID });
  // Only an analysis asked to stream ever streams; the stream is opened at most once.
  if (!(input.streaming && input.request.kind === 'analyze')) expect(h.streamJob.runs).toEqual([]);
  expect(h.streamJob.runs.length).toBeLessThanOrEqual(1);
  expect(h.createJob.inputs.length).toBeLessThanOrEqual(1);
  expect(c.progress).toBeGreaterThanOrEqual(0);
  expect(c.progress).toBeLessThanOrEqual(1);
  expect(c.polls).toBeLessThanOrEqual(c.maxPolls);
  expect(h.pollJob.inputs).toHaveLength(c.polls);
  expect(c.delayMs).toBeLessThanOrEqual(Math.max(30_000, c.intervalMs));
  expect(s.hasTag('pending')).toBe(!s.matches('done'));
  expect(selectJobWorking(s)).toBe(!s.matches('done'));
  expect(selectJobProgress(s)).toEqual({ status: c.status, progress: c.progress });
  expect(selectJobPartial(s)).toBe(c.partial);
  if (s.matches('done')) expect(s.output).toEqual(c.outcome);
  else expect(c.outcome).toBeNull();
  expect(selectJobOutcome(s)).toEqual(s.matches('done') ? c.outcome : null);
}

describe('aiJob chart: graph tour', () => {
  const runs = catalogRuns('aiJob');

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(
      aiJobMachine,
      runs.map((r) => ({ input: r.input, events: r.events })),
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  }, 60_000);

  it.each(runs.map((r) => [`${r.inputName}: ${r.description}`, r] as const))('%s', async (_label, run) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = run.input as AiJobInput;
    const h = harness(input);
    let [expected] = initialTransition(aiJobMachine, input);
    expect(h.snap().value).toEqual(expected.value);
    for (const event of run.events) {
      [expected] = transition(aiJobMachine, expected, event as never);
      await h.send(event);
      expect(h.snap().value).toEqual(expected.value);
      expect(h.snap().context).toEqual(expected.context);
      checkInvariants(h, input);
    }
    h.actor.stop();
    warn.mockRestore();
  });
});

const running = (request: AiJobRequest, progress = 0.4) => jobAnswer(request, { status: request.kind === 'analyze' ? 'analyzing_content' : 'generating_script', progress });
const created = (request: AiJobRequest) => ({ type: 'xstate.done.actor.createJob', output: { jobId: JOB_ID, type: request.kind, status: 'queued' } });

/** Advances the clock to just before and then exactly at the next poll; returns that delay. */
async function expectNextPollAfter(h: Harness, ms: number) {
  const before = h.pollJob.inputs.length;
  await h.tick(ms - 1);
  expect(h.pollJob.inputs, `no poll before ${ms} ms`).toHaveLength(before);
  await h.tick(1);
  expect(h.pollJob.inputs, `a poll at ${ms} ms`).toHaveLength(before + 1);
}

describe('aiJob chart: polling journeys', () => {
  afterEach(() => vi.restoreAllMocks());

  it('ready: creates the job, polls every 5000 ms with the job id, ends ready with the stored job', async () => {
    const h = harness({ request: analyzeRequest });
    expect(h.createJob.inputs).toEqual([{ request: analyzeRequest }]);
    expect(h.snap().context.status).toBe('pending');
    await h.send(created(analyzeRequest));
    expect(h.snap().context).toMatchObject({ jobId: JOB_ID, status: 'queued' });
    await expectNextPollAfter(h, AI_POLL_INTERVAL_MS);
    expect(h.pollJob.inputs).toEqual([{ jobId: JOB_ID }]);
    await h.answer(running(analyzeRequest, 0.4));
    expect(h.snap().context).toMatchObject({ status: 'analyzing_content', progress: 0.4 });
    await expectNextPollAfter(h, AI_POLL_INTERVAL_MS);
    // Progress never goes back (a late answer with less progress keeps the bar where it was).
    await h.answer(running(analyzeRequest, 0.3));
    expect(h.snap().context.progress).toBe(0.4);
    await expectNextPollAfter(h, AI_POLL_INTERVAL_MS);
    const ready = jobAnswer(analyzeRequest, { status: 'ready', withResult: true });
    await h.answer(ready);
    expect(h.snap().status).toBe('done');
    expect(h.snap().output).toEqual({ kind: 'ready', job: ready });
    expect(h.snap().context).toMatchObject({ status: 'ready', progress: 1 });
    expect(h.snap().hasTag('pending')).toBe(false);
  });

  it('the prompt wizard polls every 3000 ms', async () => {
    const h = harness({ request: promptRequest, intervalMs: AI_PROMPT_POLL_INTERVAL_MS });
    await h.send(created(promptRequest));
    await expectNextPollAfter(h, 3000);
    await h.answer(running(promptRequest));
    await expectNextPollAfter(h, 3000);
    await h.answer(jobAnswer(promptRequest, { status: 'ready', withResult: true }));
    expect(h.snap().output).toMatchObject({ kind: 'ready', job: { type: 'prompt', result: { script: { nodes: [{ id: 'n1' }, { id: 'n2' }] } } } });
  });

  it.each([
    ['failed with the job’s message', jobAnswer(analyzeRequest, { status: 'failed', error: 'Could not fetch the page: the address is private.' }), { kind: 'failed', message: 'Could not fetch the page: the address is private.' }],
    ['failed without a message → Job failed', jobAnswer(analyzeRequest, { status: 'failed' }), { kind: 'failed', message: AI_MESSAGES.jobFailed }],
    ['status error → Job failed', jobAnswer(analyzeRequest, { status: 'error' }), { kind: 'failed', message: AI_MESSAGES.jobFailed }],
    ['ready without a result → no data', jobAnswer(analyzeRequest, { status: 'ready' }), { kind: 'error', message: AI_MESSAGES.noData }],
    ['an answer that is not an AiJob → invalid format', { id: JOB_ID, state: 'done' }, { kind: 'error', message: AI_MESSAGES.invalidJobResponse }],
    ['a result of the wrong shape → invalid format', { ...jobAnswer(analyzeRequest, { status: 'ready' }), result: { sourceInfo: 'x' } }, { kind: 'error', message: AI_MESSAGES.invalidJobResponse }],
  ])('%s', async (_label, answer, outcome) => {
    const h = harness({ request: analyzeRequest });
    await h.send(created(analyzeRequest));
    await h.tick(AI_POLL_INTERVAL_MS);
    await h.answer(answer);
    expect(h.snap().status).toBe('done');
    expect(h.snap().output).toEqual(outcome);
  });

  it('a refused create call ends with the server’s detail; one without a detail with Job failed', async () => {
    const h = harness({ request: analyzeRequest });
    await h.send({ type: 'xstate.error.actor.createJob', error: refusedError });
    expect(h.snap().output).toEqual({ kind: 'error', message: refusedError.detail });
    const g = harness({ request: analyzeRequest });
    await g.send({ type: 'xstate.error.actor.createJob', error: new TypeError('Failed to fetch') });
    expect(g.snap().output).toEqual({ kind: 'error', message: AI_MESSAGES.jobFailed });
    expect(g.pollJob.inputs).toEqual([]);
  });

  it(`max attempts: after ${AI_MAX_POLLS} polls of a running job → Maximum polling attempts reached`, async () => {
    const h = harness({ request: analyzeRequest });
    await h.send(created(analyzeRequest));
    for (let i = 1; i <= AI_MAX_POLLS; i++) {
      await expectNextPollAfter(h, AI_POLL_INTERVAL_MS);
      await h.answer(running(analyzeRequest));
      if (i < AI_MAX_POLLS) expect(h.snap().status).toBe('active');
    }
    expect(h.pollJob.inputs).toHaveLength(AI_MAX_POLLS);
    expect(h.snap().output).toEqual({ kind: 'error', message: AI_MESSAGES.maxAttempts });
    await h.tick(60_000);
    expect(h.pollJob.inputs).toHaveLength(AI_MAX_POLLS);
  });

  it('backoff: the delays are 5000, 7500, 11250, 16875, 25313, then capped at 30000 ms', async () => {
    const h = harness({ request: analyzeRequest, backoff: true, maxPolls: 9 });
    await h.send(created(analyzeRequest));
    const delays = [5000, 7500, 11250, 16875, 25313, 30000, 30000, 30000, 30000];
    for (const [i, delay] of delays.entries()) {
      await expectNextPollAfter(h, delay);
      await h.answer(running(analyzeRequest));
      if (i < delays.length - 1) expect(h.snap().context.delayMs).toBe(delays[i + 1]);
    }
    expect(h.snap().output).toEqual({ kind: 'error', message: AI_MESSAGES.maxAttempts });
  });

  it('without backoff (the default) every delay is the interval', async () => {
    expect(nextDelayMs(5000, false)).toBe(5000);
    expect(nextDelayMs(20_000, true)).toBe(30_000);
    const h = harness({ request: analyzeRequest, maxPolls: 4 });
    await h.send(created(analyzeRequest));
    for (let i = 0; i < 4; i++) {
      await expectNextPollAfter(h, 5000);
      await h.answer(running(analyzeRequest));
    }
  });

  it('a failed poll is retried once after the interval; two failures in a row → Failed to poll job status', async () => {
    const h = harness({ request: analyzeRequest });
    await h.send(created(analyzeRequest));
    await h.tick(5000);
    await h.send({ type: 'xstate.error.actor.pollJob', error: serverError });
    expect(h.snap().matches({ polling: 'waiting' })).toBe(true);
    await expectNextPollAfter(h, 5000);
    await h.answer(running(analyzeRequest));
    expect(h.snap().context.pollFailures).toBe(0);
    await h.tick(5000);
    await h.send({ type: 'xstate.error.actor.pollJob', error: serverError });
    await expectNextPollAfter(h, 5000);
    await h.send({ type: 'xstate.error.actor.pollJob', error: new TypeError('Failed to fetch') });
    expect(h.snap().output).toEqual({ kind: 'error', message: AI_MESSAGES.pollFailed });
    expect(h.pollJob.inputs).toHaveLength(4);
  });

  it('a poll failing on the last allowed poll is not retried', async () => {
    const h = harness({ request: analyzeRequest, maxPolls: 1 });
    await h.send(created(analyzeRequest));
    await h.tick(5000);
    await h.send({ type: 'xstate.error.actor.pollJob', error: serverError });
    expect(h.snap().output).toEqual({ kind: 'error', message: AI_MESSAGES.pollFailed });
  });
});

describe('aiJob chart: cancellation', () => {
  it('job.cancel ends cancelled from any working state and stops the running request', async () => {
    for (const step of ['creating', 'waiting', 'fetching', 'streaming'] as const) {
      const h = harness({ request: analyzeRequest, streaming: step === 'streaming' });
      if (step !== 'creating' && step !== 'streaming') await h.send(created(analyzeRequest));
      if (step === 'fetching') await h.tick(5000);
      expect(Object.keys(h.snap().children)).toHaveLength(step === 'waiting' ? 0 : 1);
      h.actor.send({ type: 'job.cancel' });
      await flush();
      expect(h.snap().output, step).toEqual({ kind: 'cancelled' });
      expect(h.snap().children).toEqual({});
      expect(h.liveStreams()).toEqual([]);
      // No poll after a cancel, whatever the clock does.
      const polls = h.pollJob.inputs.length;
      await h.tick(60_000);
      expect(h.pollJob.inputs).toHaveLength(polls);
    }
  });

  it('stopping the actor (the wizard leaves) aborts the poll in flight and the stream', async () => {
    const signals: AbortSignal[] = [];
    const pollJob = fromPromise<unknown, PollJobInput>(({ signal }) => {
      signals.push(signal);
      return new Promise(() => {});
    });
    const createJob = fromPromise<AiJobCreated, CreateJobInput>(async () => ({ jobId: JOB_ID, type: 'analyze', status: 'queued' }));
    const clock = new SimulatedClock();
    const actor = createActor(aiJobMachine.provide({ actors: { pollJob, createJob } }), { input: { request: analyzeRequest }, clock }).start();
    await flush();
    clock.increment(5000);
    await flush();
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    actor.stop();
    expect(signals[0]!.aborted).toBe(true);

    const h = harness({ request: analyzeRequest, streaming: true });
    expect(h.liveStreams()).toHaveLength(1);
    h.actor.stop();
    expect(h.liveStreams()).toEqual([]);
  });
});

describe('aiJob chart: streaming', () => {
  afterEach(() => vi.restoreAllMocks());
  const streamed = (event: unknown) => ({ type: 'stream.event', event });

  it('statuses move the bar, the first status names the job, partial results land in context; [DONE] polls the stored result at once', async () => {
    const h = harness({ request: analyzeRequest, streaming: true });
    expect(h.createJob.inputs).toEqual([]);
    expect(h.streamJob.runs[0]?.input).toEqual({ request: analyzeRequest });
    expect(h.snap().hasTag('pending')).toBe(true);
    await h.send(streamed({ type: 'status', status: 'queued', jobId: JOB_ID }));
    expect(h.snap().context).toMatchObject({ jobId: JOB_ID, status: 'queued' });
    await h.send(streamed({ type: 'status', status: 'fetching_url', jobId: 'another-job-id' }));
    expect(h.snap().context).toMatchObject({ jobId: JOB_ID, status: 'fetching_url', progress: 0.1 });
    await h.send(streamed({ type: 'status', status: 'analyzing_source' }));
    const progress = h.snap().context.progress;
    expect(progress).toBeGreaterThan(0.1);
    await h.send(streamed({ type: 'source_info', sourceInfo: analysisResult.sourceInfo }));
    await h.send(streamed({ type: 'scripts', scripts: analysisResult.scripts }));
    await h.send(streamed({ type: 'navigation', navigation: analysisResult.navigation }));
    expect(h.snap().context.partial).toEqual(analysisResult);
    await h.send(streamed({ type: 'status', status: 'ready' }));
    expect(h.snap().context).toMatchObject({ status: 'ready', progress: 1 });
    await h.send({ type: 'stream.done' });
    expect(h.liveStreams()).toEqual([]);
    expect(h.pollJob.inputs).toEqual([{ jobId: JOB_ID }]);
    const ready = jobAnswer(analyzeRequest, { status: 'ready', withResult: true });
    await h.answer(ready);
    expect(h.snap().output).toEqual({ kind: 'ready', job: ready });
    expect(h.createJob.inputs).toEqual([]);
  });

  it('unknown event types are ignored with a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = harness({ request: analyzeRequest, streaming: true });
    await h.send(streamed({ type: 'status', status: 'queued', jobId: JOB_ID }));
    const before = h.snap();
    await h.send({ type: 'stream.unknown', eventType: 'heartbeat' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('heartbeat');
    expect(h.snap().value).toEqual(before.value);
    expect(h.snap().context).toEqual(before.context);
    expect(h.liveStreams()).toHaveLength(1);
  });

  it('an error event ends the job failed with its message', async () => {
    const h = harness({ request: analyzeRequest, streaming: true });
    await h.send(streamed({ type: 'status', status: 'queued', jobId: JOB_ID }));
    await h.send(streamed({ type: 'error', message: streamError }));
    expect(h.snap().output).toEqual({ kind: 'failed', message: streamError });
    expect(h.liveStreams()).toEqual([]);
    expect(h.pollJob.inputs).toEqual([]);
  });

  it('stream → fallback: a broken stream after the job was named polls that job (no second job)', async () => {
    const h = harness({ request: analyzeRequest, streaming: true });
    await h.send(streamed({ type: 'status', status: 'queued', jobId: JOB_ID }));
    await h.send(streamed({ type: 'status', status: 'analyzing_content' }));
    await h.send({ type: 'stream.failed', error: new TypeError('network error') });
    expect(h.snap().matches({ polling: 'waiting' })).toBe(true);
    expect(h.liveStreams()).toEqual([]);
    await expectNextPollAfter(h, AI_POLL_INTERVAL_MS);
    expect(h.pollJob.inputs).toEqual([{ jobId: JOB_ID }]);
    await h.answer(jobAnswer(analyzeRequest, { status: 'ready', withResult: true }));
    expect(h.snap().output).toMatchObject({ kind: 'ready' });
    expect(h.createJob.inputs).toEqual([]);
  });

  it('stream → fallback: a stream that broke (or ended) before naming its job creates it by the non-stream call', async () => {
    for (const end of [{ type: 'stream.failed', error: { status: 502, detail: 'Bad gateway' } }, { type: 'stream.done' }]) {
      const h = harness({ request: analyzeRequest, streaming: true });
      await h.send(end);
      expect(h.snap().matches('creating')).toBe(true);
      expect(h.createJob.inputs).toEqual([{ request: analyzeRequest }]);
      await h.send(created(analyzeRequest));
      await expectNextPollAfter(h, AI_POLL_INTERVAL_MS);
      expect(h.pollJob.inputs).toEqual([{ jobId: JOB_ID }]);
    }
  });

  it('only an analysis streams: streaming with a prompt job uses the create call', () => {
    const h = harness({ request: promptRequest, streaming: true, intervalMs: 3000 });
    expect(h.streamJob.runs).toEqual([]);
    expect(h.createJob.inputs).toEqual([{ request: promptRequest }]);
  });

  it('the default actors fail loudly: the stream falls back to the create call, which ends with Job failed', async () => {
    const actor = createActor(aiJobMachine, { input: aiJobPathInputs.streaming! }).start();
    await flush();
    expect(actor.getSnapshot().output).toEqual({ kind: 'error', message: AI_MESSAGES.jobFailed });
  });
});

describe('aiJob chart: as a wizard’s child', () => {
  it('a parent invokes it with the contract’s input and gets the AiJobOutcome as its done output', async () => {
    const ready = jobAnswer(promptRequest, { status: 'ready', withResult: true });
    const job = aiJobMachine.provide({
      actors: {
        createJob: fromPromise<AiJobCreated, CreateJobInput>(async () => ({ jobId: JOB_ID, type: 'prompt', status: 'queued' })),
        pollJob: fromPromise<unknown, PollJobInput>(async () => ready),
      },
    });
    const wizard = setup({ types: { context: {} as { outcome: AiJobOutcome | null } }, actors: { job } }).createMachine({
      context: { outcome: null },
      initial: 'generating',
      states: {
        generating: {
          invoke: {
            src: 'job',
            input: { request: promptRequest, intervalMs: AI_PROMPT_POLL_INTERVAL_MS },
            onDone: { target: 'review', actions: assign({ outcome: ({ event }) => event.output }) },
          },
        },
        review: {},
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(wizard, { clock }).start();
    await flush();
    clock.increment(AI_PROMPT_POLL_INTERVAL_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('review');
    expect(actor.getSnapshot().context.outcome).toEqual({ kind: 'ready', job: ready });
  });
});
