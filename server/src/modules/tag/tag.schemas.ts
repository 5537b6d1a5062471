/**
 * valibot schemas of the tag API (spec 001 §3 "Tag": id, name, account_id; §7 `GET/POST /tag`,
 * `PATCH /tag/{tagId}`; §9 "tags fetch 100"; docs/api.md "Tags").
 */
import * as v from 'valibot';
import { listOf, pageParam, positiveIntString, sizeParam } from '../../lib/list-query';

/** Longest tag name (design). */
export const TAG_NAME_MAX = 100;
/** Page size the SPA asks for and the default (spec 001 §9). */
export const TAG_LIST_DEFAULT_SIZE = 100;
/** Largest page. */
export const TAG_LIST_MAX_SIZE = 250;

/** A tag name: trimmed, not blank ('Name is required.'), at most 100 characters. */
const tagName = v.pipe(
  v.string('Name is required.'),
  v.trim(),
  v.minLength(1, 'Name is required.'),
  v.maxLength(TAG_NAME_MAX, `Must be at most ${TAG_NAME_MAX} characters.`),
);

/** `GET /tag?account_id&page&size` (size default 100). */
export const TagListQuery = v.object({
  account_id: positiveIntString('account_id must be a positive integer.'),
  page: pageParam,
  size: sizeParam(TAG_LIST_DEFAULT_SIZE, TAG_LIST_MAX_SIZE),
});
export type TagListQuery = v.InferOutput<typeof TagListQuery>;

/** `POST /tag` body `{ name, account_id }` (spec 001 §7). */
export const CreateTagBody = v.strictObject({
  name: tagName,
  account_id: v.pipe(v.number('account_id must be a positive integer.'), v.integer('account_id must be a positive integer.'), v.minValue(1, 'account_id must be a positive integer.')),
});
export type CreateTagBody = v.InferOutput<typeof CreateTagBody>;

/** `PATCH /tag/{tagId}` body `{ name }`. */
export const PatchTagBody = v.strictObject({ name: tagName });
export type PatchTagBody = v.InferOutput<typeof PatchTagBody>;

/** A tag (spec 001 §3). */
export const Tag = v.pipe(v.strictObject({ id: v.number(), name: v.string(), account_id: v.number() }), v.metadata({ ref: 'Tag' }));
export type Tag = v.InferOutput<typeof Tag>;

/** A tag as a bot carries it in `tagsList` (spec 001 §3 {product} `tagsList`). */
export const TagRef = v.pipe(v.strictObject({ id: v.number(), name: v.string() }), v.metadata({ ref: 'TagRef' }));
export type TagRef = v.InferOutput<typeof TagRef>;

/** A tag in `GET /tag`: the tag and `botCount`, how many vidbots of the account carry it (issue 15 tags tab). */
export const TagListItem = v.pipe(
  v.strictObject({ id: v.number(), name: v.string(), account_id: v.number(), botCount: v.number() }),
  v.metadata({ ref: 'TagListItem' }),
);
export type TagListItem = v.InferOutput<typeof TagListItem>;

/** `GET /tag` answer. */
export const TagList = listOf(TagListItem);
