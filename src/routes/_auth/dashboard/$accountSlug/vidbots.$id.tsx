/**
 * `/dashboard/{accountSlug}/vidbots/{id}` — the vidbot editor's layout (spec 001 §2 editor; issue 11
 * architecture §2): loader, the editor provider (`useEditor()`), top bar, tabs and `<Outlet/>` for
 * the content tab (index), the settings tab and the content sub-routes. A non-numeric id is "Page not
 * found"; another account's bot answers 404 from the API.
 */
import { createFileRoute, notFound } from '@tanstack/react-router';
import { botOptions } from '../../../../features/vidbots/vidbot.queries';
import { EditorLayout } from '../../../../features/vidbots/editor/EditorLayout';

/** The numeric bot id of the `$id` param. @throws notFound() for anything else. */
export function botIdOf(id: string): number {
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
  return <EditorLayout account={account} botId={botIdOf(id)} />;
}
