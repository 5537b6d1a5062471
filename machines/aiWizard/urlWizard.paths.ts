/**
 * Graph paths of the AI URL wizard chart (`xstate/graph` TestModel, DESIGN §4) with realistic
 * payloads: the person's events, the job children's outcomes (`AiJobOutcome` of machines/aiJob) and
 * the create call's answers. Fixtures follow the Aurora Bakery website (server/test/fixtures/website).
 * Used by urlWizard.test.ts (replay on a live actor + coverage) and `npm run paths -- urlWizard`.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { AnalysisResult, AiJob, ScriptResult } from '../../server/src/modules/ai/ai.schemas';
import type { AiJobOutcome } from '../aiJob/aiJob.machine';
import { urlWizardMachine, type UrlWizardInput } from './urlWizard.machine';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type UrlWizardSnapshot = SnapshotFrom<typeof urlWizardMachine>;

/** The site every path analyses. */
export const BAKERY_URL = 'https://aurora-bakery.example/';

/** The wizard opened from the create dialog with a name. */
export const urlWizardPathInput: UrlWizardInput = { accountId: 1, botName: 'Aurora Bakery' };

export const bakeryAnalysis: AnalysisResult = {
  sourceInfo: { sourceName: 'Aurora Bakery', sourceType: 'website', mainKeywords: ['sourdough', 'bakery', 'catering'] },
  scripts: [
    { id: 'opt-1', title: 'Meet Aurora Bakery', targetAudience: 'Local bread lovers', suggestedApproach: 'A warm tour of the bakery', scriptCategory: 'introduction' },
    { id: 'opt-2', title: 'Catering for your event', targetAudience: 'Office managers', suggestedApproach: 'Show the catering menu', scriptCategory: 'sales' },
  ],
  navigation: [
    { name: 'Products', url: 'https://aurora-bakery.example/products.html', callToAction: 'See our bread', description: 'Breads and pastries baked daily.' },
    { name: 'Contact', url: 'https://aurora-bakery.example/contact.html', callToAction: 'Visit us', description: 'Opening hours and address.' },
  ],
};

export const bakeryScript: ScriptResult = {
  sourceInfo: bakeryAnalysis.sourceInfo,
  script: {
    nodes: [
      {
        id: 'welcome',
        title: 'Welcome to Aurora Bakery',
        isEntryPoint: true,
        content: { text: 'Fresh sourdough every morning.', videoDescription: 'The baker pulls loaves from the oven.' },
        links: [
          { type: 'internal', label: 'Our bread', targetId: 'products' },
          { type: 'external', label: 'Order online', url: 'https://aurora-bakery.example/order.html' },
        ],
      },
      {
        id: 'products',
        title: 'Our bread',
        isEntryPoint: false,
        content: { text: 'Rye, sourdough and cardamom buns.', videoDescription: 'Close-ups of the counter.' },
        links: [{ type: 'internal', label: 'Back to start', targetId: 'welcome' }],
      },
    ],
  },
};

const job = <T extends AiJob['type']>(type: T, result: unknown): AiJob =>
  ({ id: `job-${type}-0001`, type, status: 'ready', progress: 1, error: null, createdAt: '2026-11-26T12:00:00.000Z', updatedAt: '2026-11-26T12:00:05.000Z', result }) as AiJob;

export const analysisReady: AiJobOutcome = { kind: 'ready', job: job('analyze', bakeryAnalysis) };
export const scriptReady: AiJobOutcome = { kind: 'ready', job: job('script', bakeryScript) };
export const fetchRefused: AiJobOutcome = { kind: 'failed', message: 'The address resolves to a private network address.' };
export const maxPollsReached: AiJobOutcome = { kind: 'error', message: 'Maximum polling attempts reached' };
export const scriptJobFailed: AiJobOutcome = { kind: 'failed', message: 'Job failed' };
export const jobCancelled: AiJobOutcome = { kind: 'cancelled' };
export const createError = { status: 500, detail: 'Failed to create vidbot' };

/** Every event the walk may send. */
export const urlWizardPathEvents: AnyEventObject[] = [
  { type: 'url.change', url: BAKERY_URL },
  { type: 'url.change', url: 'aurora bakery' },
  { type: 'language.change', language: 'fi' },
  { type: 'tone.change', tone: 'bold' },
  { type: 'script.select', optionId: 'opt-1' },
  { type: 'script.select', optionId: 'opt-2' },
  { type: 'wizard.analyze' },
  { type: 'wizard.cancel' },
  { type: 'wizard.retry' },
  { type: 'wizard.next' },
  { type: 'wizard.back' },
  { type: 'wizard.finish' },
  { type: 'xstate.done.actor.analysisJob', output: analysisReady },
  { type: 'xstate.done.actor.analysisJob', output: fetchRefused },
  { type: 'xstate.done.actor.analysisJob', output: maxPollsReached },
  { type: 'xstate.done.actor.analysisJob', output: jobCancelled },
  { type: 'xstate.error.actor.analysisJob', error: new Error('job chart crashed') },
  { type: 'xstate.done.actor.scriptJob', output: scriptReady },
  { type: 'xstate.done.actor.scriptJob', output: scriptJobFailed },
  { type: 'xstate.error.actor.scriptJob', error: new Error('job chart crashed') },
  { type: 'xstate.done.actor.createVidbot', output: { mainBotId: 42 } },
  { type: 'xstate.error.actor.createVidbot', error: createError },
];

