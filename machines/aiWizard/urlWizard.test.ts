/**
 * AI URL wizard chart tests (issue 16; spec 001 §2 "AI URL wizard", §5, §8): the graph tour replayed
 * on a live actor (the job children and the create call faked, simulated clock) with invariants at
 * every step, state and transition coverage from those paths, journeys for the four steps, and one
 * composition run with the real job chart (machines/aiJob) polling fake API actors on the simulated
 * clock.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, initialTransition, transition, type AnyEventObject } from 'xstate';
import { AI_POLL_INTERVAL_MS, type AiJobCreated, type CreatedFromScript } from '../../server/src/modules/ai/ai.schemas';
import { aiJobMachine, type AiJobInput, type AiJobOutcome } from '../aiJob/aiJob.machine';
import type { CreateJobInput, PollJobInput } from '../aiJob/aiJob.actors';
import { urlWizardMachine } from './urlWizard.machine';
import type { CreateVidbotInput } from './urlWizard.actors';
import {
  BAKERY_URL,
  analysisReady,
  bakeryAnalysis,
  bakeryScript,
  createError,
  fetchRefused,
  maxPollsReached,
  scriptJobFailed,
  scriptReady,
  urlWizardPathInput,
} from './urlWizard.paths';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { catalogRuns } from '../testing/catalog-runs';
import { graphCoverage } from '../testing/graph-coverage';
import {
  selectCanFinish,
  selectCanNext,
  selectCanRetry,
  selectFailure,
  selectIsBusy,
  selectMainBotId,
  selectPhase,
  selectScript,
  selectSelectedOption,
  selectStep,
} from './urlWizard.selectors';

function harness(input = urlWizardPathInput) {
  const job = controllablePromise<AiJobOutcome, AiJobInput>();
  const createVidbot = controllablePromise<CreatedFromScript, CreateVidbotInput>();
  const promises = { analysisJob: job, scriptJob: job, createVidbot };
  const clock = new SimulatedClock();
  const machine = urlWizardMachine.provide({ actors: { job: job.logic as never, createVidbot: createVidbot.logic } });
  const actor = createActor(machine, { input, clock }).start();
  const send = async (event: AnyEventObject) => {
    // A left state stops its actor but the fake keeps the run: only the newest run is live.
    const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] as keyof typeof promises | undefined;
    if (id && promises[id]) promises[id].pending.splice(0, promises[id].pending.length - 1);
    deliver(actor, event, promises);
    await flush();
  };
  const snap = () => actor.getSnapshot();
  return { actor, send, snap, job, createVidbot };
}

type Harness = ReturnType<typeof harness>;

/** Invariants every snapshot must satisfy, whatever the path. */
function checkInvariants(h: Harness) {
  const s = h.snap();
  const c = s.context;
  const expected = [
    ['analysisJob', s.matches({ enteringUrl: 'analyzing' })],
    ['scriptJob', s.matches({ writingScript: 'generating' })],
    ['createVidbot', s.matches({ writingScript: 'creating' })],
  ] as const;
  expect(Object.keys(s.children).sort()).toEqual(expected.filter(([, on]) => on).map(([id]) => id).sort());
  // The running job asks for what the person chose (spec 001 §7 bodies).
  if (s.matches({ enteringUrl: 'analyzing' })) {
    expect(h.job.pending.at(-1)?.input).toEqual({
      request: { kind: 'analyze', body: { accountId: 1, url: c.url.trim(), scriptType: 'website', language: c.language } },
      streaming: true,
    });
  }
  if (s.matches({ writingScript: 'generating' })) {
    expect(h.job.pending.at(-1)?.input).toEqual({
      request: {
        kind: 'script',
        body: {
          accountId: 1,
          language: c.language,
          navigation: bakeryAnalysis.navigation,
          details: bakeryAnalysis.scripts.find((o) => o.id === c.selectedOptionId),
          scriptType: 'website',
          sourceInfo: bakeryAnalysis.sourceInfo,
          tone: c.tone,
        },
      },
    });
  }
  if (s.matches({ writingScript: 'creating' })) {
    expect(h.createVidbot.pending.at(-1)?.input).toEqual({ accountId: 1, botName: 'Aurora Bakery', sourceInfo: bakeryScript.sourceInfo, script: bakeryScript.script, genAIType: 'url' });
  }
  // Spec 001 §2: the analysis shown is always the one of the URL in the field.
  if (c.analysis) expect(c.analysis.url).toBe(c.url.trim());
  // Steps 2–4 exist only with an analysis; steps 3–4 only with a chosen option (§5).
  if (selectStep(s) >= 2) expect(c.analysis).not.toBeNull();
  if (selectStep(s) >= 3) expect(selectSelectedOption(s)).not.toBeNull();
  if (c.selectedOptionId !== null) expect(c.analysis?.result.scripts.map((o) => o.id)).toContain(c.selectedOptionId);
  // A kept script belongs to the chosen option, and when shown, to the chosen tone and language.
  if (c.script) expect(c.script.optionId).toBe(c.selectedOptionId);
  if (s.matches({ writingScript: 'reviewing' })) expect(c.script).toMatchObject({ tone: c.tone, language: c.language });
  if (s.matches('created')) expect(selectMainBotId(s)).toBe(42);
  expect(selectIsBusy(s)).toBe(s.hasTag('pending'));
}

