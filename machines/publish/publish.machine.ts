/**
 * Publish chart of the vidbot editor (spec 001 §4 "{product} status", §8 noSlidesPublish).
 *
 * ```
 *            revision.publish
 *  idle ──────────────────────┬─ no INTRO slide ──────────────────────────────► failed (noSlidesPublish)
 *   ▲                         └──────────────► savingDraft  (PATCH /bot/{id} {content} → new Draft revision)
 *   │                                              │ done
 *   │                       ┌── Draft bot ─────────┴── Published bot with a draft revision ──┐
 *   │                       ▼                                                               ▼
 *   │               settingPublished (PATCH /bot/{id} {status:'Published'}) ──done──► publishingRevision
 *   │                                                      (PATCH /bot/{id}/revision/{botRevisionId}/status)
 *   │ publish.dismiss                                                                       │ done
 *  failed (error | noSlidesPublish) ◄── any step fails               published ◄────────────┘
 * ```
 *
 * `published` and `failed` accept `revision.publish` again (publish the next draft, or retry).
 * Working states carry the tag `pending`. Side effects are the named actors of publish.actors.ts.
 */
import { and, assign, not, setup } from 'xstate';
import {
  missingPublishActors,
  type BotContent,
  type BotStatus,
  type PublishBot,
  type PublishRevisionInput,
  type SaveDraftInput,
  type SetStatusPublishedInput,
} from './publish.actors';

/** Why publishing stopped: the spec's `noSlidesPublish`, or any other failure (`error`). */
export type PublishFailureReason = 'noSlidesPublish' | 'error';

/** Chart memory. `status` is the bot's status when publishing was requested. */
export interface PublishContext {
  botId: number;
  status: BotStatus | null;
  content: BotContent | null;
  /** The latest Bot answer (after save, set status or publish). */
  bot: PublishBot | null;
  /** The draft revision saved by this publish run; the one that gets published. */
  savedRevisionId: number | null;
  reason: PublishFailureReason | null;
  /** Server detail or error message of the failure, for logs and toasts. */
  errorMessage: string | null;
}

/** Input: the bot being edited. */
export interface PublishInput {
  botId: number;
}

/** Events the editor sends. */
export type PublishEvent =
  | { type: 'revision.publish'; status: BotStatus; content: BotContent }
  | { type: 'publish.dismiss' };

/** A structural check of a Bot answer (actor outputs arrive untyped on the machine's event union). */
export function isPublishBot(value: unknown): value is PublishBot {
  if (typeof value !== 'object' || value === null) return false;
  const bot = value as Record<string, unknown>;
  return typeof bot.id === 'number' && typeof bot.status === 'string';
}

/** The `code` of an API error (`{ code: 'noSlidesPublish' }`), or null. */
export function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

/** The message of an error value, for display. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'detail' in error) {
    const { detail } = error as { detail: unknown };
    if (typeof detail === 'string') return detail;
  }
  return String(error);
}

function outputBot(event: PublishEvent): PublishBot | null {
  return 'output' in event && isPublishBot(event.output) ? event.output : null;
}

function failureOf(event: PublishEvent): unknown {
  return 'error' in event ? event.error : undefined;
}

function publishRevisionInput({ context }: { context: PublishContext }): PublishRevisionInput {
  if (context.savedRevisionId === null) throw new Error('publishRevision needs a saved revision');
  return { botId: context.botId, botRevisionId: context.savedRevisionId };
}

function saveDraftInput({ context }: { context: PublishContext }): SaveDraftInput {
  if (context.content === null) throw new Error('saveDraft needs content');
  return { botId: context.botId, content: context.content };
}

function setStatusInput({ context }: { context: PublishContext }): SetStatusPublishedInput {
  return { botId: context.botId };
}

/** The publish transitions shared by idle, published and failed. */
const publishRequest = [
  { guard: not('hasIntroSlide'), target: '#publish.failed', actions: 'failNoSlides' as const },
  { target: '#publish.savingDraft', actions: 'storeRequest' as const },
];

