/**
 * The AI URL wizard (issue 16 "Wizards"; spec 001 §2 "AI URL wizard", §5 AI rules, §8 AI messages):
 * four steps from a website address to an editable vidbot.
 *
 * ```
 *  enteringUrl (step 1) ─┬─ idle ──wizard.analyze [valid URL]──► analyzing (child job: analyze, streaming)
 *    url.change: a new    │    └──wizard.analyze [not valid]──► idle (failure invalidUrl)
 *    URL clears the       │  analyzing ──ready──► choosingScript      ──wizard.cancel──► idle
 *    analysis, the        │            ──failed / error──► analysisFailed ──wizard.retry──► analyzing
 *    choice and script    └─ idle ──wizard.next [analysis of this URL kept]──► choosingScript
 *  choosingScript (step 2) ──script.select──► (choice; another option clears the script)
 *        ──wizard.next [an option is chosen]──► reviewingNavigation (step 3) ──wizard.next──► writingScript
 *        ◄──wizard.back── … (each step goes back one step)
 *  writingScript (step 4) ── entry: a script for this choice? ──no──► generating (child job: script)
 *        generating ──ready──► reviewing ──tone.change / language.change──► generating (regenerates)
 *                   ──failed / error──► scriptFailed ──wizard.retry──► generating
 *        reviewing ──wizard.finish [a bot name]──► creating (POST /gen-ai with the script)
 *        creating ──done──► created (final: output { mainBotId }) ──error──► reviewing (failure createFailed)
 * ```
 *
 * Each job is the job chart (machines/aiJob) invoked as a child: leaving its state (Back, Cancel, a
 * new tone, closing the page) stops the child, which is the cancellation. Job failures are kept as
 * the English §8 message the job chart gives (`AI_MESSAGES`); the view words them through Lingui.
 * Working states carry the tag `pending`; each step state carries its tag `step1`…`step4`.
 */
import { assign, setup } from 'xstate';
import {
  AI_MESSAGES,
  DEFAULT_AI_LANGUAGE,
  DEFAULT_AI_TONE,
  isValidWebsiteUrl,
  type AiLanguage,
  type AiTone,
  type AnalysisResult,
  type ScriptOption,
  type ScriptResult,
} from '../../server/src/modules/ai/ai.schemas';
import { aiJobMachine, errorDetail, type AiJobInput, type AiJobOutcome } from '../aiJob/aiJob.machine';
import { missingUrlWizardActors, type CreateVidbotInput } from './urlWizard.actors';

/** Default "What kind of video" of the analysis (spec 001 §7 scriptType). */
export const DEFAULT_SCRIPT_TYPE = 'website';

/** What went wrong last; `message` is the English §8 text (or the server's sentence). */
export type UrlWizardFailureKind = 'invalidUrl' | 'analysisFailed' | 'scriptFailed' | 'nameRequired' | 'nothingToFinish' | 'createFailed';

export interface UrlWizardFailure {
  kind: UrlWizardFailureKind;
  message: string;
}

/** An analysis of one URL (steps 2 and 3). */
export interface KeptAnalysis {
  url: string;
  result: AnalysisResult;
}

/** A script with what it was generated from (step 4). */
export interface KeptScript extends ScriptResult {
  optionId: string;
  tone: AiTone;
  language: AiLanguage;
}

/** Chart memory. */
export interface UrlWizardContext {
  accountId: number;
  /** The vidbot's name (from the create dialog's navigation state, or typed in step 4). */
  botName: string;
  /** The URL as typed (step 1). */
  url: string;
  language: AiLanguage;
  tone: AiTone;
  scriptType: string;
  analysis: KeptAnalysis | null;
  selectedOptionId: string | null;
  script: KeptScript | null;
  failure: UrlWizardFailure | null;
  mainBotId: number | null;
  /** Passed to every job (tests shorten nothing; the defaults are spec 001 §9). */
  jobOptions: Pick<AiJobInput, 'intervalMs' | 'maxPolls' | 'backoff'>;
}

/** Input: the account, and the name and kind chosen in the create dialog (navigation state). */
export interface UrlWizardInput {
  accountId: number;
  botName?: string;
  scriptType?: string;
  jobOptions?: Pick<AiJobInput, 'intervalMs' | 'maxPolls' | 'backoff'>;
}

