/** `/dashboard/{accountSlug}/vidbots/{id}/form/{formId}` — the form editor (spec 001 §2 "Form editor"; issue 11 architecture §2). `new` creates. */
import { createFileRoute } from '@tanstack/react-router';
import { FormEditor } from '../../../../features/vidbots/editor/FormEditor';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/form/$formId')({
  component: function FormEditorRoute() {
    const { formId } = Route.useParams();
    return <FormEditor key={formId} actionParam={formId} />;
  },
});
