/**
 * Billing CSV export (spec 002 §2 "Billing report … CSV export", §9 "CSV columns Account, {product}
 * ID, {product} Name, Impressions, Has Ad Feature; filename includes the dates"). The CSV is written
 * with the `xlsx` package, imported lazily so that it loads only when exporting.
 *
 * Columns: Account (account name), Vidbot ID (the bot's numeric id; empty for a feature-only row),
 * Vidbot Name (empty for a feature-only row), Impressions (integer), Has Ad Feature ('Yes' / 'No').
 */
import type { Schema } from '../../../api/contract';

/** The CSV header row, exactly as spec 002 §9 names the columns ({product} = Vidbot). */
export const BILLING_CSV_COLUMNS = ['Account', 'Vidbot ID', 'Vidbot Name', 'Impressions', 'Has Ad Feature'] as const;

/** The file name: `billing_{from}_to_{to}.csv` with the report's UTC days `yyyy-MM-dd`. */
export function billingCsvFilename(from: string, to: string): string {
  return `billing_${from}_to_${to}.csv`;
}

/** The rows of the CSV (header first) as an array of arrays. */
export function billingCsvRows(records: readonly Schema<'BillingRow'>[]): Array<Array<string | number>> {
  return [
    [...BILLING_CSV_COLUMNS],
    ...records.map((r) => [r.accountName, r.botId ?? '', r.botName ?? '', r.impressions, r.hasAdFeature ? 'Yes' : 'No']),
  ];
}

/** The CSV text (RFC 4180 quoting by xlsx, `\n` line ends). */
export async function billingCsv(records: readonly Schema<'BillingRow'>[]): Promise<string> {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(billingCsvRows(records));
  return XLSX.utils.sheet_to_csv(sheet, { blankrows: false });
}

/** Saves `text` as a download named `filename` (a temporary object URL). */
export function saveTextFile(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
