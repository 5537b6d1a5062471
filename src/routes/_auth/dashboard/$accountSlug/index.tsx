/** Bare `/dashboard/{accountSlug}` → its vidbots (spec 000 §2). */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/dashboard/$accountSlug/vidbots', params, replace: true });
  },
});
