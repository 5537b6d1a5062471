/**
 * The app's reactions to API errors (spec 000 §8), wired into createQueryClient at the app edge:
 * - 401 'User not found.' → /invalid-user, nothing else shown;
 * - any other 401 → sign out, go to /login, clear caches, toast
 *   'Your session is unauthorized, please login again. Reasons: {reason}';
 * - other query errors → a toast with the status text or message, else 'Something went wrong'.
 */
import type { QueryClient } from '@tanstack/react-query';
import { toast, type Toast } from '../../ui/toast';
import { t } from '@lingui/core/macro';
import type { QueryErrorHandlers } from '../../api/queryClient';
import type { SessionHandle } from './session';

/** Late-bound pieces (the router and client are created after the handlers). */
export interface QueryErrorDeps {
  navigate: (to: '/login' | '/invalid-user') => void;
  getSession: () => SessionHandle | undefined;
  getQueryClient: () => QueryClient | undefined;
}

/** Builds the handlers; `toastFn` is injectable for tests. */
export function createQueryErrorHandlers(deps: QueryErrorDeps, toastFn: Toast = toast): QueryErrorHandlers {
  return {
    onUserNotFound: () => deps.navigate('/invalid-user'),
    onUnauthorized: (reason) => {
      // Sign out first: the login page's guest guard then waits for the sign-out to finish.
      deps.getSession()?.signOut();
      deps.navigate('/login');
      deps.getQueryClient()?.clear();
      toastFn.error(t`Your session is unauthorized, please login again. Reasons: ${reason}`, { toastId: 'unauthorized' });
    },
    onQueryError: (kind) => {
      const message = kind.kind === 'unknown' ? t`Something went wrong` : kind.message;
      toastFn.error(message, { toastId: `query-error:${message}` });
    },
  };
}
