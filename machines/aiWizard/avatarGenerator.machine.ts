/**
 * Avatar video generator chart (issue 16 "Avatar generator"; spec 001 §2 "Avatar video generator":
 * two steps, select then settings, choosing a group goes to settings, back returns to select, 4 groups
 * per page; §3 "Avatar video request"; §5 title, avatar style and script required; §9 720×1280, scale
 * 1.1; §8 "Video generator: an error on generation failure").
 *
 * ```
 *  select ─────────────────────────────────────────────────────────────────────────────┐
 *  │ loading (GET avatar-groups page) ──done──► browsing ──avatar.page [another page]──► loading
 *  │    │ error ──► loadFailed ──avatar.retry──► loading                                │
 *  │  browsing ──avatar.chooseGroup [a listed group]──► settings                       │
 *  settings ──avatar.back──► select.browsing (the same page)                            │
 *  │ loading (its avatars + the voices) ──done──► editing ──avatar.generate [valid request]──► generating
 *  │    │ error ──► loadFailed ──avatar.retry──► loading                                │
 *  generating (child: the AI job chart, request kind 'avatar', POST /generate/avatar, polls)
 *  │   ready {mediaId} ──► announcing (refresh media lists + toast) ──► done (link to the video)
 *  │   failed / error ──► failed ──avatar.retry──► generating (a new job, same request)
 *  │                            └──avatar.back──► settings.editing
 *  │   avatar.cancel, or the job cancelled ──► settings.editing (leaving the state stops the child)
 *  done ──avatar.startOver──► select (reloaded)
 * ```
 *
 * Leaving the page stops this chart and with it the job child: that is the cancellation. Working
 * states carry the tag `pending`. The settings form's fields live in the view's form; the chart gets
 * the parsed submit (`avatar.generate`) and refuses one the contract (`AvatarVideoRequest`) refuses.
 */
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { AI_MESSAGES, AI_POLL_INTERVAL_MS, type AiJob } from '../../server/src/modules/ai/ai.schemas';
import {
  AVATAR_GROUPS_PAGE_SIZE,
  AvatarGroupList,
  AvatarList,
  AvatarVideoRequest,
  AvatarVoice,
  type Avatar,
  type AvatarGroup,
  type AvatarStyle,
} from '../../server/src/modules/avatar/avatar.schemas';
import { aiJobMachine, errorDetail, type AiJobInput, type AiJobOutcome } from '../aiJob/aiJob.machine';
import { missingAvatarGeneratorActors, type AnnounceReadyInput, type ListGroupsInput, type LoadGroupInput } from './avatarGenerator.actors';

/** The request body of `POST /generate/avatar` as sent (defaults filled by the server). */
export type AvatarRequestBody = v.InferInput<typeof AvatarVideoRequest>;

/** The settings step's parsed submit (spec 001 §2 settings: its avatars/looks, voice, title, avatar style, script). */
export interface AvatarSettings {
  /** The chosen look (`Avatar.avatarId`), the talking photo. */
  avatarId: string;
  /** A voice of `GET /generate/voices`, or null for the avatar's own voice. */
  voiceId: string | null;
  title: string;
  /** '' = not chosen (refused: spec 001 §5). */
  style: AvatarStyle | '';
  /** What the avatar says. */
  script: string;
  /** Burn the script in as captions. */
  caption: boolean;
}

/** What went wrong last; the view words it. */
export type AvatarFailureKind = 'groupsFailed' | 'groupFailed' | 'generateFailed';

export interface AvatarFailure {
  kind: AvatarFailureKind;
  /** The server's detail or the job's English message (AI_MESSAGES), for logs and known wordings; may be null. */
  message: string | null;
}

/** Chart memory. */
export interface AvatarGeneratorContext {
  accountId: number;
  /** Poll interval of the job, ms. */
  intervalMs: number;
  /** Current page of groups, 1-based. */
  page: number;
  groups: AvatarGroup[];
  pageCount: number;
  totalCount: number;
  /** The group chosen on the select step. */
  group: AvatarGroup | null;
  /** Its looks and the voices, for the settings step. */
  avatars: Avatar[];
  voices: AvatarVoice[];
  /** The request of the running / last job. */
  request: AvatarRequestBody | null;
  /** The media item the last ready job created. */
  mediaId: number | null;
  failure: AvatarFailure | null;
}

/** Input: the account generating into; the poll interval (default AI_POLL_INTERVAL_MS, spec 001 §9). */
export interface AvatarGeneratorInput {
  accountId: number;
  intervalMs?: number;
}

/** Events the page sends. */
export type AvatarGeneratorEvent =
  | { type: 'avatar.page'; page: number }
  | { type: 'avatar.chooseGroup'; groupId: string }
  | { type: 'avatar.back' }
  | { type: 'avatar.retry' }
  | { type: 'avatar.generate'; settings: AvatarSettings }
  | { type: 'avatar.cancel' }
  | { type: 'avatar.startOver' };

/**
 * The `POST /generate/avatar` body of spec 001 §3 for the settings: one talking-photo input (style,
 * scale 1.1 by default) speaking the script with the voice; title and script trimmed.
 */
