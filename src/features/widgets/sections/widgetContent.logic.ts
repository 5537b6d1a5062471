/**
 * Pure rules of the widget editor's settings sections (issue 15 "Editor"; spec 002 §3 Widget, §4
 * content rules, §5 validation, §9 limits). Every function takes and answers plain values; the
 * section components call them and report a whole new `WidgetContent`.
 *
 * - Content type All while the sort is Custom resets the sort to Latest (§4).
 * - Choosing a sort refreshes `selectedBotIds` from the current content (§4): Selected keeps its
 *   picked vidbots (duplicates and vidbots no longer published dropped when the published list is
 *   known); ByTags takes the vidbots the tags match, those already ordered first in their order
 *   (the Custom order); All has no selection.
 * - Visible counts and numbers: required whole numbers within their bounds (§5, §9 VISIBLE_LIMITS);
 *   an emptied number field is NaN in the draft, which the contract rejects as "required".
 * - Player background `#rrggbbaa` split into colour and opacity and joined back (§3 "with alpha").
 */
import * as v from 'valibot';
import {
  MAX_SELECTED_BOTS,
  VISIBLE_FIELD,
  VISIBLE_LIMITS,
  WidgetContent,
  type WidgetContentType,
  type WidgetDevice,
  type WidgetSort,
  type WidgetType,
} from '../../../../server/src/modules/widget/widget.schemas';

/** `content` with `contentType` set; Custom order becomes Latest when the content is All (§4). */
export function withContentType(content: WidgetContent, contentType: WidgetContentType): WidgetContent {
  const contentSortBy = contentType === 'All' && content.contentSortBy === 'Custom' ? 'Latest' : content.contentSortBy;
  return { ...content, contentType, contentSortBy };
}

/**
 * `ids` ordered like `existing`: the ids of `existing` that are in `ids`, in `existing`'s order, then
 * the rest of `ids` in their own order; without duplicates.
 */
export function orderLike(existing: readonly number[], ids: readonly number[]): number[] {
  const wanted = new Set(ids);
  const out: number[] = [];
  const seen = new Set<number>();
  for (const id of [...existing.filter((id) => wanted.has(id)), ...ids]) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/**
 * The vidbot ids the current content shows, for `selectedBotIds` (§4 "Choosing a sort value
 * refreshes the selected bot ids from the current content"):
 * - Selected: the picked ids without duplicates, kept to `publishedIds` when that list is known;
 * - ByTags: `taggedIds` (the published vidbots having any chosen tag), the already ordered first;
 * - All: none.
 * At most MAX_SELECTED_BOTS.
 */
export function currentBotIds(
  content: Pick<WidgetContent, 'contentType' | 'selectedBotIds'>,
  known: { publishedIds?: readonly number[]; taggedIds?: readonly number[] },
): number[] {
  let ids: number[];
  if (content.contentType === 'Selected') {
    const published = known.publishedIds ? new Set(known.publishedIds) : null;
    ids = orderLike(content.selectedBotIds, content.selectedBotIds).filter((id) => !published || published.has(id));
  } else if (content.contentType === 'ByTags') {
    ids = known.taggedIds ? orderLike(content.selectedBotIds, known.taggedIds) : orderLike(content.selectedBotIds, content.selectedBotIds);
  } else ids = [];
  return ids.slice(0, MAX_SELECTED_BOTS);
}

/** `content` with `contentSortBy` set and `selectedBotIds` refreshed from the current content (§4). */
export function withSort(content: WidgetContent, sort: WidgetSort, known: { publishedIds?: readonly number[]; taggedIds?: readonly number[] } = {}): WidgetContent {
  return { ...content, contentSortBy: sort, selectedBotIds: currentBotIds(content, known) };
}

/** The sorts offered for a content type: Custom needs Selected or ByTags (§4). */
export function sortsFor(contentType: WidgetContentType): WidgetSort[] {
  return contentType === 'All' ? ['Latest', 'Random'] : ['Latest', 'Random', 'Custom'];
}

/** `ids` with `id` appended (no duplicates; at most MAX_SELECTED_BOTS). */
export function addBot(ids: readonly number[], id: number): number[] {
  if (ids.includes(id) || ids.length >= MAX_SELECTED_BOTS) return [...ids];
  return [...ids, id];
}

/** `ids` without `id`. */
export function removeBot(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}

/** `ids` with the item at `from` moved to `to` (indexes clamped; a no-op for equal or out-of-range `from`). */
export function moveBot(ids: readonly number[], from: number, to: number): number[] {
  const out = [...ids];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item!);
  return out;
}

/** `tagIds` with `id` toggled. */
export function toggleTag(tagIds: readonly number[], id: number): number[] {
  return tagIds.includes(id) ? tagIds.filter((x) => x !== id) : [...tagIds, id];
}

// --- numbers ---------------------------------------------------------------------------------------

/** What is wrong with a number field: nothing, empty, not whole, below `min` or above `max`. */
export type NumberIssue = null | 'required' | 'whole' | 'min' | 'max';

/** The issue of `value` (NaN = emptied) against `[min, max]`. */
export function numberIssue(value: number | null, bounds: { min?: number; max?: number; required?: boolean }): NumberIssue {
  if (value === null || Number.isNaN(value)) return bounds.required === false && value === null ? null : 'required';
  if (!Number.isInteger(value)) return 'whole';
  if (bounds.min !== undefined && value < bounds.min) return 'min';
  if (bounds.max !== undefined && value > bounds.max) return 'max';
  return null;
}

/** A required number field's text → number; '' → NaN (the draft keeps it; the contract says "required"). */
export function parseRequiredNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Thumbnail size text → px, or null when emptied (§5 "converted to a number or null"). */
export function parseThumbnailSize(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** A number for a controlled input: NaN and null show as ''. */
export function numberText(value: number | null): string {
  return value === null || Number.isNaN(value) ? '' : String(value);
}

/** The visible-count field of `type` and its §9 maximum on `device`. */
export function visibleLimit(type: WidgetType, device: WidgetDevice): { field: (typeof VISIBLE_FIELD)[WidgetType]; max: number } {
  return { field: VISIBLE_FIELD[type], max: VISIBLE_LIMITS[type][device] };
}

// --- colour with alpha -----------------------------------------------------------------------------

/** `#rrggbb` or `#rrggbbaa` → `{ color: '#rrggbb', alpha: 0..1 }` (alpha 1 without the pair; unreadable → black, opaque). */
export function splitHexAlpha(hex: string): { color: string; alpha: number } {
  const m = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/.exec(hex);
  if (!m) return { color: '#000000', alpha: 1 };
  return { color: `#${m[1]!.toLowerCase()}`, alpha: m[2] ? parseInt(m[2], 16) / 255 : 1 };
}

/** `#rrggbb` and alpha 0..1 (clamped) → `#rrggbbaa`. */
export function joinHexAlpha(color: string, alpha: number): string {
  const a = Math.round(Math.max(0, Math.min(1, Number.isFinite(alpha) ? alpha : 1)) * 255);
  return `${color.slice(0, 7).toLowerCase()}${a.toString(16).padStart(2, '0')}`;
}

// --- validation ------------------------------------------------------------------------------------

/**
 * The contract's messages for `content` keyed by content path (`slidesVisible.mobile`), the same keys
 * as a server 422 — the valibot `WidgetContent` check plus `widgetContentIssues`; empty when valid.
 * The first message of each path is kept.
 */
export function contentErrors(content: WidgetContent): Record<string, string> {
  const result = v.safeParse(WidgetContent, content);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
