import { describe, expect, it } from 'vitest';
import { tableState } from './tableState';
import { crashReport, isCrash } from './CrashFallback';
import { HttpError, ApiTimeoutError } from '../api/client';

describe('paginated table fallbacks (spec 000 §2)', () => {
  it('loading, No data..., Wrong data..., no results, rows', () => {
    expect(tableState(undefined, true)).toBe('loading');
    expect(tableState(undefined, false)).toBe('noData');
    expect(tableState({ nope: 1 }, false)).toBe('wrongData');
    expect(tableState('x', false)).toBe('wrongData');
    expect(tableState({ records: [], metadata: {} }, false)).toBe('noResults');
    expect(tableState({ records: [1], metadata: {} }, false)).toBe('rows');
  });
});

describe('crash fallback (spec 000 §2)', () => {
  it('failed calls are not crashes', () => {
    expect(isCrash(new HttpError(500, 'x', null))).toBe(false);
    expect(isCrash(new ApiTimeoutError(1))).toBe(false);
    expect(isCrash(new TypeError('Failed to fetch'))).toBe(false);
    expect(isCrash(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(true);
  });
  it('the copied report holds the error, its stack and the component stack', () => {
    const e = new Error('boom');
    const report = crashReport(e, '\n    at Widget\n    at App');
    expect(report.startsWith('Error: boom')).toBe(true);
    expect(report).toContain(e.stack!.split('\n')[1]!.trim());
    expect(report).toContain('Component stack:\n    at Widget');
  });
});
