/**
 * `/dashboard/machines/{name}?state&transition` — one statechart drawn interactively (issue 14
 * "Diagrams"): the diagram, the selected state's or transition's details, and the live actors.
 * Staff, or everyone in development mode (`canSeeMachines`); else /dashboard. A name that is not a
 * catalog name is not found.
 */
import { createFileRoute, notFound } from '@tanstack/react-router';
import { AppShell } from '../../../ui/AppShell';
import { requireViewer } from '../../../features/chrome/guards';
import { canSeeMachines } from '../../../features/chrome/permissions';
import { MACHINE_NAME, machineSearchSchema } from '../../../features/machines/machinesSearch';
import { MachinePage } from '../../../features/machines/MachinePage';

export const Route = createFileRoute('/_auth/dashboard/machines/$name')({
  validateSearch: machineSearchSchema,
  beforeLoad: async ({ context: { queryClient }, params }) => {
    await requireViewer(queryClient, (me) => canSeeMachines(me, import.meta.env.DEV));
    if (!MACHINE_NAME.test(params.name)) throw notFound();
  },
  component: function MachineRoute() {
    const { name } = Route.useParams();
    const search = Route.useSearch();
    return (
      <AppShell>
        <MachinePage key={name} name={name} search={search} />
      </AppShell>
    );
  },
});
