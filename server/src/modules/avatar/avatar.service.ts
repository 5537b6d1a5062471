/**
 * Avatar video generator rules (issue 16 "Avatar generator"; spec 001 §2 "Avatar video generator",
 * §3, §5 "Avatar video: title, avatar style, script required", §7 `/generate/avatar*`, §9; docs/ai.md
 * "Avatar videos"). Routes validate and delegate here; the provider (avatar.providers.ts) answers the
 * groups, avatars and voices; the video itself is an AI job of type `avatar` run by avatar.job.ts.
 *
 * Every call first checks the rights of avatar.policy.ts (404 account, 403 Viewer, 403 `featureDisabled`).
 * Provider failures: an unknown group → 404; anything else the provider refuses or cannot answer →
 * 502 `avatarProviderError` with its message.
 */
import type { AppDeps, AuthUser } from '../../lib/context';
import { HttpError, notFound } from '../../lib/errors';
import { AVATAR_RENDER, createAiJob } from '../ai/ai.repo';
import type { AiJobCreated } from '../ai/ai.schemas';
import { assertMediaToolsFor } from '../media/media.service';
import { assertCanGenerateAvatar } from './avatar.policy';
import { createAvatarProvider } from './avatar.providers';
import type { AvatarGroupList, AvatarGroupsQuery, AvatarList, AvatarVideoRequest, AvatarVoiceList } from './avatar.schemas';
import { AvatarProviderError } from './avatar.types';

/** Maps a provider error to the HTTP answer (see the file comment); other errors pass through. */
function providerFailure(err: unknown): never {
  if (err instanceof AvatarProviderError) {
    if (err.message === 'Avatar group not found.') throw notFound(err.message);
    throw new HttpError(502, err.message, 'avatarProviderError');
  }
  throw err;
}

/** `GET /generate/avatar-groups`: one page (size 4 by default, spec 001 §9) of the provider's groups. */
export async function listAvatarGroups(deps: AppDeps, user: AuthUser, q: AvatarGroupsQuery): Promise<AvatarGroupList> {
  await assertCanGenerateAvatar(deps.db, user, q.account_id);
  const { records, totalCount } = await createAvatarProvider(deps).listGroups(q.account_id, q.page, q.size).catch(providerFailure);
  return { records, metadata: { page: q.page, pageSize: q.size, pageCount: Math.ceil(totalCount / q.size), totalCount } };
}

/** `GET /generate/avatar-groups/{groupId}/avatars`: the looks of one group (404 unknown group). */
export async function listGroupAvatars(deps: AppDeps, user: AuthUser, accountId: number, groupId: string): Promise<AvatarList> {
  await assertCanGenerateAvatar(deps.db, user, accountId);
  return { records: await createAvatarProvider(deps).listAvatars(accountId, groupId).catch(providerFailure) };
}

/** `GET /generate/voices`: the voices the provider can speak with. */
export async function listAvatarVoices(deps: AppDeps, user: AuthUser, accountId: number): Promise<AvatarVoiceList> {
  await assertCanGenerateAvatar(deps.db, user, accountId);
  return { records: await createAvatarProvider(deps).listVoices().catch(providerFailure) };
}

/**
 * `POST /generate/avatar`: queues the render as an AI job of type `avatar` (row + `avatar.render`
 * queue job in one transaction); the client polls `GET /gen-ai/status/{jobId}` until `ready`
 * `{ mediaId }` or `failed`.
 * @throws 404 / 403 / 403 featureDisabled (avatar.policy.ts); 422 `media_tools_missing` when this
 *   server cannot process videos (the result lands in the media library through `media.process`).
 */
export async function createAvatarVideo(deps: AppDeps, user: AuthUser, body: AvatarVideoRequest): Promise<AiJobCreated> {
  await assertCanGenerateAvatar(deps.db, user, body.accountId);
  assertMediaToolsFor(deps.env, 'SlideVideo');
  const row = await createAiJob(deps.db, { accountId: body.accountId, userId: user.id, type: 'avatar', input: body as unknown as Record<string, unknown> }, AVATAR_RENDER);
  return { jobId: row.id, type: 'avatar', status: row.status };
}
