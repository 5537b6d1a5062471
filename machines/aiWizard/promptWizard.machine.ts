/**
 * The AI prompt wizard (issue 16 "Prompt wizard"; spec 001 §2 "AI prompt wizard": single page —
 * generate, edit node text, optionally Improve, Finish; §5 "prompt non-empty"; §7 `POST
 * /gen-ai/prompt`, `POST /gen-ai`; §8 'Please enter a prompt', 'Failed to generate script from
 * prompt', 'No script to finish with', 'Failed to create vidbot', 'Vidbot created successfully!';
 * §9 prompt-wizard polling 3000 ms).
 *
 * ```
 *  editing ──prompt.generate (blank prompt or name)──► editing (failure emptyPrompt | emptyName)
 *     │    ──prompt.finish──► editing (failure nothingToFinish: no script yet)
 *     └──prompt.generate──► generating (child job: POST /gen-ai/prompt, poll every 3000 ms)
 *                               ├─ ready with a script ──► reviewing
 *                               ├─ failed / error ──► generationFailed ──prompt.retry──► generating
 *                               │                      └─prompt.dismiss (a script exists)──► reviewing
 *                               └─ prompt.cancel / cancelled ──► reviewing when a script exists, else editing
 *  reviewing ──script.editText──► reviewing (the node's text replaced)
 *     │      ──prompt.generate──► generating (a new script from the form)
 *     │      ──prompt.improve (feedback)──► improving (child job: feedback + previousScript)
 *     │                                        ├─ ready ──► reviewing (the improved script)
 *     │                                        ├─ failed / error ──► improvementFailed ──prompt.retry──► improving
 *     │                                        │                                        └─prompt.dismiss──► reviewing
 *     │                                        └─ prompt.cancel / cancelled ──► reviewing (script kept)
 *     └──prompt.finish (bot name)──► finishing (POST /gen-ai with the script, genAIType 'prompt')
 *                                        ├─ done ──► done (toast, open the editor)
 *                                        └─ error ──► finishFailed ──prompt.retry──► finishing; prompt.dismiss ──► reviewing
 * ```
 *
 * Each job is the job chart (machines/aiJob) invoked as the child `job`: leaving a working state —
 * Cancel, or the page unmounting and stopping this actor — stops the child, which aborts its call
 * (cancellation, issue 16). Working states carry the tag `pending`. The form fields (prompt, tone,
 * language, bot name) live in the view's form; the chart gets the parsed submit. The script lives
 * here: the person edits node texts and Finish sends exactly what they see. Messages in context are
 * the §8 English ones (`AI_MESSAGES`); the view words them through Lingui. The toast and the trip
 * to the editor are the actions `notifyCreated` / `openEditor` (no-ops here; the app edge provides).
 */
import { assign, setup } from 'xstate';
import type * as v from 'valibot';
import {
  AI_LIMITS,
  AI_MESSAGES,
  AI_PROMPT_POLL_INTERVAL_MS,
  DEFAULT_AI_LANGUAGE,
  DEFAULT_AI_TONE,
  type AiLanguage,
  type AiTone,
  type PromptBody,
  type Script,
  type SourceInfo,
} from '../../server/src/modules/ai/ai.schemas';
import { aiJobMachine, errorDetail, type AiJobInput, type AiJobOutcome } from '../aiJob/aiJob.machine';
import { missingPromptWizardActors, type CreateVidbotInput } from './promptWizard.actors';

/** What the person asked for (the form's parsed submit). */
export interface PromptRequest {
  prompt: string;
  tone: AiTone;
  language: AiLanguage;
  botName: string;
}

/** What went wrong last; the view words it (§8). */
export type PromptWizardFailureKind = 'emptyPrompt' | 'emptyName' | 'emptyFeedback' | 'nothingToFinish' | 'generateFailed' | 'improveFailed' | 'finishFailed';

export interface PromptWizardFailure {
  kind: PromptWizardFailureKind;
  /** The §8 English message of the kind, or the job's / server's message when it says more. */
  message: string;
}

