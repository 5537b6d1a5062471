/**
 * `/dashboard/{accountSlug}/media` redirects to `/media/video` (spec 001 §2 "/media redirects to
 * /media/video"), keeping the search.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/media/')({
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/dashboard/$accountSlug/media/$type', params: { accountSlug: params.accountSlug, type: 'video' }, search, replace: true });
  },
});
