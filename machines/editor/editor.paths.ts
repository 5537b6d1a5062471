/**
 * Graph paths of the editor machine (`xstate/graph`, DESIGN §4): `TestModel`s over the chart with
 * realistic event payloads, including the done / error events its invoked actors produce, whose
 * answers follow from the snapshot (a save answers the next revision of the same document, as the
 * server does). Four inputs, the two publish routes of each kind of document (issue 15: one machine,
 * two kinds): a Draft bot and a Published bot with a draft revision (spec 001 §4), a Draft widget and
 * a Published widget with a draft revision (spec 002 §4).
 *
 * States are serialized by value plus the context fields that change the route through the chart
 * (dirty, document status, hasDraft, canEdit, afterSave, whether the latest revision is known), so
 * the walk stays finite. Used by editor.test.ts (replay on a live actor + coverage). The vidbot
 * inputs' events and paths are exactly those from before the widget kind (their path ids are stable).
 */
import { TestModel } from 'xstate/graph';
import { initialTransition, transition, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import type { Journey } from '../tooling/paths';
import { editorMachine, type EditorEvent, type EditorInput, type VidbotEditorInput, type WidgetEditorInput } from './editor.machine';
import { transitionTour, type TourPath } from '../testing/graph-coverage';
import type { BotContent, BotSettings, EditorBot, EditorWidget, WidgetContent } from './editor.actors';
import { defaultWidgetContent } from '../../server/src/modules/widget/widget.schemas';

type EditorSnapshot = SnapshotFrom<typeof editorMachine>;

/** Content with an INTRO slide (publishable) — the saved content of both inputs. */
export const savedContent: BotContent = {
  slides: [
    { id: 1, name: 'Welcome', category: 'INTRO', type: 'VIDEO', videoId: 3, imageId: null, options: [{ id: 1, name: 'Pricing', type: 'SLIDE', targetId: 2 }] },
    { id: 2, name: 'Pricing', category: 'SLIDE', type: 'IMAGE', videoId: null, imageId: 4, options: [] },
  ],
  actions: [],
  theme: {},
  // The chart never reads settings; an empty record stands for the server's complete defaults.
  settings: {} as BotSettings,
};

/** An edit of the saved content (a renamed slide): dirty, still publishable. */
export const editedContent: BotContent = {
  ...savedContent,
  slides: savedContent.slides.map((s) => (s.id === 2 ? { ...s, name: 'Prices' } : s)),
};

/** An edit without an INTRO slide (spec 001 §4: noSlidesPublish). */
export const contentWithoutIntro: BotContent = {
  ...savedContent,
  slides: savedContent.slides.map((s) => ({ ...s, category: 'SLIDE' as const })),
};

/** What another tab saved meanwhile. */
export const theirContent: BotContent = {
  ...savedContent,
  slides: [...savedContent.slides, { id: 3, name: 'Their slide', category: 'SLIDE', type: 'IMAGE', videoId: null, imageId: 4, options: [] }],
};

/** A Bot answer with `content` and the given fields. */
export function botAnswer(over: Partial<EditorBot>, content: BotContent = savedContent): EditorBot {
  return {
    id: 7,
    publicId: 'b7',
    accountId: 1,
    name: 'Tour',
    status: 'Draft',
    privacy: 'Public',
    isStarred: false,
    author: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    posterUrl: null,
    slideCount: content.slides.length,
    hasDraft: true,
    revNumber: 1,
    revisionStatus: 'Draft',
    botRevisionId: 11,
    liveStatus: 'inactive',
    publishedRevisionId: null,
    slides: content.slides,
    actions: content.actions as EditorBot['actions'],
    theme: content.theme ?? {},
    ...(Object.keys(content.settings).length ? { settings: content.settings } : {}),
    ...over,
  } as EditorBot;
}

/** A Draft bot (never published), revision 11. */
export const draftBot = botAnswer({});
/** A Published bot with a draft: revision 5 is live, revision 6 is the draft. */
export const publishedWithDraftBot = botAnswer({ status: 'Published', hasDraft: true, revNumber: 2, revisionStatus: 'Draft', botRevisionId: 6, publishedRevisionId: 5 });
/** The published revision of `publishedWithDraftBot` (GET ?mode=published). */
export const publishedVersion = botAnswer({ status: 'Published', hasDraft: true, revNumber: 1, revisionStatus: 'Published', botRevisionId: 5, publishedRevisionId: 5 }, {
  ...savedContent,
  slides: savedContent.slides.slice(0, 1),
});

/** The saved content of both widget inputs: a Slider of every published vidbot (spec 002 §9 defaults). */
export const savedWidgetContent: WidgetContent = defaultWidgetContent('Slider');
/** An edit of the widget (the type becomes Card): dirty. */
export const editedWidgetContent: WidgetContent = { ...savedWidgetContent, type: 'Card' };
/** What another tab saved meanwhile (arrows off). */
export const theirWidgetContent: WidgetContent = { ...savedWidgetContent, appearanceSettings: { ...savedWidgetContent.appearanceSettings, arrows: false } };

/** A Widget answer with `content` and the given fields. */
export function widgetAnswer(over: Partial<EditorWidget>, content: WidgetContent = savedWidgetContent): EditorWidget {
  return {
    id: 7,
    publicId: 'w7',
    accountId: 1,
    name: 'Carousel',
    type: content.type,
    status: 'Draft',
    privacy: 'Public',
    author: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    revNumber: 1,
    revisionStatus: 'Draft',
    widgetRevisionId: 31,
    hasDraft: false,
    contentType: content.contentType,
    botCount: 0,
    publishedRevisionId: null,
    content,
    canEdit: true,
    playUrl: 'http://localhost/w/w7',
    embedCode: '<div data-vidbot-carousel="w7"></div>',
    ...over,
  };
}

/** A Draft widget (never published), revision 31. */
export const draftWidget = widgetAnswer({});
/** A Published widget with a draft: revision 35 is live, revision 36 is the draft. */
export const publishedWithDraftWidget = widgetAnswer({ status: 'Published', hasDraft: true, revNumber: 2, revisionStatus: 'Draft', widgetRevisionId: 36, publishedRevisionId: 35 });

/** The vidbot inputs (spec 001 §4's two publish routes). */
export const vidbotPathInputs = {
  draft: { bot: draftBot, canEdit: true },
  published: { bot: publishedWithDraftBot, canEdit: true },
} satisfies Record<string, VidbotEditorInput>;

/** The widget inputs (spec 002 §4's two publish routes). */
export const widgetPathInputs = {
  widgetDraft: { kind: 'widget', widget: draftWidget, canEdit: true },
  widgetPublished: { kind: 'widget', widget: publishedWithDraftWidget, canEdit: true },
} satisfies Record<string, WidgetEditorInput>;

/** The inputs the tour starts from: both kinds of document. */
export const editorPathInputs = { ...vidbotPathInputs, ...widgetPathInputs };
export type EditorPathInputName = keyof typeof editorPathInputs;

/** The API error of spec 001 §8 noSlidesPublish. */
export const noSlidesError = { status: 422, code: 'noSlidesPublish', detail: 'An INTRO slide is needed to publish.' };
/** The answer to a save based on an old revision (issue 11 architecture §1). */
export const conflictError = { status: 409, code: 'revisionConflict', detail: 'This vidbot was saved by someone else after you opened it.' };
/** A network / server failure. */
export const serverError = { status: 500, detail: 'Internal error' };
/** GET ?mode=published of a bot never published. */
export const notFoundError = { status: 404, detail: 'This vidbot has no published revision.' };

/** The save answer the server gives for `snapshot`'s draft: the next revision, a Draft beside any live one. */
export function savedAnswer(snapshot: EditorSnapshot): EditorBot | EditorWidget {
  if (snapshot.context.kind === 'widget') return savedWidgetAnswer(snapshot);
  const bot = snapshot.context.document as EditorBot;
  const draft = snapshot.context.draft as BotContent;
  return botAnswer(
    {
      status: bot.status,
      hasDraft: true,
      revisionStatus: 'Draft',
      botRevisionId: (bot.botRevisionId ?? 0) + 1,
      revNumber: (bot.revNumber ?? 0) + 1,
      publishedRevisionId: bot.publishedRevisionId,
    },
    draft,
  );
}

/** The answer after publishing the latest revision of `snapshot`'s document. */
export function publishedAnswer(snapshot: EditorSnapshot): EditorBot | EditorWidget {
  if (snapshot.context.kind === 'widget') return publishedWidgetAnswer(snapshot);
  const bot = snapshot.context.document as EditorBot;
  const saved = snapshot.context.saved as BotContent;
  return botAnswer({ status: 'Published', hasDraft: false, revisionStatus: 'Published', botRevisionId: bot.botRevisionId, revNumber: bot.revNumber, publishedRevisionId: bot.botRevisionId }, saved);
}

/** What the other tab saved: the revision after `snapshot`'s document's. */
export function latestAnswer(snapshot: EditorSnapshot): EditorBot | EditorWidget {
  if (snapshot.context.kind === 'widget') {
    const widget = snapshot.context.document as EditorWidget;
    return widgetAnswer({ ...widget, widgetRevisionId: widget.widgetRevisionId + 10, revNumber: widget.revNumber + 1, hasDraft: widget.publishedRevisionId !== null, revisionStatus: 'Draft' }, theirWidgetContent);
  }
  const bot = snapshot.context.document as EditorBot;
  return botAnswer({ ...bot, botRevisionId: (bot.botRevisionId ?? 0) + 10, revNumber: (bot.revNumber ?? 0) + 1, hasDraft: true, revisionStatus: 'Draft' }, theirContent);
}

/** The widget's save answer: the next revision, a Draft (hasDraft when a published one exists, as the server answers). */
function savedWidgetAnswer(snapshot: EditorSnapshot): EditorWidget {
  const widget = snapshot.context.document as EditorWidget;
  const draft = snapshot.context.draft as WidgetContent;
  return widgetAnswer(
    {
      status: widget.status,
      hasDraft: widget.publishedRevisionId !== null,
      revisionStatus: 'Draft',
      widgetRevisionId: widget.widgetRevisionId + 1,
      revNumber: widget.revNumber + 1,
      publishedRevisionId: widget.publishedRevisionId,
    },
    draft,
  );
}

/** The widget's answer after publishing its latest revision. */
function publishedWidgetAnswer(snapshot: EditorSnapshot): EditorWidget {
  const widget = snapshot.context.document as EditorWidget;
  const saved = snapshot.context.saved as WidgetContent;
  return widgetAnswer(
    { status: 'Published', hasDraft: false, revisionStatus: 'Published', widgetRevisionId: widget.widgetRevisionId, revNumber: widget.revNumber, publishedRevisionId: widget.widgetRevisionId },
    saved,
  );
}

/** The person's events, offered in every snapshot. */
export const personEvents: AnyEventObject[] = [
  { type: 'draft.change', content: editedContent },
  { type: 'draft.change', content: savedContent },
  { type: 'draft.change', content: contentWithoutIntro },
  { type: 'draft.save' },
  { type: 'revision.publish' },
  { type: 'publish.confirm' },
  { type: 'publish.cancel' },
  { type: 'view.published' },
  { type: 'view.draft' },
  { type: 'leave.requested' },
  { type: 'prompt.save' },
  { type: 'prompt.exit' },
  { type: 'prompt.stay' },
  { type: 'conflict.reload' },
  { type: 'conflict.keep' },
  { type: 'failure.dismiss' },
];

/** The person's events on a widget editor: the same, with widget content edits (a widget has no intro slide to remove). */
export const widgetPersonEvents: AnyEventObject[] = [
  { type: 'draft.change', content: editedWidgetContent },
  { type: 'draft.change', content: savedWidgetContent },
  ...personEvents.filter((e) => e.type !== 'draft.change'),
];

/** Permission changes (the person's account data arrived), offered at rest only so the walk stays small. */
export const accessEvents: AnyEventObject[] = [
  { type: 'access.changed', canEdit: false },
  { type: 'access.changed', canEdit: true },
];

/**
 * The events that can happen in a snapshot: the person's events always, an actor's done / error
 * events only while that actor runs (as in the real app), with answers that follow from the snapshot.
 */
export function editorEventsFor(snapshot: EditorSnapshot): AnyEventObject[] {
  const running = new Set(Object.keys(snapshot.children));
  const widget = snapshot.context.kind === 'widget';
  const events: AnyEventObject[] = [...(widget ? widgetPersonEvents : personEvents), ...(snapshot.matches({ editing: 'clean' }) ? accessEvents : [])];
  if (running.has('saveDraft')) {
    events.push({ type: 'xstate.done.actor.saveDraft', output: savedAnswer(snapshot) });
    if (snapshot.context.document.status === 'Published' && snapshot.matches('publishing')) {
      // A save answer without a draft revision (nothing to publish).
      events.push({ type: 'xstate.done.actor.saveDraft', output: { ...savedAnswer(snapshot), hasDraft: false, revisionStatus: 'Published' } });
    }
    events.push({ type: 'xstate.error.actor.saveDraft', error: conflictError });
    events.push({ type: 'xstate.error.actor.saveDraft', error: serverError });
  }
  if (running.has('setStatusPublished')) {
    events.push({ type: 'xstate.done.actor.setStatusPublished', output: publishedAnswer(snapshot) });
    // The server's noSlidesPublish is a vidbot rule (spec 001 §4); a widget has no slides.
    if (!widget) events.push({ type: 'xstate.error.actor.setStatusPublished', error: noSlidesError });
    events.push({ type: 'xstate.error.actor.setStatusPublished', error: serverError });
  }
  if (running.has('publishRevision')) {
    events.push({ type: 'xstate.done.actor.publishRevision', output: publishedAnswer(snapshot) });
    if (!widget) events.push({ type: 'xstate.error.actor.publishRevision', error: noSlidesError });
    events.push({ type: 'xstate.error.actor.publishRevision', error: serverError });
  }
  if (running.has('fetchLatest')) {
    events.push({ type: 'xstate.done.actor.fetchLatest', output: latestAnswer(snapshot) });
    events.push({ type: 'xstate.error.actor.fetchLatest', error: serverError });
  }
  if (running.has('countPublishWarnings')) {
    events.push({ type: 'xstate.done.actor.countPublishWarnings', output: 0 });
    events.push({ type: 'xstate.done.actor.countPublishWarnings', output: 1 });
    events.push({ type: 'xstate.error.actor.countPublishWarnings', error: new Error('The graph analysis could not be loaded.') });
  }
  if (running.has('fetchPublished')) {
    events.push({ type: 'xstate.done.actor.fetchPublished', output: publishedVersion });
    events.push({ type: 'xstate.error.actor.fetchPublished', error: notFoundError });
  }
  return events;
}

/** Serialization that keeps the walk finite (value + route-deciding context). */
export function serializeEditorState(snapshot: EditorSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.dirty, c.document.status, c.document.hasDraft, c.canEdit, c.afterSave, c.latest !== null, c.draft === contentWithoutIntro]);
}