export const publishMachine = setup({
  types: {
    context: {} as PublishContext,
    events: {} as PublishEvent,
    input: {} as PublishInput,
  },
  actors: missingPublishActors,
  guards: {
    /** Spec 001 §4: publishing needs at least one slide of category INTRO. */
    hasIntroSlide: ({ event }) =>
      event.type === 'revision.publish' && event.content.slides.some((s) => s.category === 'INTRO'),
    /** The bot was a Draft when publishing was requested: it must be set Published first. */
    isDraftBot: ({ context }) => context.status === 'Draft',
    /** The saved answer points at a Draft revision that can be published. */
    hasDraftRevision: ({ event }) => {
      const bot = outputBot(event);
      return bot !== null && bot.botRevisionId !== null && (bot.hasDraft || bot.revisionStatus === 'Draft');
    },
    /** The server refused with `code: 'noSlidesPublish'`. */
    isNoSlidesError: ({ event }) => errorCode(failureOf(event)) === 'noSlidesPublish',
  },
  actions: {
    storeRequest: assign(({ event }) =>
      event.type === 'revision.publish'
        ? { status: event.status, content: event.content, reason: null, errorMessage: null, savedRevisionId: null }
        : {},
    ),
    storeSavedBot: assign(({ event }) => {
      const bot = outputBot(event);
      return bot ? { bot, savedRevisionId: bot.botRevisionId } : {};
    }),
    storeBot: assign(({ event }) => {
      const bot = outputBot(event);
      return bot ? { bot } : {};
    }),
    failNoSlides: assign({ reason: 'noSlidesPublish' as const, errorMessage: null }),
    failWithError: assign(({ event }) => ({
      reason: 'error' as const,
      errorMessage: 'error' in event ? errorMessage(event.error) : 'No draft revision to publish',
    })),
    clearFailure: assign({ reason: null, errorMessage: null }),
  },
}).createMachine({
  id: 'publish',
  context: ({ input }) => ({
    botId: input.botId,
    status: null,
    content: null,
    bot: null,
    savedRevisionId: null,
    reason: null,
    errorMessage: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'revision.publish': publishRequest },
    },
    savingDraft: {
      tags: ['pending'],
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: saveDraftInput,
        onDone: [
          { guard: and(['isDraftBot', 'hasDraftRevision']), target: 'settingPublished', actions: 'storeSavedBot' },
          { guard: 'hasDraftRevision', target: 'publishingRevision', actions: 'storeSavedBot' },
          { target: 'failed', actions: ['storeBot', 'failWithError'] },
        ],
        onError: { target: 'failed', actions: 'failWithError' },
      },
    },
    settingPublished: {
      tags: ['pending'],
      invoke: {
        id: 'setStatusPublished',
        src: 'setStatusPublished',
        input: setStatusInput,
        onDone: { target: 'publishingRevision', actions: 'storeBot' },
        onError: [
          { guard: 'isNoSlidesError', target: 'failed', actions: 'failNoSlides' },
          { target: 'failed', actions: 'failWithError' },
        ],
      },
    },
    publishingRevision: {
      tags: ['pending'],
      invoke: {
        id: 'publishRevision',
        src: 'publishRevision',
        input: publishRevisionInput,
        onDone: { target: 'published', actions: 'storeBot' },
        onError: [
          { guard: 'isNoSlidesError', target: 'failed', actions: 'failNoSlides' },
          { target: 'failed', actions: 'failWithError' },
        ],
      },
    },
    published: {
      on: { 'revision.publish': publishRequest },
    },
    failed: {
      tags: ['failure'],
      on: {
        'revision.publish': publishRequest,
        'publish.dismiss': { target: 'idle', actions: 'clearFailure' },
      },
    },
  },
});

export type PublishMachine = typeof publishMachine;
