/**
 * AI prompt wizard chart tests (issue 16 "Prompt wizard"; spec 001 §2, §5, §8, §9): the catalog's
 * paths (tour) replayed on a live actor with fake children and invariants at every step, state and
 * transition coverage from those paths, and journeys with the REAL job chart (machines/aiJob) as the
 * child on a simulated clock: polls every 3000 ms, edit → Finish sends the edited script, Improve
 * sends feedback + previousScript, failures with Retry, Cancel and leaving stop the polling.
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, initialTransition, transition, type AnyEventObject } from 'xstate';
import { AI_MESSAGES, AI_PROMPT_POLL_INTERVAL_MS, type AiJobCreated, type CreatedFromScript } from '../../server/src/modules/ai/ai.schemas';
import { aiJobMachine, type AiJobInput, type AiJobOutcome } from '../aiJob/aiJob.machine';
import type { CreateJobInput, PollJobInput } from '../aiJob/aiJob.actors';
import { promptWizardMachine, withNodeText } from './promptWizard.machine';
import type { CreateVidbotInput } from './promptWizard.actors';
import {
  bakeryPrompt,
  bakeryScript,
  bakerySourceInfo,
  editedText,
  failedOutcome,
  feedback,
  generateEvent,
  improvedScript,
  promptWizardPathInput,
  readyJob,
  readyOutcome,
  serverError,
} from './promptWizard.paths';
import { selectCanEditScript, selectFailure, selectIsBusy, selectJob, selectScript, selectStep } from './promptWizard.selectors';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { catalogRuns } from '../testing/catalog-runs';
import { graphCoverage } from '../testing/graph-coverage';

/** The wizard with fake children: the job is one promise answering its outcome. */
function harness() {
  const job = controllablePromise<AiJobOutcome, AiJobInput>();
  const createVidbot = controllablePromise<CreatedFromScript, CreateVidbotInput>();
  const promises = { job, createVidbot };
  const notifyCreated = vi.fn();
  const openEditor = vi.fn();
  const machine = promptWizardMachine.provide({
    actors: { job: job.logic as never, createVidbot: createVidbot.logic },
    actions: { notifyCreated, openEditor },
  });
  const actor = createActor(machine, { input: promptWizardPathInput }).start();
  const send = async (event: AnyEventObject) => {
    const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] as keyof typeof promises | undefined;
    // A left state stops its child but the fake keeps the run: only the newest run is live.
    if (id && promises[id]) promises[id].pending.splice(0, promises[id].pending.length - 1);
    deliver(actor, event, promises);
    await flush();
  };
  return { actor, send, snap: () => actor.getSnapshot(), notifyCreated, openEditor, ...promises };
}

type Harness = ReturnType<typeof harness>;

function checkInvariants(h: Harness) {
  const s = h.snap();
  const c = s.context;
  const working = s.matches('generating') || s.matches('improving');
  const expected = [
    ['job', working],
    ['createVidbot', s.matches('finishing')],
  ] as const;
  expect(Object.keys(s.children).sort()).toEqual(expected.filter(([, on]) => on).map(([id]) => id).sort());
  if (working) {
    const input = h.job.pending.at(-1)?.input;
    expect(input?.intervalMs).toBe(AI_PROMPT_POLL_INTERVAL_MS);
    expect(input?.request.kind).toBe('prompt');
    const body = input?.request.body as Record<string, unknown>;
    expect(body).toMatchObject({ accountId: 1, prompt: bakeryPrompt, tone: 'storytelling', language: 'en', botName: 'Aurora Bakery' });
    if (s.matches('improving')) expect(body).toMatchObject({ feedback, previousScript: c.script });
    else expect(body).not.toHaveProperty('feedback');
  }
  if (s.matches('finishing')) {
    expect(h.createVidbot.pending.at(-1)?.input).toEqual({ accountId: 1, botName: 'Aurora Bakery', sourceInfo: bakerySourceInfo, script: c.script, genAIType: 'prompt' });
  }
  // Every step after the first script keeps one; before it there is none to edit or finish.
  const withScript = (['reviewing', 'improving', 'improvementFailed', 'finishing', 'finishFailed', 'done'] as const).some((step) => s.matches(step));
  if (withScript) expect(c.script).not.toBeNull();
  if (s.matches('editing')) expect(c.script).toBeNull();
  expect(selectCanEditScript(s)).toBe(s.matches('reviewing'));
  expect(selectIsBusy(s)).toBe(s.hasTag('pending'));
  expect(h.notifyCreated).toHaveBeenCalledTimes(s.matches('done') ? 1 : 0);
  expect(h.openEditor).toHaveBeenCalledTimes(s.matches('done') ? 1 : 0);
  if (s.matches('done')) expect(s.output).toEqual({ mainBotId: 42 });
}

