/**
 * `/dashboard/{accountSlug}/vidbots/{id}/slide/{slideId}` — the slide editor (spec 001 §2 "Slide
 * editor"; issue 11 architecture §2). `slideId` is a slide id of the draft or `new`; a new slide's type
 * comes from `?type=VIDEO|IMAGE` (default VIDEO). Nothing is added to the draft until Save.
 */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SlideEditor } from '../../../../features/vidbots/editor/SlideEditor';

const SlideEditorSearch = v.object({
  type: v.optional(v.fallback(v.picklist(['VIDEO', 'IMAGE']), 'VIDEO')),
});

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/slide/$slideId')({
  validateSearch: SlideEditorSearch,
  component: SlideEditorRoute,
});

function SlideEditorRoute() {
  const { slideId } = Route.useParams();
  const { type } = Route.useSearch();
  return <SlideEditor key={slideId} slideParam={slideId} newType={type ?? 'VIDEO'} />;
}
