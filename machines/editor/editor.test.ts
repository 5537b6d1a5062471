/**
 * Editor machine tests: the graph tours (a Draft bot and a Published bot with a draft) replayed on a
 * live actor with controllable fake actors (every reachable state × every event), coverage computed
 * from those paths, and hand-written journeys for spec 001 §2 editor / §4 status and editor saves and
 * issue 11 "Revisions and the editor machine" that check end states, actor inputs, emitted toasts and
 * leave answers, and selectors.
 */
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyEventObject } from 'xstate';
import { editorMachine, type EditorEmitted, type EditorInput } from './editor.machine';
import { sameContent, type EditorActorInputs, type EditorDocument } from './editor.actors';
import {
  conflictError,
  contentWithoutIntro,
  editedContent,
  editorJourneys,
  editorPathInputs,
  editorPaths,
  noSlidesError,
  publishedVersion,
  savedContent,
  serverError,
  theirContent,
  botAnswer,
} from './editor.paths';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { graphCoverage } from '../testing/graph-coverage';
import {
  selectBot,
  selectCanPublish,
  selectCanSave,
  selectCanViewPublished,
  selectConflict,
  selectDraft,
  selectFailure,
  selectIsBusy,
  selectIsConfirmingPublish,
  selectIsDirty,
  selectIsLeavePromptOpen,
  selectIsViewingPublished,
  selectReadOnly,
  selectShownBot,
  selectShownContent,
  selectStep,
  askToLeave,
} from './editor.selectors';

function harness(input: EditorInput = editorPathInputs.draft) {
  const saveDraft = controllablePromise<EditorDocument, EditorActorInputs['saveDraft']>();
  const setStatusPublished = controllablePromise<EditorDocument, EditorActorInputs['setStatusPublished']>();
  const publishRevision = controllablePromise<EditorDocument, EditorActorInputs['publishRevision']>();
  const fetchBot = controllablePromise<EditorDocument, EditorActorInputs['fetchBot']>();
  const countPublishWarnings = controllablePromise<number, EditorActorInputs['countPublishWarnings']>();
  const machine = editorMachine.provide({
    actors: {
      saveDraft: saveDraft.logic,
      setStatusPublished: setStatusPublished.logic,
      publishRevision: publishRevision.logic,
      fetchBot: fetchBot.logic,
      countPublishWarnings: countPublishWarnings.logic,
    },
  });
  const actor = createActor(machine, { input });
  const emitted: EditorEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as EditorEmitted));
  actor.start();
  // Invoke ids → the fake serving them (fetchLatest and fetchPublished both run fetchBot).
  const promises = { saveDraft, setStatusPublished, publishRevision, fetchLatest: fetchBot, fetchPublished: fetchBot, countPublishWarnings };
  const servedBy = [
    [saveDraft, ['saveDraft']],
    [setStatusPublished, ['setStatusPublished']],
    [publishRevision, ['publishRevision']],
    [fetchBot, ['fetchLatest', 'fetchPublished']],
    [countPublishWarnings, ['countPublishWarnings']],
  ] as const;
  const send = async (event: AnyEventObject) => {
    deliver(actor, event, promises);
    // The person's events are processed synchronously; an actor's answer settles a promise first.
    if (event.type.startsWith('xstate.')) await flush();
    // A call whose actor was stopped (its state left, e.g. leaving while the published version loads) is abandoned.
    const running = Object.keys(actor.getSnapshot().children);
    for (const [fake, ids] of servedBy) if (!ids.some((id) => running.includes(id))) fake.pending.length = 0;
  };
  const snap = () => actor.getSnapshot();
  /** Publish, and the warning check answers `warnings`. */
  const publish = async (warnings = 0) => {
    await send({ type: 'revision.publish' });
    await send({ type: 'xstate.done.actor.countPublishWarnings', output: warnings });
  };
  return { actor, saveDraft, setStatusPublished, publishRevision, fetchBot, countPublishWarnings, send, publish, snap, emitted };
}

type Harness = ReturnType<typeof harness>;

