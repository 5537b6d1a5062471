/** Billing CSV (spec 002 §9: columns Account, Vidbot ID, Vidbot Name, Impressions, Has Ad Feature; filename with the dates), parsed back with xlsx. */
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Schema } from '../../../api/contract';
import { BILLING_CSV_COLUMNS, billingCsv, billingCsvFilename } from './billingCsv';

const row = (over: Partial<Schema<'BillingRow'>>): Schema<'BillingRow'> => ({
  accountId: 1,
  accountName: 'Demo',
  logo: null,
  botId: 10,
  publicId: 'abc',
  botName: 'Welcome',
  impressions: 0,
  hasAdFeature: true,
  hasFeatureOnly: false,
  ...over,
});

describe('billing CSV', () => {
  it('has the §9 columns and one line per row; names with commas and quotes survive', async () => {
    const csv = await billingCsv([
      row({ accountName: 'Acme, "Oy"', botId: 12, botName: 'Spring sale', impressions: 1234 }),
      row({ accountName: 'Beta', botId: null, publicId: null, botName: null, impressions: 0, hasFeatureOnly: true }),
      row({ accountName: 'Gamma', botId: 7, botName: 'Ads off', impressions: 5, hasAdFeature: false }),
    ]);
    const sheet = XLSX.read(csv, { type: 'string' }).Sheets.Sheet1!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '', blankrows: false });
    expect(rows).toEqual([
      [...BILLING_CSV_COLUMNS],
      ['Acme, "Oy"', 12, 'Spring sale', 1234, 'Yes'],
      ['Beta', '', '', 0, 'Yes'],
      ['Gamma', 7, 'Ads off', 5, 'No'],
    ]);
    expect(BILLING_CSV_COLUMNS).toEqual(['Account', 'Vidbot ID', 'Vidbot Name', 'Impressions', 'Has Ad Feature']);
  });
  it('an empty report is the header only', async () => {
    expect((await billingCsv([])).trim()).toBe('Account,Vidbot ID,Vidbot Name,Impressions,Has Ad Feature');
  });
  it('the file name includes both dates', () => {
    expect(billingCsvFilename('2026-10-01', '2026-10-31')).toBe('billing_2026-10-01_to_2026-10-31.csv');
  });
});
