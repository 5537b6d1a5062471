/**
 * Publish chart tests: the graph tour replayed on a live actor with controllable fake actors
 * (every reachable state × every event), coverage computed from those paths, and hand-written
 * journeys for spec 001 §4 ("Publishing a Draft first saves, sets status Published, then
 * publishes…") that check end states, actor inputs and selectors.
 */
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyEventObject } from 'xstate';
import { publishMachine, type PublishContext } from './publish.machine';
import type { PublishBot, PublishRevisionInput, SaveDraftInput, SetStatusPublishedInput } from './publish.actors';
import {
  contentWithIntro,
  contentWithoutIntro,
  noSlidesError,
  publishPathInput,
  publishPaths,
  revisionPublishedBot,
  savedDraftBot,
  savedPublishedBot,
  serverError,
  statusPublishedBot,
} from './publish.paths';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { graphCoverage } from '../testing/graph-coverage';
import {
  selectCanPublish,
  selectIsPublished,
  selectIsPublishing,
  selectPublishErrorMessage,
  selectPublishFailure,
  selectPublishStep,
} from './publish.selectors';

function harness() {
  const saveDraft = controllablePromise<PublishBot, SaveDraftInput>();
  const setStatusPublished = controllablePromise<PublishBot, SetStatusPublishedInput>();
  const publishRevision = controllablePromise<PublishBot, PublishRevisionInput>();
  const machine = publishMachine.provide({
    actors: { saveDraft: saveDraft.logic, setStatusPublished: setStatusPublished.logic, publishRevision: publishRevision.logic },
  });
  const actor = createActor(machine, { input: publishPathInput });
  actor.start();
  const promises = { saveDraft, setStatusPublished, publishRevision };
  const send = async (event: AnyEventObject) => {
    deliver(actor, event, promises);
    await flush();
  };
  return { actor, saveDraft, setStatusPublished, publishRevision, send };
}

/** Invariants every snapshot must satisfy, whatever the path. */
function checkInvariants(h: ReturnType<typeof harness>) {
  const snapshot = h.actor.getSnapshot();
  const ctx: PublishContext = snapshot.context;
  switch (snapshot.value) {
    case 'savingDraft':
      expect(h.saveDraft.pending).toHaveLength(1);
      expect(h.saveDraft.pending[0]?.input).toEqual({ botId: 7, content: ctx.content });
      break;
    case 'settingPublished':
      expect(ctx.status).toBe('Draft');
      expect(h.setStatusPublished.pending[0]?.input).toEqual({ botId: 7 });
      break;
    case 'publishingRevision':
      expect(ctx.savedRevisionId).not.toBeNull();
      expect(h.publishRevision.pending[0]?.input).toEqual({ botId: 7, botRevisionId: ctx.savedRevisionId });
      break;
    case 'published':
      expect(ctx.bot?.status).toBe('Published');
      expect(ctx.reason).toBeNull();
      break;
    case 'failed':
      expect(['noSlidesPublish', 'error']).toContain(ctx.reason);
      break;
    case 'idle':
      expect(ctx.reason).toBeNull();
      break;
  }
  // Only the running step has a pending call.
  const pendingTotal = h.saveDraft.pending.length + h.setStatusPublished.pending.length + h.publishRevision.pending.length;
  expect(pendingTotal).toBe(snapshot.hasTag('pending') ? 1 : 0);
}

describe('publish chart: graph tour', () => {
  const paths = publishPaths();

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(
      publishMachine,
      paths.map((p) => ({ input: publishPathInput, events: p.events })),
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toHaveLength(6);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_label, path) => {
    const h = harness();
    let [expected] = initialTransition(publishMachine, publishPathInput);
    expect(h.actor.getSnapshot().value).toEqual(expected.value);
    for (const event of path.events) {
      [expected] = transition(publishMachine, expected, event as never);
      await h.send(event);
      const snapshot = h.actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context.reason).toEqual(expected.context.reason);
      expect(snapshot.context.savedRevisionId).toEqual(expected.context.savedRevisionId);
      checkInvariants(h);
    }
    h.actor.stop();
  });
});

