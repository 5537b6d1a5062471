/** Staff analytics URL search ↔ API query (issue 13 "Staff"; spec 002 §2 query names, §9 tiers and billing presets). */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import {
  WEBSITE_TIERS,
  adminAnalyticsQuery,
  adminAnalyticsSearchSchema,
  adminDailyQuery,
  billingSearchSchema,
  liveStatusQuery,
  liveStatusSearchSchema,
  parseIdList,
  parseTextList,
  tierBounds,
  tierIndex,
  isDay,
} from './adminSearch';
import { billingQuery } from './adminRanges';
import { nextSort } from './LiveStatusPage';
import { stringifySearch } from './repeatedSearch';

/** What a route sees for a URL query string: the router's decoding, then the route's schema. */
const fromUrl = <S extends v.GenericSchema>(schema: S, qs: string) => v.parse(schema, defaultParseSearch(qs));

describe('admin analytics search (spec 002 §2)', () => {
  it('reads repeated business_type / use_case, the bot_ids comma list, tier bounds and paging', () => {
    const s = fromUrl(adminAnalyticsSearchSchema, '?page=2&size=25&from_date=2026-10-01&to_date=2026-10-31&lower=5000&upper=25000&business_type=Retail&business_type=SaaS&use_case=Sales&bot_ids=15,3,3');
    expect(s).toEqual({
      page: 2,
      size: 25,
      from_date: '2026-10-01',
      to_date: '2026-10-31',
      lower: 5000,
      upper: 25000,
      business_type: ['Retail', 'SaaS'],
      use_case: ['Sales'],
      bot_ids: '3,15',
    });
    expect(adminAnalyticsQuery(s)).toEqual({
      from_date: '2026-10-01',
      to_date: '2026-10-31',
      lower: '5000',
      upper: '25000',
      business_type: ['Retail', 'SaaS'],
      use_case: ['Sales'],
      bot_ids: '3,15',
      page: '2',
      size: '25',
    });
    expect(adminDailyQuery(s)).not.toHaveProperty('page');
  });

  it('round-trips through the URL the app writes: repeatable params as repeated keys, bot_ids as a comma list', () => {
    const search = { page: 3, size: 50, from_date: '2026-09-01', to_date: '2026-09-30', lower: 0, upper: 5000, business_type: ['A & B', 'C'], use_case: ['12'], bot_ids: '7,9' };
    const url = stringifySearch(search);
    expect(url).toBe('?page=3&size=50&from_date=2026-09-01&to_date=2026-09-30&lower=0&upper=5000&bot_ids=7%2C9&business_type=A+%26+B&business_type=C&use_case=12');
    expect(fromUrl(adminAnalyticsSearchSchema, url)).toEqual(search);
    // One value that looks like a number or a boolean stays text; the router's JSON array form is read too.
    expect(fromUrl(adminAnalyticsSearchSchema, stringifySearch({ business_type: ['true'], use_case: [] }))).toMatchObject({ business_type: ['true'], use_case: [] });
    expect(fromUrl(adminAnalyticsSearchSchema, defaultStringifySearch(search))).toEqual(search);
  });
  it('other params keep the router default form (e.g. the vidbot list tag_ids)', () => {
    expect(stringifySearch({ tag_ids: [3, 5], page: 2 })).toBe(defaultStringifySearch({ tag_ids: [3, 5], page: 2 }));
    expect(stringifySearch({})).toBe('');
  });

  it('falls back instead of failing: bad page, size not 10/25/50/100, unreal day, negative tier, junk ids', () => {
    const s = fromUrl(adminAnalyticsSearchSchema, '?page=0&size=20&from_date=2026-02-30&to_date=yesterday&lower=-3&upper=x&bot_ids=a,-1,0,4');
    expect(s).toEqual({ page: 1, size: 10, from_date: undefined, to_date: undefined, lower: undefined, upper: undefined, business_type: [], use_case: [], bot_ids: '4' });
    expect(adminAnalyticsQuery(s)).toEqual({
      from_date: undefined,
      to_date: undefined,
      lower: undefined,
      upper: undefined,
      business_type: undefined,
      use_case: undefined,
      bot_ids: '4',
      page: '1',
      size: '10',
    });
  });

  it('text and id lists: trimmed, unique, empty and over-long values dropped', () => {
    expect(parseTextList([' a ', 'a', '', 'b', 'x'.repeat(101), 5])).toEqual(['a', 'b', '5']);
    expect(parseTextList('one')).toEqual(['one']);
    expect(parseTextList(undefined)).toEqual([]);
    expect(parseIdList('5, 2,2,x')).toEqual([2, 5]);
    expect(parseIdList(['1,2', 3])).toEqual([1, 2, 3]);
    expect(parseIdList(1.5)).toEqual([]);
  });
});

