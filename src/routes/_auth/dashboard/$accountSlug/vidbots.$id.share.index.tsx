/** `/dashboard/{accountSlug}/vidbots/{id}/share` — the share tab's widget sub-tab (the default; spec 001 §2, spec 002 §9). */
import { createFileRoute } from '@tanstack/react-router';
import { WidgetPanel } from '../../../../features/vidbots/share/SharePanels';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/share/')({
  component: WidgetPanel,
});
