/** `/dashboard/{accountSlug}/vidbots/{id}/share-media/{actionId}` — the share-media editor (spec 001 §2 "Other action editors"; issue 11 architecture §2). `new` creates. */
import { createFileRoute } from '@tanstack/react-router';
import { ShareMediaEditor } from '../../../../features/vidbots/editor/ShareMediaEditor';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/share-media/$actionId')({
  component: function ShareMediaEditorRoute() {
    const { actionId } = Route.useParams();
    return <ShareMediaEditor key={actionId} actionParam={actionId} />;
  },
});
