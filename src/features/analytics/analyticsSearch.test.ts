/** Filters → API query mapping of the analytics page (spec 002 §4, §5, §6, §9; issue 13 "Screens"). */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { analyticsSearchSchema } from './analyticsSearch';
import { chartQuery, effectiveChannel, lastSelectableDay, listQuery, pageRange, presetOf, presetSearch } from './analyticsQuery';

const NOW = new Date('2026-11-26T03:00:00Z');
const parse = (raw: Record<string, unknown>) => v.parse(analyticsSearchSchema, raw);

describe('analytics search schema', () => {
  it('defaults: page 1, size 10, sort by sessions descending, no filters', () => {
    expect(parse({})).toEqual({ bot_name: '', tag_ids: [], page: 1, size: 10, order_by: 'session', order_direction: 'desc' });
  });
  it('invalid values fall back instead of failing the route', () => {
    const s = parse({ from_date: 'yesterday', to_date: 5, channel: 'tv', status: 'Gone', size: 30, page: -2, order_by: 'x', order_direction: 'up', tag_ids: 'a,3' });
    expect(s).toEqual({ from_date: undefined, to_date: undefined, channel: undefined, status: undefined, bot_name: '', tag_ids: [3], page: 1, size: 10, order_by: 'session', order_direction: 'desc' });
  });
  it('keeps valid values: sizes 10/25/50/100 (also as text), every channel and "all"', () => {
    expect(parse({ size: '50' }).size).toBe(50);
    expect(parse({ size: 100 }).size).toBe(100);
    for (const channel of ['direct', 'iframe', 'widget', 'slider', 'display_ad', 'all']) expect(parse({ channel }).channel).toBe(channel);
    expect(parse({ status: 'Draft', bot_name: '  Tour ', order_by: 'ctr', order_direction: 'asc' })).toMatchObject({ status: 'Draft', bot_name: 'Tour', order_by: 'ctr', order_direction: 'asc' });
  });
});

describe('range', () => {
  it('default = the last 30 days up to yesterday (UTC days)', () => {
    expect(pageRange(parse({}), NOW)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetOf(pageRange(parse({}), NOW), NOW)).toBe('last30');
  });
  it('the end cannot be later than yesterday (§6): a later end is clamped', () => {
    expect(lastSelectableDay(NOW)).toBe('2026-11-25');
    expect(pageRange(parse({ from_date: '2026-11-20', to_date: '2026-12-31' }), NOW)).toEqual({ from: '2026-11-20', to: '2026-11-25' });
  });
  it('an invalid date or from after to falls back to the last 30 days (§4)', () => {
    expect(pageRange(parse({ from_date: '2026-02-30', to_date: '2026-03-01' }), NOW)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(pageRange(parse({ from_date: '2026-11-10', to_date: '2026-11-01' }), NOW)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
  });
  it('presets yesterday / last 7 / last 30 set the URL dates and go back to page 1', () => {
    expect(presetSearch('yesterday', NOW)).toEqual({ from_date: '2026-11-25', to_date: '2026-11-25', page: 1 });
    expect(presetSearch('last7', NOW)).toEqual({ from_date: '2026-11-19', to_date: '2026-11-25', page: 1 });
    expect(presetOf({ from: '2026-11-19', to: '2026-11-25' }, NOW)).toBe('last7');
    expect(presetOf({ from: '2026-11-18', to: '2026-11-25' }, NOW)).toBeNull();
  });
});

describe('channel', () => {
  it("absent → the account's default channel; null default or unknown settings → all; 'all' overrides the default", () => {
    expect(effectiveChannel({}, 'widget')).toBe('widget');
    expect(effectiveChannel({}, null)).toBeNull();
    expect(effectiveChannel({}, undefined)).toBeNull();
    expect(effectiveChannel({ channel: 'all' }, 'widget')).toBeNull();
    expect(effectiveChannel({ channel: 'slider' }, 'widget')).toBe('slider');
  });
});

describe('filters → API query', () => {
  it('chart params: resolved range, channel only when one, name, status and comma-joined tags only when set', () => {
    expect(chartQuery(parse({}), null, NOW)).toEqual({ from_date: '2026-10-27', to_date: '2026-11-25' });
    expect(chartQuery(parse({ bot_name: 'Tour', status: 'Published', tag_ids: [5, 3], from_date: '2026-11-01', to_date: '2026-11-02' }), 'iframe', NOW)).toEqual({
      from_date: '2026-11-01',
      to_date: '2026-11-02',
      channel: 'iframe',
      bot_name: 'Tour',
      status: 'Published',
      tag_ids: '3,5',
    });
  });
  it('GET /analytics adds the account, page, size and sort as the API names them', () => {
    expect(listQuery(7, parse({ page: 3, size: 25, order_by: 'watched', order_direction: 'asc' }), 'direct', NOW)).toEqual({
      account_id: '7',
      from_date: '2026-10-27',
      to_date: '2026-11-25',
      channel: 'direct',
      page: '3',
      size: '25',
      order_by: 'watched',
      order_direction: 'asc',
    });
  });
});
