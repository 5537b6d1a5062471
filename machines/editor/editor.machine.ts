/**
 * The editor machine: one chart owns the draft of an editor, for two kinds of document (issue 15
 * "one machine, two kinds of document"):
 * - a **vidbot** (spec 001 §2 editor "Top bar", "Leaving with unsaved changes", "view published", §4
 *   "{product} status", "Editor saves", §8 noSlidesPublish / errorOccured; issue 11 "Revisions and the
 *   editor machine"; architecture §3) — input `{ bot, canEdit }` (kind `vidbot`, the default);
 * - a **widget** (carousel; spec 002 §2 Widget editor, §4 widget status, §6 widget editing, §8 save
 *   draft / publish failures) — input `{ kind: 'widget', widget, canEdit }`.
 * Both save drafts (PATCH with `baseRevisionId`, 409 on a stale base), publish (a never-published
 * document gets status Published first, then its draft revision is published), resolve two-tab
 * conflicts and ask before leaving with unsaved changes. What differs by kind (guards `isWidget`,
 * `draftHasIntro`, `canViewPublished`; the app binds each kind's actors):
 * - vidbot: publishing needs an INTRO slide and first checks the slide graph for warnings
 *   (`checkingWarnings`, `confirmingPublish`); a Published vidbot with a draft offers "view published";
 * - widget: no INTRO rule and no graph: Publish goes straight to `publishing` (unsaved changes saved
 *   first); no published-version view. Publish is offered when there is a draft or unsaved changes,
 *   nothing runs and the person may edit; Save draft when there are unsaved changes (spec 002 §4).
 *
 * ```
 *                 draft.change (compared with the saved content)
 *              ┌──────────────┐
 *  editing ────┴► check ──► clean ◄──────┐       leave.requested (clean) ─► emit leave.proceed
 *   │  │  │           └────► dirty ──────┘
 *   │  │  │                  │ draft.save                 leave.requested (dirty)
 *   │  │  │                  ▼                                   ▼
 *   │  │  │     saving (PATCH /bot|widget/{id} {content, baseRevisionId}) ◄── prompt.save ── leavePrompt
 *   │  │  │       │ done ─► editing (clean; toast draftSaved | draftSavedBesidePublished;     │ prompt.exit ─► editing + emit leave.proceed
 *   │  │  │       │                   after prompt.save also emit leave.proceed)            │ prompt.stay ─► editing + emit leave.cancel
 *   │  │  │       │ 409 revisionConflict ─► conflict.loading (GET /bot/{id}: the latest) ─► conflict.choosing
 *   │  │  │       │                            conflict.reload ─► editing (draft := latest; edits lost)
 *   │  │  │       │                            conflict.keep ─► editing.dirty (edits kept; based on the latest)
 *   │  │  │       └ other failure ─► editing.dirty (edits kept; failure saveFailed; toast)
 *   │  │  │ revision.publish  ── widget ─► publishing ([dirty] savingDraft, else routing)
 *   │  │  │                   ── no INTRO slide (vidbot) ─► editing (failure noSlidesPublish; nothing called)
 *   │  │  │                   └─► checkingWarnings (countPublishWarnings: the draft's graph warnings)
 *   │  │  │                         ── warnings > 0 ─► confirmingPublish ─ publish.confirm ─► publishing
 *   │  │  │                         │                                   └ publish.cancel ─► editing
 *   │  │  │                         ── none ─► publishing;  error ─► editing (toast warningsFailed)
 *   │  │  └────────────────► publishing: [dirty] savingDraft ─► routing ─┬─ Draft bot ─► settingPublished ─┐
 *   │  │                               (PATCH {content,baseRevisionId})   │  (PATCH {status:'Published'})  ▼
 *   │  │                                                                  └─ Published with a draft ─► publishingRevision
 *   │  │                                     (PATCH /bot/{id}/revision/{botRevisionId}/status) ─ done ─► editing (toast published)
 *   │  │                               any failure ─► editing (noSlidesPublish | publishFailed; edits kept); 409 ─► conflict
 *   │  └ view.published (a Published vidbot with a draft) ─► viewingPublished.loading (GET ?mode=published) ─► showing
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
 * - Read-only: `draft.change`, `draft.save` and `revision.publish` need `canEdit` (spec 001 §6,
 *   spec 002 §6; the server refuses with 403 anyway), and no draft is shown as editable while viewing the published
 *   version (selectors.ts `selectReadOnly`).
 * Side effects are the named actors of editor.actors.ts.
 */
