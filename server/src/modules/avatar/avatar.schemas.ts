/**
 * Avatar video generator contracts (issue 16 "Avatar generator"; spec 001 §2 "Avatar video generator",
 * §3 "Avatar group", "Avatar", "Avatar video request", §5 avatar rules, §7 `/generate/avatar*`, §9).
 *
 * The request is HeyGen-shaped (spec 001 §3 names talking photos and text voices) whichever provider
 * renders it: the embedded ffmpeg provider or a HeyGen-compatible API (avatar.types.ts). The job is an
 * AI job (ai.schemas.ts `AiJob` type `avatar`, result `{ mediaId }`), polled at `GET /gen-ai/status/{id}`.
 */
import * as v from 'valibot';

/** Avatar groups per page (spec 001 §9). */
export const AVATAR_GROUPS_PAGE_SIZE = 4;
/** Generated video size in px (spec 001 §9: 720×1280, portrait). */
export const AVATAR_VIDEO_DIMENSION = { width: 720, height: 1280 } as const;
/** Talking-photo scale (spec 001 §9). */
export const AVATAR_SCALE = 1.1;
/** Talking-photo styles (HeyGen `talking_photo_style`). */
export const AVATAR_STYLES = ['square', 'circle'] as const;
export type AvatarStyle = (typeof AVATAR_STYLES)[number];
/** Longest script, characters (HeyGen's text-voice limit is 5000). */
export const AVATAR_SCRIPT_MAX = 5000;

/** Avatar group (spec 001 §3). `previewImage` an absolute or same-origin URL, or null. */
export const AvatarGroup = v.pipe(
  v.strictObject({ id: v.string(), name: v.string(), numLooks: v.number(), previewImage: v.nullable(v.string()) }),
  v.metadata({ ref: 'AvatarGroup' }),
);
export type AvatarGroup = v.InferOutput<typeof AvatarGroup>;

/** `GET /generate/avatar-groups?account_id&page&size` answer (DESIGN §3 list shape). */
export const AvatarGroupList = v.pipe(
  v.strictObject({
    records: v.array(AvatarGroup),
    metadata: v.strictObject({ page: v.number(), pageSize: v.number(), pageCount: v.number(), totalCount: v.number() }),
  }),
  v.metadata({ ref: 'AvatarGroupList' }),
);
export type AvatarGroupList = v.InferOutput<typeof AvatarGroupList>;

/** Avatar (spec 001 §3): one look of a group, with its default voice. */
export const Avatar = v.pipe(
  v.strictObject({
    avatarId: v.string(),
    avatarName: v.string(),
    voiceId: v.nullable(v.string()),
    previewImageUrl: v.nullable(v.string()),
    previewVideoUrl: v.nullable(v.string()),
  }),
  v.metadata({ ref: 'Avatar' }),
);
export type Avatar = v.InferOutput<typeof Avatar>;

/** `GET /generate/avatar-groups/{groupId}/avatars?account_id` answer. */
export const AvatarList = v.pipe(v.strictObject({ records: v.array(Avatar) }), v.metadata({ ref: 'AvatarList' }));
export type AvatarList = v.InferOutput<typeof AvatarList>;

/** A voice the provider can speak with (for the settings step's voice picker). */
export const AvatarVoice = v.pipe(
  v.strictObject({ voiceId: v.string(), name: v.string(), language: v.string() }),
  v.metadata({ ref: 'AvatarVoice' }),
);
export type AvatarVoice = v.InferOutput<typeof AvatarVoice>;

const trimmedRequired = (label: string, max: number) =>
  v.pipe(v.string(`${label} is required.`), v.trim(), v.minLength(1, `${label} is required.`), v.maxLength(max, `${label} must be at most ${max} characters.`));

/**
 * `POST /generate/avatar` body = the avatar video request of spec 001 §3. Title, avatar style and
 * script (`inputText`) are required (spec 001 §5). Answers 202 `AiJobCreated` (type `avatar`).
 */
export const AvatarVideoRequest = v.pipe(
  v.strictObject({
    accountId: v.pipe(v.number('accountId must be a number.'), v.integer(), v.minValue(1)),
    title: trimmedRequired('Title', 200),
    dimension: v.optional(
      v.strictObject({ width: v.literal(AVATAR_VIDEO_DIMENSION.width), height: v.literal(AVATAR_VIDEO_DIMENSION.height) }),
      { ...AVATAR_VIDEO_DIMENSION },
    ),
    /** Burn the script in as captions. */
    caption: v.optional(v.boolean(), true),
    videoInputs: v.pipe(
      v.array(
        v.strictObject({
          character: v.strictObject({
            type: v.literal('talking_photo'),
            talkingPhotoId: trimmedRequired('Avatar', 100),
            talkingPhotoStyle: v.picklist(AVATAR_STYLES, 'Avatar style is required.'),
            scale: v.optional(v.literal(AVATAR_SCALE), AVATAR_SCALE),
          }),
          voice: v.strictObject({
            type: v.literal('text'),
            voiceId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100))), null),
            inputText: trimmedRequired('Script', AVATAR_SCRIPT_MAX),
          }),
        }),
      ),
      v.length(1, 'Exactly one video input.'),
    ),
  }),
  v.metadata({ ref: 'AvatarVideoRequest' }),
);
export type AvatarVideoRequest = v.InferOutput<typeof AvatarVideoRequest>;

// ---------------------------------------------------------------------------------------------
// Query strings of the listing routes (values arrive as strings; 422 with field messages)

const accountIdString = v.pipe(
  v.string('account_id is required.'),
  v.trim(),
  v.regex(/^\d{1,9}$/, 'account_id must be a positive integer.'),
  v.transform(Number),
  v.minValue(1, 'account_id must be a positive integer.'),
);
const intString = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,9}$/, `${label} must be an integer between ${min} and ${max}.`),
    v.transform(Number),
    v.minValue(min, `${label} must be an integer between ${min} and ${max}.`),
    v.maxValue(max, `${label} must be an integer between ${min} and ${max}.`),
  );

/** `GET /generate/avatar-groups?account_id&page&size` (size default 4, at most 50). */
export const AvatarGroupsQuery = v.object({
  account_id: accountIdString,
  page: v.optional(intString('page', 1, 999_999_999), '1'),
  size: v.optional(intString('size', 1, 50), String(AVATAR_GROUPS_PAGE_SIZE)),
});
export type AvatarGroupsQuery = v.InferOutput<typeof AvatarGroupsQuery>;

/** `GET /generate/avatar-groups/{groupId}/avatars?account_id` and `GET /generate/voices?account_id`. */
export const AvatarAccountQuery = v.object({ account_id: accountIdString });

/** `{groupId}` of `/generate/avatar-groups/{groupId}/avatars`: the provider's group id. */
export const AvatarGroupParam = v.object({ groupId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });

/** `GET /generate/voices` answer. */
export const AvatarVoiceList = v.pipe(v.strictObject({ records: v.array(AvatarVoice) }), v.metadata({ ref: 'AvatarVoiceList' }));
export type AvatarVoiceList = v.InferOutput<typeof AvatarVoiceList>;
