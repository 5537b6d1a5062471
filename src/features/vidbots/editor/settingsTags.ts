/**
 * Tag calls of the settings tab (spec 001 §3 "Tag", §7 `GET/POST /tag`, §8 tag messages, §9 "tags
 * fetch 100"; issue 11 architecture §1: tags are bot-level, `PATCH /bot/{id} { tagIds }`).
 *
 * Written against the documented shapes while helper "list" builds the tag API concurrently:
 * `GET /tag?account_id&size=100` → `{ records: [{ id, name, account_id }] }`, `POST /tag
 * { name, account_id }` → the tag, `PATCH /bot/{id} { tagIds }` → the Bot with `tagsList`. The query
 * key equals the list's (`['tag', 'list', accountId]`) so both screens share one cache. Once the
 * contract declares /tag these calls can move to `typedApi` (or the list's tag.queries.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { api, HttpError } from '../../../api/client';
import type { Bot } from '../vidbot.types';

/** A tag `{ id, name, account_id }` (spec 001 §3). */
export interface Tag {
  id: number;
  name: string;
  account_id: number;
}
/** A tag as a bot carries it (`tagsList`). */
export interface TagRef {
  id: number;
  name: string;
}

/** Tags fetched per account (spec 001 §9). */
export const TAG_FETCH_SIZE = 100;

/** GET /tag?account_id&size=100 → the account's tags. */
export function accountTagsOptions(accountId: number) {
  return queryOptions({
    queryKey: ['tag', 'list', accountId] as const,
    queryFn: async ({ signal }) => (await api.get<{ records: Tag[] }>('/tag', { query: { account_id: accountId, size: TAG_FETCH_SIZE }, signal })).records,
  });
}

/** POST /tag `{ name, account_id }` → the new tag. @throws HttpError (400 with a detail, e.g. a duplicate name). */
export function createAccountTag(accountId: number, name: string): Promise<Tag> {
  return api.post<Tag>('/tag', { name, account_id: accountId });
}

/** PATCH /bot/{id} `{ tagIds }` → the Bot answer (bot-level: no new revision). */
export function setBotTags(botId: number, tagIds: readonly number[]): Promise<Bot> {
  return api.patch<Bot>(`/bot/${botId}`, { tagIds });
}

/** The tags a Bot answer carries (`tagsList`; empty before the server sends it). */
export function tagsOfBot(bot: Bot): TagRef[] {
  const list = (bot as { tagsList?: unknown }).tagsList;
  return Array.isArray(list) ? (list as TagRef[]) : [];
}

/**
 * The message of a failed tag creation (spec 001 §8): a 400 shows the server's detail, else
 * `fallback` ('Creating tag failed'); any other failure shows `fallback`.
 */
export function tagCreateErrorText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.status === 400) return error.detail || fallback;
  return fallback;
}