describe('promptWizard chart: graph tour', () => {
  const runs = catalogRuns('promptWizard');

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(
      promptWizardMachine,
      runs.map((r) => ({ input: r.input, events: r.events })),
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toHaveLength(9);
  }, 60_000);

  it.each(runs.map((r) => [r.description, r] as const))('%s', async (_label, run) => {
    const h = harness();
    let [expected] = initialTransition(promptWizardMachine, promptWizardPathInput);
    expect(h.snap().value).toEqual(expected.value);
    for (const event of run.events) {
      [expected] = transition(promptWizardMachine, expected, event as never);
      await h.send(event);
      expect(h.snap().value).toEqual(expected.value);
      expect(h.snap().context).toEqual(expected.context);
      checkInvariants(h);
    }
    h.actor.stop();
  });
});

/** The wizard with the REAL job chart as its child (its API calls faked) on a simulated clock. */
function liveHarness() {
  const createJob = controllablePromise<AiJobCreated, CreateJobInput>();
  const pollJob = controllablePromise<unknown, PollJobInput>();
  const createVidbot = controllablePromise<CreatedFromScript, CreateVidbotInput>();
  const notifyCreated = vi.fn();
  const openEditor = vi.fn();
  const clock = new SimulatedClock();
  const machine = promptWizardMachine.provide({
    actors: { job: aiJobMachine.provide({ actors: { createJob: createJob.logic, pollJob: pollJob.logic } }), createVidbot: createVidbot.logic },
    actions: { notifyCreated, openEditor },
  });
  const actor = createActor(machine, { input: promptWizardPathInput, clock }).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  const send = async (event: AnyEventObject) => {
    actor.send(event as never);
    await flush();
  };
  const settle = async (run: { resolve(v: never): void } | undefined, value: unknown) => {
    if (!run) throw new Error('no pending run');
    run.resolve(value as never);
    await flush();
    await flush();
  };
  const status = (status: string, progress: number) => ({ ...readyJob(), status, progress, result: null });
  return { actor, snap: () => actor.getSnapshot(), tick, send, settle, status, createJob, pollJob, createVidbot, notifyCreated, openEditor };
}

