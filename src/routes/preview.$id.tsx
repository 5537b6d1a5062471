/**
 * `/preview/{id}` (query: preview, embed, slide_id) — the vidbot preview (spec 000 §2, 002 §2).
 * Outside the `_auth` layout: no login-dependent loading gates and no full-cover loader.
 */
import { createFileRoute } from '@tanstack/react-router';
import { previewSearchSchema } from '../features/preview/previewSearch';
import { PreviewPage } from '../features/preview/PreviewPage';

export const Route = createFileRoute('/preview/$id')({
  validateSearch: previewSearchSchema,
  component: PreviewRoute,
});

function PreviewRoute() {
  const { id } = Route.useParams();
  const { slide_id: slideId } = Route.useSearch();
  return <PreviewPage id={id} slideId={slideId} />;
}