/**
 * Events the walk sends in a snapshot: an actor's outcomes only while it runs, a person's event only
 * when the chart takes it (refused events — Next without a choice, an unlisted option — are checked
 * in the journeys of urlWizard.test.ts; leaving them out keeps the tour small). The bot name is
 * given by the input; clearing it is a journey.
 */
export function urlWizardEventsFor(snapshot: UrlWizardSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  return urlWizardPathEvents.filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    return actor === undefined ? snapshot.can(event as never) : running.includes(actor);
  });
}

/**
 * Serialization keeping the walk finite and small: the state value and what steers the chart — the
 * kind of address typed, whether an analysis is kept, the choice, whether the kept script fits the
 * current choice, tone and language, whether a name is given and whether a failure shows. (Which
 * tone or language exactly is left out: every change is one step and the replay compares the whole
 * context with the pure transition anyway.)
 */
export function serializeUrlWizardState(snapshot: UrlWizardSnapshot): string {
  const c = snapshot.context;
  const url = c.url === '' ? 'empty' : c.url === BAKERY_URL ? 'bakery' : 'other';
  const script = c.script === null ? 'none' : c.script.optionId === c.selectedOptionId && c.script.tone === c.tone && c.script.language === c.language ? 'fits' : 'stale';
  return JSON.stringify([snapshot.value, url, c.analysis !== null, c.selectedOptionId, script, c.botName !== '', c.failure !== null]);
}

/** The test model of the chart. */
export function urlWizardTestModel() {
  return new TestModel(urlWizardMachine, {
    input: urlWizardPathInput,
    events: urlWizardEventsFor as never,
    serializeState: serializeUrlWizardState,
    limit: 50_000,
    stopWhen: (s: UrlWizardSnapshot) => s.status !== 'active',
  });
}

/** The transition tour: every reachable state and every event offered there. */
export function urlWizardPaths(): TourPath[] {
  return transitionTour(urlWizardTestModel(), serializeUrlWizardState);
}

/**
 * Hand-written walks (issue 14 journeys) the generated paths never take: the whole happy path, and
 * coming back to step 1 and going on with the kept analysis.
 */
export const urlWizardJourneys: Array<{ description: string; inputName: 'default'; events: AnyEventObject[] }> = [
  {
    description: 'A customer pastes their website, picks a script, reviews the links, gets a script in Finnish and finishes',
    inputName: 'default',
    events: [
      { type: 'url.change', url: BAKERY_URL },
      { type: 'wizard.analyze' },
      { type: 'xstate.done.actor.analysisJob', output: analysisReady },
      { type: 'script.select', optionId: 'opt-1' },
      { type: 'wizard.next' },
      { type: 'wizard.next' },
      { type: 'xstate.done.actor.scriptJob', output: scriptReady },
      { type: 'language.change', language: 'fi' },
      { type: 'xstate.done.actor.scriptJob', output: scriptReady },
      { type: 'wizard.finish' },
      // Back while the vidbot is being created is ignored.
      { type: 'wizard.back' },
      { type: 'xstate.done.actor.createVidbot', output: { mainBotId: 42 } },
    ],
  },
  {
    description: 'Back from step 2 to step 1 and Next again keeps the analysis (no second job)',
    inputName: 'default',
    events: [
      { type: 'url.change', url: BAKERY_URL },
      { type: 'wizard.analyze' },
      { type: 'xstate.done.actor.analysisJob', output: analysisReady },
      { type: 'script.select', optionId: 'opt-2' },
      { type: 'wizard.back' },
      { type: 'wizard.next' },
      { type: 'wizard.next' },
    ],
  },
  {
    description: 'Finish with the name cleared asks for a name; with a name typed it creates the vidbot',
    inputName: 'default',
    events: [
      { type: 'url.change', url: BAKERY_URL },
      { type: 'wizard.analyze' },
      { type: 'xstate.done.actor.analysisJob', output: analysisReady },
      { type: 'script.select', optionId: 'opt-1' },
      { type: 'wizard.next' },
      { type: 'wizard.next' },
      { type: 'xstate.done.actor.scriptJob', output: scriptReady },
      { type: 'name.change', name: '' },
      { type: 'wizard.finish' },
      { type: 'name.change', name: 'Aurora Bakery' },
      { type: 'wizard.finish' },
    ],
  },
];
