/**
 * Authenticated-only pathless layout (spec 000 §2 guards, loading gates): unauthenticated visitors go
 * to /login?redirect=…; the full-cover loader shows until global data, the current user, accounts
 * and feature flags are loaded.
 */
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { accountsOptions, featuresOptions, globalOptions, meOptions } from '../api/queries';
import { requireAuthenticated } from '../features/session/guards';
import { FullCoverLoader } from '../ui/FullCoverLoader';

export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    await requireAuthenticated(context.session, location.href);
  },
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      queryClient.ensureQueryData(globalOptions()),
      queryClient.ensureQueryData(meOptions()),
      queryClient.ensureQueryData(accountsOptions()),
      queryClient.ensureQueryData(featuresOptions()),
    ]);
  },
  pendingComponent: FullCoverLoader,
  pendingMs: 0,
  component: Outlet,
});
