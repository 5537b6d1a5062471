/**
 * CSV and XLSX of an analytics report (issue 13 "Exports"; spec 002 §9 "CSV (semicolon separated,
 * BOM, header lines with range, channel, bots and users), XLSX; file name
 * analytics_data_{from}_to_{to}"). Built with SheetJS (`xlsx`, write-only use). This module is
 * imported lazily by export.actors.ts (its own chunk with xlsx; never on a route).
 *
 * - CSV: a UTF-8 BOM, the four header lines (`label;value`), an empty line, then the per-bot table
 *   (header row + rows; the watermark column only with `report.watermark`). Separator ';', line
 *   separator '\n', fields quoted by SheetJS when they hold ';', '"' or a line break.
 * - XLSX: two sheets. The first (`labels.dataSheet`) is the table alone (header row + rows, numbers
 *   as numbers) so it sorts, filters and pivots as is; the second (`labels.filtersSheet`) holds the
 *   header lines (range, channel, bots, users). Chosen over header lines on top of the table, which
 *   would break Excel's table detection.
 */
import * as XLSX from 'xlsx';
import type { AnalyticsReport, ExportFile } from '../../../../machines/analytics/export.actors';
import { exportFileName } from '../../../../machines/analytics/export.machine';
import { headerLines, rowTable, type Cell, type ExportLabels } from './columns';

/** The byte order mark the CSV starts with (Excel reads the file as UTF-8 then). */
export const BOM = '\uFEFF';
/** The CSV field separator (spec 002 §9). */
export const CSV_SEPARATOR = ';';
/** MIME types of the files. */
export const CSV_TYPE = 'text/csv;charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The CSV text of a report (BOM first). */
export function csvText(report: AnalyticsReport, labels: ExportLabels): string {
  const table = rowTable(report, labels);
  const aoa: Cell[][] = [...headerLines(report, labels), [], table.head, ...table.body];
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  return BOM + XLSX.utils.sheet_to_csv(sheet, { FS: CSV_SEPARATOR, RS: '\n', blankrows: true, strip: true });
}

/** The CSV file `analytics_data_{from}_to_{to}.csv`. */
export function buildCsv(report: AnalyticsReport, labels: ExportLabels): ExportFile {
  return { fileName: exportFileName(report, 'csv'), blob: new Blob([csvText(report, labels)], { type: CSV_TYPE }) };
}

/** The XLSX workbook bytes of a report (see the module comment for the two sheets). */
export function xlsxBytes(report: AnalyticsReport, labels: ExportLabels): ArrayBuffer {
  const table = rowTable(report, labels);
  const book = XLSX.utils.book_new();
  const data = XLSX.utils.aoa_to_sheet([table.head, ...table.body]);
  data['!cols'] = table.head.map((h, i) => ({ wch: Math.max(8, Math.min(40, i === 0 ? 24 : h.length + 2)) }));
  XLSX.utils.book_append_sheet(book, data, safeSheetName(labels.dataSheet, 'Analytics'));
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(headerLines(report, labels)), safeSheetName(labels.filtersSheet, 'Report'));
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}

/** The XLSX file `analytics_data_{from}_to_{to}.xlsx`. */
export function buildXlsx(report: AnalyticsReport, labels: ExportLabels): ExportFile {
  return { fileName: exportFileName(report, 'xlsx'), blob: new Blob([xlsxBytes(report, labels)], { type: XLSX_TYPE }) };
}

/** A sheet name Excel accepts: ≤ 31 characters without : \ / ? * [ ] (else `fallback`). */
function safeSheetName(name: string, fallback: string): string {
  const clean = name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31);
  return clean || fallback;
}
