/**
 * URL state of the media library (spec 001 §2 "Media library: /media/{type}"): the `type` path part
 * (video or image; anything else is video) and the search `name`, `page`, `order_by`,
 * `order_direction`, `gdrive=true` (opens the Google Drive import dialog). Invalid values
 * fall back to the defaults instead of failing the route.
 */
import * as v from 'valibot';

export type LibraryType = 'video' | 'image';
export const MEDIA_ORDER_BY = ['name', 'created_at', 'duration', 'status'] as const;
export type MediaOrderBy = (typeof MEDIA_ORDER_BY)[number];

/** Spec 001 §2: type is video or image; anything else is video. */
export function libraryTypeOf(param: string): LibraryType {
  return param === 'image' ? 'image' : 'video';
}

export const MEDIA_LIST_DEFAULTS = { order_by: 'created_at', order_direction: 'desc', page: 1 } as const;

const page = v.fallback(
  v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.number(), v.integer(), v.minValue(1)),
  MEDIA_LIST_DEFAULTS.page,
);

export const mediaLibrarySearchSchema = v.object({
  name: v.optional(v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(255)), ''), ''),
  page: v.optional(page, MEDIA_LIST_DEFAULTS.page),
  order_by: v.optional(v.fallback(v.picklist(MEDIA_ORDER_BY), MEDIA_LIST_DEFAULTS.order_by), MEDIA_LIST_DEFAULTS.order_by),
  order_direction: v.optional(v.fallback(v.picklist(['asc', 'desc']), MEDIA_LIST_DEFAULTS.order_direction), MEDIA_LIST_DEFAULTS.order_direction),
  gdrive: v.optional(v.pipe(v.unknown(), v.transform((x): true | undefined => (x === true || x === 'true' ? true : undefined)))),
});

export type MediaLibrarySearch = v.InferOutput<typeof mediaLibrarySearchSchema>;
