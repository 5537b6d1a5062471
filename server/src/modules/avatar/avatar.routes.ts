/**
 * HTTP routes of the avatar video generator (issue 16 "Avatar generator"; spec 001 §7 `POST
 * /generate/avatar`, `GET /generate/avatar-groups`, `GET /generate/avatar-groups/{groupId}/avatars`;
 * docs/api.md "Avatar videos", docs/ai.md). Mounted at `/api/generate` (authenticated). Each route
 * declares its contract (lib/contract.ts), validates with the schemas of avatar.schemas.ts (422 with
 * field messages) and delegates to avatar.service.ts.
 */
import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import type { AppDeps, AppEnv } from '../../lib/context';
import { route } from '../../lib/contract';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { AiJobCreated } from '../ai/ai.schemas';
import { AvatarAccountQuery, AvatarGroupList, AvatarGroupParam, AvatarGroupsQuery, AvatarList, AvatarVideoRequest, AvatarVoiceList } from './avatar.schemas';
import { createAvatarVideo, listAvatarGroups, listAvatarVoices, listGroupAvatars } from './avatar.service';

const tags = ['Avatar videos'];
const RIGHTS =
  'Staff, or an Active role other than Viewer in the account (Viewer 403; no role 404), in an account with the feature `video_generation` (else 403 `featureDisabled`). Provider failures answer 502 `avatarProviderError`.';

/** `/api/generate` routes: avatar groups, avatars of a group, voices, and the render job. */
export function avatarRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get(
    '/avatar-groups',
    route({
      summary: 'List avatar groups',
      description: `One page (\`size\` default 4, spec 001 §9) of the provider's avatar groups: with the embedded ffmpeg provider, one group per Ready image of the account's media library (id \`media-<mediaId>\`); with HeyGen, the HeyGen account's groups. ${RIGHTS}`,
      tags,
      responses: { 200: AvatarGroupList },
      errors: [401, 403, 404, 422, 502],
    }),
    validate('query', AvatarGroupsQuery),
    async (c) => c.json(await listAvatarGroups(deps, c.get('user'), c.req.valid('query'))),
  );

  r.get(
    '/avatar-groups/:groupId/avatars',
    route({
      summary: 'List the avatars of a group',
      description: `The looks of one avatar group (spec 001 §3 Avatar: avatarId, avatarName, voiceId, previewImageUrl, previewVideoUrl); 404 for an unknown group or another account's image. ${RIGHTS}`,
      tags,
      responses: { 200: AvatarList },
      errors: [401, 403, 404, 422, 502],
    }),
    validator('param', AvatarGroupParam, (result) => {
      if (!result.success) throw notFound('Avatar group not found.');
    }),
    validate('query', AvatarAccountQuery),
    async (c) => c.json(await listGroupAvatars(deps, c.get('user'), c.req.valid('query').account_id, c.req.valid('param').groupId)),
  );

  r.get(
    '/voices',
    route({
      summary: 'List the voices',
      description: `Voices the provider speaks with: espeak-ng's \`en\` and \`fi\` (embedded provider with espeak-ng installed), one \`silent\` voice (without it), or HeyGen's voices. ${RIGHTS}`,
      tags,
      responses: { 200: AvatarVoiceList },
      errors: [401, 403, 404, 422, 502],
    }),
    validate('query', AvatarAccountQuery),
    async (c) => c.json(await listAvatarVoices(deps, c.get('user'), c.req.valid('query').account_id)),
  );

  r.post(
    '/avatar',
    route({
      summary: 'Generate an avatar video',
      description: `Queues a 720×1280 talking-photo video (spec 001 §3 Avatar video request; title, avatar style and script required, §5) as an AI job of type \`avatar\`: 202 \`{ jobId, type, status }\`; poll \`GET /gen-ai/status/{jobId}\` (statuses queued → generating_script (rendering, progress 0..1) → completed (landing in the media library) → ready with \`result.mediaId\`, or failed with \`error\`). The video lands in the media library as a SlideVideo named after the title and is processed like an upload. 422 \`media_tools_missing\` when this server cannot process videos. ${RIGHTS}`,
      tags,
      responses: { 202: AiJobCreated },
      errors: [400, 401, 403, 404, 422],
    }),
    validate('json', AvatarVideoRequest),
    async (c) => c.json(await createAvatarVideo(deps, c.get('user'), c.req.valid('json')), 202),
  );

  return r;
}
