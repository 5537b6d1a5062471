/**
 * Avatar video generator chart tests (issue 16; spec 001 §2 "Avatar video generator", §5, §9): the
 * graph tour replayed on a live actor (fake actors) with invariants at every step, state and
 * transition coverage from those paths, and journeys — paging by 4, choose → settings → back, the §5
 * required fields, the request of §3, the real job chart as the child (simulated clock: polls every
 * 5000 ms until ready), retry after a failure, and cancellation by Cancel or by leaving.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, initialTransition, transition, type AnyEventObject } from 'xstate';
import { AI_POLL_INTERVAL_MS, type AiJobCreated } from '../../server/src/modules/ai/ai.schemas';
import { AVATAR_GROUPS_PAGE_SIZE, type AvatarGroupList } from '../../server/src/modules/avatar/avatar.schemas';
import { aiJobMachine, type AiJobInput, type AiJobOutcome } from '../aiJob/aiJob.machine';
import type { CreateJobInput, PollJobInput } from '../aiJob/aiJob.actors';
import { avatarGeneratorMachine, avatarRequestBody } from './avatarGenerator.machine';
import type { AnnounceReadyInput, ListGroupsInput, LoadGroupInput, LoadGroupOutput } from './avatarGenerator.actors';
import {
  avatarPathInput,
  cancelledOutcome,
  emptySettings,
  failedOutcome,
  groupChoices,
  page1,
  page2,
  readyOutcome,
  serverError,
  validSettings,
} from './avatarGenerator.paths';
import { controllablePromise, deliver, flush } from '../testing/fake-actors';
import { catalogRuns } from '../testing/catalog-runs';
import { graphCoverage } from '../testing/graph-coverage';
import {
  selectAvatars,
  selectCanEdit,
  selectCanOpenPage,
  selectFailure,
  selectGroup,
  selectGroups,
  selectIsBusy,
  selectJobRef,
  selectLoadFailed,
  selectPaging,
  selectResult,
  selectScreen,
} from './avatarGenerator.selectors';

function harness() {
  const listGroups = controllablePromise<AvatarGroupList, ListGroupsInput>();
  const loadGroup = controllablePromise<LoadGroupOutput, LoadGroupInput>();
  const job = controllablePromise<AiJobOutcome, AiJobInput>();
  const announceReady = controllablePromise<void, AnnounceReadyInput>();
  const promises = { listGroups, loadGroup, job, announceReady };
  const machine = avatarGeneratorMachine.provide({
    actors: { listGroups: listGroups.logic, loadGroup: loadGroup.logic, job: job.logic as never, announceReady: announceReady.logic },
  });
  const actor = createActor(machine, { input: avatarPathInput }).start();
  const send = async (event: AnyEventObject) => {
    // A left state stops its actor but the fake keeps the run: only the newest run is live.
    const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] as keyof typeof promises | undefined;
    if (id && promises[id]) promises[id].pending.splice(0, promises[id].pending.length - 1);
    deliver(actor, event, promises);
    await flush();
  };
  return { actor, send, ...promises };
}

type Harness = ReturnType<typeof harness>;

/** Invariants every snapshot must satisfy, whatever the path. */
function checkInvariants(h: Harness) {
  const snapshot = h.actor.getSnapshot();
  const ctx = snapshot.context;
  const expected = [
    ['listGroups', snapshot.matches({ select: 'loading' })],
    ['loadGroup', snapshot.matches({ settings: 'loading' })],
    ['job', snapshot.matches('generating')],
    ['announceReady', snapshot.matches('announcing')],
  ] as const;
  expect(Object.keys(snapshot.children).sort()).toEqual(expected.filter(([, on]) => on).map(([id]) => id).sort());
  if (snapshot.matches({ select: 'loading' })) expect(h.listGroups.pending.at(-1)?.input).toEqual({ accountId: 1, page: ctx.page, size: AVATAR_GROUPS_PAGE_SIZE });
  if (snapshot.matches({ settings: 'loading' })) expect(h.loadGroup.pending.at(-1)?.input).toEqual({ accountId: 1, groupId: ctx.group?.id });
  if (snapshot.matches('generating')) {
    expect(h.job.pending.at(-1)?.input).toEqual({ request: { kind: 'avatar', body: ctx.request }, intervalMs: AI_POLL_INTERVAL_MS });
  }
  // Never more than 4 groups; the settings step always has its group; a request only ever valid.
  expect(ctx.groups.length).toBeLessThanOrEqual(AVATAR_GROUPS_PAGE_SIZE);
  if (snapshot.matches('settings')) expect(ctx.group).not.toBeNull();
  if (snapshot.matches('select')) expect(ctx.group).toBeNull();
  if (snapshot.matches('generating') || snapshot.matches('failed') || snapshot.matches('done')) expect(ctx.request).toEqual(avatarRequestBody(1, validSettings));
  if (snapshot.matches('done')) expect(selectResult(snapshot)).toEqual({ mediaId: 91, title: 'Welcome to Aurora Bakery' });
  else expect(selectResult(snapshot)).toBeNull();
  expect(selectIsBusy(snapshot)).toBe(snapshot.hasTag('pending'));
}

