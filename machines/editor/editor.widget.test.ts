/**
 * The editor machine's widget kind (issue 15 "one machine, two kinds of document"; spec 002 §2
 * Widget editor, §4 widget status, §6, §8): hand-written journeys that check what differs from a
 * vidbot — no INTRO rule, no graph warning check, no published-version view, the widget's actor
 * inputs (`widgetId`, `widgetRevisionId`), the save-draft toast beside a published version, and
 * spec 002 §4's Save draft / Publish availability. The graph tour of editor.test.ts replays the
 * widget inputs' generated paths too.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { editorMachine, type EditorEmitted, type EditorInput } from './editor.machine';
import type { EditorActorInputs, EditorDocument } from './editor.actors';
import { widgetEditorActors } from './editor.bindings';
import { controllablePromise, flush } from '../testing/fake-actors';
import { conflictError, editedWidgetContent, savedWidgetContent, serverError, theirWidgetContent, widgetAnswer, widgetPathInputs } from './editor.paths';
import {
  askToLeave,
  selectBot,
  selectCanPublish,
  selectCanSave,
  selectCanViewPublished,
  selectFailure,
  selectIsDirty,
  selectReadOnly,
  selectStep,
  selectWidget,
  selectWidgetDraft,
} from './editor.selectors';

function harness(input: EditorInput = widgetPathInputs.widgetDraft) {
  const saveDraft = controllablePromise<EditorDocument, EditorActorInputs['saveDraft']>();
  const setStatusPublished = controllablePromise<EditorDocument, EditorActorInputs['setStatusPublished']>();
  const publishRevision = controllablePromise<EditorDocument, EditorActorInputs['publishRevision']>();
  const fetchBot = controllablePromise<EditorDocument, EditorActorInputs['fetchBot']>();
  const countPublishWarnings = controllablePromise<number, EditorActorInputs['countPublishWarnings']>();
  const actor = createActor(
    editorMachine.provide({
      actors: {
        saveDraft: saveDraft.logic,
        setStatusPublished: setStatusPublished.logic,
        publishRevision: publishRevision.logic,
        fetchBot: fetchBot.logic,
        countPublishWarnings: countPublishWarnings.logic,
      },
    }),
    { input },
  );
  const emitted: EditorEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as EditorEmitted));
  actor.start();
  const send = (event: AnyEventObject) => actor.send(event as never);
  const snap = () => actor.getSnapshot();
  return { actor, saveDraft, setStatusPublished, publishRevision, fetchBot, countPublishWarnings, send, snap, emitted };
}

/** Settles the oldest pending run of `fake` and lets the chart react. */
async function answer<T>(fake: { pending: Array<{ resolve: (v: T) => void }> }, value: T) {
  fake.pending.shift()!.resolve(value);
  await flush();
}
async function fail(fake: { pending: Array<{ reject: (e: unknown) => void }> }, error: unknown) {
  fake.pending.shift()!.reject(error);
  await flush();
}

