/**
 * Pagination helpers of the vidbot list (spec 001 §2: "showing x-y of all", previous / next, page
 * numbers with 1 sibling slot each side below 767 px width, else 3).
 */

/** The 1-based range shown: `{ from, to }` (0, 0 when there are no rows). */
export function shownRange(page: number, pageSize: number, totalCount: number): { from: number; to: number } {
  if (totalCount <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, totalCount), to: Math.min(page * pageSize, totalCount) };
}

/** A page button or a gap ("…"). */
export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * Page numbers around `page`: always the first and last page, `siblings` pages each side of the
 * current one, and gaps where pages are skipped.
 */
export function pageItems(page: number, pageCount: number, siblings: number): PageItem[] {
  if (pageCount <= 0) return [];
  const start = Math.max(1, page - siblings);
  const end = Math.min(pageCount, page + siblings);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push({ type: 'page', page: 1 });
    if (start > 2) items.push({ type: 'gap', key: 'start' });
  }
  for (let p = start; p <= end; p++) items.push({ type: 'page', page: p });
  if (end < pageCount) {
    if (end < pageCount - 1) items.push({ type: 'gap', key: 'end' });
    items.push({ type: 'page', page: pageCount });
  }
  return items;
}

/** Sibling slots for a viewport width (spec 001 §2: 1 below 767 px, else 3). */
export function siblingsForWidth(width: number): number {
  return width < 767 ? 1 : 3;
}
