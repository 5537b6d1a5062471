/** `/dashboard/{account}/settings` → the first tab the viewer may see (profile by default, spec 002 §2). */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/')({
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    throw redirect({ to: `/dashboard/$accountSlug/settings/${settingsTabs[0] ?? 'profile'}`, params, replace: true });
  },
});
