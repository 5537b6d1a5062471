import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { vidbotListSearchSchema } from './listSearch';

describe('vidbot list search (spec 001 §2)', () => {
  it('fills the defaults', () => {
    expect(v.parse(vidbotListSearchSchema, {})).toEqual({ order_by: 'created_at', order_direction: 'desc', page: 1, bot_name: '', tag_ids: [] });
  });
  it('keeps valid values and falls back on invalid ones', () => {
    expect(v.parse(vidbotListSearchSchema, { order_by: 'name', order_direction: 'asc', page: '3', bot_name: ' demo ' })).toEqual({
      order_by: 'name',
      order_direction: 'asc',
      page: 3,
      bot_name: 'demo',
      tag_ids: [],
    });
    expect(v.parse(vidbotListSearchSchema, { order_by: 'drop table', order_direction: 'up', page: -2 })).toMatchObject({
      order_by: 'created_at',
      order_direction: 'desc',
      page: 1,
    });
  });
  it('reads the tag filter as sorted unique ids, from an array or the API comma list', () => {
    expect(v.parse(vidbotListSearchSchema, { tag_ids: [5, 3, 5] }).tag_ids).toEqual([3, 5]);
    expect(v.parse(vidbotListSearchSchema, { tag_ids: '7, 2' }).tag_ids).toEqual([2, 7]);
    expect(v.parse(vidbotListSearchSchema, { tag_ids: 4 }).tag_ids).toEqual([4]);
    expect(v.parse(vidbotListSearchSchema, { tag_ids: ['x', -1, 1.5, 0, 9] }).tag_ids).toEqual([9]);
    expect(v.parse(vidbotListSearchSchema, { tag_ids: { evil: true } }).tag_ids).toEqual([]);
  });
});
