/**
 * Media library helpers (spec 001 §2, §5, §9): formats, URL search fallbacks, crop clamping and arrow
 * keys, the 5 s polling rule, and the ISO 639-1 subtitle language list in English and Finnish.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { clampCrop, cropAfterKey, COVER_RATIOS, DEFAULT_CROP } from './CropDialog';
import { formatDuration, formatUploadDate } from './format';
import { MEDIA_POLL_MS, mediaLibraryOptions, pollWhileProcessing } from './library.queries';
import { libraryTypeOf, mediaLibrarySearchSchema } from './librarySearch';
import fiCldr from 'cldr-localenames-full/main/fi/languages.json';
import { subtitleLanguageName, subtitleLanguages } from './languages';
import type { Media } from '../media.types';

describe('formats', () => {
  it('duration HH:mm:ss and date dd/MM/yyyy HH:mm', () => {
    expect(formatDuration(44.7)).toBe('00:00:45');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(null)).toBe('');
    const local = new Date(2026, 10, 22, 8, 5);
    expect(formatUploadDate(local.toISOString())).toBe('22/11/2026 08:05');
  });
});

describe('library URL', () => {
  it('type is video or image, anything else video', () => {
    expect(libraryTypeOf('image')).toBe('image');
    expect(libraryTypeOf('video')).toBe('video');
    expect(libraryTypeOf('audio')).toBe('video');
  });

  it('search falls back to defaults and reads gdrive=true', () => {
    expect(v.parse(mediaLibrarySearchSchema, {})).toEqual({ name: '', page: 1, order_by: 'created_at', order_direction: 'desc', gdrive: undefined });
    expect(v.parse(mediaLibrarySearchSchema, { page: '3', order_by: 'duration', order_direction: 'asc', name: ' cat ', gdrive: 'true' })).toEqual({
      name: 'cat',
      page: 3,
      order_by: 'duration',
      order_direction: 'asc',
      gdrive: true,
    });
    expect(v.parse(mediaLibrarySearchSchema, { page: '-1', order_by: 'size', order_direction: 'up' })).toMatchObject({ page: 1, order_by: 'created_at', order_direction: 'desc' });
  });
});

describe('crop', () => {
  it('clamps x, y to 0..100 and scale to 0.5..5 in steps of 0.1', () => {
    expect(clampCrop({ x: -5, y: 130, scale: 9 })).toEqual({ x: 0, y: 100, scale: 5 });
    expect(clampCrop({ x: 10, y: 20, scale: 0.1 })).toEqual({ x: 10, y: 20, scale: 0.5 });
    expect(clampCrop({ x: 10, y: 20, scale: 1.26 })).toEqual({ x: 10, y: 20, scale: 1.3 });
    expect(DEFAULT_CROP).toEqual({ x: 50, y: 50, scale: 1 });
  });

  it('arrow keys move 1 %, stopping at the edges', () => {
    expect(cropAfterKey(DEFAULT_CROP, 'ArrowLeft')).toEqual({ x: 49, y: 50, scale: 1 });
    expect(cropAfterKey(DEFAULT_CROP, 'ArrowDown')).toEqual({ x: 50, y: 51, scale: 1 });
    expect(cropAfterKey({ x: 100, y: 0, scale: 2 }, 'ArrowRight')).toEqual({ x: 100, y: 0, scale: 2 });
    expect(cropAfterKey({ x: 100, y: 0, scale: 2 }, 'ArrowUp')).toEqual({ x: 100, y: 0, scale: 2 });
    expect(cropAfterKey(DEFAULT_CROP, 'Enter')).toBeNull();
  });

  it('cover ratios of spec 001 §9', () => {
    expect(COVER_RATIOS).toEqual({ story: 1, widget: 0.525, widgetHorizontal: 40 / 21 });
  });
});

describe('polling', () => {
  const media = (status: Media['status']) => ({ status }) as Media;
  it('polls every 5 s while anything is processing', () => {
    expect(pollWhileProcessing({ records: [media('Ready'), media('Draft')], metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 2 } })).toBe(MEDIA_POLL_MS);
    expect(MEDIA_POLL_MS).toBe(5000);
    expect(pollWhileProcessing({ records: [media('Ready'), media('Error')], metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 2 } })).toBe(false);
    expect(pollWhileProcessing(undefined)).toBe(false);
  });

  it('the library query polls with that rule: 5 s while a Draft is listed, stops once none is', () => {
    const options = mediaLibraryOptions(1, 'video', v.parse(mediaLibrarySearchSchema, {}));
    const interval = options.refetchInterval as (q: { state: { data: unknown } }) => number | false;
    const list = (...statuses: Media['status'][]) => ({ state: { data: { records: statuses.map(media), metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: statuses.length } } } });
    expect(interval(list('Draft', 'Ready'))).toBe(5000);
    expect(interval(list('Ready', 'Error'))).toBe(false);
    expect(interval(list())).toBe(false);
  });
});

describe('subtitle languages', () => {
  it('lists every ISO 639-1 code with English names, and Finnish names in fi', () => {
    const en = subtitleLanguages('en');
    expect(en.length).toBeGreaterThanOrEqual(180);
    expect(new Set(en.map((l) => l.code)).size).toBe(en.length);
    expect(en.find((l) => l.code === 'fi')?.name).toBe('Finnish');
    const fi = subtitleLanguages('fi');
    expect(fi.map((l) => l.code).sort()).toEqual(en.map((l) => l.code).sort());
    expect(subtitleLanguageName('en', 'fi')).toBe('Englanti');
    expect(subtitleLanguageName('sv', 'fi')).toBe('Ruotsi');
    expect(fi.map((l) => l.name)).toEqual([...fi.map((l) => l.name)].sort((a, b) => a.localeCompare(b, 'fi')));
  });

  it('every Finnish name comes from Unicode CLDR, none falls back to English', () => {
    const cldr = fiCldr.main.fi.localeDisplayNames.languages as Record<string, string>;
    const fi = subtitleLanguages('fi');
    expect(fi.filter((l) => cldr[l.code]?.toLocaleLowerCase('fi') !== l.name.toLocaleLowerCase('fi'))).toEqual([]);
    expect(subtitleLanguageName('se', 'fi')).toBe('Pohjoissaame');
    expect(subtitleLanguageName('de', 'fi')).toBe('Saksa');
  });
});