describe('avatarGenerator chart: graph tour', () => {
  // The catalog's paths: what `npm run paths -- avatarGenerator` prints and machines:coverage counts.
  const paths = catalogRuns('avatarGenerator');

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(
      avatarGeneratorMachine,
      paths.map((p) => ({ input: avatarPathInput, events: p.events })),
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    // select + 3 children, settings + 3 children, generating, failed, announcing, done.
    expect(coverage.states.covered).toHaveLength(12);
  }, 60_000);

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_label, path) => {
    const h = harness();
    let [expected] = initialTransition(avatarGeneratorMachine, avatarPathInput);
    expect(h.actor.getSnapshot().value).toEqual(expected.value);
    for (const event of path.events) {
      [expected] = transition(avatarGeneratorMachine, expected, event as never);
      await h.send(event);
      const snapshot = h.actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      checkInvariants(h);
    }
    h.actor.stop();
  });
});

describe('avatarGenerator chart: journeys', () => {
  it('select shows 4 groups per page and pages; choosing a group opens its settings; back returns to the same page without reloading', async () => {
    const h = harness();
    expect(selectScreen(h.actor.getSnapshot())).toBe('select');
    expect(h.listGroups.inputs).toEqual([{ accountId: 1, page: 1, size: 4 }]);
    await h.send({ type: 'xstate.done.actor.listGroups', output: page1 });
    expect(selectGroups(h.actor.getSnapshot()).map((g) => g.id)).toEqual(['g1', 'g2', 'g3', 'g4']);
    expect(selectPaging(h.actor.getSnapshot())).toEqual({ page: 1, pageCount: 2, totalCount: 5 });
    expect(selectCanOpenPage(h.actor.getSnapshot(), 3)).toBe(false);
    expect(selectCanOpenPage(h.actor.getSnapshot(), 1)).toBe(false);
    await h.send({ type: 'avatar.page', page: 2 });
    expect(h.listGroups.inputs.at(-1)).toEqual({ accountId: 1, page: 2, size: 4 });
    await h.send({ type: 'xstate.done.actor.listGroups', output: page2 });
    expect(selectGroups(h.actor.getSnapshot()).map((g) => g.id)).toEqual(['g5']);
    // A group not on this page cannot be chosen.
    await h.send({ type: 'avatar.chooseGroup', groupId: 'g1' });
    expect(selectScreen(h.actor.getSnapshot())).toBe('select');
    await h.send({ type: 'avatar.chooseGroup', groupId: 'g5' });
    expect(selectScreen(h.actor.getSnapshot())).toBe('settings');
    expect(selectGroup(h.actor.getSnapshot())?.name).toBe('Portrait 5');
    expect(h.loadGroup.inputs).toEqual([{ accountId: 1, groupId: 'g5' }]);
    await h.send({ type: 'xstate.done.actor.loadGroup', output: groupChoices });
    expect(selectAvatars(h.actor.getSnapshot())).toEqual(groupChoices.avatars);
    expect(selectCanEdit(h.actor.getSnapshot())).toBe(true);
    await h.send({ type: 'avatar.back' });
    expect(selectScreen(h.actor.getSnapshot())).toBe('select');
    expect(selectPaging(h.actor.getSnapshot()).page).toBe(2);
    expect(selectGroups(h.actor.getSnapshot()).map((g) => g.id)).toEqual(['g5']);
    expect(h.listGroups.inputs).toHaveLength(2);
    expect(selectGroup(h.actor.getSnapshot())).toBeNull();
  });

  it('title, avatar style and script are required (spec 001 §5); a valid submit starts the avatar job with the §3 request', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.listGroups', output: page1 });
    await h.send({ type: 'avatar.chooseGroup', groupId: 'g1' });
    await h.send({ type: 'xstate.done.actor.loadGroup', output: groupChoices });
    for (const settings of [emptySettings, { ...validSettings, title: ' ' }, { ...validSettings, style: '' as const }, { ...validSettings, script: '\n' }, { ...validSettings, avatarId: 'media-999' }, { ...validSettings, voiceId: 'xx' }]) {
      await h.send({ type: 'avatar.generate', settings });
      expect(selectScreen(h.actor.getSnapshot())).toBe('settings');
    }
    expect(h.job.inputs).toEqual([]);
    await h.send({ type: 'avatar.generate', settings: validSettings });
    expect(selectScreen(h.actor.getSnapshot())).toBe('generating');
    expect(h.job.inputs).toEqual([
      {
        request: {
          kind: 'avatar',
          body: {
            accountId: 1,
            title: 'Welcome to Aurora Bakery',
            caption: true,
            videoInputs: [
              {
                character: { type: 'talking_photo', talkingPhotoId: 'media-11', talkingPhotoStyle: 'circle' },
                voice: { type: 'text', voiceId: 'fi', inputText: 'Hello! We bake sourdough every morning.' },
              },
            ],
          },
        },
        intervalMs: 5000,
      },
    ]);
    await h.send({ type: 'xstate.done.actor.job', output: readyOutcome });
    expect(h.announceReady.inputs).toEqual([{ accountId: 1, mediaId: 91, title: 'Welcome to Aurora Bakery' }]);
    await h.send({ type: 'xstate.done.actor.announceReady', output: undefined });
    expect(selectScreen(h.actor.getSnapshot())).toBe('done');
    expect(selectResult(h.actor.getSnapshot())).toEqual({ mediaId: 91, title: 'Welcome to Aurora Bakery' });
    await h.send({ type: 'avatar.startOver' });
    expect(selectScreen(h.actor.getSnapshot())).toBe('select');
    expect(h.listGroups.inputs.at(-1)).toEqual({ accountId: 1, page: 1, size: 4 });
  });

  it('a failed job shows the error; Try again starts a new job with the same request; Back returns to the settings', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.listGroups', output: page1 });
    await h.send({ type: 'avatar.chooseGroup', groupId: 'g1' });
    await h.send({ type: 'xstate.done.actor.loadGroup', output: groupChoices });
    await h.send({ type: 'avatar.generate', settings: validSettings });
    await h.send({ type: 'xstate.done.actor.job', output: failedOutcome });
    expect(selectScreen(h.actor.getSnapshot())).toBe('failed');
    expect(selectFailure(h.actor.getSnapshot())).toEqual({ kind: 'generateFailed', message: 'The avatar image could not be read.' });
    await h.send({ type: 'avatar.retry' });
    expect(selectScreen(h.actor.getSnapshot())).toBe('generating');
    expect(h.job.inputs).toHaveLength(2);
    expect(h.job.inputs[1]).toEqual(h.job.inputs[0]);
    await h.send({ type: 'xstate.error.actor.job', error: new Error('boom') });
    expect(selectFailure(h.actor.getSnapshot())).toEqual({ kind: 'generateFailed', message: 'boom' });
    await h.send({ type: 'avatar.back' });
    expect(selectScreen(h.actor.getSnapshot())).toBe('settings');
    expect(selectCanEdit(h.actor.getSnapshot())).toBe(true);
    expect(selectFailure(h.actor.getSnapshot())).toBeNull();
  });

  it('loading failures offer Try again on both steps', async () => {
    const h = harness();
    await h.send({ type: 'xstate.error.actor.listGroups', error: serverError });
    expect(selectLoadFailed(h.actor.getSnapshot())).toBe(true);
    expect(selectFailure(h.actor.getSnapshot())).toEqual({ kind: 'groupsFailed', message: 'Service unavailable' });
    await h.send({ type: 'avatar.retry' });
    expect(h.listGroups.inputs).toHaveLength(2);
    await h.send({ type: 'xstate.done.actor.listGroups', output: page1 });
    await h.send({ type: 'avatar.chooseGroup', groupId: 'g2' });
    await h.send({ type: 'xstate.error.actor.loadGroup', error: serverError });
    expect(selectScreen(h.actor.getSnapshot())).toBe('settings');
    expect(selectFailure(h.actor.getSnapshot())?.kind).toBe('groupFailed');
    await h.send({ type: 'avatar.retry' });
    expect(h.loadGroup.inputs).toEqual([
      { accountId: 1, groupId: 'g2' },
      { accountId: 1, groupId: 'g2' },
    ]);
  });

  it('a cancelled job outcome returns to the settings', async () => {
    const h = harness();
    await h.send({ type: 'xstate.done.actor.listGroups', output: page1 });
    await h.send({ type: 'avatar.chooseGroup', groupId: 'g1' });
    await h.send({ type: 'xstate.done.actor.loadGroup', output: groupChoices });
    await h.send({ type: 'avatar.generate', settings: validSettings });
    await h.send({ type: 'xstate.done.actor.job', output: cancelledOutcome });
    expect(selectScreen(h.actor.getSnapshot())).toBe('settings');
    expect(selectFailure(h.actor.getSnapshot())).toBeNull();
  });
});

