/**
 * The tables of the analytics exports (issue 13 "Exports"; spec 002 §3 Analytics row, §9 "Export
 * formats … The watermark column is removed unless a watermark feature is enabled"): which columns
 * a CSV / XLSX / PDF has, their translated headers (given as `ExportLabels`, made by
 * `useExportLabels` in labels.ts so the lazily loaded builders carry no messages of their own), the
 * header lines (range, channel, bots, users) and the cell values.
 *
 * Pure: no xlsx, no jspdf, no DOM. Numbers stay numbers (rates are percentages with one decimal,
 * an empty cell when null; `watched` is seconds).
 */
import type { Channel } from '../../../../embed/shared/analytics';
import type { AnalyticsReport } from '../../../../machines/analytics/export.actors';

/** A per-bot row of the report. */
export type ReportRow = AnalyticsReport['rows'][number];
/** A per-slider row of the report (slider channel). */
export type ReportSliderRow = AnalyticsReport['sliders'][number];

/** Columns of the per-bot table, in order (spec 002 §3 basic + extended row). */
export const ROW_COLUMNS = [
  'bot',
  'botId',
  'publicId',
  'accountName',
  'status',
  'liveStatus',
  'authorEmail',
  'session',
  'opened',
  'ctr',
  'engaged',
  'engagementRate',
  'cta',
  'ctaRate',
  'watched',
  'iframeViewed',
  'widgetViewed',
  'directIntroViewed',
  'iframeIntroViewed',
  'widgetIntroViewed',
  'sliderIntroViewed',
  'sliderSession',
  'sliderPlayed',
  'introActions',
  'contacted',
  'formSubmitted',
  'liked',
  'watermarkClicked',
  'impressions',
  'adClicks',
] as const satisfies ReadonlyArray<keyof ReportRow>;
/** One per-bot column. */
export type RowColumn = (typeof ROW_COLUMNS)[number];

/** The narrower per-bot table of the PDF (a landscape A4 page holds ~15 columns). */
export const PDF_ROW_COLUMNS = [
  'bot',
  'liveStatus',
  'session',
  'opened',
  'ctr',
  'engaged',
  'engagementRate',
  'cta',
  'ctaRate',
  'watched',
  'iframeViewed',
  'widgetViewed',
  'liked',
  'watermarkClicked',
] as const satisfies readonly RowColumn[];

/** Columns of the per-slider table (slider channel, PDF and print view). */
export const SLIDER_COLUMNS = ['sliderName', 'bots', 'sliderSession', 'sliderPlayed', 'sliderIntroViewed', 'opened', 'ctr', 'engaged', 'cta', 'watched'] as const satisfies ReadonlyArray<
  keyof ReportSliderRow
>;
/** One per-slider column. */
export type SliderColumn = (typeof SLIDER_COLUMNS)[number];

/** Totals shown in the PDF and the print view, in order. */
export const TOTAL_FIELDS = ['bots', 'session', 'opened', 'ctr', 'engaged', 'engagementRate', 'avgEngagementRate', 'medianEngagementRate', 'cta', 'ctaRate', 'watched'] as const;
/** One totals field. */
export type TotalField = (typeof TOTAL_FIELDS)[number];

/** Every translated text the exports use (made by labels.ts `useExportLabels`). */
export interface ExportLabels {
  /** Document title ("Analytics report"). */
  title: string;
  range: string;
  channel: string;
  bots: string;
  users: string;
  /** "All" (no bot / user filter). */
  all: string;
  /** Sheet names of the XLSX (≤ 31 characters, none of : \ / ? * [ ]). */
  dataSheet: string;
  filtersSheet: string;
  totals: string;
  /** The chart's heading. */
  chart: string;
  channelName: Record<Channel | 'all', string>;
  liveStatus: Record<ReportRow['liveStatus'], string>;
  status: Record<ReportRow['status'], string>;
  columns: Record<RowColumn, string>;
  sliderColumns: Record<SliderColumn, string>;
  totalFields: Record<TotalField, string>;
}

/** The per-bot columns of a report: all of `columns` except the watermark column without the watermark feature (§9). */
export function rowColumnsOf(report: Pick<AnalyticsReport, 'watermark'>, columns: readonly RowColumn[] = ROW_COLUMNS): RowColumn[] {
  return columns.filter((c) => c !== 'watermarkClicked' || report.watermark);
}

/** `yyyy-MM-dd` (a UTC day) → `dd/MM/yyyy` (spec 002 §9 date format); other text unchanged. */
export function displayDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

/**
 * The header lines of an export (spec 002 §9 "header lines with range, channel, bots and users"):
 * `[label, value]` pairs; bots by name and users by email, or "All" when the report is not filtered.
 */
export function headerLines(report: AnalyticsReport, labels: ExportLabels): Array<[string, string]> {
  return [
    [labels.range, `${displayDay(report.from)} – ${displayDay(report.to)}`],
    [labels.channel, labels.channelName[report.channel ?? 'all']],
    [labels.bots, report.bots.length ? report.bots.map((b) => b.name).join(', ') : labels.all],
    [labels.users, report.users.length ? report.users.map((u) => u.email).join(', ') : labels.all],
  ];
}

/** A cell: a number, text, or null for an empty cell (a rate without a denominator, a missing email). */
export type Cell = string | number | null;

/** The cell of `column` in a per-bot row (statuses translated). */
export function rowCell(row: ReportRow, column: RowColumn, labels: ExportLabels): Cell {
  if (column === 'liveStatus') return labels.liveStatus[row.liveStatus];
  if (column === 'status') return labels.status[row.status];
  return row[column];
}

/** The cell of `column` in a per-slider row. */
export function sliderCell(row: ReportSliderRow, column: SliderColumn): Cell {
  return row[column];
}

/** The per-bot table: header row + one row per bot (spec 002 §3), for the given columns. */
export function rowTable(report: AnalyticsReport, labels: ExportLabels, columns: readonly RowColumn[] = ROW_COLUMNS): { head: string[]; body: Cell[][] } {
  const cols = rowColumnsOf(report, columns);
  return { head: cols.map((c) => labels.columns[c]), body: report.rows.map((r) => cols.map((c) => rowCell(r, c, labels))) };
}

/** The per-slider table (slider channel). */
export function sliderTable(report: AnalyticsReport, labels: ExportLabels): { head: string[]; body: Cell[][] } {
  return { head: SLIDER_COLUMNS.map((c) => labels.sliderColumns[c]), body: report.sliders.map((r) => SLIDER_COLUMNS.map((c) => sliderCell(r, c))) };
}

/** The totals as `[label, value]` (rates null → empty). */
export function totalLines(report: AnalyticsReport, labels: ExportLabels): Array<[string, Cell]> {
  return TOTAL_FIELDS.map((f) => [labels.totalFields[f], report.totals[f]]);
}

/** A cell as printed text (PDF, print view): null → '', rates keep one decimal as given. */
export function cellText(cell: Cell): string {
  return cell === null ? '' : String(cell);
}
