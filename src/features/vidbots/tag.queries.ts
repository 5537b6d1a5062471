/**
 * Tags of an account (spec 001 §3 "Tag", §7 `GET/POST /tag`, `PATCH /tag/{tagId}`, §8 tag errors,
 * §9 "tags fetch 100"; docs/api.md "Tags"). Used by the list's tag filter and row tag editor, and by
 * the editor's settings tab.
 */
import { queryOptions } from '@tanstack/react-query';
import { HttpError } from '../../api/client';
import { typedApi, type Schema } from '../../api/contract';

/** A tag `{ id, name, account_id }`. */
export type Tag = Schema<'Tag'>;
/** A tag as bots carry it (`tagsList`). */
export type TagRef = Schema<'TagRef'>;

/** Tags fetched per account (spec 001 §9). */
export const TAG_FETCH_SIZE = 100;

export const tagKeys = {
  all: ['tag'] as const,
  list: (accountId: number) => ['tag', 'list', accountId] as const,
};

/** GET /tag?account_id&size=100 → the account's tags by name. */
export function tagListOptions(accountId: number) {
  return queryOptions({
    queryKey: tagKeys.list(accountId),
    queryFn: async ({ signal }) => (await typedApi.get('/tag', { query: { account_id: accountId, size: TAG_FETCH_SIZE }, signal })).records,
  });
}

/** POST /tag `{ name, account_id }` → the new tag (400 for a name the account already has). */
export function createTag(accountId: number, name: string): Promise<Tag> {
  return typedApi.post('/tag', { body: { name, account_id: accountId } });
}

/** PATCH /tag/{tagId} `{ name }`. */
export function renameTag(tagId: number, name: string): Promise<Tag> {
  return typedApi.patch('/tag/{tagId}', { path: { tagId }, body: { name } });
}

/**
 * The message of a failed tag creation (spec 001 §8): a 400 shows the server's detail (or
 * `fallback` without one); any other failure shows `fallback` ('Creating tag failed').
 */
export function tagCreateErrorText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.status === 400) return error.detail || fallback;
  return fallback;
}