describe('days', () => {
  it('isDay accepts real yyyy-MM-dd days only', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].map(isDay)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '2026-01-01T00:00', 20260101, undefined].map(isDay)).toEqual([false, false, false, false, false, false]);
  });
});

describe('website tiers (spec 002 §9)', () => {
  it('are the five tiers of §9, the last without an upper bound', () => {
    expect(WEBSITE_TIERS.map((t) => [t.lower, t.upper])).toEqual([
      [0, 5000],
      [5000, 25000],
      [25000, 100000],
      [100000, 500000],
      [500000, undefined],
    ]);
  });
  it('map to lower / upper and back; no tier and custom bounds are -1', () => {
    WEBSITE_TIERS.forEach((_, i) => {
      const b = tierBounds(i);
      expect(tierIndex(b.lower, b.upper)).toBe(i);
    });
    expect(tierBounds(-1)).toEqual({ lower: undefined, upper: undefined });
    expect(tierIndex(undefined, undefined)).toBe(-1);
    expect(tierIndex(10, 20)).toBe(-1);
    expect(tierIndex(500000, 1000000)).toBe(-1);
  });
});

describe('billing search (spec 002 §2, §9)', () => {
  const now = new Date('2026-11-26T03:00:00Z');
  it('reads repeated account_ids and sends them repeated; no dates = the current month', () => {
    const s = fromUrl(billingSearchSchema, '?account_ids=9&account_ids=2&size=100');
    expect(s).toEqual({ from_date: undefined, to_date: undefined, account_ids: [2, 9], page: 1, size: 100 });
    expect(billingQuery(s, now)).toEqual({ from_date: '2026-11-01', to_date: '2026-11-26', account_ids: ['2', '9'], page: '1', size: '100' });
    expect(stringifySearch(s)).toBe('?page=1&size=100&account_ids=2&account_ids=9');
    expect(fromUrl(billingSearchSchema, stringifySearch(s))).toEqual(s);
  });
  it('dates of the URL win; paging can be overridden (the export reads everything)', () => {
    const s = fromUrl(billingSearchSchema, '?from_date=2026-07-01&to_date=2026-09-30&page=4');
    expect(billingQuery(s, now, { page: 1, size: 10000 })).toEqual({ from_date: '2026-07-01', to_date: '2026-09-30', account_ids: undefined, page: '1', size: '10000' });
  });
});

describe('live status search (spec 002 §2, §9)', () => {
  it('defaults to last viewed, newest first; page size 30', () => {
    const s = fromUrl(liveStatusSearchSchema, '');
    expect(s).toEqual({ order_by: 'last_viewed_at', order_direction: 'desc', page: 1, bot_name: '' });
    expect(liveStatusQuery(s)).toEqual({ order_by: 'last_viewed_at', order_direction: 'desc', page: '1', size: '30', bot_name: undefined });
  });
  it('reads order_by, order_direction, page, bot_name; bad values fall back', () => {
    expect(fromUrl(liveStatusSearchSchema, '?order_by=account&order_direction=asc&page=2&bot_name=%20Demo%20')).toEqual({ order_by: 'account', order_direction: 'asc', page: 2, bot_name: 'Demo' });
    expect(fromUrl(liveStatusSearchSchema, '?order_by=evil&order_direction=up&page=-1')).toMatchObject({ order_by: 'last_viewed_at', order_direction: 'desc', page: 1 });
  });
  it('a header click sorts ascending, a second click on the same column flips it', () => {
    expect(nextSort({ order_by: 'last_viewed_at', order_direction: 'desc' }, 'bot_name')).toEqual({ order_by: 'bot_name', order_direction: 'asc' });
    expect(nextSort({ order_by: 'bot_name', order_direction: 'asc' }, 'bot_name')).toEqual({ order_by: 'bot_name', order_direction: 'desc' });
    expect(nextSort({ order_by: 'bot_name', order_direction: 'desc' }, 'bot_name')).toEqual({ order_by: 'bot_name', order_direction: 'asc' });
  });
});
