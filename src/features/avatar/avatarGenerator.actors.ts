/**
 * Real actors of the avatar video generator chart (machines/aiWizard/avatarGenerator), bound at the
 * app edge (issue 16; spec 001 §7 `/generate/avatar*`): the avatar groups page, a group's looks plus
 * the voices, the job chart bound to the API (`aiJobLogic`: POST /generate/avatar, then
 * GET /gen-ai/status/{id}), and the media-list refresh + toast when the video is ready.
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AvatarGroupList, AvatarList, AvatarVoice } from '../../../server/src/modules/avatar/avatar.schemas';
import { avatarGeneratorMachine } from '../../../machines/aiWizard/avatarGenerator.machine';
import type { AnnounceReadyInput, ListGroupsInput, LoadGroupInput, LoadGroupOutput } from '../../../machines/aiWizard/avatarGenerator.actors';
import { aiJobLogic } from '../ai/aiJob.actors';
import { invalidateMediaLists } from '../media/library/library.queries';

/** What the bindings need from the page. */
export interface AvatarGeneratorEdge {
  queryClient: QueryClient;
  /** Shows the "video is ready" toast (worded by the page through Lingui). */
  announceReady: (title: string) => void;
}

/** `GET /generate/avatar-groups?account_id&page&size` (4 per page, spec 001 §9). */
export function listAvatarGroups(input: ListGroupsInput, signal?: AbortSignal): Promise<AvatarGroupList> {
  return api.get<AvatarGroupList>('/generate/avatar-groups', { query: { account_id: input.accountId, page: input.page, size: input.size }, signal });
}

/** A group's looks and the voices: `GET /generate/avatar-groups/{groupId}/avatars` and `GET /generate/voices`, in parallel. */
export async function loadAvatarGroup(input: LoadGroupInput, signal?: AbortSignal): Promise<LoadGroupOutput> {
  const query = { account_id: input.accountId };
  const [avatars, voices] = await Promise.all([
    api.get<AvatarList>(`/generate/avatar-groups/${encodeURIComponent(input.groupId)}/avatars`, { query, signal }),
    api.get<{ records: AvatarVoice[] }>('/generate/voices', { query, signal }),
  ]);
  return { avatars: avatars.records, voices: voices.records };
}

/** The chart with the app's actors. */
export function createAvatarGeneratorMachine(edge: AvatarGeneratorEdge) {
  return avatarGeneratorMachine.provide({
    actors: {
      listGroups: fromPromise<AvatarGroupList, ListGroupsInput>(({ input, signal }) => listAvatarGroups(input, signal)),
      loadGroup: fromPromise<LoadGroupOutput, LoadGroupInput>(({ input, signal }) => loadAvatarGroup(input, signal)),
      job: aiJobLogic,
      announceReady: fromPromise<void, AnnounceReadyInput>(async ({ input }) => {
        edge.announceReady(input.title);
        await invalidateMediaLists(edge.queryClient);
      }),
    },
  });
}
