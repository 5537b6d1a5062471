/** `/dashboard/{accountSlug}/vidbots/{id}/action/{actionId}` — the post-message editor (spec 001 §2 "Other action editors"; issue 11 architecture §2). `new` creates. */
import { createFileRoute } from '@tanstack/react-router';
import { PostMessageEditor } from '../../../../features/vidbots/editor/PostMessageEditor';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/action/$actionId')({
  component: function PostMessageEditorRoute() {
    const { actionId } = Route.useParams();
    return <PostMessageEditor key={actionId} actionParam={actionId} />;
  },
});