/** Chart memory. */
export interface PromptWizardContext {
  accountId: number;
  /** The last request sent (null before the first Generate). */
  request: PromptRequest | null;
  /** The script under review and the source info it came with (null before the first script). */
  script: Script | null;
  sourceInfo: SourceInfo | null;
  /** The Improve feedback in flight (kept for Retry). */
  feedback: string;
  /** The created vidbot (done). */
  mainBotId: number | null;
  failure: PromptWizardFailure | null;
}

/** Input: the account, and the bot name handed over by the create dialog (navigation state `aiCreate`). */
export interface PromptWizardInput {
  accountId: number;
  botName?: string;
}

/** Events the page sends. */
export type PromptWizardEvent =
  | { type: 'prompt.generate'; prompt: string; tone?: AiTone; language?: AiLanguage; botName: string }
  | { type: 'prompt.cancel' }
  | { type: 'script.editText'; nodeId: string; text: string }
  | { type: 'prompt.improve'; feedback: string }
  | { type: 'prompt.finish'; botName: string }
  | { type: 'prompt.retry' }
  | { type: 'prompt.dismiss' };

/** The wizard's output when it ends: the vidbot it created. */
export interface PromptWizardOutput {
  mainBotId: number;
}

type Ev = PromptWizardEvent | { type: string; output?: unknown; error?: unknown };

function outcomeOf(event: Ev): AiJobOutcome | null {
  const output = 'output' in event ? (event.output as AiJobOutcome | undefined) : undefined;
  return output && typeof output === 'object' && 'kind' in output ? output : null;
}

/** The script result of a ready prompt job, else null. */
export function scriptResultOf(outcome: AiJobOutcome | null): { script: Script; sourceInfo: SourceInfo } | null {
  if (outcome?.kind !== 'ready') return null;
  const { job } = outcome;
  if ((job.type !== 'prompt' && job.type !== 'script') || job.result === null) return null;
  return { script: job.result.script, sourceInfo: job.result.sourceInfo };
}

/** The parsed request of a `prompt.generate` (trimmed; defaults for tone and language). */
function requestOf(event: Extract<PromptWizardEvent, { type: 'prompt.generate' }>): PromptRequest {
  return {
    prompt: event.prompt.trim(),
    tone: event.tone ?? DEFAULT_AI_TONE,
    language: event.language ?? DEFAULT_AI_LANGUAGE,
    botName: event.botName.trim(),
  };
}

/** The job of the current request: `POST /gen-ai/prompt` (with feedback + previousScript when improving), polled every 3000 ms. */
function jobInput(context: PromptWizardContext, improve: boolean): AiJobInput {
  const request = context.request ?? { prompt: '', tone: DEFAULT_AI_TONE, language: DEFAULT_AI_LANGUAGE, botName: '' };
  const body: v.InferInput<typeof PromptBody> = { accountId: context.accountId, ...request };
  if (improve && context.script) Object.assign(body, { feedback: context.feedback, previousScript: context.script });
  return { request: { kind: 'prompt', body }, intervalMs: AI_PROMPT_POLL_INTERVAL_MS };
}

/** A copy of `script` with node `nodeId`'s text replaced (at most AI_LIMITS.nodeText characters). */
export function withNodeText(script: Script, nodeId: string, text: string): Script {
  return { nodes: script.nodes.map((n) => (n.id === nodeId ? { ...n, content: { ...n.content, text: text.slice(0, AI_LIMITS.nodeText) } } : n)) };
}

const failure = (kind: PromptWizardFailureKind, fallback: string) =>
  assign<PromptWizardContext, Ev, undefined, PromptWizardEvent, never>(({ event }) => {
    const outcome = outcomeOf(event);
    const said = outcome && 'message' in outcome ? outcome.message : errorDetail('error' in event ? event.error : undefined);
    return { failure: { kind, message: said ?? fallback } };
  });

