/** Widget content rules of the settings sections (spec 002 §4 content rules, §5, §9 limits). */
import { describe, expect, it } from 'vitest';
import { defaultWidgetContent, MAX_SELECTED_BOTS } from '../../../../server/src/modules/widget/widget.schemas';
import {
  addBot,
  contentErrors,
  currentBotIds,
  joinHexAlpha,
  moveBot,
  numberIssue,
  orderLike,
  parseRequiredNumber,
  parseThumbnailSize,
  removeBot,
  sortsFor,
  splitHexAlpha,
  toggleTag,
  visibleLimit,
  withContentType,
  withSort,
} from './widgetContent.logic';

const base = defaultWidgetContent('Slider');

describe('content type and sort (spec 002 §4)', () => {
  it('content All while the sort is Custom resets the sort to Latest', () => {
    const custom = { ...base, contentType: 'Selected' as const, contentSortBy: 'Custom' as const, selectedBotIds: [3, 1] };
    expect(withContentType(custom, 'All')).toMatchObject({ contentType: 'All', contentSortBy: 'Latest' });
  });
  it('other content changes keep the sort', () => {
    const custom = { ...base, contentType: 'Selected' as const, contentSortBy: 'Custom' as const };
    expect(withContentType(custom, 'ByTags').contentSortBy).toBe('Custom');
    expect(withContentType({ ...base, contentSortBy: 'Random' }, 'All').contentSortBy).toBe('Random');
  });
  it('Custom is offered only with Selected or ByTags', () => {
    expect(sortsFor('All')).toEqual(['Latest', 'Random']);
    expect(sortsFor('Selected')).toContain('Custom');
    expect(sortsFor('ByTags')).toContain('Custom');
  });
  it('choosing a sort refreshes the selected ids from Selected content: duplicates and unpublished vidbots dropped, order kept', () => {
    const c = { ...base, contentType: 'Selected' as const, selectedBotIds: [5, 2, 5, 9] };
    expect(withSort(c, 'Custom', { publishedIds: [2, 5] })).toMatchObject({ contentSortBy: 'Custom', selectedBotIds: [5, 2] });
    // Without the published list known, only duplicates go.
    expect(withSort(c, 'Random').selectedBotIds).toEqual([5, 2, 9]);
  });
  it('choosing a sort refreshes the selected ids from ByTags content: the tagged vidbots, already ordered ones first', () => {
    const c = { ...base, contentType: 'ByTags' as const, selectedTagIds: [1], selectedBotIds: [8, 4, 77] };
    expect(withSort(c, 'Custom', { taggedIds: [1, 4, 6, 8] }).selectedBotIds).toEqual([8, 4, 1, 6]);
  });
  it('All content has no selection', () => {
    expect(currentBotIds({ contentType: 'All', selectedBotIds: [1, 2] }, {})).toEqual([]);
  });
});

describe('ordered picks', () => {
  it('orderLike keeps the existing order, then the rest, without duplicates', () => {
    expect(orderLike([3, 9, 1], [1, 2, 3, 2])).toEqual([3, 1, 2]);
  });
  it('add appends once and stops at the limit; remove drops', () => {
    expect(addBot([1, 2], 3)).toEqual([1, 2, 3]);
    expect(addBot([1, 2], 2)).toEqual([1, 2]);
    const full = Array.from({ length: MAX_SELECTED_BOTS }, (_, i) => i + 1);
    expect(addBot(full, 999)).toHaveLength(MAX_SELECTED_BOTS);
    expect(removeBot([1, 2, 3], 2)).toEqual([1, 3]);
  });
  it('move reorders, clamps the target and ignores a bad source', () => {
    expect(moveBot([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveBot([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveBot([1, 2, 3], 1, 99)).toEqual([1, 3, 2]);
    expect(moveBot([1, 2, 3], -1, 0)).toEqual([1, 2, 3]);
  });
  it('toggleTag adds and removes', () => {
    expect(toggleTag([1], 2)).toEqual([1, 2]);
    expect(toggleTag([1, 2], 1)).toEqual([2]);
  });
});

describe('numbers (spec 002 §5, §9)', () => {
  it('required, whole, bounds', () => {
    expect(numberIssue(Number.NaN, { min: 1, max: 6 })).toBe('required');
    expect(numberIssue(1.5, { min: 1, max: 6 })).toBe('whole');
    expect(numberIssue(0, { min: 1, max: 6 })).toBe('min');
    expect(numberIssue(7, { min: 1, max: 6 })).toBe('max');
    expect(numberIssue(6, { min: 1, max: 6 })).toBeNull();
    expect(numberIssue(null, { required: false })).toBeNull();
  });
  it('emptied fields: required → NaN, thumbnail size → null', () => {
    expect(parseRequiredNumber('')).toBeNaN();
    expect(parseRequiredNumber('12')).toBe(12);
    expect(parseThumbnailSize(' ')).toBeNull();
    expect(parseThumbnailSize('96')).toBe(96);
  });
  it('visible limits per type and device', () => {
    expect(visibleLimit('Slider', 'desktop')).toEqual({ field: 'slidesVisible', max: 6 });
    expect(visibleLimit('Card', 'tablet')).toEqual({ field: 'cardsVisible', max: 7 });
    expect(visibleLimit('Thumbnail', 'mobile')).toEqual({ field: 'thumbnailsVisible', max: 4 });
  });
});

describe('player background with alpha (spec 002 §3, §9 #000000ed)', () => {
  it('splits and joins #rrggbbaa', () => {
    const { color, alpha } = splitHexAlpha('#000000ed');
    expect(color).toBe('#000000');
    expect(alpha).toBeCloseTo(0xed / 255);
    expect(joinHexAlpha(color, alpha)).toBe('#000000ed');
    expect(joinHexAlpha('#FF8800', 0.5)).toBe('#ff880080');
    expect(joinHexAlpha('#ff8800', 2)).toBe('#ff8800ff');
    expect(splitHexAlpha('#123456')).toEqual({ color: '#123456', alpha: 1 });
    expect(splitHexAlpha('red')).toEqual({ color: '#000000', alpha: 1 });
  });
});

describe('contract checks keyed by path (the keys of a server 422)', () => {
  it('the default content is valid', () => {
    expect(contentErrors(base)).toEqual({});
  });
  it('an emptied count and a count above the §9 maximum are reported on their paths', () => {
    expect(Object.keys(contentErrors({ ...base, slidesVisible: { ...base.slidesVisible, mobile: Number.NaN } }))).toContain('slidesVisible.mobile');
    expect(contentErrors({ ...base, slidesVisible: { ...base.slidesVisible, desktop: 7 } })['slidesVisible.desktop']).toMatch(/at most 6/);
  });
  it('desktop breakpoint must be wider than tablet', () => {
    expect(contentErrors({ ...base, breakpoints: { tablet: 1200, desktop: 1000 } })['breakpoints.desktop']).toBeDefined();
  });
});