describe('promptWizard chart: journeys with the job chart on a simulated clock', () => {
  it('Generate posts the prompt once, polls every 3000 ms with progress, and shows the script', async () => {
    const h = liveHarness();
    await h.send(generateEvent);
    expect(selectStep(h.snap())).toBe('generating');
    expect(h.createJob.inputs).toEqual([
      { request: { kind: 'prompt', body: { accountId: 1, prompt: bakeryPrompt, tone: 'storytelling', language: 'en', botName: 'Aurora Bakery' } } },
    ]);
    await h.settle(h.createJob.pending.shift(), { jobId: 'job-prompt-0001', type: 'prompt', status: 'queued' });
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS - 1);
    expect(h.pollJob.inputs).toEqual([]);
    await h.tick(1);
    expect(h.pollJob.inputs).toEqual([{ jobId: 'job-prompt-0001' }]);
    await h.settle(h.pollJob.pending.shift(), h.status('generating_script', 0.4));
    const job = selectJob(h.snap())!.getSnapshot().context;
    expect([job.status, job.progress]).toEqual(['generating_script', 0.4]);
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS - 1);
    expect(h.pollJob.inputs).toHaveLength(1);
    await h.tick(1);
    expect(h.pollJob.inputs).toHaveLength(2);
    await h.settle(h.pollJob.pending.shift(), readyJob());
    expect(selectStep(h.snap())).toBe('reviewing');
    expect(selectScript(h.snap())).toEqual(bakeryScript);
    expect(selectJob(h.snap())).toBeUndefined();
  });

  it('an edited node text is what Finish sends (genAIType prompt); done toasts and opens the editor', async () => {
    const h = liveHarness();
    await h.send(generateEvent);
    await h.settle(h.createJob.pending.shift(), { jobId: 'job-prompt-0001', type: 'prompt', status: 'queued' });
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS);
    await h.settle(h.pollJob.pending.shift(), readyJob());
    await h.send({ type: 'script.editText', nodeId: 'welcome', text: editedText });
    expect(selectScript(h.snap())!.nodes[0]!.content.text).toBe(editedText);
    await h.send({ type: 'prompt.finish', botName: ' Aurora Bakery welcome ' });
    expect(selectStep(h.snap())).toBe('finishing');
    expect(h.createVidbot.inputs).toEqual([
      { accountId: 1, botName: 'Aurora Bakery welcome', sourceInfo: bakerySourceInfo, script: withNodeText(bakeryScript, 'welcome', editedText), genAIType: 'prompt' },
    ]);
    await h.settle(h.createVidbot.pending.shift(), { mainBotId: 42 });
    expect(selectStep(h.snap())).toBe('done');
    expect(h.notifyCreated).toHaveBeenCalledTimes(1);
    expect(h.openEditor).toHaveBeenCalledTimes(1);
    expect(h.snap().output).toEqual({ mainBotId: 42 });
  });

  it('Improve posts the feedback with the edited script as previousScript and shows the new script', async () => {
    const h = liveHarness();
    await h.send(generateEvent);
    await h.settle(h.createJob.pending.shift(), { jobId: 'job-prompt-0001', type: 'prompt', status: 'queued' });
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS);
    await h.settle(h.pollJob.pending.shift(), readyJob());
    await h.send({ type: 'script.editText', nodeId: 'breads', text: 'Rye on Thursdays.' });
    await h.send({ type: 'prompt.improve', feedback: ' ' });
    expect(selectFailure(h.snap())?.kind).toBe('emptyFeedback');
    expect(h.createJob.inputs).toHaveLength(1);
    await h.send({ type: 'prompt.improve', feedback });
    expect(selectStep(h.snap())).toBe('improving');
    expect(selectScript(h.snap())).not.toBeNull();
    expect(h.createJob.inputs[1]!.request.body).toEqual({
      accountId: 1,
      prompt: bakeryPrompt,
      tone: 'storytelling',
      language: 'en',
      botName: 'Aurora Bakery',
      feedback,
      previousScript: withNodeText(bakeryScript, 'breads', 'Rye on Thursdays.'),
    });
    await h.settle(h.createJob.pending.shift(), { jobId: 'job-prompt-0002', type: 'prompt', status: 'queued' });
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS);
    expect(h.pollJob.inputs).toEqual([{ jobId: 'job-prompt-0001' }, { jobId: 'job-prompt-0002' }]);
    await h.settle(h.pollJob.pending.shift(), readyJob(improvedScript));
    expect(selectStep(h.snap())).toBe('reviewing');
    expect(selectScript(h.snap())).toEqual(improvedScript);
    expect(h.snap().context.feedback).toBe('');
  });

  it('a failed job says why, with Retry that sends the same request again', async () => {
    const h = liveHarness();
    await h.send(generateEvent);
    await h.settle(h.createJob.pending.shift(), { jobId: 'job-prompt-0001', type: 'prompt', status: 'queued' });
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS);
    await h.settle(h.pollJob.pending.shift(), { ...readyJob(), status: 'failed', result: null, error: failedOutcome.kind === 'failed' ? failedOutcome.message : '' });
    expect(selectStep(h.snap())).toBe('generationFailed');
    expect(selectFailure(h.snap())).toEqual({ kind: 'generateFailed', message: 'The model’s answer was not a valid script.' });
    await h.send({ type: 'prompt.retry' });
    expect(selectStep(h.snap())).toBe('generating');
    expect(selectFailure(h.snap())).toBeNull();
    expect(h.createJob.inputs).toHaveLength(2);
    expect(h.createJob.inputs[1]).toEqual(h.createJob.inputs[0]);
  });

  it('a refused create call is the generation failure with the server’s detail', async () => {
    const h = liveHarness();
    await h.send(generateEvent);
    h.createJob.pending.shift()!.reject({ status: 403, detail: 'Generative AI is not enabled for this account.' });
    await flush();
    await flush();
    expect(selectFailure(h.snap())).toEqual({ kind: 'generateFailed', message: 'Generative AI is not enabled for this account.' });
  });

  it('Cancel stops the job: no poll is made afterwards', async () => {
    const h = liveHarness();
    await h.send(generateEvent);
    await h.settle(h.createJob.pending.shift(), { jobId: 'job-prompt-0001', type: 'prompt', status: 'queued' });
    await h.send({ type: 'prompt.cancel' });
    expect(selectStep(h.snap())).toBe('editing');
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS * 5);
    expect(h.pollJob.inputs).toEqual([]);
  });

  it('leaving the page (the wizard stops) cancels the job: no poll is made afterwards', async () => {
    const h = liveHarness();
    await h.send(generateEvent);
    await h.settle(h.createJob.pending.shift(), { jobId: 'job-prompt-0001', type: 'prompt', status: 'queued' });
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS);
    expect(h.pollJob.inputs).toHaveLength(1);
    const child = selectJob(h.snap())!;
    h.actor.stop();
    expect(child.getSnapshot().status).toBe('stopped');
    await h.tick(AI_PROMPT_POLL_INTERVAL_MS * 5);
    expect(h.pollJob.inputs).toHaveLength(1);
  });
});

