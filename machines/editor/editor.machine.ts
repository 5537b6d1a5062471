/**
 * The vidbot editor machine: one chart owns the draft of the editor (spec 001 §2 editor "Top bar",
 * "Leaving with unsaved changes", "view published", §4 "{product} status", "Editor saves", §8
 * noSlidesPublish / errorOccured; issue 11 "Revisions and the editor machine"; architecture §3).
 *
 * ```
 *                 draft.change (compared with the saved content)
 *              ┌──────────────┐
 *  editing ────┴► check ──► clean ◄──────┐       leave.requested (clean) ─► emit leave.proceed
 *   │  │  │           └────► dirty ──────┘
 *   │  │  │                  │ draft.save                 leave.requested (dirty)
 *   │  │  │                  ▼                                   ▼
 *   │  │  │     saving (PATCH /bot/{id} {content, baseRevisionId}) ◄── prompt.save ── leavePrompt
 *   │  │  │       │ done ─► editing (clean; toast draftSaved | draftSavedBesidePublished;     │ prompt.exit ─► editing + emit leave.proceed
 *   │  │  │       │                   after prompt.save also emit leave.proceed)            │ prompt.stay ─► editing + emit leave.cancel
 *   │  │  │       │ 409 revisionConflict ─► conflict.loading (GET /bot/{id}: the latest) ─► conflict.choosing
 *   │  │  │       │                            conflict.reload ─► editing (draft := latest; edits lost)
 *   │  │  │       │                            conflict.keep ─► editing.dirty (edits kept; based on the latest)
 *   │  │  │       └ other failure ─► editing.dirty (edits kept; failure saveFailed; toast)
 *   │  │  │ revision.publish  ── no INTRO slide ─► editing (failure noSlidesPublish; nothing called)
 *   │  │  │                   └─► checkingWarnings (countPublishWarnings: the draft's graph warnings)
 *   │  │  │                         ── warnings > 0 ─► confirmingPublish ─ publish.confirm ─► publishing
 *   │  │  │                         │                                   └ publish.cancel ─► editing
 *   │  │  │                         ── none ─► publishing;  error ─► editing (toast warningsFailed)
 *   │  │  └────────────────► publishing: [dirty] savingDraft ─► routing ─┬─ Draft bot ─► settingPublished ─┐
 *   │  │                               (PATCH {content,baseRevisionId})   │  (PATCH {status:'Published'})  ▼
 *   │  │                                                                  └─ Published with a draft ─► publishingRevision
 *   │  │                                     (PATCH /bot/{id}/revision/{botRevisionId}/status) ─ done ─► editing (toast published)
 *   │  │                               any failure ─► editing (noSlidesPublish | publishFailed; edits kept); 409 ─► conflict
 *   │  └ view.published (a Published bot with a draft) ─► viewingPublished.loading (GET ?mode=published) ─► showing
 *   │                                                       view.draft ─► editing (the draft as it was)
 *   └ failure.dismiss, access.changed
 * ```
 *
 * - Publishing with unreachable slides warns but does not block (issue 11): `checkingWarnings` counts
 *   the draft graph's publish warnings (actor `countPublishWarnings`, bound by the app, which loads
 *   the graph analysis lazily) and asks for confirmation first when there are any.
 * - Double-click safety: `saving`, `checkingWarnings`, `publishing`, `conflict` and `viewingPublished.loading` carry the
 *   tag `busy` and accept no `draft.save`, `revision.publish` or `draft.change`; a second click while
 *   one runs is ignored.
 * - `leave.requested` is sent for every navigation out of the editor (TanStack Router's `useBlocker`
 *   asks the chart; see `askToLeave` in editor.selectors.ts); the chart answers with the emitted
 *   `leave.proceed` or `leave.cancel`. Clean: proceed at once. Dirty: the leave prompt, or — while a
 *   save, publish or question runs — cancel (the person stays).
 * - Toasts are emitted `notice` events (`EditorNotice`); the view shows them through src/ui/toast.
 * - Read-only: `draft.change`, `draft.save` and `revision.publish` need `canEdit` (spec 001 §6; the
 *   server refuses with 403 anyway), and no draft is shown as editable while viewing the published
 *   version (selectors.ts `selectReadOnly`).
 * Side effects are the named actors of editor.actors.ts.
 */
