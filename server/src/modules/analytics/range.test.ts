import { describe, expect, it } from 'vitest';
import { billingPresetRange, daysOf, parseDay, presetRange, rangeDays, resolveRange, shiftDay } from './range';

const now = new Date('2026-11-26T03:00:00Z');

describe('analytics ranges (spec 002 §5, §6, §9)', () => {
  it('parses only real yyyy-MM-dd days', () => {
    expect(parseDay('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('26-02-01')).toBeNull();
    expect(parseDay(undefined)).toBeNull();
  });
  it('presets end yesterday; last 30 is the default', () => {
    expect(presetRange('yesterday', now)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(rangeDays(presetRange('last30', now))).toBe(30);
  });
  it('an invalid or reversed date falls back to the last 30 days', () => {
    const fallback = { from: '2026-10-27', to: '2026-11-25' };
    expect(resolveRange('nope', '2026-11-01', now)).toEqual(fallback);
    expect(resolveRange(undefined, undefined, now)).toEqual(fallback);
    expect(resolveRange('2026-11-10', '2026-11-01', now)).toEqual(fallback);
    expect(resolveRange('2020-01-01', '2026-11-01', now)).toEqual(fallback);
  });
  it('the end is never later than yesterday, unless today is asked for', () => {
    expect(resolveRange('2026-11-01', '2026-12-31', now)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(resolveRange('2026-11-26', '2026-11-26', now)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(resolveRange('2026-11-01', '2026-12-31', now, true)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });
  it('lists the days of a range', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-01' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('billing presets', () => {
    expect(billingPresetRange('currentMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(billingPresetRange('lastMonth', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(billingPresetRange('thisQuarter', now)).toEqual({ from: '2026-10-01', to: '2026-11-26' });
    expect(billingPresetRange('lastQuarter', now)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
  });
});