describe('avatarGenerator chart with the real job chart as its child', () => {
  function withRealJob() {
    const clock = new SimulatedClock();
    const creates: CreateJobInput[] = [];
    const polls: PollJobInput[] = [];
    let answers: unknown[] = [];
    const job = aiJobMachine.provide({
      actors: {
        createJob: fromPromise<AiJobCreated, CreateJobInput>(async ({ input }) => {
          creates.push(input);
          return { jobId: 'job-avatar-1', type: 'avatar', status: 'queued' };
        }),
        pollJob: fromPromise<unknown, PollJobInput>(async ({ input }) => {
          polls.push(input);
          return answers.shift();
        }),
      },
    });
    const announced: AnnounceReadyInput[] = [];
    const machine = avatarGeneratorMachine.provide({
      actors: {
        listGroups: fromPromise(async () => page1),
        loadGroup: fromPromise(async () => groupChoices),
        job,
        announceReady: fromPromise<void, AnnounceReadyInput>(async ({ input }) => {
          announced.push(input);
        }),
      },
    });
    const actor = createActor(machine, { input: avatarPathInput, clock }).start();
    return { actor, clock, creates, polls, announced, setAnswers: (a: unknown[]) => (answers = a) };
  }

  const status = (status: string, progress: number, result: unknown = null) => ({
    id: 'job-avatar-1',
    type: 'avatar',
    status,
    progress,
    error: null,
    result,
    createdAt: '2026-11-26T12:00:00.000Z',
    updatedAt: '2026-11-26T12:00:05.000Z',
  });

  async function toGenerating(r: ReturnType<typeof withRealJob>) {
    await flush();
    r.actor.send({ type: 'avatar.chooseGroup', groupId: 'g1' });
    await flush();
    r.actor.send({ type: 'avatar.generate', settings: validSettings });
    await flush();
  }

  it('posts the avatar request, polls every 5000 ms through generating_script (the render) until ready, then announces the media item', async () => {
    const r = withRealJob();
    r.setAnswers([status('generating_script', 0.4), status('completed', 0.95), status('ready', 1, { mediaId: 91 })]);
    await toGenerating(r);
    expect(r.creates).toEqual([{ request: { kind: 'avatar', body: avatarRequestBody(1, validSettings) } }]);
    const jobRef = selectJobRef(r.actor.getSnapshot())!;
    expect(jobRef).toBeDefined();
    r.clock.increment(AI_POLL_INTERVAL_MS - 1);
    await flush();
    expect(r.polls).toHaveLength(0);
    r.clock.increment(1);
    await flush();
    expect(r.polls).toEqual([{ jobId: 'job-avatar-1' }]);
    expect(jobRef.getSnapshot().context).toMatchObject({ status: 'generating_script', progress: 0.4 });
    r.clock.increment(AI_POLL_INTERVAL_MS);
    await flush();
    r.clock.increment(AI_POLL_INTERVAL_MS);
    await flush();
    await flush();
    expect(r.polls).toHaveLength(3);
    expect(selectScreen(r.actor.getSnapshot())).toBe('done');
    expect(r.announced).toEqual([{ accountId: 1, mediaId: 91, title: 'Welcome to Aurora Bakery' }]);
  });

  it('Cancel stops the job child: no more polls', async () => {
    const r = withRealJob();
    r.setAnswers([status('generating_script', 0.2), status('generating_script', 0.3)]);
    await toGenerating(r);
    const jobRef = selectJobRef(r.actor.getSnapshot())!;
    r.clock.increment(AI_POLL_INTERVAL_MS);
    await flush();
    expect(r.polls).toHaveLength(1);
    r.actor.send({ type: 'avatar.cancel' });
    await flush();
    expect(selectScreen(r.actor.getSnapshot())).toBe('settings');
    expect(jobRef.getSnapshot().status).toBe('stopped');
    r.clock.increment(AI_POLL_INTERVAL_MS * 3);
    await flush();
    expect(r.polls).toHaveLength(1);
  });

  it('leaving the page (stopping the generator) stops the job child', async () => {
    const r = withRealJob();
    r.setAnswers([status('generating_script', 0.2)]);
    await toGenerating(r);
    const jobRef = selectJobRef(r.actor.getSnapshot())!;
    r.actor.stop();
    expect(jobRef.getSnapshot().status).toBe('stopped');
    r.clock.increment(AI_POLL_INTERVAL_MS * 3);
    await flush();
    expect(r.polls).toHaveLength(0);
  });
});
