/**
 * Selectors the editor views bind to (DESIGN §5: views read the chart through these, never through
 * raw state names). Spec 001 §2 editor, §4 "{product} status", §6; spec 002 §2 Widget editor, §4
 * widget status; issue 11 "Revisions and the editor machine"; issue 15 (two kinds of document).
 *
 * Kind-neutral selectors work for both kinds. `selectBot`, `selectDraft`, `selectShownBot` and
 * `selectShownContent` are the vidbot editor's (they answer the vidbot shapes); `selectWidget` and
 * `selectWidgetDraft` are the widget editor's. Each throws when asked of the other kind (a
 * programming error: one editor page never runs the other kind's chart).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isEditorWidget, type BotContent, type EditorBot, type EditorDocument, type EditorWidget, type WidgetContent } from './editor.actors';
import type { EditorFailure, EditorMachine } from './editor.machine';

type EditorSnapshot = SnapshotFrom<EditorMachine>;

/** The step the person sees in the live region, or a resting state. */
export type EditorStep =
  | 'editing'
  | 'saving'
  | 'checkingWarnings'
  | 'savingDraft'
  | 'settingPublished'
  | 'publishingRevision'
  | 'conflict'
  | 'loadingPublished'
  | 'viewingPublished'
  | 'leavePrompt'
  | 'confirmingPublish';

function expectKind(snapshot: EditorSnapshot, kind: 'vidbot' | 'widget'): void {
  if (snapshot.context.kind !== kind) throw new Error(`This selector reads a ${kind} editor; this one edits a ${snapshot.context.kind}.`);
}

/** The vidbot draft (what the content and settings tabs edit). @throws Error on a widget editor. */
export function selectDraft(snapshot: EditorSnapshot): BotContent {
  expectKind(snapshot, 'vidbot');
  return snapshot.context.draft as BotContent;
}

/** The content shown: the published revision's while viewing it, else the draft (vidbot). @throws Error on a widget editor. */
export function selectShownContent(snapshot: EditorSnapshot): BotContent {
  const draft = selectDraft(snapshot);
  const published = snapshot.matches({ viewingPublished: 'showing' }) ? (snapshot.context.published as EditorBot | null) : null;
  return published ? { ...draft, ...publishedContent(published) } : draft;
}

/** The widget draft (what the settings panel edits). @throws Error on a vidbot editor. */
export function selectWidgetDraft(snapshot: EditorSnapshot): WidgetContent {
  expectKind(snapshot, 'widget');
  return snapshot.context.draft as WidgetContent;
}

/** The latest Widget answer the chart knows (name, status, version, canEdit, playUrl, embedCode). @throws Error on a vidbot editor. */
export function selectWidget(snapshot: EditorSnapshot): EditorWidget {
  const document: EditorDocument = snapshot.context.document;
  if (!isEditorWidget(document)) throw new Error('selectWidget reads a widget editor.');
  return document;
}

/** The latest answer of the document (either kind): status, revNumber, revisionStatus, publishedRevisionId. */
export function selectDocument(snapshot: EditorSnapshot): EditorDocument {
  return snapshot.context.document;
}

function publishedContent(bot: EditorBot): Partial<BotContent> {
  const { settings } = bot as { settings?: BotContent['settings'] };
  return { slides: bot.slides, actions: bot.actions, theme: bot.theme, ...(settings ? { settings } : {}) };
}

/** The Bot whose version the badge shows: the published one while viewing it, else the latest. @throws Error on a widget editor. */
export function selectShownBot(snapshot: EditorSnapshot): EditorBot {
  return (snapshot.matches({ viewingPublished: 'showing' }) ? (snapshot.context.published as EditorBot | null) : null) ?? selectBot(snapshot);
}

/** The latest draft-mode Bot answer the chart knows. @throws Error on a widget editor. */
export function selectBot(snapshot: EditorSnapshot): EditorBot {
  expectKind(snapshot, 'vidbot');
  return snapshot.context.document as EditorBot;
}

/** The draft differs from the saved content ("Unsaved changes" badge, leave prompt). */
export function selectIsDirty(snapshot: EditorSnapshot): boolean {
  return snapshot.context.dirty;
}

