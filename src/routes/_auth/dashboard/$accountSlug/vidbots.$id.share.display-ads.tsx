/** `/dashboard/{accountSlug}/vidbots/{id}/share/display-ads` — the share tab's display-ads sub-tab (spec 001 §2; feature `vidbot_as_ads`). */
import { createFileRoute } from '@tanstack/react-router';
import { DisplayAdsPanel } from '../../../../features/vidbots/share/SharePanels';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/share/display-ads')({
  component: DisplayAdsPanel,
});
