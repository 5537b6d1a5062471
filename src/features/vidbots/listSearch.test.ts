import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { vidbotListSearchSchema } from './listSearch';

describe('vidbot list search (spec 001 §2)', () => {
  it('fills the defaults', () => {
    expect(v.parse(vidbotListSearchSchema, {})).toEqual({ order_by: 'created_at', order_direction: 'desc', page: 1, bot_name: '' });
  });
  it('keeps valid values and falls back on invalid ones', () => {
    expect(v.parse(vidbotListSearchSchema, { order_by: 'name', order_direction: 'asc', page: '3', bot_name: ' demo ' })).toEqual({
      order_by: 'name',
      order_direction: 'asc',
      page: 3,
      bot_name: 'demo',
    });
    expect(v.parse(vidbotListSearchSchema, { order_by: 'drop table', order_direction: 'up', page: -2 })).toMatchObject({
      order_by: 'created_at',
      order_direction: 'desc',
      page: 1,
    });
  });
});
