/**
 * Abstract side effects of the avatar video generator chart (issue 16 "Avatar generator"; spec 001 §2
 * "Avatar video generator", §3 "Avatar group", "Avatar", §7 `/generate/avatar*`).
 *
 * The chart only knows these shapes; the app edge (src/features/avatar/avatarGenerator.actors.ts)
 * supplies the API calls with `avatarGeneratorMachine.provide({ actors })`. The defaults throw
 * "must be provided" so a forgotten binding fails loudly. Errors are the API client's `HttpError`
 * (`status`, `code`, `detail`), read structurally by the chart. The render itself is the AI job chart
 * (machines/aiJob), invoked as the child `job` with request kind `avatar`.
 */
import { fromPromise } from 'xstate';
import type { Avatar, AvatarGroupList, AvatarVoice } from '../../server/src/modules/avatar/avatar.schemas';

/** listGroups: `GET /generate/avatar-groups?account_id&page&size` → one page of avatar groups. */
export interface ListGroupsInput {
  accountId: number;
  /** 1-based. */
  page: number;
  /** AVATAR_GROUPS_PAGE_SIZE (4, spec 001 §9). */
  size: number;
}

/**
 * loadGroup: the settings step's choices for one group — `GET /generate/avatar-groups/{groupId}/avatars`
 * (its looks) and `GET /generate/voices` (the voices), both with `account_id`.
 */
export interface LoadGroupInput {
  accountId: number;
  groupId: string;
}
export interface LoadGroupOutput {
  avatars: Avatar[];
  voices: AvatarVoice[];
}

/** announceReady: the video is in the media library — refresh its lists and tell the person (toast). */
export interface AnnounceReadyInput {
  accountId: number;
  mediaId: number;
  title: string;
}

/** Default actors: each throws "… must be provided" when started. */
export const missingAvatarGeneratorActors = {
  listGroups: fromPromise<AvatarGroupList, ListGroupsInput>(async () => {
    throw new Error('listGroups must be provided');
  }),
  loadGroup: fromPromise<LoadGroupOutput, LoadGroupInput>(async () => {
    throw new Error('loadGroup must be provided');
  }),
  announceReady: fromPromise<void, AnnounceReadyInput>(async () => {
    throw new Error('announceReady must be provided');
  }),
};