/** A save, publish, conflict lookup or published-version load is running (controls disable). */
export function selectIsBusy(snapshot: EditorSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** True while viewing (or loading) the published version (spec 001 §2). */
export function selectIsViewingPublished(snapshot: EditorSnapshot): boolean {
  return snapshot.matches('viewingPublished');
}

/**
 * The editor is read-only: the person may not edit (spec 001 §6), the published version is shown,
 * or a save / publish / conflict is in progress.
 */
export function selectReadOnly(snapshot: EditorSnapshot): boolean {
  return (
    !snapshot.context.canEdit ||
    snapshot.hasTag('busy') ||
    snapshot.matches('viewingPublished') ||
    snapshot.matches('leavePrompt') ||
    snapshot.matches('confirmingPublish')
  );
}

/** Save draft is offered: editable, unsaved edits, nothing running. */
export function selectCanSave(snapshot: EditorSnapshot): boolean {
  return snapshot.can({ type: 'draft.save' });
}

/** Publish is offered: editable, not Deactivated, something to publish, nothing running (without an INTRO it answers noSlidesPublish). */
export function selectCanPublish(snapshot: EditorSnapshot): boolean {
  return snapshot.can({ type: 'revision.publish' });
}

/** The view-published toggle is offered: a Published vidbot with a draft revision (spec 001 §2; never for a widget). */
export function selectCanViewPublished(snapshot: EditorSnapshot): boolean {
  const { kind, document } = snapshot.context;
  return kind === 'vidbot' && document.status === 'Published' && document.hasDraft && document.publishedRevisionId !== null;
}

/** The publish confirmation (graph warnings) is open. */
export function selectIsConfirmingPublish(snapshot: EditorSnapshot): boolean {
  return snapshot.matches('confirmingPublish');
}

/** The leave prompt (save, exit, stay) is open. */
export function selectIsLeavePromptOpen(snapshot: EditorSnapshot): boolean {
  return snapshot.matches('leavePrompt');
}

/** A revision conflict is open; `choosing` once the latest revision was looked up. */
export function selectConflict(snapshot: EditorSnapshot): 'loading' | 'choosing' | null {
  if (snapshot.matches({ conflict: 'loading' })) return 'loading';
  if (snapshot.matches({ conflict: 'choosing' })) return 'choosing';
  return null;
}

/** The last failure (noSlidesPublish, saveFailed, publishFailed, viewFailed), or null. */
export function selectFailure(snapshot: EditorSnapshot): EditorFailure | null {
  return snapshot.context.failure;
}

/** The current step, for the live region. */
export function selectStep(snapshot: EditorSnapshot): EditorStep {
  if (snapshot.matches('saving')) return 'saving';
  if (snapshot.matches('checkingWarnings')) return 'checkingWarnings';
  if (snapshot.matches({ publishing: 'savingDraft' })) return 'savingDraft';
  if (snapshot.matches({ publishing: 'settingPublished' })) return 'settingPublished';
  if (snapshot.matches({ publishing: 'publishingRevision' })) return 'publishingRevision';
  if (snapshot.matches('conflict')) return 'conflict';
  if (snapshot.matches({ viewingPublished: 'loading' })) return 'loadingPublished';
  if (snapshot.matches('viewingPublished')) return 'viewingPublished';
  if (snapshot.matches('leavePrompt')) return 'leavePrompt';
  if (snapshot.matches('confirmingPublish')) return 'confirmingPublish';
  return 'editing';
}

/**
 * Asks the running editor whether the person may leave it now (spec 001 §2 "Leaving with unsaved
 * changes"): sends `leave.requested` and resolves with the chart's answer — `true` for the emitted
 * `leave.proceed` (at once when nothing is unsaved; after "Exit without saving" or a successful "Save
 * and exit"), `false` for `leave.cancel` ("Stay", a failed save, or a save / publish still running).
 * The router's blocker awaits it (EditorLayout). Never rejects.
 */
export function askToLeave(editor: ActorRefFrom<EditorMachine>): Promise<boolean> {
  return new Promise((resolve) => {
    const answer = (leave: boolean) => {
      proceed.unsubscribe();
      cancel.unsubscribe();
      resolve(leave);
    };
    const proceed = editor.on('leave.proceed', () => answer(true));
    const cancel = editor.on('leave.cancel', () => answer(false));
    editor.send({ type: 'leave.requested' });
  });
}