/** The test model of the chart from one input. */
export function editorTestModel(input: EditorInput) {
  // TestModel's ActorLogic type knows no emitted events; the chart's `emitted` union is the only difference.
  const logic = editorMachine as unknown as ActorLogic<EditorSnapshot, EditorEvent, EditorInput>;
  return new TestModel(logic, {
    input,
    events: editorEventsFor as never,
    serializeState: serializeEditorState,
    limit: 20000,
    stopWhen: (s: EditorSnapshot) => s.status !== 'active',
  });
}

/** One tour path with the input it starts from. */
export interface EditorTourPath extends TourPath {
  input: EditorInput;
}

/** The transition tours from every input (both kinds): every reachable state and every event offered there. */
export function editorPaths(): EditorTourPath[] {
  return (Object.entries(editorPathInputs) as Array<[string, EditorInput]>).flatMap(([name, input]) =>
    transitionTour(editorTestModel(input), serializeEditorState).map((p) => ({ ...p, description: `${name}: ${p.description}`, input })),
  );
}

/** A journey step: an event, or one computed from the snapshot before it (an actor's answer that follows from it). */
type JourneyStep = AnyEventObject | ((snapshot: EditorSnapshot) => AnyEventObject);

const saved = (s: EditorSnapshot): AnyEventObject => ({ type: 'xstate.done.actor.saveDraft', output: savedAnswer(s) });
const statusPublished = (s: EditorSnapshot): AnyEventObject => ({ type: 'xstate.done.actor.setStatusPublished', output: publishedAnswer(s) });
const revisionPublished = (s: EditorSnapshot): AnyEventObject => ({ type: 'xstate.done.actor.publishRevision', output: publishedAnswer(s) });
const latestFetched = (s: EditorSnapshot): AnyEventObject => ({ type: 'xstate.done.actor.fetchLatest', output: latestAnswer(s) });
const warnings = (count: number): AnyEventObject => ({ type: 'xstate.done.actor.countPublishWarnings', output: count });
const edit: AnyEventObject = { type: 'draft.change', content: editedContent };
const widgetEdit: AnyEventObject = { type: 'draft.change', content: editedWidgetContent };

