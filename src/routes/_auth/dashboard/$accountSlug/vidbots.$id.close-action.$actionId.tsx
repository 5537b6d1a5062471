/** `/dashboard/{accountSlug}/vidbots/{id}/close-action/{actionId}` — the close-vidbot action editor (spec 001 §2 "Other action editors"; issue 11 architecture §2). `new` creates. */
import { createFileRoute } from '@tanstack/react-router';
import { CloseActionEditor } from '../../../../features/vidbots/editor/CloseActionEditor';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/close-action/$actionId')({
  component: function CloseActionEditorRoute() {
    const { actionId } = Route.useParams();
    return <CloseActionEditor key={actionId} actionParam={actionId} />;
  },
});
