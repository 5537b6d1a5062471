/** `/dashboard/{accountSlug}/vidbots/{id}/settings` — the editor's settings tab (spec 001 §2 "Settings tab"). */
import { createFileRoute } from '@tanstack/react-router';
import { SettingsTab } from '../../../../features/vidbots/editor/SettingsTab';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id/settings')({
  component: SettingsTab,
});
