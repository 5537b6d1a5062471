/** `/dashboard/{accountSlug}/vidbots/{id}` — the editor's content tab (spec 001 §2; the default tab). */
import { createFileRoute } from '@tanstack/react-router';
import { ContentTab } from '../../../../features/vidbots/editor/ContentTab';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/')({
  component: ContentTab,
});