import { and, assign, emit, enqueueActions, not, setup } from 'xstate';
import {
  documentContentOf,
  isEditorWidget,
  missingEditorActors,
  revisionIdOf,
  sameContent,
  type BotContent,
  type DocumentContent,
  type EditorBot,
  type EditorDocument,
  type EditorKind,
  type EditorWidget,
  type FetchBotInput,
  type FetchWidgetInput,
  type PublishRevisionInput,
  type PublishWidgetRevisionInput,
  type CountPublishWarningsInput,
  type SaveDraftInput,
  type SaveWidgetDraftInput,
  type SetStatusPublishedInput,
  type SetWidgetPublishedInput,
} from './editor.actors';

/** Why the last save / publish / view stopped (shown until the next edit or dismiss). */
export type EditorFailureReason = 'noSlidesPublish' | 'saveFailed' | 'publishFailed' | 'viewFailed';

/** A failure the editor shows: the reason and the server's or runtime's message. */
export interface EditorFailure {
  reason: EditorFailureReason;
  message: string | null;
}

/** Toasts of the editor (spec 001 §8, spec 002 §8; issue 11 and spec 002 §4: the draft-saved text differs when a published version exists). */
export type EditorNotice = 'draftSaved' | 'draftSavedBesidePublished' | 'published' | 'saveFailed' | 'publishFailed' | 'warningsFailed';

/** Chart memory. */
export interface EditorContext {
  /** Which kind of document this editor edits (fixed for the editor's life). */
  kind: EditorKind;
  /** The vidbot's or widget's id. */
  documentId: number;
  /** The latest draft-mode answer of the document (status, hasDraft, revision id, revNumber, …): a Bot or a Widget. */
  document: EditorDocument;
  /** The content of the last loaded or saved revision. */
  saved: DocumentContent;
  /** The draft the person edits. */
  draft: DocumentContent;
  /** `draft` differs from `saved` (structurally, sameContent). */
  dirty: boolean;
  /** The revision the draft is based on; sent as `baseRevisionId` (two-tab safety). */
  baseRevisionId: number | null;
  /** The person may edit this document (spec 001 §6, spec 002 §6). */
  canEdit: boolean;
  /** The published revision's answer while viewing the published version (vidbots only). */
  published: EditorDocument | null;
  /** The server's latest answer after a revision conflict (null until fetched). */
  latest: EditorDocument | null;
  failure: EditorFailure | null;
  /** What a running save does when it succeeds: stay in the editor, or let a requested leave proceed. */
  afterSave: 'stay' | 'leave';
  /** The revision the running publish publishes. */
  revisionToPublish: number | null;
}

/** Input of the vidbot kind: the loaded bot (the route loader's answer) and whether the person may edit it. */
export interface VidbotEditorInput {
  kind?: 'vidbot';
  bot: EditorBot;
  canEdit: boolean;
}

/** Input of the widget kind: the loaded widget (`GET /widget/{id}`) and whether the person may edit it (its `canEdit`). */
export interface WidgetEditorInput {
  kind: 'widget';
  widget: EditorWidget;
  canEdit: boolean;
}

/** Input: a vidbot (kind omitted or `vidbot`) or a widget. */
export type EditorInput = VidbotEditorInput | WidgetEditorInput;

/** Events the view sends (and the done / error events of the actors). */
export type EditorEvent =
  | { type: 'draft.change'; content: DocumentContent }
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

/** The document answer an actor's done event carries (a Bot or a Widget), or null. */
function outputDocument(event: { type: string }): EditorDocument | null {
  if (!('output' in event)) return null;
  return isEditorBot(event.output) || isEditorWidget(event.output) ? event.output : null;
}

function failureOf(event: { type: string }): unknown {
  return 'error' in event ? event.error : undefined;
}

/** Spec 001 §4: a vidbot's content needs an INTRO slide to be published. */
function hasIntro(content: DocumentContent): boolean {
  return 'slides' in content && content.slides.some((s) => s.category === 'INTRO');
}

