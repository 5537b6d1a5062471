/**
 * `/dashboard` entry (spec 000 §2): staff → /dashboard/accounts; more than 2 active roles →
 * /team-select; an active role → /dashboard/{publicId}/vidbots; only invited → /team-select;
 * none → /no-account.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { accountsOptions, meOptions } from '../../../api/queries';
import { dashboardEntry } from '../../../features/session/entry';

export const Route = createFileRoute('/_auth/dashboard/')({
  loader: async ({ context: { queryClient } }) => {
    const [me, accounts] = await Promise.all([
      queryClient.ensureQueryData(meOptions()),
      queryClient.ensureQueryData(accountsOptions()),
    ]);
    const entry = dashboardEntry(me, accounts.records);
    switch (entry.to) {
      case 'accounts':
        throw redirect({ to: '/dashboard/accounts', replace: true });
      case 'teamSelect':
        throw redirect({ to: '/team-select', replace: true });
      case 'account':
        throw redirect({ to: '/dashboard/$accountSlug/vidbots', params: { accountSlug: entry.publicId }, replace: true });
      case 'noAccount':
        throw redirect({ to: '/no-account', replace: true });
    }
  },
});