import { and, assign, emit, enqueueActions, not, setup } from 'xstate';
import {
  contentOf,
  missingEditorActors,
  sameContent,
  type BotContent,
  type EditorBot,
  type FetchBotInput,
  type PublishRevisionInput,
  type CountPublishWarningsInput,
  type SaveDraftInput,
  type SetStatusPublishedInput,
} from './editor.actors';

/** Why the last save / publish / view stopped (shown until the next edit or dismiss). */
export type EditorFailureReason = 'noSlidesPublish' | 'saveFailed' | 'publishFailed' | 'viewFailed';

/** A failure the editor shows: the reason and the server's or runtime's message. */
export interface EditorFailure {
  reason: EditorFailureReason;
  message: string | null;
}

/** Toasts of the editor (spec 001 §8; issue 11: the draft-saved text differs when a published version exists). */
export type EditorNotice = 'draftSaved' | 'draftSavedBesidePublished' | 'published' | 'saveFailed' | 'publishFailed' | 'warningsFailed';

/** Chart memory. */
export interface EditorContext {
  botId: number;
  /** The latest draft-mode Bot answer (status, hasDraft, botRevisionId, revNumber, …). */
  bot: EditorBot;
  /** The content of the last loaded or saved revision. */
  saved: BotContent;
  /** The draft the person edits. */
  draft: BotContent;
  /** `draft` differs from `saved` (structurally, sameContent). */
  dirty: boolean;
  /** The revision the draft is based on; sent as `baseRevisionId` (two-tab safety). */
  baseRevisionId: number | null;
  /** The person may edit this bot (spec 001 §6). */
  canEdit: boolean;
  /** The published revision's Bot answer while viewing the published version. */
  published: EditorBot | null;
  /** The server's latest answer after a revision conflict (null until fetched). */
  latest: EditorBot | null;
  failure: EditorFailure | null;
  /** What a running save does when it succeeds: stay in the editor, or let a requested leave proceed. */
  afterSave: 'stay' | 'leave';
  /** The revision the running publish publishes. */
  revisionToPublish: number | null;
}

/** Input: the loaded bot (the route loader's answer) and whether the person may edit it. */
export interface EditorInput {
  bot: EditorBot;
  canEdit: boolean;
}

/** Events the view sends (and the done / error events of the actors). */
export type EditorEvent =
  | { type: 'draft.change'; content: BotContent }
  | { type: 'draft.save' }
  | { type: 'revision.publish' }
  | { type: 'publish.confirm' }
  | { type: 'publish.cancel' }
  | { type: 'view.published' }
  | { type: 'view.draft' }
  | { type: 'leave.requested' }
  | { type: 'prompt.save' }
  | { type: 'prompt.exit' }
  | { type: 'prompt.stay' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keep' }
  | { type: 'failure.dismiss' }
  | { type: 'access.changed'; canEdit: boolean };

/** Events the chart emits for the view: toasts and the answer to a leave request. */
export type EditorEmitted = { type: 'notice'; notice: EditorNotice } | { type: 'leave.proceed' } | { type: 'leave.cancel' };

/** A structural check of a Bot answer (actor outputs arrive untyped on the chart's event union). */
export function isEditorBot(value: unknown): value is EditorBot {
  if (typeof value !== 'object' || value === null) return false;
  const bot = value as Record<string, unknown>;
  return typeof bot.id === 'number' && typeof bot.status === 'string' && Array.isArray(bot.slides);
}

/** The `code` of an API error (`{ code: 'revisionConflict' }`), or null. */
export function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

/** The status of an API error, or null. */
function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : null;
}

/** The message of an error value, for display. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'detail' in error) {
    const { detail } = error as { detail: unknown };
    if (typeof detail === 'string' && detail !== '') return detail;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** True for the server's answer to a save based on an old revision (409 `revisionConflict`). */
export function isRevisionConflict(error: unknown): boolean {
  return errorCode(error) === 'revisionConflict' || errorStatus(error) === 409;
}

function outputBot(event: { type: string }): EditorBot | null {
  return 'output' in event && isEditorBot(event.output) ? event.output : null;
}

function failureOf(event: { type: string }): unknown {
  return 'error' in event ? event.error : undefined;
}

function hasIntro(content: BotContent): boolean {
  return content.slides.some((s) => s.category === 'INTRO');
}

