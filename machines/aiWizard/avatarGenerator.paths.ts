/**
 * Graph paths of the avatar video generator chart (`xstate/graph` TestModel, DESIGN §4) with realistic
 * payloads: the person's events, the invoked actors' done / error events and the job child's outcomes
 * (ready, failed, error, cancelled). Used by avatarGenerator.test.ts and machines/catalog.paths.ts.
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { AiJob } from '../../server/src/modules/ai/ai.schemas';
import type { Avatar, AvatarGroup, AvatarGroupList, AvatarVoice } from '../../server/src/modules/avatar/avatar.schemas';
import type { AiJobOutcome } from '../aiJob/aiJob.machine';
import { avatarGeneratorMachine, type AvatarGeneratorInput, type AvatarSettings } from './avatarGenerator.machine';
import type { LoadGroupOutput } from './avatarGenerator.actors';

type AvatarGeneratorSnapshot = SnapshotFrom<typeof avatarGeneratorMachine>;

/** The account every path uses. */
export const avatarPathInput: AvatarGeneratorInput = { accountId: 1 };

const group = (n: number): AvatarGroup => ({ id: `g${n}`, name: `Portrait ${n}`, numLooks: 1, previewImage: `/media/files/portrait-${n}.jpg` });
/** Five groups: four on page 1, one on page 2 (spec 001 §9: 4 per page). */
export const page1: AvatarGroupList = { records: [group(1), group(2), group(3), group(4)], metadata: { page: 1, pageSize: 4, pageCount: 2, totalCount: 5 } };
export const page2: AvatarGroupList = { records: [group(5)], metadata: { page: 2, pageSize: 4, pageCount: 2, totalCount: 5 } };

export const look: Avatar = { avatarId: 'media-11', avatarName: 'Portrait 1', voiceId: 'en', previewImageUrl: '/media/files/portrait-1.jpg', previewVideoUrl: null };
export const voices: AvatarVoice[] = [
  { voiceId: 'en', name: 'English', language: 'en' },
  { voiceId: 'fi', name: 'Finnish', language: 'fi' },
];
export const groupChoices: LoadGroupOutput = { avatars: [look], voices };

/** A complete settings submit. */
export const validSettings: AvatarSettings = {
  avatarId: look.avatarId,
  voiceId: 'fi',
  title: ' Welcome to Aurora Bakery ',
  style: 'circle',
  script: 'Hello! We bake sourdough every morning.',
  caption: true,
};
/** Title, style and script missing (spec 001 §5: refused). */
export const emptySettings: AvatarSettings = { avatarId: look.avatarId, voiceId: null, title: '  ', style: '', script: '', caption: true };

const job = (over: Partial<AiJob>): AiJob =>
  ({ id: 'job-avatar-1', type: 'avatar', status: 'ready', progress: 1, error: null, result: { mediaId: 91 }, createdAt: '2026-11-26T12:00:00.000Z', updatedAt: '2026-11-26T12:00:09.000Z', ...over }) as AiJob;
export const readyOutcome: AiJobOutcome = { kind: 'ready', job: job({}) };
export const failedOutcome: AiJobOutcome = { kind: 'failed', message: 'The avatar image could not be read.' };
export const errorOutcome: AiJobOutcome = { kind: 'error', message: 'Maximum polling attempts reached' };
export const cancelledOutcome: AiJobOutcome = { kind: 'cancelled' };

export const serverError = { status: 503, detail: 'Service unavailable' };

/** Every event the walk may send. */
export const avatarPathEvents: AnyEventObject[] = [
  { type: 'avatar.page', page: 2 },
  { type: 'avatar.page', page: 1 },
  { type: 'avatar.page', page: 3 },
  { type: 'avatar.chooseGroup', groupId: 'g1' },
  { type: 'avatar.chooseGroup', groupId: 'not-listed' },
  { type: 'avatar.back' },
  { type: 'avatar.retry' },
  { type: 'avatar.generate', settings: validSettings },
  { type: 'avatar.generate', settings: emptySettings },
  { type: 'avatar.cancel' },
  { type: 'avatar.startOver' },
  { type: 'xstate.done.actor.listGroups', output: page1 },
  { type: 'xstate.done.actor.listGroups', output: page2 },
  { type: 'xstate.error.actor.listGroups', error: serverError },
  { type: 'xstate.done.actor.loadGroup', output: groupChoices },
  { type: 'xstate.error.actor.loadGroup', error: serverError },
  { type: 'xstate.done.actor.job', output: readyOutcome },
  { type: 'xstate.done.actor.job', output: failedOutcome },
  { type: 'xstate.done.actor.job', output: errorOutcome },
  { type: 'xstate.done.actor.job', output: cancelledOutcome },
  { type: 'xstate.error.actor.job', error: new Error('job chart crashed') },
  { type: 'xstate.done.actor.announceReady', output: undefined },
  { type: 'xstate.error.actor.announceReady', error: new Error('refresh failed') },
];

/** Events possible in a snapshot: an actor's events only while it runs; the page's answer fits the page asked. */
export function avatarEventsFor(snapshot: AvatarGeneratorSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  return avatarPathEvents.filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    if (actor === undefined) return true;
    if (!running.includes(actor)) return false;
    if (event.type === 'xstate.done.actor.listGroups') return (event.output as AvatarGroupList).metadata.page === snapshot.context.page;
    return true;
  });
}

/** Serialization keeping the walk finite: value + the context that steers the chart. */
export function serializeAvatarState(snapshot: AvatarGeneratorSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.page, c.groups.length, c.group?.id ?? null, c.avatars.length, c.request !== null, c.mediaId, c.failure?.kind ?? null]);
}

/** The test model of the chart. */
export function avatarTestModel() {
  return new TestModel(avatarGeneratorMachine, {
    input: avatarPathInput,
    events: avatarEventsFor as never,
    serializeState: serializeAvatarState,
    limit: 20_000,
    stopWhen: (s: AvatarGeneratorSnapshot) => s.status !== 'active',
  });
}
