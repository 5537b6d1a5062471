/**
 * `/dashboard/{accountSlug}/vidbots/{id}` — the vidbot editor (spec 001 §2). A non-numeric id is
 * "Page not found"; another account's bot answers 404 from the API.
 */
import { createFileRoute, notFound } from '@tanstack/react-router';
import { botOptions } from '../../../../features/vidbots/vidbot.queries';
import { VidbotEditorPage } from '../../../../features/vidbots/VidbotEditorPage';

function botIdOf(id: string): number {
  if (!/^\d+$/.test(id)) throw notFound();
  return Number(id);
}

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/vidbots/$id')({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(botOptions(botIdOf(params.id))),
  component: VidbotEditorRoute,
});

function VidbotEditorRoute() {
  const { account } = Route.useRouteContext();
  const { id } = Route.useParams();
  return <VidbotEditorPage account={account} botId={botIdOf(id)} />;
}