/** Events the view sends. */
export type UrlWizardEvent =
  | { type: 'url.change'; url: string }
  | { type: 'language.change'; language: AiLanguage }
  | { type: 'tone.change'; tone: AiTone }
  | { type: 'name.change'; name: string }
  | { type: 'script.select'; optionId: string }
  | { type: 'wizard.analyze' }
  | { type: 'wizard.cancel' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.finish' };

/** What the wizard ends with. */
export interface UrlWizardOutput {
  mainBotId: number;
}

type Ev = UrlWizardEvent | { type: string; output?: unknown; error?: unknown };

function outcomeOf(event: Ev): AiJobOutcome | null {
  const output = 'output' in event ? event.output : undefined;
  return typeof output === 'object' && output !== null && 'kind' in output ? (output as AiJobOutcome) : null;
}

/** The analysis result of a ready outcome, or null. */
function analysisOf(event: Ev): AnalysisResult | null {
  const outcome = outcomeOf(event);
  return outcome?.kind === 'ready' && outcome.job.type === 'analyze' ? outcome.job.result : null;
}

/** The script result of a ready outcome, or null. */
function scriptOf(event: Ev): ScriptResult | null {
  const outcome = outcomeOf(event);
  return outcome?.kind === 'ready' && outcome.job.type === 'script' ? outcome.job.result : null;
}

/** The English message of a job that did not end ready. */
function jobMessage(event: Ev, fallback: string): string {
  const outcome = outcomeOf(event);
  if (outcome && (outcome.kind === 'failed' || outcome.kind === 'error')) return outcome.message;
  if (outcome?.kind === 'ready') return AI_MESSAGES.noData;
  return fallback;
}

/** The chosen script option of the kept analysis, or null. */
export function selectedOption(context: Pick<UrlWizardContext, 'analysis' | 'selectedOptionId'>): ScriptOption | null {
  return context.analysis?.result.scripts.find((o) => o.id === context.selectedOptionId) ?? null;
}

/** The analysis is of the URL now in the field. */
function analysisIsCurrent(context: UrlWizardContext): boolean {
  return context.analysis !== null && context.analysis.url === context.url.trim();
}

export const urlWizardMachine = setup({
  types: {
    context: {} as UrlWizardContext,
    events: {} as UrlWizardEvent,
    input: {} as UrlWizardInput,
    output: {} as UrlWizardOutput,
  },
  actors: { ...missingUrlWizardActors, job: aiJobMachine },
  guards: {
    validUrl: ({ context }) => isValidWebsiteUrl(context.url),
    analysisKept: ({ context }) => analysisIsCurrent(context),
    analysisReady: ({ event }) => analysisOf(event) !== null,
    jobCancelled: ({ event }) => outcomeOf(event)?.kind === 'cancelled',
    scriptReady: ({ event }) => scriptOf(event) !== null,
    isListedOption: ({ context, event }) =>
      event.type === 'script.select' && (context.analysis?.result.scripts.some((o) => o.id === event.optionId) ?? false),
    hasSelection: ({ context }) => selectedOption(context) !== null,
    /** A kept script for this choice, tone and language (the language may have changed in step 1). */
    hasScriptForChoice: ({ context }) =>
      context.script !== null &&
      context.script.optionId === context.selectedOptionId &&
      context.script.tone === context.tone &&
      context.script.language === context.language,
    toneChanged: ({ context, event }) => event.type === 'tone.change' && event.tone !== context.tone,
    languageChanged: ({ context, event }) => event.type === 'language.change' && event.language !== context.language,
    hasBotName: ({ context }) => context.botName.trim() !== '',
  },
  actions: {
    storeUrl: assign(({ context, event }) => {
      if (event.type !== 'url.change') return {};
      // Spec 001 §2: changing the URL clears the earlier analysis (and what was built on it).
      const changed = context.analysis !== null && context.analysis.url !== event.url.trim();
      return changed
        ? { url: event.url, analysis: null, selectedOptionId: null, script: null, failure: null }
        : { url: event.url, failure: context.failure?.kind === 'invalidUrl' ? null : context.failure };
    }),
    storeLanguage: assign(({ event }) => (event.type === 'language.change' ? { language: event.language } : {})),
    storeTone: assign(({ event }) => (event.type === 'tone.change' ? { tone: event.tone } : {})),
    storeName: assign(({ context, event }) =>
      event.type === 'name.change' ? { botName: event.name, failure: context.failure?.kind === 'nameRequired' ? null : context.failure } : {},
    ),
    storeSelection: assign(({ context, event }) => {
      if (event.type !== 'script.select') return {};
      // A script belongs to one option: choosing another drops it (step 4 writes a new one).
      return { selectedOptionId: event.optionId, script: context.script?.optionId === event.optionId ? context.script : null };
    }),
    storeAnalysis: assign(({ context, event }) => {
      const result = analysisOf(event);
      if (!result) return {};
      const keep = result.scripts.some((o) => o.id === context.selectedOptionId);
      // A wizard opened without the create dialog's name suggests the site's name (the person may change it).
      const botName = context.botName.trim() === '' ? result.sourceInfo.sourceName : context.botName;
      return { analysis: { url: context.url.trim(), result }, selectedOptionId: keep ? context.selectedOptionId : null, script: null, failure: null, botName };
    }),
    storeScript: assign(({ context, event }) => {
      const result = scriptOf(event);
      return result
        ? { script: { ...result, optionId: context.selectedOptionId ?? '', tone: context.tone, language: context.language }, failure: null }
        : {};
    }),
    storeCreated: assign(({ event }) => {
      const output = 'output' in event ? (event.output as { mainBotId?: unknown } | undefined) : undefined;
      return { mainBotId: typeof output?.mainBotId === 'number' ? output.mainBotId : null };
    }),
    clearFailure: assign({ failure: null }),
    failInvalidUrl: assign({ failure: { kind: 'invalidUrl', message: AI_MESSAGES.invalidUrl } }),
    failAnalysis: assign(({ event }) => ({ failure: { kind: 'analysisFailed' as const, message: jobMessage(event, AI_MESSAGES.jobFailed) } })),
    failScript: assign(({ event }) => ({ failure: { kind: 'scriptFailed' as const, message: jobMessage(event, AI_MESSAGES.scriptFailed) } })),
    failNameRequired: assign({ failure: { kind: 'nameRequired', message: 'botName is required.' } }),
    failNothingToFinish: assign({ failure: { kind: 'nothingToFinish', message: AI_MESSAGES.nothingToFinish } }),
    failCreate: assign(({ event }) => ({
      failure: { kind: 'createFailed' as const, message: errorDetail('error' in event ? event.error : undefined) ?? AI_MESSAGES.createFailed },
    })),
  },
}).createMachine({
  id: 'urlWizard',
  context: ({ input }) => ({
    accountId: input.accountId,
    botName: input.botName ?? '',
    url: '',
    language: DEFAULT_AI_LANGUAGE,
    tone: DEFAULT_AI_TONE,
    scriptType: input.scriptType ?? DEFAULT_SCRIPT_TYPE,
    analysis: null,
    selectedOptionId: null,
    script: null,
    failure: null,
    mainBotId: null,
    jobOptions: input.jobOptions ?? {},
  }),
  on: {
    'name.change': { actions: 'storeName' },
  },
  initial: 'enteringUrl',
  states: {
    enteringUrl: {
      meta: { description: 'Step 1 "Enter Website URL": the person types their website address and picks the language, then presses Analyze.' },
      tags: ['step1'],
      initial: 'idle',
      states: {
        idle: {
          meta: { description: 'The address field is editable; a wrong address is explained ("Please enter a valid URL"). After coming back from step 2 the kept analysis lets Next go on without analysing again.' },
          on: {
            'url.change': { actions: 'storeUrl' },
            'language.change': { actions: 'storeLanguage' },
            'wizard.analyze': [
              { guard: 'validUrl', target: 'analyzing', actions: 'clearFailure' },
              { actions: 'failInvalidUrl' },
            ],
            'wizard.next': { guard: 'analysisKept', target: '#urlWizard.choosingScript' },
          },
        },
        analyzing: {
          meta: { description: 'The website is being read and analysed (a job on the server, followed live with a progress bar); Cancel stops it.' },
          tags: ['pending'],
          invoke: {
            id: 'analysisJob',
            src: 'job',
            input: ({ context }): AiJobInput => ({
              request: { kind: 'analyze', body: { accountId: context.accountId, url: context.url.trim(), scriptType: context.scriptType, language: context.language } },
              streaming: true,
              ...context.jobOptions,
            }),
            onDone: [
              { guard: 'analysisReady', target: '#urlWizard.choosingScript', actions: 'storeAnalysis' },
              { guard: 'jobCancelled', target: 'idle' },
              { target: 'analysisFailed', actions: 'failAnalysis' },
            ],
            onError: { target: 'analysisFailed', actions: 'failAnalysis' },
          },
          on: { 'wizard.cancel': 'idle' },
        },
        analysisFailed: {
          meta: { description: 'The analysis failed; the reason is shown with a Retry button, and the address can be corrected.' },
          on: {
            'wizard.retry': { target: 'analyzing', actions: 'clearFailure' },
            'url.change': { target: 'idle', actions: ['storeUrl', 'clearFailure'] },
            'language.change': { actions: 'storeLanguage' },
          },
        },
      },
    },
    choosingScript: {
      meta: { description: 'Step 2 "Parse Result": what the site is about (name, type, main keywords) and the suggested scripts; the person picks one before Next.' },
      tags: ['step2'],
      on: {
        'script.select': { guard: 'isListedOption', actions: 'storeSelection' },
        'wizard.next': { guard: 'hasSelection', target: 'reviewingNavigation' },
        'wizard.back': 'enteringUrl',
      },
    },
    reviewingNavigation: {
      meta: { description: 'Step 3 "Analyze Navigation": the site’s links with name, address, call to action and description, which the script may point to.' },
      tags: ['step3'],
      on: {
        'wizard.next': 'writingScript',
        'wizard.back': 'choosingScript',
      },
    },
    writingScript: {
      meta: { description: 'Step 4 "Video Script": the script for the chosen option, written once on arrival and again whenever the tone or language changes; Finish creates the vidbot.' },
      tags: ['step4'],
      initial: 'entering',
      on: {
        'wizard.back': '#urlWizard.reviewingNavigation',
      },
      states: {
        entering: {
          meta: { description: 'Arriving at step 4: a script already written for this choice is shown, otherwise one is written.' },
          always: [{ guard: 'hasScriptForChoice', target: 'reviewing' }, { target: 'generating' }],
        },
        generating: {
          meta: { description: 'The video script is being written (a job on the server) with the chosen tone and language; a new tone or language starts it over.' },
          tags: ['pending'],
          invoke: {
            id: 'scriptJob',
            src: 'job',
            input: ({ context }): AiJobInput => ({
              request: {
                kind: 'script',
                body: {
                  accountId: context.accountId,
                  language: context.language,
                  navigation: context.analysis?.result.navigation ?? [],
                  details: selectedOption(context)!,
                  scriptType: context.scriptType,
                  sourceInfo: context.analysis?.result.sourceInfo,
                  tone: context.tone,
                },
              },
              ...context.jobOptions,
            }),
            onDone: [
              { guard: 'scriptReady', target: 'reviewing', actions: 'storeScript' },
              { target: 'scriptFailed', actions: 'failScript' },
            ],
            onError: { target: 'scriptFailed', actions: 'failScript' },
          },
          on: {
            'tone.change': { guard: 'toneChanged', target: 'generating', reenter: true, actions: 'storeTone' },
            'language.change': { guard: 'languageChanged', target: 'generating', reenter: true, actions: 'storeLanguage' },
            'wizard.finish': { actions: 'failNothingToFinish' },
          },
        },
        scriptFailed: {
          meta: { description: 'Writing the script failed; the reason is shown with a Retry button (a new tone or language also tries again).' },
          on: {
            'wizard.retry': { target: 'generating', actions: 'clearFailure' },
            'tone.change': { target: 'generating', actions: ['storeTone', 'clearFailure'] },
            'language.change': { target: 'generating', actions: ['storeLanguage', 'clearFailure'] },
            'wizard.finish': { actions: 'failNothingToFinish' },
          },
        },
        reviewing: {
          meta: { description: 'The script is shown node by node (title, entry badge, text, video description, links); tone and language can be changed; Finish needs a name.' },
          on: {
            'tone.change': { guard: 'toneChanged', target: 'generating', actions: 'storeTone' },
            'language.change': { guard: 'languageChanged', target: 'generating', actions: 'storeLanguage' },
            'wizard.finish': [
              { guard: 'hasBotName', target: 'creating', actions: 'clearFailure' },
              { actions: 'failNameRequired' },
            ],
          },
        },
        creating: {
          meta: { description: 'The vidbot is being created from the script (private; one slide per node, buttons from the links).' },
          tags: ['pending'],
          invoke: {
            id: 'createVidbot',
            src: 'createVidbot',
            input: ({ context }): CreateVidbotInput => ({
              accountId: context.accountId,
              botName: context.botName.trim(),
              sourceInfo: context.script!.sourceInfo,
              script: context.script!.script,
              genAIType: 'url',
            }),
            onDone: { target: '#urlWizard.created', actions: 'storeCreated' },
            onError: { target: 'reviewing', actions: 'failCreate' },
          },
          // The create call is not abandoned half-way: Back waits for its answer.
          on: { 'wizard.back': {} },
        },
      },
    },
    created: {
      type: 'final',
      meta: { description: 'The vidbot exists; the editor opens on its content with "Vidbot created successfully!".' },
    },
  },
  output: ({ context }) => ({ mainBotId: context.mainBotId ?? 0 }),
});

export type UrlWizardMachine = typeof urlWizardMachine;
