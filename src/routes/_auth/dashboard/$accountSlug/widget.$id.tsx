/**
 * `/dashboard/{accountSlug}/widget/{id}` — the widget editor (spec 002 §2 Widget editor; issue 15).
 * Guard (spec 002 §2 "Widget route guard"): the account's roles of the widgets area (CONTENT_ROLES:
 * Super Admin, Reseller, Owner, Admin, Editor, Viewer) and the account feature `dashboard:new_widgets`;
 * anyone else is redirected to `/`. A non-numeric id is "Page not found"; another account's or an
 * unknown widget answers 404 from the API.
 */
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { featuresOptions, meOptions } from '../../../../api/queries';
import { activeRoleIn, canSeeWidget } from '../../../../features/chrome/permissions';
import { WidgetEditorPage } from '../../../../features/widgets/editor/WidgetEditorPage';
import { widgetOptions } from '../../../../features/widgets/editor/widgetEditor.api';

/** The numeric widget id of the `$id` param. @throws notFound() for anything else. */
export function widgetIdOf(id: string): number {
  if (!/^\d+$/.test(id)) throw notFound();
  return Number(id);
}

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/widget/$id')({
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const [me, features] = await Promise.all([queryClient.ensureQueryData(meOptions()), queryClient.ensureQueryData(featuresOptions(account.id))]);
    if (!canSeeWidget(me, activeRoleIn(me.roles, account.id), features.features)) throw redirect({ to: '/', replace: true });
  },
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(widgetOptions(widgetIdOf(params.id))),
  component: WidgetEditorRoute,
});

function WidgetEditorRoute() {
  const { account } = Route.useRouteContext();
  const { id } = Route.useParams();
  return <WidgetEditorPage account={account} widgetId={widgetIdOf(id)} />;
}