export function avatarRequestBody(accountId: number, settings: AvatarSettings): AvatarRequestBody {
  return {
    accountId,
    title: settings.title.trim(),
    caption: settings.caption,
    videoInputs: [
      {
        character: { type: 'talking_photo', talkingPhotoId: settings.avatarId, talkingPhotoStyle: settings.style as AvatarStyle },
        voice: { type: 'text', voiceId: settings.voiceId, inputText: settings.script.trim() },
      },
    ],
  };
}

type Ev = AvatarGeneratorEvent | { type: string; output?: unknown; error?: unknown };

const outputOf = (event: Ev): unknown => ('output' in event ? event.output : undefined);
const errorOf = (event: Ev): unknown => ('error' in event ? event.error : undefined);

/** The job outcome of the child's done event. */
function outcomeOf(event: Ev): AiJobOutcome | null {
  const output = outputOf(event);
  return typeof output === 'object' && output !== null && 'kind' in output ? (output as AiJobOutcome) : null;
}

/** The media id of a ready avatar job, else null. */
function readyMediaId(event: Ev): number | null {
  const outcome = outcomeOf(event);
  if (outcome?.kind !== 'ready') return null;
  const job: AiJob = outcome.job;
  return job.type === 'avatar' && job.result ? job.result.mediaId : null;
}

function failure(kind: AvatarFailureKind) {
  return assign<AvatarGeneratorContext, Ev, undefined, AvatarGeneratorEvent, never>(({ event }) => {
    const error = errorOf(event);
    return { failure: { kind, message: errorDetail(error) ?? (error instanceof Error ? error.message : null) } };
  });
}

