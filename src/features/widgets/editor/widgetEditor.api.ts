/**
 * The widget editor's API calls (spec 002 §7 Widgets; issue 15 architecture §2, §4). Helper A builds
 * the routes; until the generated `paths` know them the calls use `api` (src/api/client.ts) typed by
 * the valibot-inferred contracts of server/src/modules/widget/widget.schemas.ts. Every call rejects
 * with the client's `HttpError` (`status`, `code`, `detail`, `fieldErrors`): 403 `featureDisabled`
 * or a missing right, 404 unknown widget, 409 `revisionConflict` on a stale `baseRevisionId`, 422
 * field messages keyed by content path.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { CarouselConfig, PatchWidgetBody, WidgetContent, WidgetDetail } from '../../../../server/src/modules/widget/widget.schemas';

/** Query keys of one widget (the list helper's keys start with `['widgets']`). */
export const widgetEditorKeys = {
  detail: (id: number) => ['widget', id] as const,
  previewConfig: (id: number, content: WidgetContent) => ['widget', id, 'preview-config', content] as const,
};

/** GET /widget/{id}[?mode=published] → the widget with its latest (or published) revision's content. */
export function fetchWidget(id: number, mode: 'draft' | 'published' = 'draft', signal?: AbortSignal): Promise<WidgetDetail> {
  return api.get<WidgetDetail>(`/widget/${id}`, { query: mode === 'published' ? { mode } : undefined, signal });
}

/** The editor's widget query (the route loader fills it). */
export function widgetOptions(id: number) {
  return queryOptions({
    queryKey: widgetEditorKeys.detail(id),
    queryFn: ({ signal }) => fetchWidget(id, 'draft', signal),
  });
}

function patchWidget(id: number, body: PatchWidgetBody): Promise<WidgetDetail> {
  return api.patch<WidgetDetail>(`/widget/${id}`, body);
}

/** PATCH /widget/{id} `{ content, baseRevisionId }` → a new Draft revision (409 revisionConflict when stale). */
export function saveWidgetContent(id: number, content: WidgetContent, baseRevisionId: number | null): Promise<WidgetDetail> {
  return patchWidget(id, { content, ...(baseRevisionId === null ? {} : { baseRevisionId }) });
}

/** PATCH /widget/{id} `{ status: 'Published', revisionStatus: 'Published' }` (spec 002 §4: publish sets both). */
export function setWidgetPublished(id: number): Promise<WidgetDetail> {
  return patchWidget(id, { status: 'Published', revisionStatus: 'Published' });
}

/** PATCH /widget/{id}/revision/{revisionId}/status `{ status: 'Published' }` → the widget with that revision live. */
export function publishWidgetRevision(id: number, revisionId: number): Promise<WidgetDetail> {
  return api.patch<WidgetDetail>(`/widget/${id}/revision/${revisionId}/status`, { status: 'Published' });
}

/** PATCH /widget/{id} `{ name }` (the top bar's inline title; the name is not revisioned). */
export function renameWidget(id: number, name: string): Promise<WidgetDetail> {
  return patchWidget(id, { name });
}

/** POST /widget/{id}/preview-config `{ content }` → the CarouselConfig of that unsaved content (the live preview). */
export function fetchPreviewConfig(id: number, content: WidgetContent, signal?: AbortSignal): Promise<CarouselConfig> {
  return api.post<CarouselConfig>(`/widget/${id}/preview-config`, { content }, { signal });
}