function saveDraftInput({ context }: { context: EditorContext }): SaveDraftInput {
  return { botId: context.botId, content: context.draft, baseRevisionId: context.baseRevisionId };
}

function setStatusInput({ context }: { context: EditorContext }): SetStatusPublishedInput {
  return { botId: context.botId };
}

function publishRevisionInput({ context }: { context: EditorContext }): PublishRevisionInput {
  if (context.revisionToPublish === null) throw new Error('publishRevision needs a revision');
  return { botId: context.botId, botRevisionId: context.revisionToPublish };
}

function countWarningsInput({ context }: { context: EditorContext }): CountPublishWarningsInput {
  return { content: context.draft };
}

const fetchLatestInput = ({ context }: { context: EditorContext }): FetchBotInput => ({ botId: context.botId, mode: 'draft' });
const fetchPublishedInput = ({ context }: { context: EditorContext }): FetchBotInput => ({ botId: context.botId, mode: 'published' });

/** The failure transitions of a publish step: the server's noSlidesPublish, or anything else. */
const publishStepFailure = [
  { guard: 'isNoSlidesError' as const, target: '#editor.editing', actions: 'failNoSlides' as const },
  { target: '#editor.editing', actions: ['failPublish', 'noticePublishFailed'] as const },
];

export const editorMachine = setup({
  types: {
    context: {} as EditorContext,
    events: {} as EditorEvent,
    input: {} as EditorInput,
    emitted: {} as EditorEmitted,
  },
  actors: missingEditorActors,
  guards: {
    canEdit: ({ context }) => context.canEdit,
    isDirty: ({ context }) => context.dirty,
    /** Spec 001 §4: publishing needs at least one slide of category INTRO. */
    draftHasIntro: ({ context }) => hasIntro(context.draft),
    /** Something can be published: an editable, non-Deactivated bot that is a Draft, has a draft revision, or has unsaved edits. */
    canPublish: ({ context }) =>
      context.canEdit && context.bot.status !== 'Deactivated' && (context.dirty || context.bot.status === 'Draft' || context.bot.hasDraft),
    /** Spec 001 §2: only a Published bot with a draft revision has a published version to view beside the draft. */
    canViewPublished: ({ context }) => context.bot.status === 'Published' && context.bot.hasDraft && context.bot.publishedRevisionId !== null,
    isDraftBot: ({ context }) => context.bot.status === 'Draft',
    /** The latest answer points at a Draft revision that can be published. */
    hasDraftRevision: ({ context }) =>
      context.bot.botRevisionId !== null && (context.bot.hasDraft || context.bot.revisionStatus === 'Draft'),
    isConflictError: ({ event }) => isRevisionConflict(failureOf(event)),
    isNoSlidesError: ({ event }) => errorCode(failureOf(event)) === 'noSlidesPublish',
    leavingAfterSave: ({ context }) => context.afterSave === 'leave',
    /** The draft's graph has warnings (unreachable slides, deleted targets): confirm first, never block. */
    hasPublishWarnings: ({ event }) => 'output' in event && typeof event.output === 'number' && event.output > 0,
    hasLatest: ({ context }) => context.latest !== null,
  },
  actions: {
    storeDraft: assign(({ context, event }) =>
      event.type === 'draft.change' ? { draft: event.content, dirty: !sameContent(event.content, context.saved), failure: null } : {},
    ),
    /** A save answered: the answer is the saved revision and the new draft; it is the next base. */
    storeSaved: assign(({ event }) => {
      const bot = outputBot(event);
      if (!bot) return {};
      const content = contentOf(bot);
      return { bot, saved: content, draft: content, dirty: false, baseRevisionId: bot.botRevisionId, failure: null };
    }),
    storeBot: assign(({ event }) => {
      const bot = outputBot(event);
      return bot ? { bot } : {};
    }),
    storeRevisionToPublish: assign(({ context }) => ({ revisionToPublish: context.bot.botRevisionId })),
    storePublished: assign(({ event }) => ({ published: outputBot(event) })),
    forgetPublished: assign({ published: null }),
    storeLatest: assign(({ event }) => ({ latest: outputBot(event) })),
    /** Reload and lose: the server's latest revision replaces the draft. */
    reloadLatest: assign(({ context }) => {
      if (!context.latest) return {};
      const content = contentOf(context.latest);
      return { bot: context.latest, saved: content, draft: content, dirty: false, baseRevisionId: context.latest.botRevisionId, latest: null, failure: null };
    }),
    /** Keep editing: the edits stay, now based on the latest revision (the next save replaces it). */
    keepEditing: assign(({ context }) =>
      context.latest
        ? { bot: context.latest, saved: contentOf(context.latest), dirty: !sameContent(context.draft, contentOf(context.latest)), baseRevisionId: context.latest.botRevisionId, latest: null }
        : { latest: null },
    ),
    setAfterSaveStay: assign({ afterSave: 'stay' as const }),
    setAfterSaveLeave: assign({ afterSave: 'leave' as const }),
    storeAccess: assign(({ event }) => (event.type === 'access.changed' ? { canEdit: event.canEdit } : {})),
    failNoSlides: assign({ failure: { reason: 'noSlidesPublish', message: null } satisfies EditorFailure }),
    failSave: assign(({ event }) => ({ failure: { reason: 'saveFailed', message: errorMessage(failureOf(event)) } satisfies EditorFailure })),
    failPublish: assign(({ event }) => ({
      failure: {
        reason: 'publishFailed',
        message: 'error' in event ? errorMessage(event.error) : 'There is no draft revision to publish.',
      } satisfies EditorFailure,
    })),
    failView: assign(({ event }) => ({ failure: { reason: 'viewFailed', message: errorMessage(failureOf(event)) } satisfies EditorFailure })),
    clearFailure: assign({ failure: null }),
    noticeDraftSaved: emit(({ context }) => ({
      type: 'notice' as const,
      notice: context.bot.publishedRevisionId !== null ? ('draftSavedBesidePublished' as const) : ('draftSaved' as const),
    })),
    noticePublished: emit({ type: 'notice', notice: 'published' }),
    noticeSaveFailed: emit({ type: 'notice', notice: 'saveFailed' }),
    noticePublishFailed: emit({ type: 'notice', notice: 'publishFailed' }),
    noticeWarningsFailed: emit({ type: 'notice', notice: 'warningsFailed' }),
    emitLeaveProceed: emit({ type: 'leave.proceed' }),
    emitLeaveCancel: emit({ type: 'leave.cancel' }),
    /** A save started from the leave prompt did not succeed: the navigation is cancelled (the person stays with the edits). */
    cancelPendingLeave: enqueueActions(({ context, enqueue }) => {
      if (context.afterSave === 'leave') enqueue.emit({ type: 'leave.cancel' });
      enqueue.assign({ afterSave: 'stay' });
    }),
  },
}).createMachine({
  id: 'editor',
  meta: {
    description:
      'A person edits the draft of a vidbot: they save it as a draft, publish it (after a check for unreachable slides), look at the published version, and are asked before leaving with unsaved changes.',
  },
  context: ({ input }) => {
    const content = contentOf(input.bot);
    return {
      botId: input.bot.id,
      bot: input.bot,
      saved: content,
      draft: content,
      dirty: false,
      baseRevisionId: input.bot.botRevisionId,
      canEdit: input.canEdit,
      published: null,
      latest: null,
      failure: null,
      afterSave: 'stay',
      revisionToPublish: null,
    };
  },
  initial: 'editing',
  on: {
    'leave.requested': [
      {
        guard: 'isDirty',
        actions: 'emitLeaveCancel',
        description: 'Leaving while the draft is being saved or published, or while a question is open, is refused: the person stays in the editor.',
      },
      { actions: 'emitLeaveProceed', description: 'Nothing is unsaved: the person leaves the editor without a question.' },
    ],
    'access.changed': { actions: 'storeAccess', description: 'The person’s rights to this vidbot changed (their account data arrived or changed).' },
  },
  states: {
    editing: {
      initial: 'check',
      meta: { description: 'The editor is open and the person works on the draft of the vidbot.' },
      on: {
        'draft.change': { guard: 'canEdit', target: '.check', actions: 'storeDraft', description: 'The person changes the name, a slide, a button, an action or a setting.' },
        'revision.publish': [
          {
            guard: and(['canPublish', not('draftHasIntro')]),
            actions: 'failNoSlides',
            description: 'Publish is refused at once: a vidbot needs an intro slide before it can be published.',
          },
          { guard: 'canPublish', target: 'checkingWarnings', actions: 'clearFailure', description: 'The person chooses Publish.' },
        ],
        'view.published': {
          guard: 'canViewPublished',
          target: 'viewingPublished',
          actions: 'clearFailure',
          description: 'The person chooses View published (only a published vidbot with a newer draft has one).',
        },
        'failure.dismiss': { actions: 'clearFailure', description: 'The person dismisses the error message.' },
      },
      states: {
        check: {
          meta: { description: 'A moment’s check whether the draft still differs from the saved version.' },
          always: [{ guard: 'isDirty', target: 'dirty' }, { target: 'clean' }],
        },
        clean: {
          meta: { description: 'Everything the person sees is saved; leaving the editor asks nothing.' },
        },
        dirty: {
          meta: { description: 'The draft has unsaved changes: the “Unsaved changes” badge shows and Save draft is offered.' },
          on: {
            'draft.save': {
              guard: 'canEdit',
              target: '#editor.saving',
              actions: ['clearFailure', 'setAfterSaveStay'],
              description: 'The person chooses Save draft.',
            },
            'leave.requested': { target: '#editor.leavePrompt', description: 'The person clicks a link that leaves the editor.' },
          },
        },
      },
    },
    saving: {
      tags: ['busy'],
      meta: { description: 'The changes are being saved as a new draft version; the editor waits and shows “Saving draft…”.' },
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: saveDraftInput,
        onDone: [
          {
            guard: 'leavingAfterSave',
            target: 'editing',
            actions: ['storeSaved', 'noticeDraftSaved', 'emitLeaveProceed'],
            description: 'Saved after “Save and exit”: the person leaves the editor.',
          },
          { target: 'editing', actions: ['storeSaved', 'noticeDraftSaved'], description: 'Saved: “Draft saved” appears.' },
        ],
        onError: [
          {
            guard: 'isConflictError',
            target: 'conflict',
            actions: 'cancelPendingLeave',
            description: 'Someone else saved this vidbot after it was opened here; the draft was not saved.',
          },
          {
            target: 'editing',
            actions: ['failSave', 'noticeSaveFailed', 'cancelPendingLeave'],
            description: 'Saving failed (network or server); the changes stay in the editor.',
          },
        ],
      },
    },
    conflict: {
      tags: ['busy'],
      initial: 'loading',
      meta: { description: 'Someone else saved this vidbot in another tab or place; the person decides whose version wins.' },
      states: {
        loading: {
          meta: { description: 'The other person’s latest version is being fetched; the choice buttons wait.' },
          invoke: {
            id: 'fetchLatest',
            src: 'fetchBot',
            input: fetchLatestInput,
            onDone: { target: 'choosing', actions: 'storeLatest' },
            onError: { target: 'choosing', description: 'The latest version could not be fetched; the person can still choose (Reload tries again).' },
          },
        },
        choosing: {
          meta: { description: 'A dialog asks: reload their version and lose my changes, or keep editing mine.' },
          on: {
            'conflict.reload': [
              { guard: 'hasLatest', target: '#editor.editing', actions: 'reloadLatest', description: 'Reload: their version replaces the draft; the person’s changes are lost.' },
              { target: 'loading', description: 'Reload, but their version is not known yet: it is fetched again.' },
            ],
            'conflict.keep': {
              target: '#editor.editing',
              actions: 'keepEditing',
              description: 'Keep editing: the person’s changes stay and the next save replaces their version.',
            },
          },
        },
      },
    },
    checkingWarnings: {
      tags: ['busy'],
      meta: { description: 'Before publishing, the slide graph of the draft is checked for unreachable slides and buttons whose target is gone.' },
      invoke: {
        id: 'countPublishWarnings',
        src: 'countPublishWarnings',
        input: countWarningsInput,
        onDone: [
          { guard: 'hasPublishWarnings', target: 'confirmingPublish', description: 'The check found warnings: the person is asked to confirm.' },
          { guard: 'isDirty', target: 'publishing.savingDraft', description: 'No warnings and unsaved changes: they are saved first, then published.' },
          { target: 'publishing.routing', description: 'No warnings and nothing unsaved: the saved draft is published.' },
        ],
        onError: {
          target: 'editing',
          actions: 'noticeWarningsFailed',
          description: 'The check could not run (its code did not load); “An error occurred. Please try again.” appears.',
        },
      },
    },
    publishing: {
      tags: ['busy'],
      initial: 'savingDraft',
      meta: { description: 'The vidbot is being published; the editor waits and shows each step.' },
      states: {
        savingDraft: {
          meta: { description: 'The unsaved changes are saved as a draft first (“Saving draft…”).' },
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: saveDraftInput,
            onDone: { target: 'routing', actions: 'storeSaved' },
            onError: [
              { guard: 'isConflictError', target: '#editor.conflict', description: 'Someone else saved meanwhile: nothing is published.' },
              { target: '#editor.editing', actions: ['failPublish', 'noticePublishFailed'], description: 'Saving failed: nothing is published; the changes are kept.' },
            ],
          },
        },
        routing: {
          meta: { description: 'A moment’s choice: a vidbot never published is set to Published; a published one gets its new version published.' },
          always: [
            { guard: 'isDraftBot', target: 'settingPublished', actions: 'storeRevisionToPublish' },
            { guard: 'hasDraftRevision', target: 'publishingRevision', actions: 'storeRevisionToPublish' },
            { target: '#editor.editing', actions: ['failPublish', 'noticePublishFailed'], description: 'There is no draft version to publish.' },
          ],
        },
        settingPublished: {
          meta: { description: 'The vidbot’s status is being set to Published (“Setting status to Published…”).' },
          invoke: {
            id: 'setStatusPublished',
            src: 'setStatusPublished',
            input: setStatusInput,
            onDone: { target: 'publishingRevision', actions: 'storeBot' },
            onError: publishStepFailure,
          },
        },
        publishingRevision: {
          meta: { description: 'The draft version is being made the live version (“Publishing the revision…”).' },
          invoke: {
            id: 'publishRevision',
            src: 'publishRevision',
            input: publishRevisionInput,
            onDone: { target: '#editor.editing', actions: ['storeBot', 'noticePublished'], description: 'Published: “Published” appears and viewers see this version.' },
            onError: publishStepFailure,
          },
        },
      },
    },
    viewingPublished: {
      initial: 'loading',
      exit: 'forgetPublished',
      meta: { description: 'The live (published) version is shown read-only beside the draft, with a banner and a way back.' },
      on: {
        'view.draft': { target: 'editing', description: 'The person returns to the draft.' },
        'leave.requested': [
          { guard: 'isDirty', target: 'leavePrompt', description: 'The person leaves the editor with unsaved changes in the draft: they are asked.' },
          { actions: 'emitLeaveProceed', description: 'The person leaves the editor; nothing is unsaved.' },
        ],
      },
      states: {
        loading: {
          tags: ['busy'],
          meta: { description: 'The published version is being loaded (“Loading the published version…”).' },
          invoke: {
            id: 'fetchPublished',
            src: 'fetchBot',
            input: fetchPublishedInput,
            onDone: { target: 'showing', actions: 'storePublished' },
            onError: { target: '#editor.editing', actions: 'failView', description: 'The published version could not be loaded; an error message says why.' },
          },
        },
        showing: {
          meta: { description: 'The published version is on screen; nothing can be edited until the person returns to the draft.' },
        },
      },
    },
    confirmingPublish: {
      meta: { description: 'A dialog lists the warnings (for example slides no button leads to) and asks whether to publish anyway.' },
      on: {
        'publish.confirm': [
          { guard: 'isDirty', target: 'publishing.savingDraft', description: 'Publish anyway, with unsaved changes: they are saved first.' },
          { target: 'publishing.routing', description: 'Publish anyway.' },
        ],
        'publish.cancel': { target: 'editing', description: 'The person cancels; nothing is published.' },
      },
    },
    leavePrompt: {
      meta: { description: 'The person tried to leave with unsaved changes; a dialog offers Stay, Exit without saving, or Save and exit.' },
      on: {
        'leave.requested': { description: 'Another leave attempt while the question is open is ignored.' },
        'prompt.save': { target: 'saving', actions: 'setAfterSaveLeave', description: 'Save and exit: the draft is saved, then the person leaves.' },
        'prompt.exit': { target: 'editing', actions: 'emitLeaveProceed', description: 'Exit without saving: the person leaves and the changes are dropped.' },
        'prompt.stay': { target: 'editing', actions: 'emitLeaveCancel', description: 'Stay: the person keeps editing.' },
      },
    },
  },
});

export type EditorMachine = typeof editorMachine;
