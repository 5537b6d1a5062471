import { describe, expect, it } from 'vitest';
import { pageItems, shownRange, siblingsForWidth } from './pagination';

const pages = (items: ReturnType<typeof pageItems>) => items.map((i) => (i.type === 'page' ? i.page : '…'));

describe('table pagination (spec 000 §2, 001 §2)', () => {
  it('shows x-y of all', () => {
    expect(shownRange(1, 10, 23)).toEqual({ from: 1, to: 10 });
    expect(shownRange(3, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it('page numbers with siblings, first, last and gaps', () => {
    expect(pages(pageItems(1, 3, 3))).toEqual([1, 2, 3]);
    expect(pages(pageItems(10, 20, 3))).toEqual([1, '…', 7, 8, 9, 10, 11, 12, 13, '…', 20]);
    expect(pages(pageItems(10, 20, 1))).toEqual([1, '…', 9, 10, 11, '…', 20]);
    expect(pages(pageItems(2, 20, 1))).toEqual([1, 2, 3, '…', 20]);
    expect(pageItems(1, 0, 3)).toEqual([]);
  });

  it('1 sibling below 767 px, else 3', () => {
    expect(siblingsForWidth(766)).toBe(1);
    expect(siblingsForWidth(767)).toBe(3);
  });
});
