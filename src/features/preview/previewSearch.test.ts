import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { previewSearchSchema } from './previewSearch';
import { isStoredBotId } from './previewQueries';

const parse = (search: Record<string, unknown>) => v.parse(previewSearchSchema, search);

describe('preview query', () => {
  it('reads preview, embed and slide_id as TanStack hands them over (JSON-parsed) or as strings', () => {
    expect(parse({ preview: true, slide_id: 3 })).toEqual({ preview: true, embed: undefined, slide_id: 3 });
    expect(parse({ embed: 'true', slide_id: '12' })).toEqual({ preview: undefined, embed: true, slide_id: 12 });
    expect(parse({ preview: false })).toEqual({ preview: false, embed: undefined, slide_id: undefined });
  });

  it('drops values that do not parse instead of failing the page', () => {
    expect(parse({ preview: { x: 1 }, slide_id: 'abc' })).toEqual({ preview: undefined, embed: undefined, slide_id: undefined });
    expect(parse({ slide_id: 0 })).toEqual({ preview: undefined, embed: undefined, slide_id: undefined });
    expect(parse({ slide_id: 2.5 })).toEqual({ preview: undefined, embed: undefined, slide_id: undefined });
  });
});

describe('preview guard (spec 000 §6)', () => {
  it('fetches a stored bot only for a non-empty id that is not current', () => {
    expect(isStoredBotId('12')).toBe(true);
    expect(isStoredBotId('current')).toBe(false);
    expect(isStoredBotId('')).toBe(false);
    expect(isStoredBotId('  ')).toBe(false);
  });
});
