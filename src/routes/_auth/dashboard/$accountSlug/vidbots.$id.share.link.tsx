/** `/dashboard/{accountSlug}/vidbots/{id}/share/link` — the share tab's direct-link sub-tab (spec 001 §2, §3 linkSettings). */
import { createFileRoute } from '@tanstack/react-router';
import { LinkPanel } from '../../../../features/vidbots/share/SharePanels';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/share/link')({
  component: LinkPanel,
});
