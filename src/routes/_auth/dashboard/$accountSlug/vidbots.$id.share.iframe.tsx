/** `/dashboard/{accountSlug}/vidbots/{id}/share/iframe` — the share tab's iframe sub-tab (spec 001 §2, §3 iframeSettings). */
import { createFileRoute } from '@tanstack/react-router';
import { IframePanel } from '../../../../features/vidbots/share/SharePanels';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/share/iframe')({
  component: IframePanel,
});
