/**
 * Graph paths of the AI prompt wizard (`xstate/graph` TestModel, DESIGN §4) with realistic payloads:
 * the person's events (a prompt about a bakery, a blank prompt, edits, feedback, Finish) and the
 * children's done / error events (the job chart's outcomes: ready, failed, error, cancelled; the
 * create call's answer or error). Used by promptWizard.test.ts (replay on a live actor + coverage)
 * and machines/catalog.paths.ts.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { AiJob, Script, SourceInfo } from '../../server/src/modules/ai/ai.schemas';
import type { AiJobOutcome } from '../aiJob/aiJob.machine';
import { promptWizardMachine, type PromptWizardInput } from './promptWizard.machine';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type PromptWizardSnapshot = SnapshotFrom<typeof promptWizardMachine>;

/** The account and the name handed over by the create dialog. */
export const promptWizardPathInput: PromptWizardInput = { accountId: 1, botName: 'Aurora Bakery' };

export const bakeryPrompt = 'A friendly welcome video for Aurora Bakery: sourdough, cinnamon buns and catering for office breakfasts.';

export const bakerySourceInfo: SourceInfo = { sourceName: 'Aurora Bakery', sourceType: 'prompt', mainKeywords: ['friendly', 'welcome', 'video', 'aurora', 'bakery'] };

export const bakeryScript: Script = {
  nodes: [
    {
      id: 'welcome',
      title: 'Welcome to Aurora Bakery',
      isEntryPoint: true,
      content: { text: 'Hi! We bake sourdough and cinnamon buns every morning.', videoDescription: 'The baker waves behind the counter.' },
      links: [
        { type: 'internal', label: 'Our breads', targetId: 'breads' },
        { type: 'internal', label: 'Catering', targetId: 'catering' },
      ],
    },
    {
      id: 'breads',
      title: 'Our breads',
      isEntryPoint: false,
      content: { text: 'Slow-fermented sourdough, rye and seasonal loaves.', videoDescription: 'Loaves come out of the oven.' },
      links: [{ type: 'internal', label: 'Back to start', targetId: 'welcome' }],
    },
    {
      id: 'catering',
      title: 'Catering',
      isEntryPoint: false,
      content: { text: 'Breakfast trays for your office, delivered by 8 am.', videoDescription: 'A tray of pastries on a meeting table.' },
      links: [{ type: 'external', label: 'Order online', url: 'https://aurora-bakery.example/order' }],
    },
  ],
};

/** The script after the feedback 'Mention the cinnamon buns first.'. */
export const improvedScript: Script = {
  nodes: bakeryScript.nodes.map((n) =>
    n.id === 'welcome' ? { ...n, content: { ...n.content, text: 'Cinnamon buns, still warm! And sourdough baked every morning.' } } : n,
  ),
};

export const editedText = 'Hi! Fresh sourdough from 6 am, every day.';
export const feedback = 'Mention the cinnamon buns first.';

/** A ready prompt job with `script`. */
export function readyJob(script: Script = bakeryScript): AiJob {
  return {
    id: 'job-prompt-0001',
    type: 'prompt',
    status: 'ready',
    progress: 1,
    error: null,
    createdAt: '2026-11-26T12:00:00.000Z',
    updatedAt: '2026-11-26T12:00:06.000Z',
    result: { sourceInfo: bakerySourceInfo, script },
  };
}

export const readyOutcome: AiJobOutcome = { kind: 'ready', job: readyJob() };
export const improvedOutcome: AiJobOutcome = { kind: 'ready', job: readyJob(improvedScript) };
export const failedOutcome: AiJobOutcome = { kind: 'failed', message: 'The model’s answer was not a valid script.' };
export const errorOutcome: AiJobOutcome = { kind: 'error', message: 'Maximum polling attempts reached' };
export const cancelledOutcome: AiJobOutcome = { kind: 'cancelled' };
export const serverError = { status: 503, detail: 'Service unavailable' };

export const generateEvent = { type: 'prompt.generate', prompt: ` ${bakeryPrompt} `, tone: 'storytelling', language: 'en', botName: ' Aurora Bakery ' } as const;

/** Every event the walk may send. */
export const promptWizardPathEvents: AnyEventObject[] = [
  generateEvent,
  { type: 'prompt.generate', prompt: '   ', tone: 'persuasive', language: 'en', botName: 'Aurora Bakery' },
  { type: 'prompt.generate', prompt: bakeryPrompt, tone: 'persuasive', language: 'fi', botName: '  ' },
  { type: 'prompt.cancel' },
  { type: 'script.editText', nodeId: 'welcome', text: editedText },
  { type: 'script.editText', nodeId: 'no-such-node', text: 'Lost words.' },
  { type: 'prompt.improve', feedback: ` ${feedback}` },
  { type: 'prompt.improve', feedback: ' ' },
  { type: 'prompt.finish', botName: 'Aurora Bakery' },
  { type: 'prompt.finish', botName: '' },
  { type: 'prompt.retry' },
  { type: 'prompt.dismiss' },
  { type: 'xstate.done.actor.job', output: readyOutcome },
  { type: 'xstate.done.actor.job', output: improvedOutcome },
  { type: 'xstate.done.actor.job', output: failedOutcome },
  { type: 'xstate.done.actor.job', output: errorOutcome },
  { type: 'xstate.done.actor.job', output: cancelledOutcome },
  { type: 'xstate.done.actor.createVidbot', output: { mainBotId: 42 } },
  { type: 'xstate.error.actor.createVidbot', error: serverError },
];

/** Events possible in a snapshot: a child's events only while it runs; the improved script only from an improvement. */
export function promptWizardEventsFor(snapshot: PromptWizardSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  return promptWizardPathEvents.filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    if (actor === undefined) return true;
    if (!running.includes(actor)) return false;
    const output = (event as { output?: AiJobOutcome }).output;
    if (output === improvedOutcome) return snapshot.matches('improving');
    if (output === readyOutcome) return snapshot.matches('generating');
    return true;
  });
}

/** Serialization keeping the walk finite: value, whether a script exists and which (original, edited, improved), whether a failure shows. */
export function serializePromptWizardState(snapshot: PromptWizardSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.script?.nodes[0]?.content.text ?? null, c.failure !== null]);
}

/** The test model of the chart. */
export function promptWizardTestModel(input: PromptWizardInput = promptWizardPathInput) {
  return new TestModel(promptWizardMachine, {
    input,
    events: promptWizardEventsFor as never,
    serializeState: serializePromptWizardState,
    stopWhen: (s: PromptWizardSnapshot) => s.status !== 'active',
    limit: 20_000,
  } as never);
}

/** The transition tour: every reachable state and every event offered there. */
export function promptWizardPaths(input: PromptWizardInput = promptWizardPathInput): TourPath[] {
  return transitionTour(promptWizardTestModel(input), serializePromptWizardState);
}
