/**
 * Request and response shapes of the media API (docs/api.md "Media"; spec 001 §3, §7).
 */
import * as v from 'valibot';
import type { MediaCrop, MediaStatus } from '../../db/schema';
import { isCaptionLanguage } from '../../media/languages';
import { MEDIA_KINDS, VIDEO_KINDS } from '../../media/sniff';

const name = v.pipe(
  v.string('Name is required.'),
  v.trim(),
  v.nonEmpty('Name is required.'),
  v.maxLength(255, 'Name must be at most 255 characters.'),
);

/** `POST /media` body. */
export const CreateMediaBody = v.object({
  type: v.picklist(MEDIA_KINDS, `Type must be one of ${MEDIA_KINDS.join(', ')}.`),
  name,
  accountId: v.pipe(v.number('accountId must be a number.'), v.integer('accountId must be an integer.'), v.minValue(1, 'accountId must be positive.')),
});
export type CreateMediaBody = v.InferOutput<typeof CreateMediaBody>;

/** tus `Upload-Metadata` (name, type; tus takes video kinds only). */
export const TusMetadata = v.object({
  name,
  type: v.picklist(VIDEO_KINDS, `Type must be one of ${VIDEO_KINDS.join(', ')} for resumable uploads.`),
});

const intParam = (field: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, `${field} must be a whole number.`),
      v.transform(Number),
      v.minValue(min, `${field} must be at least ${min}.`),
      v.maxValue(max, `${field} must be at most ${max}.`),
    ),
    String(fallback),
  );

const kindOrType = v.picklist([...MEDIA_KINDS, 'VIDEO', 'IMAGE'] as const);

/** `GET /media` query. `media_types` is a comma list of kinds (or VIDEO / IMAGE). */
export const ListMediaQuery = v.object({
  account_id: v.pipe(v.string('account_id is required.'), v.regex(/^\d+$/, 'account_id must be a number.'), v.transform(Number)),
  page: intParam('page', 1, 1_000_000, 1),
  size: intParam('size', 1, 250, 10),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(255, 'name is too long.'))),
  media_types: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean)),
      v.array(kindOrType, `media_types must list kinds from ${MEDIA_KINDS.join(', ')} (or VIDEO, IMAGE).`),
    ),
  ),
  order_by: v.optional(v.picklist(['name', 'created_at', 'updated_at', 'duration', 'status', 'type'] as const, 'order_by must be one of name, created_at, updated_at, duration, status, type.'), 'created_at'),
  order_direction: v.optional(v.picklist(['asc', 'desc'] as const, 'order_direction must be asc or desc.'), 'desc'),
});

/** One caption of a media: `url` is the public `/files/…` address of the .vtt (player text track). */
export const CaptionJson = v.strictObject({
  id: v.number(),
  languageCode: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
  url: v.string(),
});
export type CaptionJson = v.InferOutput<typeof CaptionJson>;

const mediaEntries = {
  id: v.number(),
  accountId: v.number(),
  name: v.string(),
  type: v.picklist(MEDIA_KINDS),
  mediaType: v.picklist(['VIDEO', 'IMAGE']),
  status: v.picklist(['Draft', 'Ready', 'Error'] as const satisfies readonly MediaStatus[]),
  url: v.nullable(v.string()),
  thumbnailUrl: v.nullable(v.string()),
  previewUrl: v.nullable(v.string()),
  /** Seconds. */
  duration: v.nullable(v.number()),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  /** Bytes. */
  size: v.nullable(v.number()),
  /** ISO 8601. */
  createdAt: v.string(),
  errorReason: v.nullable(v.string()),
  /** Crop of spec 001 §3: x, y in percent (0..100), scale 0.5..5; 50, 50, 1 when never set. */
  crop: v.strictObject({ x: v.number(), y: v.number(), scale: v.number() }),
  /** Set while this row is an unfinished replacement upload of another media (POST /media/{id}/replace). */
  replacesId: v.nullable(v.number()),
  captions: v.array(CaptionJson),
};

/** The `Media` JSON (spec 001 §3). `duration` in seconds, `size` in bytes, urls under `/files/`. */
export const MediaJson = v.pipe(v.strictObject(mediaEntries), v.metadata({ ref: 'Media' }));
export type MediaJson = v.InferOutput<typeof MediaJson>;

/** `GET /media` answer. */
export const MediaList = v.object({
  records: v.array(MediaJson),
  metadata: v.object({ page: v.number(), pageSize: v.number(), pageCount: v.number(), totalCount: v.number() }),
});

/** A published bot that uses a media item. */
export const BotRef = v.strictObject({ id: v.number(), publicId: v.string(), name: v.string() });

/** `GET /media/{id}/usage`. */
export const MediaUsage = v.strictObject({ publishedBots: v.array(BotRef) });
/** `DELETE /media/{id}`: the deleted id and the published bots that lost it. */
export const MediaDeleted = v.strictObject({ id: v.number(), publishedBots: v.array(BotRef) });

/** Spec 001 §3 "Crop" default. */
export const DEFAULT_CROP: MediaCrop = { x: 50, y: 50, scale: 1 };

const percent = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number.`),
    v.minValue(0, `${field} must be at least 0.`),
    v.maxValue(100, `${field} must be at most 100.`),
  );

/** Crop (spec 001 §3, §5, §9): x, y 0..100 %, scale 0.5..5 in steps of 0.1 (rounded to one decimal). */
export const CropBody = v.object({
  x: percent('x'),
  y: percent('y'),
  scale: v.pipe(
    v.number('scale must be a number.'),
    v.minValue(0.5, 'scale must be at least 0.5.'),
    v.maxValue(5, 'scale must be at most 5.'),
    v.transform((n) => Math.round(n * 10) / 10),
  ),
});

/** `PATCH /media/{id}` body: rename (name required when given, spec 001 §5) and/or crop. */
export const UpdateMediaBody = v.pipe(
  v.object({
    name: v.optional(name),
    crop: v.optional(v.nullable(CropBody)),
  }),
  v.check((b) => b.name !== undefined || b.crop !== undefined, 'Give a name or a crop.'),
);
export type UpdateMediaBody = v.InferOutput<typeof UpdateMediaBody>;

/** `PUT /media/{id}/caption` query: `language` an ISO 639-1 code; `account_id` optional (the media's account decides). */
export const CaptionQuery = v.object({
  account_id: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'account_id must be a number.'), v.transform(Number))),
  language: v.pipe(
    v.string('language is required.'),
    v.trim(),
    v.toLowerCase(),
    v.check(isCaptionLanguage, 'language must be an ISO 639-1 language code.'),
  ),
});

/** `POST /media`, `POST /media/{id}/replace`: the media plus where to send the file (multipart). */
export const CreatedMediaJson = v.pipe(
  v.strictObject({ ...mediaEntries, uploadUrl: v.strictObject({ uploadUrl: v.string(), uploadToken: v.string() }) }),
  v.metadata({ ref: 'CreatedMedia' }),
);
export type CreatedMediaJson = v.InferOutput<typeof CreatedMediaJson>;
