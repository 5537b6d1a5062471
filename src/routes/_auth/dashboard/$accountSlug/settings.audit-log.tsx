/**
 * `/dashboard/{account}/settings/audit-log?page&type` (spec 002 §2 Account settings, Audit log tab;
 * §6 Super_Admin, Owner, Admin). The page and the type filter are in the URL; a type the catalogue
 * does not know is dropped.
 */
import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { isAuditTypeFilter } from '../../../../../server/src/lib/audit.types';
import { AuditLogTab } from '../../../../features/settings/audit/AuditLogTab';

export const Route = createFileRoute('/_auth/dashboard/$accountSlug/settings/audit-log')({
  validateSearch: v.object({
    page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
    type: v.fallback(v.optional(v.pipe(v.string(), v.check(isAuditTypeFilter))), undefined),
  }),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  beforeLoad: ({ context: { settingsTabs }, params }) => {
    if (!settingsTabs.includes('audit-log')) throw redirect({ to: '/dashboard/$accountSlug/settings', params, replace: true });
  },
  component: function AuditLogRoute() {
    const { account } = Route.useRouteContext();
    const { page, type } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <AuditLogTab account={account} page={page} type={type} onSearch={(search) => void navigate({ search })} />;
  },
});
