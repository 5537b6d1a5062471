/** `/dashboard/{accountSlug}/vidbots/{id}/link/{linkId}` — the external-link editor (spec 001 §2 "Other action editors"; issue 11 architecture §2). `new` creates. */
import { createFileRoute } from '@tanstack/react-router';
import { LinkEditor } from '../../../../features/vidbots/editor/LinkEditor';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/link/$linkId')({
  component: function LinkEditorRoute() {
    const { linkId } = Route.useParams();
    return <LinkEditor key={linkId} actionParam={linkId} />;
  },
});
