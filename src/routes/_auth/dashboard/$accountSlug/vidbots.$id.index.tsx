/** `/dashboard/{accountSlug}/vidbots/{id}` — the editor's content tab (spec 001 §2; the default tab) with the bot's graph. */
import { createFileRoute } from '@tanstack/react-router';
import { ContentWithGraph } from '../../../../features/vidbots/editor/ContentWithGraph';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/')({
  component: ContentWithGraph,
});
