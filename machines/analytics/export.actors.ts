/**
 * Abstract side effects of the analytics export chart (issue 13 "Exports"; spec 002 §2
 * analytics-report/{channel}, §6, §9 "Export formats").
 *
 * The real implementations live in src/features/analytics/export/export.actors.ts (typedApi, the
 * lazily imported xlsx / jspdf builders, a hidden iframe, an object-URL download); tests inject
 * fakes. The defaults throw "… must be provided" so a forgotten binding fails loudly.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Schema } from '../../src/api/contract';
import type { Channel } from '../../embed/shared/analytics';

/** The report answer of `GET /analytics/report` (server analytics.schemas.ts `AnalyticsReport`). */
export type AnalyticsReport = Schema<'AnalyticsReport'>;

/** Export formats of spec 002 §9. */
export const EXPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
/** One export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The query of `/analytics/report` the page shows (dates resolved, lists comma-joined). */
export interface ExportQuery {
  from_date: string;
  to_date: string;
  channel?: Channel;
  bot_ids?: string;
  slider_ids?: string;
  user_ids?: string;
  bot_name?: string;
  status?: 'Draft' | 'Published' | 'Deactivated';
  tag_ids?: string;
}

/** What one export is of: the account, the page's channel (null = all channels) and its query. */
export interface ExportRequest {
  accountId: number;
  channel: Channel | null;
  query: ExportQuery;
}

/** A built file ready to be saved: its name and bytes. */
export interface ExportFile {
  fileName: string;
  blob: Blob;
}

/** fetchReport: `GET /analytics/report?account_id&…query` → the report. Rejects with the HTTP error. */
export type FetchReportInput = ExportRequest;

/** buildFile: a CSV or XLSX file of the report (`analytics_data_{from}_to_{to}.{csv|xlsx}`). */
export interface BuildFileInput {
  format: 'csv' | 'xlsx';
  report: AnalyticsReport;
}

/**
 * printFrame: loads the print view (`/analytics-report/{channel}?…`) in a hidden same-origin
 * iframe for as long as it runs (stopping it removes the frame) and reports back:
 * `print.loaded` when the frame's document has loaded, `print.ready` with the chart image (a PNG
 * data URL, or null when the view has no chart) when the view posts REPORT_READY, `print.failed`
 * when the view reports that its data could not load.
 */
export interface PrintFrameInput extends ExportRequest {
  /** The resolved range of the fetched report (the frame shows the same days). */
  from: string;
  to: string;
}
/** Events printFrame sends to the chart. */
export type PrintFrameEvent =
  | { type: 'print.loaded' }
  | { type: 'print.ready'; chartImage: string | null }
  | { type: 'print.failed'; message: string };

/** renderPdf: the PDF of the report with the chart image (`analytics_data_{from}_to_{to}.pdf`). */
export interface RenderPdfInput {
  report: AnalyticsReport;
  chartImage: string | null;
}

/** saveFile: hands the file to the browser as a download. */
export type SaveFileInput = ExportFile;

const missing = (name: string) => () => {
  throw new Error(`${name} must be provided (analyticsExportMachine.provide)`);
};

/** Defaults of the chart's actors: each throws until the app edge provides the real one. */
export const missingExportActors = {
  fetchReport: fromPromise<AnalyticsReport, FetchReportInput>(missing('fetchReport')),
  buildFile: fromPromise<ExportFile, BuildFileInput>(missing('buildFile')),
  printFrame: fromCallback<EventObject, PrintFrameInput>(missing('printFrame')),
  renderPdf: fromPromise<ExportFile, RenderPdfInput>(missing('renderPdf')),
  saveFile: fromPromise<void, SaveFileInput>(missing('saveFile')),
};
