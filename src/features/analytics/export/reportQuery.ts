/**
 * `GET /analytics/report` (issue 13; server analytics.schemas.ts `AnalyticsReport`: rows up to
 * 9999, users up to 1000, totals, chart points, the filter bots and users, the watermark flag) for
 * the export chart and the print view.
 */
import type { AnalyticsReport, FetchReportInput } from '../../../../machines/analytics/export.actors';
import { typedApi } from '../../../api/contract';

/**
 * The report of an export request (the request's `channel` wins over a `channel` in its query).
 * @throws HttpError — 403 for Editor and Viewer (spec 002 §6), 404 for an account the user is not in, 422 for a bad query.
 */
export function fetchAnalyticsReport(input: FetchReportInput, signal?: AbortSignal): Promise<AnalyticsReport> {
  const { channel: _queryChannel, ...query } = input.query;
  return typedApi.get('/analytics/report', {
    query: { account_id: input.accountId, ...query, ...(input.channel ? { channel: input.channel } : {}) },
    signal,
  });
}