/** Invariants every snapshot must satisfy, whatever the path. */
function checkInvariants(h: Harness) {
  const snapshot = h.snap();
  const ctx = snapshot.context;
  expect(ctx.dirty).toBe(!sameContent(ctx.draft, ctx.saved));
  if (snapshot.matches({ editing: 'clean' })) expect(ctx.dirty).toBe(false);
  if (snapshot.matches({ editing: 'dirty' })) expect(ctx.dirty).toBe(true);
  // The actors' inputs name the kind's id: a vidbot's `botId`, a widget's `widgetId` (issue 15: two kinds of document).
  const widget = ctx.kind === 'widget';
  const id = widget ? { widgetId: 7 } : { botId: 7 };
  if (snapshot.matches('saving') || snapshot.matches({ publishing: 'savingDraft' })) {
    expect(h.saveDraft.pending).toHaveLength(1);
    expect(h.saveDraft.pending[0]?.input).toEqual({ ...id, content: ctx.draft, baseRevisionId: ctx.baseRevisionId });
  }
  if (snapshot.matches({ publishing: 'settingPublished' })) {
    expect(ctx.document.status).toBe('Draft');
    expect(h.setStatusPublished.pending[0]?.input).toEqual(id);
  }
  if (snapshot.matches({ publishing: 'publishingRevision' })) {
    expect(ctx.revisionToPublish).not.toBeNull();
    expect(h.publishRevision.pending[0]?.input).toEqual(widget ? { widgetId: 7, widgetRevisionId: ctx.revisionToPublish } : { botId: 7, botRevisionId: ctx.revisionToPublish });
  }
  if (snapshot.matches('checkingWarnings')) expect(h.countPublishWarnings.pending[0]?.input).toEqual({ content: ctx.draft });
  if (snapshot.matches({ conflict: 'loading' })) expect(h.fetchBot.pending[0]?.input).toEqual({ ...id, mode: 'draft' });
  if (snapshot.matches({ viewingPublished: 'loading' })) expect(h.fetchBot.pending[0]?.input).toEqual({ ...id, mode: 'published' });
  // A widget has no slide graph to check and no published version to view (spec 002 §2, §4).
  if (widget) expect(snapshot.matches('checkingWarnings') || snapshot.matches('confirmingPublish') || snapshot.matches('viewingPublished')).toBe(false);
  if (snapshot.matches({ viewingPublished: 'showing' })) {
    expect(ctx.published).not.toBeNull();
    expect(selectReadOnly(snapshot)).toBe(true);
  }
  if (!ctx.canEdit) expect(selectReadOnly(snapshot)).toBe(true);
  // Only running actors have a pending call (one at a time).
  const pendingTotal =
    h.saveDraft.pending.length + h.setStatusPublished.pending.length + h.publishRevision.pending.length + h.fetchBot.pending.length + h.countPublishWarnings.pending.length;
  expect(pendingTotal).toBe(Object.keys(snapshot.children).length);
  expect(pendingTotal).toBeLessThanOrEqual(1);
}

describe('editor chart: graph tour', () => {
  const paths = editorPaths();

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(
      editorMachine,
      paths.map((p) => ({ input: p.input, events: p.events })),
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered.length).toBeGreaterThanOrEqual(15);
  }, 120_000);

  it('replays every path on a live actor, step for step like the pure transition', async () => {
    for (const path of paths) {
      const h = harness(path.input);
      let [expected] = initialTransition(editorMachine, path.input);
      for (const event of path.events) {
        [expected] = transition(editorMachine, expected, event as never);
        await h.send(event);
        const snapshot = h.snap();
        const where = `${path.description} @ ${event.type}`;
        expect(snapshot.value, where).toEqual(expected.value);
        expect(snapshot.context.dirty, where).toBe(expected.context.dirty);
        expect(snapshot.context.failure, where).toEqual(expected.context.failure);
        expect(snapshot.context.baseRevisionId, where).toBe(expected.context.baseRevisionId);
        checkInvariants(h);
      }
      h.actor.stop();
    }
  }, 240_000);
});