describe('promptWizard chart: rules', () => {
  it('a blank prompt is refused with ‘Please enter a prompt’ and starts no job (spec 001 §5)', async () => {
    const h = harness();
    await h.send({ type: 'prompt.generate', prompt: ' \n ', botName: 'Aurora Bakery' });
    expect(selectStep(h.snap())).toBe('editing');
    expect(selectFailure(h.snap())).toEqual({ kind: 'emptyPrompt', message: AI_MESSAGES.emptyPrompt });
    expect(h.job.inputs).toEqual([]);
  });

  it('Finish without a script says ‘No script to finish with’', async () => {
    const h = harness();
    await h.send({ type: 'prompt.finish', botName: 'Aurora Bakery' });
    expect(selectFailure(h.snap())).toEqual({ kind: 'nothingToFinish', message: AI_MESSAGES.nothingToFinish });
    expect(h.createVidbot.inputs).toEqual([]);
  });

  it('tone and language default to persuasive and English', async () => {
    const h = harness();
    await h.send({ type: 'prompt.generate', prompt: bakeryPrompt, botName: 'Aurora Bakery' });
    expect(h.job.inputs[0]!.request.body).toEqual({ accountId: 1, prompt: bakeryPrompt, tone: 'persuasive', language: 'en', botName: 'Aurora Bakery' });
  });

  it('a failed create call keeps the script, says ‘Failed to create vidbot’ when the server says nothing, and Retry creates again', async () => {
    const h = harness();
    await h.send(generateEvent);
    await h.send({ type: 'xstate.done.actor.job', output: readyOutcome });
    await h.send({ type: 'prompt.finish', botName: 'Aurora Bakery' });
    await h.send({ type: 'xstate.error.actor.createVidbot', error: new TypeError('Failed to fetch') });
    expect(selectStep(h.snap())).toBe('finishFailed');
    expect(selectFailure(h.snap())).toEqual({ kind: 'finishFailed', message: AI_MESSAGES.createFailed });
    await h.send({ type: 'prompt.retry' });
    await h.send({ type: 'xstate.error.actor.createVidbot', error: serverError });
    expect(selectFailure(h.snap())?.message).toBe('Service unavailable');
    await h.send({ type: 'prompt.dismiss' });
    expect(selectStep(h.snap())).toBe('reviewing');
    expect(selectScript(h.snap())).toEqual(bakeryScript);
    expect(h.createVidbot.inputs).toHaveLength(2);
  });

  it('node texts are cut at 2000 characters', () => {
    expect(withNodeText(bakeryScript, 'welcome', 'x'.repeat(2500)).nodes[0]!.content.text).toHaveLength(2000);
  });

  it('the default createVidbot throws, so a forgotten binding ends in the finish failure', async () => {
    const job = controllablePromise<AiJobOutcome, AiJobInput>();
    const actor = createActor(promptWizardMachine.provide({ actors: { job: job.logic as never } }), { input: promptWizardPathInput }).start();
    actor.send(generateEvent);
    await flush();
    job.pending.shift()!.resolve(readyOutcome);
    await flush();
    actor.send({ type: 'prompt.finish', botName: 'Aurora Bakery' });
    await flush();
    await flush();
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'finishFailed', message: AI_MESSAGES.createFailed });
  });
});