function saveDraftInput({ context }: { context: EditorContext }): SaveDraftInput | SaveWidgetDraftInput {
  return context.kind === 'widget'
    ? { widgetId: context.documentId, content: context.draft as SaveWidgetDraftInput['content'], baseRevisionId: context.baseRevisionId }
    : { botId: context.documentId, content: context.draft as BotContent, baseRevisionId: context.baseRevisionId };
}

function setStatusInput({ context }: { context: EditorContext }): SetStatusPublishedInput | SetWidgetPublishedInput {
  return context.kind === 'widget' ? { widgetId: context.documentId } : { botId: context.documentId };
}

function publishRevisionInput({ context }: { context: EditorContext }): PublishRevisionInput | PublishWidgetRevisionInput {
  if (context.revisionToPublish === null) throw new Error('publishRevision needs a revision');
  return context.kind === 'widget'
    ? { widgetId: context.documentId, widgetRevisionId: context.revisionToPublish }
    : { botId: context.documentId, botRevisionId: context.revisionToPublish };
}

function countWarningsInput({ context }: { context: EditorContext }): CountPublishWarningsInput {
  return { content: context.draft as BotContent };
}

function fetchInput(context: EditorContext, mode: 'draft' | 'published'): FetchBotInput | FetchWidgetInput {
  return context.kind === 'widget' ? { widgetId: context.documentId, mode } : { botId: context.documentId, mode };
}
const fetchLatestInput = ({ context }: { context: EditorContext }) => fetchInput(context, 'draft');
const fetchPublishedInput = ({ context }: { context: EditorContext }) => fetchInput(context, 'published');