function journey(description: string, inputName: EditorPathInputName, steps: JourneyStep[]): Journey {
  let [snapshot] = initialTransition(editorMachine, editorPathInputs[inputName]);
  const events: AnyEventObject[] = [];
  for (const step of steps) {
    const event = typeof step === 'function' ? step(snapshot) : step;
    events.push(event);
    [snapshot] = transition(editorMachine, snapshot, event as EditorEvent);
  }
  return { description, inputName, events };
}

/**
 * Hand-written journeys (issue 14): the editor's stories as a product owner tells them — save,
 * publish (with and without warnings), no intro slide, leaving with unsaved changes, two tabs,
 * the published version. Appended to every path strategy, so the e2e replay runs them too.
 */
export function editorJourneys(): Journey[] {
  return [
    journey('Save a draft: edit, Save draft, the server saves a new version', 'draft', [edit, { type: 'draft.save' }, saved]),
    journey('Publish a new vidbot: no warnings, the status becomes Published and the version goes live', 'draft', [
      { type: 'revision.publish' },
      warnings(0),
      statusPublished,
      revisionPublished,
    ]),
    journey('Publish with warnings: cancel once, then publish anyway (the edits are saved first)', 'draft', [
      edit,
      { type: 'revision.publish' },
      warnings(1),
      { type: 'publish.cancel' },
      { type: 'revision.publish' },
      warnings(1),
      { type: 'publish.confirm' },
      saved,
      statusPublished,
      revisionPublished,
    ]),
    journey('Publish without an intro slide is refused at once; the message is dismissed', 'draft', [
      { type: 'draft.change', content: contentWithoutIntro },
      { type: 'revision.publish' },
      { type: 'failure.dismiss' },
    ]),
    journey('Leave with unsaved changes: Stay, then Exit without saving', 'draft', [
      edit,
      { type: 'leave.requested' },
      { type: 'prompt.stay' },
      { type: 'leave.requested' },
      { type: 'prompt.exit' },
    ]),
    journey('Leave with unsaved changes: Save and exit', 'draft', [edit, { type: 'leave.requested' }, { type: 'prompt.save' }, saved]),
    journey('Two tabs: someone else saved first; keep my edits and save again over theirs', 'draft', [
      edit,
      { type: 'draft.save' },
      { type: 'xstate.error.actor.saveDraft', error: conflictError },
      latestFetched,
      { type: 'conflict.keep' },
      { type: 'draft.save' },
      saved,
    ]),
    journey('Two tabs: someone else saved first; reload their version and lose my edits', 'draft', [
      edit,
      { type: 'draft.save' },
      { type: 'xstate.error.actor.saveDraft', error: conflictError },
      latestFetched,
      { type: 'conflict.reload' },
    ]),
    journey('A published vidbot with a draft: view the published version, return to the draft, publish the draft', 'published', [
      { type: 'view.published' },
      { type: 'xstate.done.actor.fetchPublished', output: publishedVersion },
      { type: 'view.draft' },
      { type: 'revision.publish' },
      warnings(0),
      revisionPublished,
    ]),
    // The widget kind (spec 002 §2 Widget editor, §4 widget status): no intro rule, no warning check.
    journey('Widget: edit, Save draft, the server saves a new version', 'widgetDraft', [widgetEdit, { type: 'draft.save' }, saved]),
    journey('Widget: publish a new widget at once (no slides to check): status and revision become Published', 'widgetDraft', [
      { type: 'revision.publish' },
      statusPublished,
      revisionPublished,
    ]),
    journey('Widget: publish with unsaved changes: they are saved first, then the new version goes live', 'widgetPublished', [
      widgetEdit,
      { type: 'revision.publish' },
      saved,
      revisionPublished,
    ]),
    journey('Widget: leave with unsaved changes: Save and exit', 'widgetDraft', [widgetEdit, { type: 'leave.requested' }, { type: 'prompt.save' }, saved]),
    journey('Widget: two tabs: someone else saved first; keep my edits and save again over theirs', 'widgetPublished', [
      widgetEdit,
      { type: 'draft.save' },
      { type: 'xstate.error.actor.saveDraft', error: conflictError },
      latestFetched,
      { type: 'conflict.keep' },
      { type: 'draft.save' },
      saved,
    ]),
  ];
}
