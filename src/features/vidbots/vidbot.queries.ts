/**
 * queryOptions factories and calls of the vidbot area (docs/api.md "Bots"; spec 001 §2, §7).
 */
import { queryOptions } from '@tanstack/react-query';
import { typedApi } from '../../api/contract';
import { contentOf } from '../../../machines/editor/editor.actors';
import type { Bot, BotContent, BotListItem, BotOrderBy, BotPrivacy, OrderDirection } from './vidbot.types';

export { contentOf };

/** Vidbot list page size (spec 001 §2, §9). */
export const BOT_PAGE_SIZE = 10;

/** Parameters of one list page (the URL search plus the account). */
export interface BotListParams {
  accountId: number;
  page: number;
  order_by: BotOrderBy;
  order_direction: OrderDirection;
  bot_name?: string;
  /** Tag filter: bots having any of these tags (spec 001 §2, §7). */
  tag_ids?: number[];
}

export const vidbotKeys = {
  all: ['bot'] as const,
  list: (params: BotListParams) => ['bot', 'list', params] as const,
  detail: (id: number) => ['bot', 'detail', id] as const,
};

/** GET /bot?account_id&page&size&order_by&order_direction&bot_name&tag_ids. */
export function botListOptions(params: BotListParams) {
  return queryOptions({
    queryKey: vidbotKeys.list(params),
    queryFn: ({ signal }) =>
      typedApi.get('/bot', {
        query: {
          account_id: params.accountId,
          page: params.page,
          size: BOT_PAGE_SIZE,
          order_by: params.order_by,
          order_direction: params.order_direction,
          bot_name: params.bot_name || undefined,
          tag_ids: params.tag_ids?.length ? params.tag_ids.join(',') : undefined,
        },
        signal,
      }),
  });
}

/** GET /bot/{id} (latest revision). */
export function botOptions(id: number) {
  return queryOptions({
    queryKey: vidbotKeys.detail(id),
    queryFn: ({ signal }) => typedApi.get('/bot/{id}', { path: { id }, signal }),
  });
}

/** POST /bot `{ accountId, name, privacy }` → the new Bot (revision 1, Draft). */
export function createBot(body: { accountId: number; name: string; privacy: BotPrivacy }): Promise<Bot> {
  return typedApi.post('/bot', { body });
}

/** The wire form of a draft: an empty `settings` record is left out (nothing to store). */
function contentBody(content: BotContent) {
  const { settings, ...rest } = content;
  return Object.keys(settings).length === 0 ? rest : content;
}

/**
 * PATCH /bot/{id} `{ content, baseRevisionId }` → a new Draft revision; answers the Bot.
 * `baseRevisionId` is the revision the draft was based on (issue 11 architecture §1 two-tab safety):
 * @throws HttpError 409 `revisionConflict` when another save came first; 422 with field messages
 * for invalid content; 403 when the person may not edit (spec 001 §6).
 */
export function saveBotContent(botId: number, content: BotContent, baseRevisionId: number | null): Promise<Bot> {
  const body = { content: contentBody(content), ...(baseRevisionId === null ? {} : { baseRevisionId }) };
  return typedApi.patch('/bot/{id}', { path: { id: botId }, body });
}

/** GET /bot/{id}?mode= — the latest revision (draft) or the published one (404 when never published). */
export function fetchBot(botId: number, mode: 'draft' | 'published'): Promise<Bot> {
  return typedApi.get('/bot/{id}', { path: { id: botId }, query: { mode } });
}

/** PATCH /bot/{id} `{ status: 'Published' }` (422 noSlidesPublish without an INTRO slide). */
export function setBotPublished(botId: number): Promise<Bot> {
  return typedApi.patch('/bot/{id}', { path: { id: botId }, body: { status: 'Published' } });
}

/** PATCH /bot/{id}/revision/{revisionId}/status `{ status: 'Published' }`. */
export function publishBotRevision(botId: number, revisionId: number): Promise<Bot> {
  return typedApi.patch('/bot/{id}/revision/{revisionId}/status', { path: { id: botId, revisionId }, body: { status: 'Published' } });
}

/** POST /bot/{id}/clone → the new Draft "<name> (Copy)" in the same account (spec 001 §2 row menu "duplicate"). */
export function cloneVidbot(botId: number): Promise<Bot> {
  return typedApi.post('/bot/{id}/clone', { path: { id: botId } });
}

/** POST /bot/{id}/copy-to-account?target_account_id= → the copy (a Draft) in that account, its media copied along. */
export function copyVidbotToAccount(botId: number, targetAccountId: number): Promise<Bot> {
  return typedApi.post('/bot/{id}/copy-to-account', { path: { id: botId }, query: { target_account_id: targetAccountId } });
}

/** DELETE /bot/{id} (a published bot stops serving). */
export function deleteVidbot(botId: number): Promise<{ id: number }> {
  return typedApi.delete('/bot/{id}', { path: { id: botId } });
}

/** PATCH /bot/{id} `{ status }`: 'Deactivated' deactivates a Published bot, 'Published' reactivates a Deactivated one (staff only, spec 001 §4). */
export function setVidbotStatus(botId: number, status: 'Published' | 'Deactivated'): Promise<Bot> {
  return typedApi.patch('/bot/{id}', { path: { id: botId }, body: { status } });
}

/** PATCH /bot/{id} `{ tagIds }`: replaces the bot's tags (bot-level, applies at once). */
export function setVidbotTags(botId: number, tagIds: number[]): Promise<Bot> {
  return typedApi.patch('/bot/{id}', { path: { id: botId }, body: { tagIds } });
}
