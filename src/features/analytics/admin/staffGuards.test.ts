/** Route guards of the staff analytics screens (issue 13 "Staff"; spec 002 §6): staff for admin analytics and live status, superuser for billing. */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { meOptions } from '../../../api/queries';
import type { User } from '../../../api/types';
import { Route as AnalyticsRoute } from '../../../routes/_auth/dashboard/admin/analytics';
import { Route as BillingRoute } from '../../../routes/_auth/dashboard/admin/billing';
import { Route as LiveStatusRoute } from '../../../routes/_auth/dashboard/admin/live-status';

const user = (over: Partial<User>) => ({ id: 7, isSuperuser: false, isCustomerSuccess: false, isReseller: false, roles: [], ...over }) as unknown as User;

/** '/dashboard' when the route's guard sends the user away, 'pass' when it lets them in. */
async function outcome(route: { options: { beforeLoad?: unknown } }, me: User): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meOptions().queryKey, me);
  try {
    await (route.options.beforeLoad as (ctx: unknown) => Promise<unknown>)({ context: { queryClient } });
    return 'pass';
  } catch (e) {
    if (isRedirect(e)) return String(e.options.to);
    throw e;
  }
}

describe('staff analytics guards', () => {
  const superuser = user({ isSuperuser: true });
  const cs = user({ isCustomerSuccess: true });
  const reseller = user({ isReseller: true });
  const owner = user({ roles: [{ id: 1, accountId: 1, role: 'Owner', status: 'Active' }] as User['roles'] });
  it('admin analytics and live status: superuser and customer success; others → /dashboard', async () => {
    for (const route of [AnalyticsRoute, LiveStatusRoute]) {
      expect(await outcome(route, superuser)).toBe('pass');
      expect(await outcome(route, cs)).toBe('pass');
      expect(await outcome(route, reseller)).toBe('/dashboard');
      expect(await outcome(route, owner)).toBe('/dashboard');
    }
  });
  it('billing: superuser only', async () => {
    expect(await outcome(BillingRoute, superuser)).toBe('pass');
    expect(await outcome(BillingRoute, cs)).toBe('/dashboard');
    expect(await outcome(BillingRoute, reseller)).toBe('/dashboard');
    expect(await outcome(BillingRoute, owner)).toBe('/dashboard');
  });
});