describe('editor chart: journeys of the path source (machines/catalog.paths.ts)', () => {
  for (const journey of editorJourneys()) {
    it(journey.description, async () => {
      const input = editorPathInputs[journey.inputName as keyof typeof editorPathInputs];
      const h = harness(input);
      let [expected] = initialTransition(editorMachine, input);
      for (const event of journey.events) {
        [expected] = transition(editorMachine, expected, event as never);
        await h.send(event);
        expect(h.snap().value, event.type).toEqual(expected.value);
        checkInvariants(h);
      }
      // Every journey ends at rest (no call left running), where the person can act again.
      expect(selectIsBusy(h.snap())).toBe(false);
      h.actor.stop();
    });
  }
});

describe('editor chart: journeys', () => {
  it('tracks dirty against the saved content, not a flag: undoing an edit makes it clean again', async () => {
    const h = harness();
    expect(selectIsDirty(h.snap())).toBe(false);
    expect(selectCanSave(h.snap())).toBe(false);
    await h.send({ type: 'draft.change', content: editedContent });
    expect(selectIsDirty(h.snap())).toBe(true);
    expect(selectCanSave(h.snap())).toBe(true);
    expect(selectDraft(h.snap())).toBe(editedContent);
    await h.send({ type: 'draft.change', content: structuredClone(savedContent) });
    expect(selectIsDirty(h.snap())).toBe(false);
  });

  it('saves the draft with baseRevisionId, becomes clean, says "draft saved"', async () => {
    const h = harness();
    await h.send({ type: 'draft.change', content: editedContent });
    await h.send({ type: 'draft.save' });
    expect(selectStep(h.snap())).toBe('saving');
    expect(selectIsBusy(h.snap())).toBe(true);
    expect(selectReadOnly(h.snap())).toBe(true);
    expect(h.saveDraft.inputs).toEqual([{ botId: 7, content: editedContent, baseRevisionId: 11 }]);
    await h.send({ type: 'xstate.done.actor.saveDraft', output: botAnswer({ botRevisionId: 12, revNumber: 2 }, editedContent) });
    expect(selectIsDirty(h.snap())).toBe(false);
    expect(h.snap().context.baseRevisionId).toBe(12);
    expect(selectBot(h.snap()).revNumber).toBe(2);
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'draftSaved' }]);
    // The next save is based on the revision just saved.
    await h.send({ type: 'draft.change', content: contentWithoutIntro });
    await h.send({ type: 'draft.save' });
    expect(h.saveDraft.inputs[1]?.baseRevisionId).toBe(12);
  });

  it('says the published version stays live when saving beside one', async () => {
    const h = harness(editorPathInputs.published);
    await h.send({ type: 'draft.change', content: editedContent });
    await h.send({ type: 'draft.save' });
    await h.send({ type: 'xstate.done.actor.saveDraft', output: botAnswer({ status: 'Published', botRevisionId: 7, publishedRevisionId: 5 }, editedContent) });
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'draftSavedBesidePublished' }]);
  });

  it('ignores a second save or a publish while a save runs (double-click safety)', async () => {
    const h = harness();
    await h.send({ type: 'draft.change', content: editedContent });
    await h.send({ type: 'draft.save' });
    await h.send({ type: 'draft.save' });
    await h.send({ type: 'revision.publish' });
    await h.send({ type: 'draft.change', content: contentWithoutIntro });
    expect(h.saveDraft.inputs).toHaveLength(1);
    expect(h.setStatusPublished.inputs).toHaveLength(0);
    expect(selectDraft(h.snap())).toBe(editedContent);
    expect(selectCanSave(h.snap())).toBe(false);
    expect(selectCanPublish(h.snap())).toBe(false);
  });

  it('keeps the edits and says so when a save fails', async () => {
    const h = harness();
    await h.send({ type: 'draft.change', content: editedContent });
    await h.send({ type: 'draft.save' });
    await h.send({ type: 'xstate.error.actor.saveDraft', error: serverError });
    expect(selectStep(h.snap())).toBe('editing');
    expect(selectIsDirty(h.snap())).toBe(true);
    expect(selectDraft(h.snap())).toBe(editedContent);
    expect(selectFailure(h.snap())).toEqual({ reason: 'saveFailed', message: 'Internal error' });
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'saveFailed' }]);
    // An edit answers the failure; a retry works.
    await h.send({ type: 'draft.save' });
    expect(selectFailure(h.snap())).toBeNull();
    expect(h.saveDraft.inputs).toHaveLength(2);
  });

  it('on a revision conflict keeps the edits and offers keep editing (next save based on the latest)', async () => {
    const h = harness();
    await h.send({ type: 'draft.change', content: editedContent });
    await h.send({ type: 'draft.save' });
    await h.send({ type: 'xstate.error.actor.saveDraft', error: conflictError });
    expect(selectConflict(h.snap())).toBe('loading');
    expect(selectReadOnly(h.snap())).toBe(true);
    const latest = botAnswer({ botRevisionId: 21, revNumber: 3 }, theirContent);
    await h.send({ type: 'xstate.done.actor.fetchLatest', output: latest });
    expect(selectConflict(h.snap())).toBe('choosing');
    expect(selectDraft(h.snap())).toBe(editedContent);
    await h.send({ type: 'conflict.keep' });
    expect(selectConflict(h.snap())).toBeNull();
    expect(selectIsDirty(h.snap())).toBe(true);
    expect(selectDraft(h.snap())).toBe(editedContent);
    expect(selectBot(h.snap()).revNumber).toBe(3);
    await h.send({ type: 'draft.save' });
    expect(h.saveDraft.inputs[1]).toEqual({ botId: 7, content: editedContent, baseRevisionId: 21 });
  });

  it('on a revision conflict, reload-and-lose replaces the draft with the latest revision', async () => {
    const h = harness();
    await h.send({ type: 'draft.change', content: editedContent });
    await h.send({ type: 'draft.save' });
    await h.send({ type: 'xstate.error.actor.saveDraft', error: conflictError });
    await h.send({ type: 'xstate.error.actor.fetchLatest', error: serverError });
    // The lookup failed: reload looks it up again.
    await h.send({ type: 'conflict.reload' });
    expect(selectConflict(h.snap())).toBe('loading');
    await h.send({ type: 'xstate.done.actor.fetchLatest', output: botAnswer({ botRevisionId: 21, revNumber: 3 }, theirContent) });
    await h.send({ type: 'conflict.reload' });
    expect(selectIsDirty(h.snap())).toBe(false);
    expect(selectDraft(h.snap()).slides.map((s) => s.name)).toEqual(theirContent.slides.map((s) => s.name));
    expect(h.snap().context.baseRevisionId).toBe(21);
  });

  it('publishes a Draft bot: save → set Published → publish that revision', async () => {
    const h = harness();
    await h.send({ type: 'draft.change', content: editedContent });
    await h.send({ type: 'revision.publish' });
    expect(selectStep(h.snap())).toBe('checkingWarnings');
    expect(h.countPublishWarnings.inputs).toEqual([{ content: editedContent }]);
    expect(h.saveDraft.inputs).toEqual([]);
    await h.send({ type: 'xstate.done.actor.countPublishWarnings', output: 0 });
    expect(selectStep(h.snap())).toBe('savingDraft');
    expect(h.saveDraft.inputs).toEqual([{ botId: 7, content: editedContent, baseRevisionId: 11 }]);
    await h.send({ type: 'xstate.done.actor.saveDraft', output: botAnswer({ botRevisionId: 12, revNumber: 2 }, editedContent) });
    expect(selectStep(h.snap())).toBe('settingPublished');
    await h.send({ type: 'xstate.done.actor.setStatusPublished', output: botAnswer({ status: 'Published', botRevisionId: 12, publishedRevisionId: 12, hasDraft: false, revisionStatus: 'Published' }, editedContent) });
    expect(selectStep(h.snap())).toBe('publishingRevision');
    expect(h.publishRevision.inputs).toEqual([{ botId: 7, botRevisionId: 12 }]);
    await h.send({ type: 'xstate.done.actor.publishRevision', output: botAnswer({ status: 'Published', botRevisionId: 12, publishedRevisionId: 12, hasDraft: false, revisionStatus: 'Published' }, editedContent) });
    expect(selectStep(h.snap())).toBe('editing');
    expect(selectIsDirty(h.snap())).toBe(false);
    expect(selectBot(h.snap()).status).toBe('Published');
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'published' }]);
    // Nothing left to publish: the button is off until the next edit.
    expect(selectCanPublish(h.snap())).toBe(false);
  });

  it('publishes a Published bot with a draft revision by botRevisionId, without saving when clean', async () => {
    const h = harness(editorPathInputs.published);
    await h.publish();
    expect(selectStep(h.snap())).toBe('publishingRevision');
    expect(h.saveDraft.inputs).toEqual([]);
    expect(h.setStatusPublished.inputs).toEqual([]);
    expect(h.publishRevision.inputs).toEqual([{ botId: 7, botRevisionId: 6 }]);
  });

  it('warns before publishing with graph warnings but does not block: confirm publishes, cancel does not', async () => {
    const h = harness();
    await h.send({ type: 'draft.change', content: editedContent });
    await h.publish(2);
    expect(selectIsConfirmingPublish(h.snap())).toBe(true);
    expect(selectReadOnly(h.snap())).toBe(true);
    expect(h.saveDraft.inputs).toEqual([]);
    await h.send({ type: 'publish.cancel' });
    expect(selectIsConfirmingPublish(h.snap())).toBe(false);
    expect(selectIsDirty(h.snap())).toBe(true);
    await h.publish(2);
    await h.send({ type: 'publish.confirm' });
    expect(selectStep(h.snap())).toBe('savingDraft');
    expect(h.saveDraft.inputs).toHaveLength(1);
  });

  it('says "an error occurred" when the warning check cannot run, and publishes nothing', async () => {
    const h = harness();
    await h.send({ type: 'revision.publish' });
    await h.send({ type: 'xstate.error.actor.countPublishWarnings', error: new Error('chunk failed') });
    expect(selectStep(h.snap())).toBe('editing');
    expect(h.setStatusPublished.inputs).toEqual([]);
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'warningsFailed' }]);
  });

  it('lets a person with nothing unsaved leave even while a publish runs; with unsaved edits a running save keeps them', async () => {
    const h = harness();
    await h.publish();
    expect(selectStep(h.snap())).toBe('settingPublished');
    await expect(askToLeave(h.actor)).resolves.toBe(true);
    const dirty = harness();
    await dirty.send({ type: 'draft.change', content: editedContent });
    await dirty.send({ type: 'draft.save' });
    await expect(askToLeave(dirty.actor)).resolves.toBe(false);
  });

  it('askToLeave resolves with the answer of the leave prompt', async () => {
    const h = harness();
    await expect(askToLeave(h.actor)).resolves.toBe(true);
    await h.send({ type: 'draft.change', content: editedContent });
    const stay = askToLeave(h.actor);
    expect(selectIsLeavePromptOpen(h.snap())).toBe(true);
    await h.send({ type: 'prompt.stay' });
    await expect(stay).resolves.toBe(false);
    const save = askToLeave(h.actor);
    await h.send({ type: 'prompt.save' });
    await h.send({ type: 'xstate.done.actor.saveDraft', output: botAnswer({ botRevisionId: 12, revNumber: 2 }, editedContent) });
    await expect(save).resolves.toBe(true);
  });

  it('refuses to publish without an INTRO slide (noSlidesPublish) and calls nothing', async () => {
    const h = harness();
    await h.send({ type: 'draft.change', content: contentWithoutIntro });
    await h.send({ type: 'revision.publish' });
    expect(selectFailure(h.snap())).toEqual({ reason: 'noSlidesPublish', message: null });
    expect(h.saveDraft.inputs).toEqual([]);
    expect(selectIsDirty(h.snap())).toBe(true);
    // The next edit answers it.
    await h.send({ type: 'draft.change', content: editedContent });
    expect(selectFailure(h.snap())).toBeNull();
  });

  it("maps the server's 422 noSlidesPublish and other publish failures, keeping the draft", async () => {
    const h = harness();
    await h.publish();
    expect(selectStep(h.snap())).toBe('settingPublished');
    await h.send({ type: 'xstate.error.actor.setStatusPublished', error: noSlidesError });
    expect(selectFailure(h.snap())?.reason).toBe('noSlidesPublish');
    await h.send({ type: 'failure.dismiss' });
    expect(selectFailure(h.snap())).toBeNull();
    await h.publish();
    await h.send({ type: 'xstate.error.actor.setStatusPublished', error: serverError });
    expect(selectFailure(h.snap())).toEqual({ reason: 'publishFailed', message: 'Internal error' });
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'publishFailed' }]);
  });

  it('asks before leaving with unsaved changes: stay, exit, save (and a failed save keeps the person here)', async () => {
    const h = harness();
    await h.send({ type: 'leave.requested' });
    expect(h.emitted).toEqual([{ type: 'leave.proceed' }]);
    h.emitted.length = 0;
    await h.send({ type: 'draft.change', content: editedContent });

    await h.send({ type: 'leave.requested' });
    expect(selectIsLeavePromptOpen(h.snap())).toBe(true);
    await h.send({ type: 'prompt.stay' });
    expect(h.emitted).toEqual([{ type: 'leave.cancel' }]);
    expect(selectIsDirty(h.snap())).toBe(true);
    h.emitted.length = 0;

    await h.send({ type: 'leave.requested' });
    await h.send({ type: 'prompt.exit' });
    expect(h.emitted).toEqual([{ type: 'leave.proceed' }]);
    h.emitted.length = 0;

    await h.send({ type: 'leave.requested' });
    await h.send({ type: 'prompt.save' });
    expect(h.saveDraft.inputs).toHaveLength(1);
    // Another navigation while the save runs is refused.
    await h.send({ type: 'leave.requested' });
    expect(h.emitted).toEqual([{ type: 'leave.cancel' }]);
    h.emitted.length = 0;
    await h.send({ type: 'xstate.error.actor.saveDraft', error: serverError });
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'saveFailed' }, { type: 'leave.cancel' }]);
    expect(selectDraft(h.snap())).toBe(editedContent);
    h.emitted.length = 0;

    await h.send({ type: 'leave.requested' });
    await h.send({ type: 'prompt.save' });
    await h.send({ type: 'xstate.done.actor.saveDraft', output: botAnswer({ botRevisionId: 12, revNumber: 2 }, editedContent) });
    expect(h.emitted).toEqual([{ type: 'notice', notice: 'draftSaved' }, { type: 'leave.proceed' }]);
    expect(selectIsDirty(h.snap())).toBe(false);
  });

  it('shows the published version read-only beside the draft and returns to the draft as it was', async () => {
    const draft = harness();
    expect(selectCanViewPublished(draft.snap())).toBe(false);
    await draft.send({ type: 'view.published' });
    expect(selectIsViewingPublished(draft.snap())).toBe(false);

    const h = harness(editorPathInputs.published);
    expect(selectCanViewPublished(h.snap())).toBe(true);
    await h.send({ type: 'draft.change', content: editedContent });
    await h.send({ type: 'view.published' });
    expect(selectStep(h.snap())).toBe('loadingPublished');
    await h.send({ type: 'xstate.done.actor.fetchPublished', output: publishedVersion });
    expect(selectIsViewingPublished(h.snap())).toBe(true);
    expect(selectReadOnly(h.snap())).toBe(true);
    expect(selectShownContent(h.snap()).slides).toEqual(publishedVersion.slides);
    expect(selectShownBot(h.snap()).revisionStatus).toBe('Published');
    // Edits are refused while viewing the published version.
    await h.send({ type: 'draft.change', content: savedContent });
    expect(selectDraft(h.snap())).toBe(editedContent);
    await h.send({ type: 'view.draft' });
    expect(selectIsViewingPublished(h.snap())).toBe(false);
    expect(selectShownContent(h.snap())).toBe(editedContent);
    expect(selectIsDirty(h.snap())).toBe(true);
  });

  it('is read-only for a person who may not edit (spec 001 §6)', async () => {
    const h = harness({ bot: editorPathInputs.draft.bot, canEdit: false });
    expect(selectReadOnly(h.snap())).toBe(true);
    await h.send({ type: 'draft.change', content: editedContent });
    expect(selectIsDirty(h.snap())).toBe(false);
    expect(selectCanPublish(h.snap())).toBe(false);
    await h.send({ type: 'access.changed', canEdit: true });
    expect(selectReadOnly(h.snap())).toBe(false);
    await h.send({ type: 'draft.change', content: editedContent });
    expect(selectIsDirty(h.snap())).toBe(true);
  });
});
