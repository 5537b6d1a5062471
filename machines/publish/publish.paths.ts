/**
 * Graph paths of the publish chart (`xstate/graph`, DESIGN §4): a `TestModel` over the machine with
 * realistic event payloads, including the done / error events its invoked actors produce.
 *
 * States are serialized by value plus the context fields that change the route through the chart
 * (`status`, `reason`), so the walk stays finite while still splitting the Draft and the Published
 * flows. Used by publish.test.ts (replay on a live actor + coverage) and by docs.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { publishMachine, type PublishInput } from './publish.machine';
import { transitionTour, type TourPath } from '../testing/graph-coverage';
import type { BotContent, PublishBot } from './publish.actors';

/** The bot every path edits. */
export const publishPathInput: PublishInput = { botId: 7 };

/** Content with an INTRO slide (publishable). */
export const contentWithIntro: BotContent = {
  slides: [
    { id: 1, name: 'Welcome', category: 'INTRO', type: 'VIDEO', videoId: 3, imageId: null, options: [{ id: 1, name: 'Pricing', type: 'SLIDE', targetId: 2 }] },
    { id: 2, name: 'Pricing', category: 'SLIDE', type: 'IMAGE', videoId: null, imageId: 4, options: [] },
  ],
  actions: [],
};

/** Content without an INTRO slide (spec 001 §4: noSlidesPublish). */
export const contentWithoutIntro: BotContent = {
  slides: [{ id: 1, name: 'Pricing', category: 'SLIDE', type: 'IMAGE', videoId: null, imageId: 4, options: [] }],
  actions: [],
};

const bot = (over: Partial<PublishBot>): PublishBot => ({
  id: 7,
  status: 'Draft',
  hasDraft: true,
  botRevisionId: 21,
  revNumber: 2,
  revisionStatus: 'Draft',
  ...over,
});

/** A Draft bot's answer after saving: revision 21 is a Draft. */
export const savedDraftBot = bot({});
/** A Published bot's answer after saving: the new revision 22 is a Draft beside the live one. */
export const savedPublishedBot = bot({ status: 'Published', botRevisionId: 22, revNumber: 3 });
/** An answer without a draft revision (nothing to publish). */
export const savedWithoutDraft = bot({ status: 'Published', hasDraft: false, revisionStatus: 'Published' });
/** The answer of PATCH /bot/{id} {status:'Published'}. */
export const statusPublishedBot = bot({ status: 'Published' });
/** The answer of PATCH …/revision/{id}/status. */
export const revisionPublishedBot = bot({ status: 'Published', hasDraft: false, revisionStatus: 'Published' });
/** The API error of spec 001 §8 noSlidesPublish. */
export const noSlidesError = { status: 422, code: 'noSlidesPublish', detail: 'An INTRO slide is needed to publish.' };
/** A network / server failure. */
export const serverError = { status: 500, detail: 'Internal error' };

/** Every event the walk may send, with payloads. */
export const publishPathEvents: AnyEventObject[] = [
  { type: 'revision.publish', status: 'Draft', content: contentWithIntro },
  { type: 'revision.publish', status: 'Published', content: contentWithIntro },
  { type: 'revision.publish', status: 'Draft', content: contentWithoutIntro },
  { type: 'publish.dismiss' },
  { type: 'xstate.done.actor.saveDraft', output: savedDraftBot },
  { type: 'xstate.done.actor.saveDraft', output: savedPublishedBot },
  { type: 'xstate.done.actor.saveDraft', output: savedWithoutDraft },
  { type: 'xstate.error.actor.saveDraft', error: serverError },
  { type: 'xstate.done.actor.setStatusPublished', output: statusPublishedBot },
  { type: 'xstate.error.actor.setStatusPublished', error: noSlidesError },
  { type: 'xstate.error.actor.setStatusPublished', error: serverError },
  { type: 'xstate.done.actor.publishRevision', output: revisionPublishedBot },
  { type: 'xstate.error.actor.publishRevision', error: serverError },
];

type PublishSnapshot = SnapshotFrom<typeof publishMachine>;

/** Serialization that keeps the walk finite (value + route-deciding context). */
export function serializePublishState(snapshot: PublishSnapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context.status, snapshot.context.reason]);
}

/**
 * The events that can happen in a snapshot: the person's events always, an actor's done / error
 * events only while that actor runs (as in the real app).
 */
export function publishEventsFor(snapshot: PublishSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  return publishPathEvents.filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    return actor === undefined || running.includes(actor);
  });
}

/** The test model of the publish chart. */
export function publishTestModel() {
  return new TestModel(publishMachine, {
    input: publishPathInput,
    events: publishEventsFor as never,
    serializeState: serializePublishState,
    limit: 5000,
    stopWhen: (s: PublishSnapshot) => s.status !== 'active',
  });
}

/** The transition tour of the chart: every reachable state and every event offered there. */
export function publishPaths(): TourPath[] {
  return transitionTour(publishTestModel(), serializePublishState);
}
