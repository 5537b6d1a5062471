/**
 * Root route: router context `{ queryClient, session }`, toasts, session effects, not-found page.
 * Each page renders its own single `<main>`. Before any route of a navigation (or preload) loads,
 * the message catalogs of its matched routes are loaded (src/i18n.ts `loadRouteCatalogs`).
 */
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { Toasts } from '../ui/Toasts';
import { NotFoundPage } from '../ui/ErrorPage';
import { loadRouteCatalogs, matchedRouteIds } from '../i18n';
import { SessionEffects } from '../features/session/SessionEffects';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Per-route catalogs (issue 10 §2): a route's messages are in before its beforeLoad, loader or component runs.
  // (`opts` is read untyped: naming `matches` here makes the root route's type refer to itself.)
  beforeLoad: (opts) => loadRouteCatalogs(matchedRouteIds(opts)),
  component: RootLayout,
  // The catch-all not-found page (spec 000 §2). Not a splat route: with fuzzy not-found handling an
  // unknown path under /dashboard/{accountSlug} is answered by that layout, inside its chrome.
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionEffects />
      <Toasts />
    </>
  );
}
