/**
 * `/dashboard/machines` — the Machines page's list (issue 14 "Diagrams"): every statechart grouped
 * as the catalog groups them, with title and summary, and the live actors. Staff, or everyone in
 * development mode (`canSeeMachines`); else /dashboard.
 */
import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../../../ui/AppShell';
import { requireViewer } from '../../../features/chrome/guards';
import { canSeeMachines } from '../../../features/chrome/permissions';
import { MachinesListPage } from '../../../features/machines/MachinesListPage';

export const Route = createFileRoute('/_auth/dashboard/machines/')({
  beforeLoad: async ({ context: { queryClient } }) => {
    await requireViewer(queryClient, (me) => canSeeMachines(me, import.meta.env.DEV));
  },
  component: function MachinesListRoute() {
    return (
      <AppShell>
        <MachinesListPage />
      </AppShell>
    );
  },
});
