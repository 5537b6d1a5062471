/**
 * Calls of the widgets area (issue 15 "Widgets"; spec 002 §7 Widgets, §9 page size 10; architecture
 * note §4 for the contract). Answers are typed by the server's valibot contracts
 * (server/src/modules/widget/widget.schemas.ts) through `api`; the lead may switch these to
 * `typedApi` once the widget routes are in the generated `paths`.
 *
 * Every call throws `HttpError` on a non-2xx answer: 403 (`featureDisabled` without the account's
 * `dashboard:new_widgets` feature, or no right by spec 002 §6), 404 (unknown widget), 422 with field
 * messages, 409 `revisionConflict` for a stale save.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { BotListItem } from '../vidbots/vidbot.types';
import type { CreateWidgetBody, WidgetDetail, WidgetListItem, WidgetStatus } from '../../../server/src/modules/widget/widget.schemas';
import type { WidgetList } from '../../../server/src/modules/widget/widget.list.schemas';

export type { WidgetDetail, WidgetList, WidgetListItem, WidgetStatus };

/** Widget list page size (spec 002 §9). Same value as the server's WIDGET_LIST_SIZE. */
export const WIDGETS_PAGE_SIZE = 10;
/** Bot picker fetch size (spec 002 §9 "bot pickers 100"). */
export const BOT_PICKER_SIZE = 100;

export const widgetKeys = {
  all: ['widget'] as const,
  list: (accountId: number, page: number) => ['widget', 'list', accountId, page] as const,
  detail: (id: number) => ['widget', 'detail', id] as const,
  pickerBots: (accountId: number, name: string) => ['bot', 'widget-picker', accountId, name] as const,
};

/** `GET /widget?account_id&page&size=10` → one page of the account's widgets (`records`, `metadata`). */
export function widgetListOptions(accountId: number, page: number) {
  return queryOptions({
    queryKey: widgetKeys.list(accountId, page),
    queryFn: ({ signal }) => api.get<WidgetList>('/widget', { query: { account_id: accountId, page, size: WIDGETS_PAGE_SIZE }, signal }),
  });
}

/** `POST /widget` `{ accountId, name, type }` → 201 the new widget (revision 1, Draft). */
export function createWidget(body: CreateWidgetBody): Promise<WidgetDetail> {
  return api.post<WidgetDetail>('/widget', body);
}

/** `POST /widget/{id}/clone` → 201 the copy in the same account (a Draft). */
export function cloneWidget(id: number): Promise<WidgetDetail> {
  return api.post<WidgetDetail>(`/widget/${id}/clone`);
}

/** `POST /widget/{id}/copy-to-account?target_account_id=` → 201 the copy (a Draft) in that account. */
export function copyWidgetToAccount(id: number, targetAccountId: number): Promise<WidgetDetail> {
  return api.post<WidgetDetail>(`/widget/${id}/copy-to-account`, undefined, { query: { target_account_id: targetAccountId } });
}

/** `DELETE /widget/{id}` → `{ id }` (a published carousel stops serving). */
export function deleteWidget(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`/widget/${id}`);
}

/** `PATCH /widget/{id}` `{ status }`: Deactivated deactivates, Published reactivates (staff only, spec 002 §4, §6). */
export function setWidgetStatus(id: number, status: 'Published' | 'Deactivated'): Promise<WidgetDetail> {
  return api.patch<WidgetDetail>(`/widget/${id}`, { status });
}

/**
 * The bot picker's choices (spec 002 §4 "Bot selection offers only published bots", §9 size 100):
 * `GET /bot?account_id&bot_name&size=100&order_by=name&order_direction=asc`, kept to status
 * Published (the bot list has no status filter, so the page is filtered here).
 */
export function publishedBotsOptions(accountId: number, name: string) {
  return queryOptions({
    queryKey: widgetKeys.pickerBots(accountId, name),
    queryFn: async ({ signal }) => {
      const page = await api.get<{ records: BotListItem[] }>('/bot', {
        query: { account_id: accountId, bot_name: name || undefined, size: BOT_PICKER_SIZE, order_by: 'name', order_direction: 'asc' },
        signal,
      });
      return page.records.filter((b) => b.status === 'Published');
    },
  });
}

/** After a create, copy, clone, delete or status change: every cached widget list and detail. */
export function invalidateWidgets(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: widgetKeys.all });
}

/**
 * The published vidbots having any of `tagIds` (ByTags content; its Custom order is chosen among
 * them): `GET /bot?account_id&tag_ids&size=100&order_by=name`, kept to status Published.
 */
export function taggedBotsOptions(accountId: number, tagIds: readonly number[]) {
  const sorted = [...tagIds].sort((a, b) => a - b);
  return queryOptions({
    queryKey: ['bot', 'widget-tagged', accountId, sorted] as const,
    queryFn: async ({ signal }) => {
      if (sorted.length === 0) return [];
      const page = await api.get<{ records: BotListItem[] }>('/bot', {
        query: { account_id: accountId, tag_ids: sorted.join(','), size: BOT_PICKER_SIZE, order_by: 'name', order_direction: 'asc' },
        signal,
      });
      return page.records.filter((b) => b.status === 'Published');
    },
  });
}