describe('urlWizard chart: graph tour', () => {
  // The catalog's paths (tour + journeys): what `npm run paths -- urlWizard` prints and machines:coverage counts.
  const paths = catalogRuns('urlWizard');

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(
      urlWizardMachine,
      paths.map((p) => ({ input: urlWizardPathInput, events: p.events })),
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    // enteringUrl (+ idle, analyzing, analysisFailed), choosingScript, reviewingNavigation,
    // writingScript (+ entering, generating, scriptFailed, reviewing, creating), created.
    expect(coverage.states.covered).toHaveLength(13);
  }, 120_000);

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_label, path) => {
    const h = harness();
    let [expected] = initialTransition(urlWizardMachine, urlWizardPathInput);
    expect(h.snap().value).toEqual(expected.value);
    for (const event of path.events) {
      [expected] = transition(urlWizardMachine, expected, event as never);
      await h.send(event);
      const snapshot = h.snap();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      checkInvariants(h);
    }
    h.actor.stop();
  });
});

describe('urlWizard chart: journeys', () => {
  it('step 1 refuses an address without a dotted host or http(s) (§5) and starts nothing', async () => {
    const h = harness();
    for (const url of ['aurora bakery', 'ftp://aurora-bakery.example/', 'http://localhost/']) {
      await h.send({ type: 'url.change', url });
      await h.send({ type: 'wizard.analyze' });
      expect(selectFailure(h.snap())).toEqual({ kind: 'invalidUrl', message: 'Please enter a valid URL' });
    }
    expect(h.job.inputs).toEqual([]);
    await h.send({ type: 'url.change', url: BAKERY_URL });
    expect(selectFailure(h.snap())).toBeNull();
    await h.send({ type: 'wizard.analyze' });
    expect(selectPhase(h.snap())).toBe('analyzing');
    expect(h.job.inputs).toHaveLength(1);
  });

  it('walks the four steps: analysis → a required choice → links → script once on entry → Finish → created', async () => {
    const h = harness();
    await h.send({ type: 'url.change', url: ` ${BAKERY_URL} ` });
    await h.send({ type: 'wizard.analyze' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: analysisReady });
    expect(selectStep(h.snap())).toBe(2);
    // §5: the script step needs a selected script.
    expect(selectCanNext(h.snap())).toBe(false);
    await h.send({ type: 'wizard.next' });
    expect(selectStep(h.snap())).toBe(2);
    await h.send({ type: 'script.select', optionId: 'opt-2' });
    expect(selectCanNext(h.snap())).toBe(true);
    await h.send({ type: 'wizard.next' });
    expect(selectStep(h.snap())).toBe(3);
    await h.send({ type: 'wizard.next' });
    expect(selectStep(h.snap())).toBe(4);
    expect(selectPhase(h.snap())).toBe('generating');
    expect(h.job.inputs).toHaveLength(2);
    expect(h.job.inputs[1]?.request).toMatchObject({ kind: 'script', body: { details: { id: 'opt-2' }, tone: 'persuasive', language: 'en' } });
    await h.send({ type: 'xstate.done.actor.scriptJob', output: scriptReady });
    expect(selectScript(h.snap())?.script.nodes).toHaveLength(2);
    // Back to the links and forward again: the script is not written a second time.
    await h.send({ type: 'wizard.back' });
    await h.send({ type: 'wizard.next' });
    expect(selectPhase(h.snap())).toBe('reviewing');
    expect(h.job.inputs).toHaveLength(2);
    expect(selectCanFinish(h.snap())).toBe(true);
    await h.send({ type: 'wizard.finish' });
    expect(selectPhase(h.snap())).toBe('creating');
    await h.send({ type: 'xstate.done.actor.createVidbot', output: { mainBotId: 42 } });
    expect(h.snap().status).toBe('done');
    expect(h.snap().output).toEqual({ mainBotId: 42 });
  });

  it('tone and language changes regenerate (a change mid-run restarts it), the same value does not', async () => {
    const h = harness();
    await h.send({ type: 'url.change', url: BAKERY_URL });
    await h.send({ type: 'wizard.analyze' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: analysisReady });
    await h.send({ type: 'script.select', optionId: 'opt-1' });
    await h.send({ type: 'wizard.next' });
    await h.send({ type: 'wizard.next' });
    await h.send({ type: 'tone.change', tone: 'storytelling' });
    expect(h.job.inputs).toHaveLength(3);
    expect(h.job.inputs[2]?.request.body).toMatchObject({ tone: 'storytelling', language: 'en' });
    await h.send({ type: 'xstate.done.actor.scriptJob', output: scriptReady });
    await h.send({ type: 'tone.change', tone: 'storytelling' });
    expect(selectPhase(h.snap())).toBe('reviewing');
    await h.send({ type: 'language.change', language: 'fi' });
    expect(selectPhase(h.snap())).toBe('generating');
    expect(h.job.inputs[3]?.request.body).toMatchObject({ tone: 'storytelling', language: 'fi' });
    await h.send({ type: 'xstate.done.actor.scriptJob', output: scriptReady });
    expect(selectScript(h.snap())).toMatchObject({ tone: 'storytelling', language: 'fi', optionId: 'opt-1' });
  });

  it('changing the URL clears the analysis, the choice and the script (§2)', async () => {
    const h = harness();
    await h.send({ type: 'url.change', url: BAKERY_URL });
    await h.send({ type: 'wizard.analyze' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: analysisReady });
    await h.send({ type: 'script.select', optionId: 'opt-1' });
    await h.send({ type: 'wizard.back' });
    expect(selectCanNext(h.snap())).toBe(true);
    await h.send({ type: 'url.change', url: 'https://other-bakery.example/' });
    const c = h.snap().context;
    expect([c.analysis, c.selectedOptionId, c.script]).toEqual([null, null, null]);
    expect(selectCanNext(h.snap())).toBe(false);
  });

  it('analysis errors show the job’s message with Retry; a retry runs a new job', async () => {
    const h = harness();
    await h.send({ type: 'url.change', url: BAKERY_URL });
    await h.send({ type: 'wizard.analyze' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: fetchRefused });
    expect(selectPhase(h.snap())).toBe('analysisFailed');
    expect(selectFailure(h.snap())).toEqual({ kind: 'analysisFailed', message: fetchRefused.kind === 'failed' ? fetchRefused.message : '' });
    expect(selectCanRetry(h.snap())).toBe(true);
    await h.send({ type: 'wizard.retry' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: maxPollsReached });
    expect(selectFailure(h.snap())?.message).toBe('Maximum polling attempts reached');
    await h.send({ type: 'wizard.retry' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: analysisReady });
    expect(selectStep(h.snap())).toBe(2);
    expect(selectFailure(h.snap())).toBeNull();
  });

  it('script errors offer Retry; Finish without a script says "No script to finish with"; a failed create keeps the script', async () => {
    const h = harness();
    await h.send({ type: 'url.change', url: BAKERY_URL });
    await h.send({ type: 'wizard.analyze' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: analysisReady });
    await h.send({ type: 'script.select', optionId: 'opt-1' });
    await h.send({ type: 'wizard.next' });
    await h.send({ type: 'wizard.next' });
    await h.send({ type: 'xstate.done.actor.scriptJob', output: scriptJobFailed });
    expect(selectFailure(h.snap())).toEqual({ kind: 'scriptFailed', message: 'Job failed' });
    await h.send({ type: 'wizard.finish' });
    expect(selectFailure(h.snap())).toEqual({ kind: 'nothingToFinish', message: 'No script to finish with' });
    expect(h.createVidbot.inputs).toEqual([]);
    await h.send({ type: 'wizard.retry' });
    await h.send({ type: 'xstate.done.actor.scriptJob', output: scriptReady });
    await h.send({ type: 'wizard.finish' });
    await h.send({ type: 'xstate.error.actor.createVidbot', error: createError });
    expect(selectPhase(h.snap())).toBe('reviewing');
    expect(selectFailure(h.snap())).toEqual({ kind: 'createFailed', message: 'Failed to create vidbot' });
    expect(selectScript(h.snap())).not.toBeNull();
  });

  it('without a name from the create dialog, the site name is suggested; an emptied name makes Finish ask for one', async () => {
    const h = harness({ accountId: 1 });
    await h.send({ type: 'url.change', url: BAKERY_URL });
    await h.send({ type: 'wizard.analyze' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: analysisReady });
    expect(h.snap().context.botName).toBe('Aurora Bakery');
    await h.send({ type: 'script.select', optionId: 'opt-1' });
    await h.send({ type: 'wizard.next' });
    await h.send({ type: 'wizard.next' });
    await h.send({ type: 'xstate.done.actor.scriptJob', output: scriptReady });
    await h.send({ type: 'name.change', name: '  ' });
    expect(selectCanFinish(h.snap())).toBe(false);
    await h.send({ type: 'wizard.finish' });
    expect(selectFailure(h.snap())?.kind).toBe('nameRequired');
    await h.send({ type: 'name.change', name: 'Aurora Bakery' });
    expect(selectFailure(h.snap())).toBeNull();
    await h.send({ type: 'wizard.finish' });
    expect(h.createVidbot.inputs[0]?.botName).toBe('Aurora Bakery');
  });

  it('a name from the create dialog is kept when the analysis arrives', async () => {
    const h = harness({ accountId: 1, botName: 'My bakery bot' });
    await h.send({ type: 'url.change', url: BAKERY_URL });
    await h.send({ type: 'wizard.analyze' });
    await h.send({ type: 'xstate.done.actor.analysisJob', output: analysisReady });
    expect(h.snap().context.botName).toBe('My bakery bot');
  });

  it('leaving a step stops its job child (the cancellation)', async () => {
    const h = harness();
    await h.send({ type: 'url.change', url: BAKERY_URL });
    await h.send({ type: 'wizard.analyze' });
    const child = h.snap().children.analysisJob!;
    await h.send({ type: 'wizard.cancel' });
    expect(child.getSnapshot().status).toBe('stopped');
    expect(selectPhase(h.snap())).toBe('editing');
  });

  it('the default createVidbot actor throws "must be provided"', async () => {
    const h = harness();
    const bare = urlWizardMachine.provide({ actors: { job: h.job.logic as never } });
    const actor = createActor(bare, { input: urlWizardPathInput }).start();
    actor.send({ type: 'url.change', url: BAKERY_URL });
    actor.send({ type: 'wizard.analyze' });
    h.job.pending.at(-1)!.resolve(analysisReady);
    await flush();
    actor.send({ type: 'script.select', optionId: 'opt-1' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    h.job.pending.at(-1)!.resolve(scriptReady);
    await flush();
    actor.send({ type: 'wizard.finish' });
    await flush();
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'createFailed', message: 'Failed to create vidbot' });
  });
});