describe('editor chart, widget kind', () => {
  it('starts from the widget: its draft, its revision as the base, and selectors of the widget kind', () => {
    const h = harness();
    expect(selectWidget(h.snap()).id).toBe(7);
    expect(selectWidgetDraft(h.snap())).toBe(savedWidgetContent);
    expect(h.snap().context.baseRevisionId).toBe(31);
    // The vidbot selectors refuse a widget editor (a programming error, never a wrong answer).
    expect(() => selectBot(h.snap())).toThrow(/vidbot/);
  });

  it('spec 002 §4: Save draft needs unsaved changes; Publish needs a draft or unsaved changes; both need edit rights', () => {
    // A Draft widget: nothing to save, but its draft can be published.
    const draft = harness();
    expect(selectCanSave(draft.snap())).toBe(false);
    expect(selectCanPublish(draft.snap())).toBe(true);
    draft.send({ type: 'draft.change', content: editedWidgetContent });
    expect(selectCanSave(draft.snap())).toBe(true);

    // A Published widget without a draft and a clean form: nothing to publish.
    const live = harness({ kind: 'widget', widget: widgetAnswer({ status: 'Published', hasDraft: false, revisionStatus: 'Published', publishedRevisionId: 31 }), canEdit: true });
    expect(selectCanPublish(live.snap())).toBe(false);
    live.send({ type: 'draft.change', content: editedWidgetContent });
    expect(selectCanPublish(live.snap())).toBe(true);

    // Without edit rights nothing is offered and edits are refused.
    const viewer = harness({ kind: 'widget', widget: widgetAnswer({ canEdit: false }), canEdit: false });
    viewer.send({ type: 'draft.change', content: editedWidgetContent });
    expect(selectIsDirty(viewer.snap())).toBe(false);
    expect(selectCanSave(viewer.snap())).toBe(false);
    expect(selectCanPublish(viewer.snap())).toBe(false);
    expect(selectReadOnly(viewer.snap())).toBe(true);
  });

  it('saves a draft with widgetId and baseRevisionId; the toast says whether a published version stays live', async () => {
    const h = harness(widgetPathInputs.widgetPublished);
    h.send({ type: 'draft.change', content: editedWidgetContent });
    h.send({ type: 'draft.save' });
    expect(selectStep(h.snap())).toBe('saving');
    // While saving: Save and Publish are not offered (double-click safety), edits are refused.
    expect(selectCanSave(h.snap())).toBe(false);
    expect(selectCanPublish(h.snap())).toBe(false);
    expect(h.saveDraft.inputs).toEqual([{ widgetId: 7, content: editedWidgetContent, baseRevisionId: 36 }]);
    await answer(h.saveDraft, widgetAnswer({ status: 'Published', hasDraft: true, widgetRevisionId: 37, revNumber: 3, publishedRevisionId: 35 }, editedWidgetContent));
    expect(selectIsDirty(h.snap())).toBe(false);
    expect(h.snap().context.baseRevisionId).toBe(37);
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'draftSavedBesidePublished' }]);

    const first = harness();
    first.send({ type: 'draft.change', content: editedWidgetContent });
    first.send({ type: 'draft.save' });
    await answer(first.saveDraft, widgetAnswer({ widgetRevisionId: 32, revNumber: 2 }, editedWidgetContent));
    expect(first.emitted).toEqual([{ type: 'notice', notice: 'draftSaved' }]);
  });

  it('publishes a new widget at once — no INTRO rule, no graph check: status Published, then its revision', async () => {
    const h = harness();
    h.send({ type: 'revision.publish' });
    expect(h.countPublishWarnings.inputs).toEqual([]);
    expect(selectStep(h.snap())).toBe('settingPublished');
    expect(h.setStatusPublished.inputs).toEqual([{ widgetId: 7 }]);
    await answer(h.setStatusPublished, widgetAnswer({ status: 'Published', revisionStatus: 'Published', publishedRevisionId: 31 }));
    expect(h.publishRevision.inputs).toEqual([{ widgetId: 7, widgetRevisionId: 31 }]);
    await answer(h.publishRevision, widgetAnswer({ status: 'Published', revisionStatus: 'Published', publishedRevisionId: 31 }));
    expect(selectStep(h.snap())).toBe('editing');
    expect(selectWidget(h.snap()).status).toBe('Published');
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'published' }]);
    // Nothing left to publish.
    expect(selectCanPublish(h.snap())).toBe(false);
  });

  it('publishes unsaved changes of a published widget: saved first, then the new revision goes live', async () => {
    const h = harness(widgetPathInputs.widgetPublished);
    h.send({ type: 'draft.change', content: editedWidgetContent });
    h.send({ type: 'revision.publish' });
    expect(selectStep(h.snap())).toBe('savingDraft');
    await answer(h.saveDraft, widgetAnswer({ status: 'Published', hasDraft: true, widgetRevisionId: 37, revNumber: 3, publishedRevisionId: 35 }, editedWidgetContent));
    expect(h.setStatusPublished.inputs).toEqual([]);
    expect(h.publishRevision.inputs).toEqual([{ widgetId: 7, widgetRevisionId: 37 }]);
    await fail(h.publishRevision, serverError);
    expect(selectFailure(h.snap())).toEqual({ reason: 'publishFailed', message: 'Internal error' });
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'publishFailed' }]);
  });

  it('has no published-version view', () => {
    const h = harness(widgetPathInputs.widgetPublished);
    expect(selectCanViewPublished(h.snap())).toBe(false);
    h.send({ type: 'view.published' });
    expect(h.snap().matches('editing')).toBe(true);
    expect(h.fetchBot.inputs).toEqual([]);
  });

  it('a 409 on save: the latest widget is fetched by widgetId; keep editing bases the edits on it', async () => {
    const h = harness(widgetPathInputs.widgetPublished);
    h.send({ type: 'draft.change', content: editedWidgetContent });
    h.send({ type: 'draft.save' });
    await fail(h.saveDraft, conflictError);
    expect(selectStep(h.snap())).toBe('conflict');
    expect(h.fetchBot.inputs).toEqual([{ widgetId: 7, mode: 'draft' }]);
    await answer(h.fetchBot, widgetAnswer({ status: 'Published', hasDraft: true, widgetRevisionId: 46, revNumber: 3, publishedRevisionId: 35 }, theirWidgetContent));
    h.send({ type: 'conflict.keep' });
    expect(selectWidgetDraft(h.snap())).toBe(editedWidgetContent);
    expect(h.snap().context.baseRevisionId).toBe(46);
    expect(selectIsDirty(h.snap())).toBe(true);
  });

  it('leaving with unsaved changes asks; Save and exit saves and lets the navigation proceed', async () => {
    const h = harness();
    expect(await askToLeave(h.actor)).toBe(true);
    h.send({ type: 'draft.change', content: editedWidgetContent });
    const leaving = askToLeave(h.actor);
    expect(h.snap().matches('leavePrompt')).toBe(true);
    h.send({ type: 'prompt.save' });
    await answer(h.saveDraft, widgetAnswer({ widgetRevisionId: 32, revNumber: 2 }, editedWidgetContent));
    expect(await leaving).toBe(true);
  });
});