export const avatarGeneratorMachine = setup({
  types: {
    context: {} as AvatarGeneratorContext,
    events: {} as AvatarGeneratorEvent,
    input: {} as AvatarGeneratorInput,
  },
  actors: { ...missingAvatarGeneratorActors, job: aiJobMachine },
  guards: {
    isOtherPage: ({ context, event }) =>
      event.type === 'avatar.page' && Number.isInteger(event.page) && event.page >= 1 && event.page <= Math.max(1, context.pageCount) && event.page !== context.page,
    isListedGroup: ({ context, event }) => event.type === 'avatar.chooseGroup' && context.groups.some((g) => g.id === event.groupId),
    /** A look of the group and a request the contract accepts (title, style, script required: spec 001 §5). */
    isValidRequest: ({ context, event }) =>
      event.type === 'avatar.generate' &&
      context.avatars.some((a) => a.avatarId === event.settings.avatarId) &&
      (event.settings.voiceId === null || context.voices.some((voice) => voice.voiceId === event.settings.voiceId)) &&
      v.safeParse(AvatarVideoRequest, avatarRequestBody(context.accountId, event.settings)).success,
    isReady: ({ event }) => readyMediaId(event) !== null,
    isCancelled: ({ event }) => outcomeOf(event)?.kind === 'cancelled',
  },
  actions: {
    storePage: assign(({ event }) => (event.type === 'avatar.page' ? { page: event.page } : {})),
    storeGroups: assign(({ event }) => {
      const parsed = v.safeParse(AvatarGroupList, outputOf(event));
      if (!parsed.success) return { groups: [], pageCount: 0, totalCount: 0, failure: null };
      const { records, metadata } = parsed.output;
      return { groups: records.slice(0, AVATAR_GROUPS_PAGE_SIZE), pageCount: metadata.pageCount, totalCount: metadata.totalCount, failure: null };
    }),
    storeGroup: assign(({ context, event }) =>
      event.type === 'avatar.chooseGroup' ? { group: context.groups.find((g) => g.id === event.groupId) ?? null, avatars: [], voices: [], failure: null } : {},
    ),
    storeGroupChoices: assign(({ event }) => {
      const output = outputOf(event) as { avatars?: unknown; voices?: unknown } | undefined;
      const avatars = v.safeParse(AvatarList, { records: output?.avatars });
      const voices = v.safeParse(v.array(AvatarVoice), output?.voices);
      return { avatars: avatars.success ? avatars.output.records : [], voices: voices.success ? voices.output : [], failure: null };
    }),
    forgetGroup: assign({ group: null, avatars: [], voices: [], failure: null }),
    storeRequest: assign(({ context, event }) =>
      event.type === 'avatar.generate' ? { request: avatarRequestBody(context.accountId, event.settings), mediaId: null, failure: null } : {},
    ),
    storeMedia: assign(({ event }) => ({ mediaId: readyMediaId(event), failure: null })),
    failJob: assign(({ event }) => {
      const outcome = outcomeOf(event);
      const message = outcome && (outcome.kind === 'failed' || outcome.kind === 'error') ? outcome.message : AI_MESSAGES.jobFailed;
      return { failure: { kind: 'generateFailed' as const, message } };
    }),
    failJobCrash: failure('generateFailed'),
    clearFailure: assign({ failure: null }),
    failGroups: failure('groupsFailed'),
    failGroup: failure('groupFailed'),
    startOver: assign({ page: 1, groups: [], pageCount: 0, totalCount: 0, group: null, avatars: [], voices: [], request: null, mediaId: null, failure: null }),
  },
}).createMachine({
  id: 'avatarGenerator',
  context: ({ input }) => ({
    accountId: input.accountId,
    intervalMs: input.intervalMs ?? AI_POLL_INTERVAL_MS,
    page: 1,
    groups: [],
    pageCount: 0,
    totalCount: 0,
    group: null,
    avatars: [],
    voices: [],
    request: null,
    mediaId: null,
    failure: null,
  }),
  initial: 'select',
  states: {
    select: {
      meta: { description: 'Step 1, select: the account’s avatar groups, four per page; choosing one goes to the settings.' },
      initial: 'loading',
      states: {
        loading: {
          meta: { description: 'A page of avatar groups is being loaded; the list shows a spinner.' },
          tags: ['pending'],
          invoke: {
            id: 'listGroups',
            src: 'listGroups',
            input: ({ context }): ListGroupsInput => ({ accountId: context.accountId, page: context.page, size: AVATAR_GROUPS_PAGE_SIZE }),
            onDone: { target: 'browsing', actions: 'storeGroups' },
            onError: { target: 'loadFailed', actions: 'failGroups' },
          },
        },
        loadFailed: {
          meta: { description: 'Loading the avatar groups failed; the page shows the error and a Try again button.' },
          tags: ['failure'],
          on: { 'avatar.retry': { target: 'loading', actions: 'clearFailure' } },
        },
        browsing: {
          meta: { description: 'The groups of this page are shown with their preview image and number of looks; the person pages through them or chooses one.' },
          on: {
            'avatar.page': { guard: 'isOtherPage', target: 'loading', actions: 'storePage' },
            'avatar.chooseGroup': { guard: 'isListedGroup', target: '#avatarGenerator.settings', actions: 'storeGroup' },
          },
        },
      },
    },
    settings: {
      meta: { description: 'Step 2, settings: the chosen group’s looks, a voice, the title, the avatar style and the script; Back returns to the groups.' },
      initial: 'loading',
      on: { 'avatar.back': { target: '#avatarGenerator.select.browsing', actions: 'forgetGroup' } },
      states: {
        loading: {
          meta: { description: 'The chosen group’s looks and the available voices are being loaded.' },
          tags: ['pending'],
          invoke: {
            id: 'loadGroup',
            src: 'loadGroup',
            input: ({ context }): LoadGroupInput => ({ accountId: context.accountId, groupId: context.group?.id ?? '' }),
            onDone: { target: 'editing', actions: 'storeGroupChoices' },
            onError: { target: 'loadFailed', actions: 'failGroup' },
          },
        },
        loadFailed: {
          meta: { description: 'Loading the group’s looks or the voices failed; the page shows the error with Try again and Back.' },
          tags: ['failure'],
          on: { 'avatar.retry': { target: 'loading', actions: 'clearFailure' } },
        },
        editing: {
          meta: { description: 'The person picks a look and a voice and writes the title, avatar style and script; Generate is refused until title, style and script are given.' },
          on: { 'avatar.generate': { guard: 'isValidRequest', target: '#avatarGenerator.generating', actions: 'storeRequest' } },
        },
      },
    },
    generating: {
      meta: { description: 'The video is requested and rendered on the server; a progress bar says “Rendering the video…”. Cancel (or leaving the page) stops following the job.' },
      tags: ['pending'],
      invoke: {
        id: 'job',
        src: 'job',
        input: ({ context }): AiJobInput => ({ request: { kind: 'avatar', body: context.request! }, intervalMs: context.intervalMs }),
        onDone: [
          { guard: 'isReady', target: 'announcing', actions: 'storeMedia' },
          { guard: 'isCancelled', target: '#avatarGenerator.settings.editing' },
          { target: 'failed', actions: 'failJob' },
        ],
        onError: { target: 'failed', actions: 'failJobCrash' },
      },
      on: { 'avatar.cancel': '#avatarGenerator.settings.editing' },
    },
    failed: {
      meta: { description: 'Generating the video failed; the page says so with Try again (a new job with the same request) and Back to the settings.' },
      tags: ['failure'],
      on: {
        'avatar.retry': { target: 'generating', actions: 'clearFailure' },
        'avatar.back': { target: '#avatarGenerator.settings.editing', actions: 'clearFailure' },
      },
    },
    announcing: {
      meta: { description: 'The video is in the media library; its lists are refreshed and a toast says the video is ready.' },
      tags: ['pending'],
      invoke: {
        id: 'announceReady',
        src: 'announceReady',
        input: ({ context }): AnnounceReadyInput => ({ accountId: context.accountId, mediaId: context.mediaId ?? 0, title: context.request?.title ?? '' }),
        // The video exists whatever the refresh does.
        onDone: 'done',
        onError: 'done',
      },
    },
    done: {
      meta: { description: 'The video is ready: the page links to it in the media library and offers to make another.' },
      on: { 'avatar.startOver': { target: 'select', actions: 'startOver' } },
    },
  },
});

export type AvatarGeneratorMachine = typeof avatarGeneratorMachine;
