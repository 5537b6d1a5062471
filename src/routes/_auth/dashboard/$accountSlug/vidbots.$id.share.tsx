/** `/dashboard/{accountSlug}/vidbots/{id}/share` — the editor's share tab (spec 001 §2 "Share pages"): status, sub-tabs, `<Outlet/>`. */
import { createFileRoute } from '@tanstack/react-router';
import { ShareLayout } from '../../../../features/vidbots/share/ShareTab';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/share')({
  component: ShareLayout,
});
