/**
 * The router (DESIGN §2, §5): TanStack file routes from routeTree.gen.ts, context
 * `{ queryClient, session }`, the full-cover loader while a route's loader runs, and the
 * not-found / error pages as defaults. A navigation's route chunks start loading while the root
 * route waits for its message catalogs (src/i18n.ts).
 */
import { createRouter, type AnyRoute } from '@tanstack/react-router';
import { setRouteChunkPreloader } from './i18n';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import type { SessionHandle } from './features/session/session';
import { FullCoverLoader } from './ui/FullCoverLoader';
import { GenericErrorPage, NotFoundPage } from './ui/ErrorPage';
import { CrashFallback, isCrash } from './ui/CrashFallback';
import { stringifySearch } from './features/analytics/admin/repeatedSearch';

/** What every route's `beforeLoad` and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  session: SessionHandle;
}

/** Creates the app's router with its context. */
export function createAppRouter(context: RouterContext) {
  const router = createRouter({
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
    // Spec 002 §2 repeatable params (business_type, use_case, account_ids) as repeated keys.
    stringifySearch,
  });
  // The root route's beforeLoad waits for the matched routes' catalogs; their chunks load meanwhile.
  setRouteChunkPreloader((routeIds) => {
    for (const id of routeIds) {
      const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[id];
      // A failed chunk is reported by the router's own load of it.
      if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
    }
  });
  return router;
}

/** The router's type. */
export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
