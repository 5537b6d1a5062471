/**
 * CSV / XLSX / PDF builders of the analytics export (spec 002 §9): the files are parsed back with
 * xlsx (BOM, ';', header lines with range, channel, bots and users, the table; the watermark column
 * only with the watermark feature), and the PDF starts with %PDF.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import * as XLSX from 'xlsx';
import { sampleReport } from '../../../../machines/analytics/export.fixtures';
import { BOM, buildCsv, buildXlsx, csvText } from './sheet';
import { buildPdf } from './pdf';
import { ROW_COLUMNS, displayDay, headerLines, rowColumnsOf, type ExportLabels } from './columns';
import { useExportLabels } from './labels';

let labels: ExportLabels;
beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  labels = renderHook(() => useExportLabels(), { wrapper }).result.current;
});

/** A 1×1 PNG (what ECharts' getDataURL gives, smaller). */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('CSV', () => {
  it('starts with a BOM, header lines (range, channel, bots, users), a blank line, then the table; ";" separated', async () => {
    const file = buildCsv(sampleReport(), labels);
    expect(file.fileName).toBe('analytics_data_2026-10-01_to_2026-10-30.csv');
    const text = await file.blob.text();
    const raw = new Uint8Array(await file.blob.arrayBuffer());
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(BOM.length).split('\n');
    expect(lines[0]).toBe('Range;01/10/2026 – 30/10/2026');
    expect(lines[1]).toBe('Channel;All channels');
    // A bot name with ';' and '"' is quoted.
    expect(lines[2]).toBe('Vidbots;"Welcome; ""tour"", Pricing"');
    expect(lines[3]).toBe('Users;owner@example.com');
    expect(lines[4]).toBe('');
    expect(lines[5]?.split(';')[0]).toBe('Vidbot');
    expect(lines[5]).toContain(';Sessions;Opens;CTR %;');
    expect(lines[6]?.startsWith('"Welcome; ""tour""";11;pub11;Demo;Published;Live;owner@example.com;120;30;25;')).toBe(true);
    // A rate without opens is an empty cell, not 0 or "null".
    expect(lines[7]).toContain('Pricing;12;pub12;Demo;Draft;Inactive;;0;0;;0;;0;;0;');
  });

  it('parses back with xlsx to the same table; no watermark column without the watermark feature', () => {
    const text = csvText(sampleReport(), labels);
    const book = XLSX.read(text.slice(BOM.length), { type: 'string', FS: ';' } as XLSX.ParsingOptions);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, blankrows: true, raw: true });
    expect(rows[5]).toEqual(rowColumnsOf({ watermark: false }).map((c) => labels.columns[c]));
    expect(rows[5]).not.toContain('Watermark clicks');
    expect(rows[5]).toHaveLength(ROW_COLUMNS.length - 1);
    expect(rows.slice(6)).toHaveLength(2);
  });

  it('has the watermark column with the watermark feature', async () => {
    const text = await buildCsv(sampleReport({ watermark: true }), labels).blob.text();
    const book = XLSX.read(text.slice(BOM.length), { type: 'string', FS: ';' } as XLSX.ParsingOptions);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, blankrows: true, raw: true });
    const header = rows[5] as string[];
    expect(header).toContain('Watermark clicks');
    expect(header).toHaveLength(ROW_COLUMNS.length);
    expect((rows[6] as unknown[])[header.indexOf('Watermark clicks')]).toBe(4);
    expect((rows[6] as unknown[])[0]).toBe('Welcome; "tour"');
  });

  it('says All for no bot or user filter and names the channel', () => {
    const lines = headerLines(sampleReport({ bots: [], users: [], channel: 'widget' }), labels);
    expect(lines).toEqual([
      ['Range', '01/10/2026 – 30/10/2026'],
      ['Channel', 'Widget'],
      ['Vidbots', 'All'],
      ['Users', 'All'],
    ]);
  });
});

describe('XLSX', () => {
  it('writes the table on the first sheet and the header lines on the second', async () => {
    const file = buildXlsx(sampleReport({ watermark: true }), labels);
    expect(file.fileName).toBe('analytics_data_2026-10-01_to_2026-10-30.xlsx');
    const book = XLSX.read(new Uint8Array(await file.blob.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toEqual(['Analytics', 'Report']);
    const data = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Analytics!);
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ Vidbot: 'Welcome; "tour"', Sessions: 120, Opens: 30, 'CTR %': 25, 'Watched (s)': 754, 'Watermark clicks': 4, 'Live status': 'Live' });
    expect(data[1]).toMatchObject({ Vidbot: 'Pricing', Sessions: 0 });
    expect(data[1]).not.toHaveProperty('CTR %');
    const filters = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Report!, { header: 1 });
    expect(filters).toEqual([
      ['Range', '01/10/2026 – 30/10/2026'],
      ['Channel', 'All channels'],
      ['Vidbots', 'Welcome; "tour", Pricing'],
      ['Users', 'owner@example.com'],
    ]);
  });

  it('drops the watermark column without the watermark feature', async () => {
    const book = XLSX.read(new Uint8Array(await buildXlsx(sampleReport(), labels).blob.arrayBuffer()), { type: 'array' });
    const head = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Analytics!, { header: 1 })[0];
    expect(head).not.toContain('Watermark clicks');
  });
});

describe('PDF', () => {
  it('is a PDF named analytics_data_{from}_to_{to}.pdf, with and without a chart image', async () => {
    for (const image of [PNG, null]) {
      const file = buildPdf(sampleReport(), labels, image);
      expect(file.fileName).toBe('analytics_data_2026-10-01_to_2026-10-30.pdf');
      const head = new TextDecoder().decode(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 5));
      expect(head).toBe('%PDF-');
    }
  });

  it('prints the slider table on the slider channel', async () => {
    const file = buildPdf(sampleReport({ channel: 'slider' }), labels, null);
    const text = new TextDecoder('latin1').decode(new Uint8Array(await file.blob.arrayBuffer()));
    expect(text).toContain('Home carousel');
  });
});

describe('columns', () => {
  it('displayDay writes dd/MM/yyyy', () => {
    expect(displayDay('2026-01-31')).toBe('31/01/2026');
    expect(displayDay('junk')).toBe('junk');
  });
});