describe('urlWizard with the real job chart (simulated clock)', () => {
  it('polls each job every 5000 ms until ready and goes through all four steps', async () => {
    const created: CreateJobInput[] = [];
    const polls: Array<{ jobId: string; at: number }> = [];
    const clock = new SimulatedClock();
    const answers: Record<string, unknown[]> = {};
    const jobLogic = aiJobMachine.provide({
      actors: {
        createJob: fromPromise<AiJobCreated, CreateJobInput>(async ({ input }) => {
          created.push(input);
          const jobId = `job-${input.request.kind}-0001`;
          const type = input.request.kind;
          const result = type === 'analyze' ? bakeryAnalysis : bakeryScript;
          answers[jobId] = [
            { id: jobId, type, status: 'fetching_url', progress: 0.2, error: null, createdAt: 'x', updatedAt: 'x', result: null },
            { id: jobId, type, status: 'ready', progress: 1, error: null, createdAt: 'x', updatedAt: 'x', result },
          ];
          return { jobId, type, status: "queued" };
        }),
        pollJob: fromPromise<unknown, PollJobInput>(async ({ input }) => {
          polls.push({ jobId: input.jobId, at: clock.now() });
          return answers[input.jobId]!.shift();
        }),
        // The stream is unavailable here: the chart falls back to polling (issue 16).
        streamJob: fromCallback(({ sendBack }) => {
          sendBack({ type: 'stream.failed', error: new Error('no stream in this test') });
        }),
      },
    });
    const createVidbot = controllablePromise<CreatedFromScript, CreateVidbotInput>();
    const machine = urlWizardMachine.provide({ actors: { job: jobLogic, createVidbot: createVidbot.logic } });
    const actor = createActor(machine, { input: urlWizardPathInput, clock }).start();
    const settle = async () => {
      for (let i = 0; i < 5; i++) await flush();
    };
    const advance = async (predicate: () => boolean) => {
      for (let i = 0; i < 10 && !predicate(); i++) {
        clock.increment(AI_POLL_INTERVAL_MS);
        await settle();
      }
    };
    actor.send({ type: 'url.change', url: BAKERY_URL });
    actor.send({ type: 'wizard.analyze' });
    await settle();
    expect(created[0]?.request.kind).toBe('analyze');
    await advance(() => selectStep(actor.getSnapshot()) === 2);
    expect(selectStep(actor.getSnapshot())).toBe(2);
    const analysisPolls = polls.filter((p) => p.jobId === 'job-analyze-0001');
    expect(analysisPolls).toHaveLength(2);
    expect(analysisPolls[1]!.at - analysisPolls[0]!.at).toBe(AI_POLL_INTERVAL_MS);
    actor.send({ type: 'script.select', optionId: 'opt-1' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    await settle();
    expect(created[1]?.request.kind).toBe('script');
    await advance(() => selectPhase(actor.getSnapshot()) === 'reviewing');
    expect(selectScript(actor.getSnapshot())?.script).toEqual(bakeryScript.script);
    actor.send({ type: 'wizard.finish' });
    await settle();
    createVidbot.pending[0]!.resolve({ mainBotId: 7 });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ mainBotId: 7 });
  });
});
