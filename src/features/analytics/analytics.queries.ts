/**
 * queryOptions factories and calls of the analytics page (spec 002 §7 Analytics calls; docs/api.md
 * "Analytics"): `GET /analytics` (per-bot rows + totals), `/analytics/total/{id}` (totals),
 * `/analytics/total/{id}/daily` (chart points), `/analytics/widget/{id}` (per-slider rows),
 * `/analytics/bot/{id}` (detail), `/analytics/settings/{id}` GET and PUT. Errors are the client's
 * `HttpError` (404 without a role in the account, 403 for a settings PUT by someone else, 422).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Channel } from '../../../embed/shared/analytics';
import { typedApi, type Schema } from '../../api/contract';
import type { AnalyticsChartApiQuery } from './analyticsQuery';
import type { AnalyticsListApiQuery } from './analyticsSearch';

export type AnalyticsSettings = Schema<'AnalyticsSettings'>;

export const analyticsKeys = {
  all: ['analytics'] as const,
  list: (q: AnalyticsListApiQuery) => ['analytics', 'list', q] as const,
  totals: (accountId: number, q: AnalyticsChartApiQuery) => ['analytics', 'totals', accountId, q] as const,
  daily: (accountId: number, q: AnalyticsChartApiQuery) => ['analytics', 'daily', accountId, q] as const,
  sliders: (accountId: number, q: AnalyticsChartApiQuery) => ['analytics', 'sliders', accountId, q] as const,
  bot: (botId: number, q: BotDetailQuery) => ['analytics', 'bot', botId, q] as const,
  settings: (accountId: number) => ['analytics', 'settings', accountId] as const,
};

/** GET /analytics — one page of per-bot rows with the totals over every matching bot. */
export function analyticsListOptions(q: AnalyticsListApiQuery) {
  return queryOptions({ queryKey: analyticsKeys.list(q), queryFn: ({ signal }) => typedApi.get('/analytics', { query: q, signal }) });
}

/** GET /analytics/total/{accountId} — totals and §9 rates. */
export function analyticsTotalsOptions(accountId: number, q: AnalyticsChartApiQuery) {
  return queryOptions({
    queryKey: analyticsKeys.totals(accountId, q),
    queryFn: ({ signal }) => typedApi.get('/analytics/total/{id}', { path: { id: accountId }, query: q, signal }),
  });
}

/** GET /analytics/total/{accountId}/daily — one chart point per day of the range. */
export function analyticsDailyOptions(accountId: number, q: AnalyticsChartApiQuery) {
  return queryOptions({
    queryKey: analyticsKeys.daily(accountId, q),
    queryFn: ({ signal }) => typedApi.get('/analytics/total/{id}/daily', { path: { id: accountId }, query: q, signal }),
  });
}

/** GET /analytics/widget/{accountId} — per-slider rows (slider channel). */
export function sliderAnalyticsOptions(accountId: number, q: AnalyticsChartApiQuery) {
  return queryOptions({
    queryKey: analyticsKeys.sliders(accountId, q),
    queryFn: ({ signal }) => typedApi.get('/analytics/widget/{id}', { path: { id: accountId }, query: q, signal }),
  });
}

/** Query of the detail: the range and channel (absent = all channels). */
export interface BotDetailQuery {
  from_date: string;
  to_date: string;
  channel?: Channel;
}

/** GET /analytics/bot/{botId} — slides, actions, sources, transitions, paths, drop-off. */
export function botAnalyticsOptions(botId: number, q: BotDetailQuery) {
  return queryOptions({
    queryKey: analyticsKeys.bot(botId, q),
    queryFn: ({ signal }) => typedApi.get('/analytics/bot/{id}', { path: { id: botId }, query: q, signal }),
  });
}

/** GET /analytics/settings/{accountId} — analyticsDefaultChannel and analyticsDisplayFields. */
export function analyticsSettingsOptions(accountId: number) {
  return queryOptions({
    queryKey: analyticsKeys.settings(accountId),
    queryFn: ({ signal }) => typedApi.get('/analytics/settings/{id}', { path: { id: accountId }, signal }),
  });
}

/** PUT /analytics/settings/{accountId} (Owner and Super_Admin; 403 otherwise) → the stored settings, put in the cache. */
export async function saveAnalyticsSettings(queryClient: QueryClient, accountId: number, body: AnalyticsSettings): Promise<AnalyticsSettings> {
  const saved = await typedApi.put('/analytics/settings/{id}', { path: { id: accountId }, body });
  queryClient.setQueryData(analyticsKeys.settings(accountId), saved);
  return saved;
}