describe('widgetEditorActors (the widget binding)', () => {
  it('passes the widget inputs to the widget effects and refuses a vidbot input', async () => {
    const calls: unknown[] = [];
    const widget = widgetAnswer({});
    const actors = widgetEditorActors({
      saveDraft: async (input) => (calls.push(input), widget),
      setStatusPublished: async (input) => (calls.push(input), widget),
      publishRevision: async (input) => (calls.push(input), widget),
      fetchWidget: async (input) => (calls.push(input), widget),
    });
    const run = <T,>(logic: Parameters<typeof createActor>[0], input: T) =>
      new Promise<unknown>((resolve) => {
        const a = createActor(logic, { input });
        a.subscribe({ complete: () => resolve(a.getSnapshot().output), error: (e) => resolve(e) });
        a.start();
      });
    expect(await run(actors.saveDraft, { widgetId: 7, content: savedWidgetContent, baseRevisionId: 31 })).toBe(widget);
    expect(await run(actors.fetchBot, { widgetId: 7, mode: 'draft' })).toBe(widget);
    expect(calls).toEqual([{ widgetId: 7, content: savedWidgetContent, baseRevisionId: 31 }, { widgetId: 7, mode: 'draft' }]);
    const refused = await run(actors.setStatusPublished, { botId: 7 });
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused)).toMatch(/widgetId/);
    expect(String(await run(actors.countPublishWarnings, { content: {} }))).toMatch(/no slide graph/);
  });
});
