/**
 * The account context of `/dashboard/{accountSlug}` routes (spec 000 §2, §8: a missing account
 * context is an internal error).
 */
import { useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { featuresOptions } from '../../api/queries';
import type { Account } from '../../api/types';

/** The selected account; use only under /dashboard/$accountSlug (throws elsewhere). */
export function useAccount(): Account {
  return useRouteContext({ from: '/_auth/dashboard/$accountSlug', select: (c) => c.account });
}

/** True when the selected account has `feature` (e.g. 'dashboard:new_widgets'). */
export function useHasFeature(feature: string): boolean {
  const account = useAccount();
  const { data } = useQuery(featuresOptions(account.id));
  return data?.features.includes(feature) ?? false;
}