describe('publish chart: journeys', () => {
  it('publishes a Draft: save → set Published → publish revision', async () => {
    const h = harness();
    await h.send({ type: 'revision.publish', status: 'Draft', content: contentWithIntro });
    expect(selectPublishStep(h.actor.getSnapshot())).toBe('savingDraft');
    expect(selectIsPublishing(h.actor.getSnapshot())).toBe(true);
    expect(selectCanPublish(h.actor.getSnapshot())).toBe(false);
    await h.send({ type: 'xstate.done.actor.saveDraft', output: savedDraftBot });
    expect(selectPublishStep(h.actor.getSnapshot())).toBe('settingPublished');
    await h.send({ type: 'xstate.done.actor.setStatusPublished', output: statusPublishedBot });
    expect(selectPublishStep(h.actor.getSnapshot())).toBe('publishingRevision');
    await h.send({ type: 'xstate.done.actor.publishRevision', output: revisionPublishedBot });
    const end = h.actor.getSnapshot();
    expect(selectIsPublished(end)).toBe(true);
    expect(selectIsPublishing(end)).toBe(false);
    expect(end.context.bot).toEqual(revisionPublishedBot);
    expect(h.saveDraft.inputs).toEqual([{ botId: 7, content: contentWithIntro }]);
    expect(h.setStatusPublished.inputs).toEqual([{ botId: 7 }]);
    expect(h.publishRevision.inputs).toEqual([{ botId: 7, botRevisionId: 21 }]);
  });

  it('publishes a Published bot with a draft revision: save → publish that revision (no status call)', async () => {
    const h = harness();
    await h.send({ type: 'revision.publish', status: 'Published', content: contentWithIntro });
    await h.send({ type: 'xstate.done.actor.saveDraft', output: savedPublishedBot });
    expect(selectPublishStep(h.actor.getSnapshot())).toBe('publishingRevision');
    await h.send({ type: 'xstate.done.actor.publishRevision', output: revisionPublishedBot });
    expect(selectIsPublished(h.actor.getSnapshot())).toBe(true);
    expect(h.setStatusPublished.inputs).toEqual([]);
    expect(h.publishRevision.inputs).toEqual([{ botId: 7, botRevisionId: 22 }]);
  });

  it('refuses without an INTRO slide (noSlidesPublish) and calls nothing', async () => {
    const h = harness();
    await h.send({ type: 'revision.publish', status: 'Draft', content: contentWithoutIntro });
    const end = h.actor.getSnapshot();
    expect(selectPublishFailure(end)).toBe('noSlidesPublish');
    expect(h.saveDraft.inputs).toEqual([]);
  });

  it("maps the server's 422 noSlidesPublish on set status to the noSlidesPublish reason", async () => {
    const h = harness();
    await h.send({ type: 'revision.publish', status: 'Draft', content: contentWithIntro });
    await h.send({ type: 'xstate.done.actor.saveDraft', output: savedDraftBot });
    await h.send({ type: 'xstate.error.actor.setStatusPublished', error: noSlidesError });
    expect(selectPublishFailure(h.actor.getSnapshot())).toBe('noSlidesPublish');
    expect(h.publishRevision.inputs).toEqual([]);
  });

  it('fails with the server detail, dismisses, and succeeds on the next try', async () => {
    const h = harness();
    await h.send({ type: 'revision.publish', status: 'Published', content: contentWithIntro });
    await h.send({ type: 'xstate.done.actor.saveDraft', output: savedPublishedBot });
    await h.send({ type: 'xstate.error.actor.publishRevision', error: serverError });
    expect(selectPublishFailure(h.actor.getSnapshot())).toBe('error');
    expect(selectPublishErrorMessage(h.actor.getSnapshot())).toBe('Internal error');
    await h.send({ type: 'publish.dismiss' });
    expect(selectPublishStep(h.actor.getSnapshot())).toBe('idle');
    expect(selectPublishFailure(h.actor.getSnapshot())).toBeNull();
    await h.send({ type: 'revision.publish', status: 'Published', content: contentWithIntro });
    await h.send({ type: 'xstate.done.actor.saveDraft', output: savedPublishedBot });
    await h.send({ type: 'xstate.done.actor.publishRevision', output: revisionPublishedBot });
    expect(selectIsPublished(h.actor.getSnapshot())).toBe(true);
    expect(h.saveDraft.inputs).toHaveLength(2);
  });

  it('publishes again from published (the next draft)', async () => {
    const h = harness();
    await h.send({ type: 'revision.publish', status: 'Draft', content: contentWithIntro });
    await h.send({ type: 'xstate.done.actor.saveDraft', output: savedDraftBot });
    await h.send({ type: 'xstate.done.actor.setStatusPublished', output: statusPublishedBot });
    await h.send({ type: 'xstate.done.actor.publishRevision', output: revisionPublishedBot });
    await h.send({ type: 'revision.publish', status: 'Published', content: contentWithIntro });
    expect(selectPublishStep(h.actor.getSnapshot())).toBe('savingDraft');
  });

  it('fails when the save answer has no draft revision to publish', async () => {
    const h = harness();
    await h.send({ type: 'revision.publish', status: 'Draft', content: contentWithIntro });
    await h.send({
      type: 'xstate.done.actor.saveDraft',
      output: { ...savedDraftBot, hasDraft: false, revisionStatus: 'Published' },
    });
    expect(selectPublishFailure(h.actor.getSnapshot())).toBe('error');
    expect(h.setStatusPublished.inputs).toEqual([]);
  });

  it('default actors throw "must be provided"', async () => {
    const actor = createActor(publishMachine, { input: { botId: 1 } }).start();
    actor.send({ type: 'revision.publish', status: 'Draft', content: contentWithIntro });
    await flush();
    expect(selectPublishFailure(actor.getSnapshot())).toBe('error');
    expect(selectPublishErrorMessage(actor.getSnapshot())).toBe('saveDraft must be provided');
  });
});
