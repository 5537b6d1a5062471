/**
 * The router (DESIGN §2, §5): TanStack file routes from routeTree.gen.ts, context
 * `{ queryClient, session }`, the full-cover loader while a route's loader runs, and the
 * not-found / error pages as defaults.
 */
import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import type { SessionHandle } from './features/session/session';
import { FullCoverLoader } from './ui/FullCoverLoader';
import { GenericErrorPage, NotFoundPage } from './ui/ErrorPage';
import { CrashFallback, isCrash } from './ui/CrashFallback';

/** What every route's `beforeLoad` and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  session: SessionHandle;
}

/** Creates the app's router with its context. */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders read through the QueryClient, which owns freshness.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullCoverLoader,
    defaultPendingMs: 200,
    defaultNotFoundComponent: NotFoundPage,
    // A failed call → the generic error screen; a rendering crash → the crash fallback (spec 000 §2).
    defaultErrorComponent: ({ error, info }) =>
      isCrash(error) ? <CrashFallback error={error} componentStack={info?.componentStack} /> : <GenericErrorPage error={error} />,
    scrollRestoration: true,
  });
}

/** The router's type. */
export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
