/**
 * `/dashboard/{account}/widget?page` — the account's widgets (issue 15 "Widgets"; spec 002 §2 Widgets
 * list and route guard): the content roles (Super Admin, Reseller, Owner, Admin, Editor, Viewer) of
 * an account whose features contain `dashboard:new_widgets`; anyone else is redirected to /.
 */
import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { featuresOptions, meOptions } from '../../../../api/queries';
import { activeRoleIn, canSeeWidget } from '../../../../features/chrome/permissions';
import { WidgetsListPage } from '../../../../features/widgets/WidgetsListPage';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/widget/')({
  validateSearch: v.object({ page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1) }),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  beforeLoad: async ({ context: { queryClient, account } }) => {
    const [me, features] = await Promise.all([queryClient.ensureQueryData(meOptions()), queryClient.ensureQueryData(featuresOptions(account.id))]);
    const role = activeRoleIn(me.roles, account.id);
    if (!canSeeWidget(me, role, features.features)) throw redirect({ to: '/', replace: true });
  },
  component: function WidgetsRoute() {
    const { account } = Route.useRouteContext();
    const { page } = Route.useSearch();
    return <WidgetsListPage account={account} page={page} />;
  },
});