/** The chart's memory at start, from either kind's input. */
function initialContext(input: EditorInput): EditorContext {
  const document: EditorDocument = input.kind === 'widget' ? input.widget : input.bot;
  const content = documentContentOf(document);
  return {
    kind: input.kind ?? 'vidbot',
    documentId: document.id,
    document,
    saved: content,
    draft: content,
    dirty: false,
    baseRevisionId: revisionIdOf(document),
    canEdit: input.canEdit,
    published: null,
    latest: null,
    failure: null,
    afterSave: 'stay',
    revisionToPublish: null,
  };
}

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
    /** The document is a widget (carousel): no INTRO rule, no slide graph, no published-version view. */
    isWidget: ({ context }) => context.kind === 'widget',
    /** Spec 001 §4: a vidbot's publishing needs at least one slide of category INTRO; a widget has no such rule. */
    draftHasIntro: ({ context }) => context.kind === 'widget' || hasIntro(context.draft),
    /**
     * Something can be published: an editable, non-Deactivated document that is a Draft, has a draft
     * revision, or has unsaved edits (spec 002 §4: "Publish is disabled when there is no draft and the
     * form is clean, while saving, or without edit rights").
     */
    canPublish: ({ context }) =>
      context.canEdit &&
      context.document.status !== 'Deactivated' &&
      (context.dirty || context.document.status === 'Draft' || context.document.hasDraft),
    /** Spec 001 §2: only a Published vidbot with a draft revision has a published version to view beside the draft (widgets have none). */
    canViewPublished: ({ context }) =>
      context.kind === 'vidbot' && context.document.status === 'Published' && context.document.hasDraft && context.document.publishedRevisionId !== null,
    isDraftDocument: ({ context }) => context.document.status === 'Draft',
    /** The latest answer points at a Draft revision that can be published. */
    hasDraftRevision: ({ context }) =>
      revisionIdOf(context.document) !== null && (context.document.hasDraft || context.document.revisionStatus === 'Draft'),
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
      const document = outputDocument(event);
      if (!document) return {};
      const content = documentContentOf(document);
      return { document, saved: content, draft: content, dirty: false, baseRevisionId: revisionIdOf(document), failure: null };
    }),
    storeDocument: assign(({ event }) => {
      const document = outputDocument(event);
      return document ? { document } : {};
    }),
    storeRevisionToPublish: assign(({ context }) => ({ revisionToPublish: revisionIdOf(context.document) })),
    storePublished: assign(({ event }) => ({ published: outputDocument(event) })),
    forgetPublished: assign({ published: null }),
    storeLatest: assign(({ event }) => ({ latest: outputDocument(event) })),
    /** Reload and lose: the server's latest revision replaces the draft. */
    reloadLatest: assign(({ context }) => {
      if (!context.latest) return {};
      const content = documentContentOf(context.latest);
      return { document: context.latest, saved: content, draft: content, dirty: false, baseRevisionId: revisionIdOf(context.latest), latest: null, failure: null };
    }),
    /** Keep editing: the edits stay, now based on the latest revision (the next save replaces it). */
    keepEditing: assign(({ context }) => {
      if (!context.latest) return { latest: null };
      const theirs = documentContentOf(context.latest);
      return { document: context.latest, saved: theirs, dirty: !sameContent(context.draft, theirs), baseRevisionId: revisionIdOf(context.latest), latest: null };
    }),
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
      notice: context.document.publishedRevisionId !== null ? ('draftSavedBesidePublished' as const) : ('draftSaved' as const),
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
      'A person edits the draft of a vidbot or of a widget (carousel): they save it as a draft and publish it (a vidbot after a check for unreachable slides), look at a vidbot’s published version, and are asked before leaving with unsaved changes.',
  },
  context: ({ input }) => initialContext(input),
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
    'access.changed': { actions: 'storeAccess', description: 'The person’s rights to this vidbot or widget changed (their account data arrived or changed).' },
  },
  states: {
    editing: {
      initial: 'check',
      meta: { description: 'The editor is open and the person works on the draft of the vidbot or widget.' },
      on: {
        'draft.change': {
          guard: 'canEdit',
          target: '.check',
          actions: 'storeDraft',
          description: 'The person changes a slide, a button, an action or a setting of a vidbot, or a section of a widget (type, content, widget settings, advanced).',
        },
        'revision.publish': [
          {
            guard: and(['canPublish', 'isWidget', 'isDirty']),
            target: 'publishing.savingDraft',
            actions: 'clearFailure',
            description: 'The person chooses Publish on a widget with unsaved changes: a widget has no slides to check, so the changes are saved and published.',
          },
          {
            guard: and(['canPublish', 'isWidget']),
            target: 'publishing.routing',
            actions: 'clearFailure',
            description: 'The person chooses Publish on a widget whose draft is saved: it is published.',
          },
          {
            guard: and(['canPublish', not('draftHasIntro')]),
            actions: 'failNoSlides',
            description: 'Publish is refused at once: a vidbot needs an intro slide before it can be published.',
          },
          { guard: 'canPublish', target: 'checkingWarnings', actions: 'clearFailure', description: 'The person chooses Publish on a vidbot.' },
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
            description: 'Someone else saved this vidbot or widget after it was opened here; the draft was not saved.',
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
      meta: { description: 'Someone else saved this vidbot or widget in another tab or place; the person decides whose version wins.' },
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
      meta: { description: 'Before publishing a vidbot, the slide graph of the draft is checked for unreachable slides and buttons whose target is gone.' },
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
      meta: { description: 'The vidbot or widget is being published; the editor waits and shows each step.' },
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
          meta: { description: 'A moment’s choice: a vidbot or widget never published is set to Published; a published one gets its new version published.' },
          always: [
            { guard: 'isDraftDocument', target: 'settingPublished', actions: 'storeRevisionToPublish' },
            { guard: 'hasDraftRevision', target: 'publishingRevision', actions: 'storeRevisionToPublish' },
            { target: '#editor.editing', actions: ['failPublish', 'noticePublishFailed'], description: 'There is no draft version to publish.' },
          ],
        },
        settingPublished: {
          meta: { description: 'The status is being set to Published (“Setting status to Published…”; a widget’s latest revision becomes Published with it).' },
          invoke: {
            id: 'setStatusPublished',
            src: 'setStatusPublished',
            input: setStatusInput,
            onDone: { target: 'publishingRevision', actions: 'storeDocument' },
            onError: publishStepFailure,
          },
        },
        publishingRevision: {
          meta: { description: 'The draft version is being made the live version (“Publishing the revision…”).' },
          invoke: {
            id: 'publishRevision',
            src: 'publishRevision',
            input: publishRevisionInput,
            onDone: { target: '#editor.editing', actions: ['storeDocument', 'noticePublished'], description: 'Published: “Published” appears and viewers see this version.' },
            onError: publishStepFailure,
          },
        },
      },
    },
    viewingPublished: {
      initial: 'loading',
      exit: 'forgetPublished',
      meta: { description: 'The live (published) version of a vidbot is shown read-only beside the draft, with a banner and a way back.' },
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
