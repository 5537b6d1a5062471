/** `/team-select` — authenticated-only (spec 000 §2). */
import { createFileRoute } from '@tanstack/react-router';
import { meOptions } from '../api/queries';
import { myAccountsOptions } from '../features/session/teamSelect.queries';
import { requireAuthenticated } from '../features/session/guards';
import { TeamSelectPage } from '../features/session/TeamSelectPage';

export const Route = createFileRoute('/team-select')({
  beforeLoad: async ({ context, location }) => {
    await requireAuthenticated(context.session, location.href);
  },
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([queryClient.ensureQueryData(meOptions()), queryClient.ensureQueryData(myAccountsOptions())]);
  },
  component: TeamSelectPage,
});