export const promptWizardMachine = setup({
  types: {
    context: {} as PromptWizardContext,
    events: {} as PromptWizardEvent,
    input: {} as PromptWizardInput,
    output: {} as PromptWizardOutput,
  },
  actors: { ...missingPromptWizardActors, job: aiJobMachine },
  guards: {
    blankPrompt: ({ event }) => event.type === 'prompt.generate' && event.prompt.trim() === '',
    blankName: ({ event }) => (event.type === 'prompt.generate' || event.type === 'prompt.finish') && event.botName.trim() === '',
    blankFeedback: ({ event }) => event.type === 'prompt.improve' && event.feedback.trim() === '',
    scriptReady: ({ event }) => scriptResultOf(outcomeOf(event)) !== null,
    jobCancelled: ({ event }) => outcomeOf(event)?.kind === 'cancelled',
    hasScript: ({ context }) => context.script !== null,
    cancelledWithScript: ({ context, event }) => outcomeOf(event)?.kind === 'cancelled' && context.script !== null,
    knownNode: ({ context, event }) => event.type === 'script.editText' && (context.script?.nodes.some((n) => n.id === event.nodeId) ?? false),
  },
  actions: {
    // Failures are new objects each time, so a view re-focuses the field on a repeated refusal.
    storeRequest: assign(({ event }) => (event.type === 'prompt.generate' ? { request: requestOf(event), failure: null } : {})),
    storeFeedback: assign(({ event }) => (event.type === 'prompt.improve' ? { feedback: event.feedback.trim(), failure: null } : {})),
    storeBotName: assign(({ context, event }) =>
      event.type === 'prompt.finish' && context.request ? { request: { ...context.request, botName: event.botName.trim() }, failure: null } : {},
    ),
    storeScript: assign(({ event }) => {
      const result = scriptResultOf(outcomeOf(event));
      return result ? { script: result.script, sourceInfo: result.sourceInfo, feedback: '', failure: null } : {};
    }),
    editText: assign(({ context, event }) =>
      event.type === 'script.editText' && context.script ? { script: withNodeText(context.script, event.nodeId, event.text) } : {},
    ),
    storeBotId: assign(({ event }) => {
      const output = 'output' in event ? (event.output as { mainBotId?: unknown } | undefined) : undefined;
      return { mainBotId: typeof output?.mainBotId === 'number' ? output.mainBotId : null };
    }),
    clearFailure: assign({ failure: null }),
    failEmptyPrompt: assign(() => ({ failure: { kind: 'emptyPrompt', message: AI_MESSAGES.emptyPrompt } as PromptWizardFailure })),
    failEmptyName: assign(() => ({ failure: { kind: 'emptyName', message: 'botName is required.' } as PromptWizardFailure })),
    failEmptyFeedback: assign(() => ({ failure: { kind: 'emptyFeedback', message: 'feedback is required.' } as PromptWizardFailure })),
    failNothingToFinish: assign(() => ({ failure: { kind: 'nothingToFinish', message: AI_MESSAGES.nothingToFinish } as PromptWizardFailure })),
    failGenerate: failure('generateFailed', AI_MESSAGES.promptFailed),
    failImprove: failure('improveFailed', AI_MESSAGES.promptFailed),
    failFinish: failure('finishFailed', AI_MESSAGES.createFailed),
    /** Success toast 'Vidbot created successfully!' (spec 001 §8); provided by the app. */
    notifyCreated: () => {},
    /** Opens the new vidbot's content page (spec 001 §2); provided by the app. */
    openEditor: () => {},
  },
}).createMachine({
  id: 'promptWizard',
  context: ({ input }) => ({
    accountId: input.accountId,
    request: null,
    script: null,
    sourceInfo: null,
    feedback: '',
    mainBotId: null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'The page asks what the video is about: a prompt, a tone, a language and the vidbot’s name, with Generate.' },
      on: {
        'prompt.generate': [
          { guard: 'blankPrompt', actions: 'failEmptyPrompt' },
          { guard: 'blankName', actions: 'failEmptyName' },
          { target: 'generating', actions: 'storeRequest' },
        ],
        'prompt.finish': { actions: 'failNothingToFinish' },
      },
    },
    generating: {
      meta: { description: 'The server writes a script from the prompt; the page shows its progress (asked every 3 seconds) and a Cancel button.' },
      tags: ['pending'],
      invoke: {
        id: 'job',
        src: 'job',
        input: ({ context }) => jobInput(context, false),
        onDone: [
          { guard: 'scriptReady', target: 'reviewing', actions: 'storeScript' },
          { guard: 'cancelledWithScript', target: 'reviewing' },
          { guard: 'jobCancelled', target: 'editing' },
          { target: 'generationFailed', actions: 'failGenerate' },
        ],
      },
      on: {
        'prompt.cancel': [{ guard: 'hasScript', target: 'reviewing' }, { target: 'editing' }],
      },
    },
    generationFailed: {
      meta: { description: 'Writing the script failed: the page says ‘Failed to generate script from prompt’ (and why) with Retry; the form can be changed and sent again.' },
      on: {
        'prompt.retry': { target: 'generating', actions: 'clearFailure' },
        'prompt.generate': [
          { guard: 'blankPrompt', actions: 'failEmptyPrompt' },
          { guard: 'blankName', actions: 'failEmptyName' },
          { target: 'generating', actions: 'storeRequest' },
        ],
        'prompt.dismiss': { guard: 'hasScript', target: 'reviewing', actions: 'clearFailure' },
      },
    },
    reviewing: {
      meta: { description: 'The script’s nodes are shown with their titles and editable texts; the person may edit a text, ask for an improvement with feedback, generate anew, or Finish.' },
      on: {
        'script.editText': { guard: 'knownNode', actions: 'editText' },
        'prompt.generate': [
          { guard: 'blankPrompt', actions: 'failEmptyPrompt' },
          { guard: 'blankName', actions: 'failEmptyName' },
          { target: 'generating', actions: 'storeRequest' },
        ],
        'prompt.improve': [{ guard: 'blankFeedback', actions: 'failEmptyFeedback' }, { target: 'improving', actions: 'storeFeedback' }],
        'prompt.finish': [{ guard: 'blankName', actions: 'failEmptyName' }, { target: 'finishing', actions: 'storeBotName' }],
      },
    },
    improving: {
      meta: { description: 'The server rewrites the script from the person’s feedback and the current script (with their edits); progress and Cancel are shown, the current script stays.' },
      tags: ['pending'],
      invoke: {
        id: 'job',
        src: 'job',
        input: ({ context }) => jobInput(context, true),
        onDone: [
          { guard: 'scriptReady', target: 'reviewing', actions: 'storeScript' },
          { guard: 'jobCancelled', target: 'reviewing' },
          { target: 'improvementFailed', actions: 'failImprove' },
        ],
      },
      on: {
        'prompt.cancel': 'reviewing',
      },
    },
    improvementFailed: {
      meta: { description: 'The improvement failed: the page says why with Retry, or goes back to the script as it was.' },
      on: {
        'prompt.retry': { target: 'improving', actions: 'clearFailure' },
        'prompt.dismiss': { target: 'reviewing', actions: 'clearFailure' },
      },
    },
    finishing: {
      meta: { description: 'The vidbot is created from the script (Private; one slide per node, buttons from the links).' },
      tags: ['pending'],
      invoke: {
        id: 'createVidbot',
        src: 'createVidbot',
        input: ({ context }): CreateVidbotInput => ({
          accountId: context.accountId,
          botName: context.request?.botName ?? '',
          sourceInfo: context.sourceInfo!,
          script: context.script!,
          genAIType: 'prompt',
        }),
        onDone: { target: 'done', actions: ['storeBotId', 'notifyCreated', 'openEditor'] },
        onError: { target: 'finishFailed', actions: 'failFinish' },
      },
    },
    finishFailed: {
      meta: { description: 'Creating the vidbot failed: the page says ‘Failed to create vidbot’ with Retry, or goes back to the script.' },
      on: {
        'prompt.retry': { target: 'finishing', actions: 'clearFailure' },
        'prompt.dismiss': { target: 'reviewing', actions: 'clearFailure' },
      },
    },
    done: {
      type: 'final',
      meta: { description: 'The vidbot exists: a toast says ‘Vidbot created successfully!’ and its editor opens.' },
    },
  },
  output: ({ context }) => ({ mainBotId: context.mainBotId ?? 0 }),
});

export type PromptWizardMachine = typeof promptWizardMachine;
