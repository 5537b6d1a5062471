/**
 * Root route: router context `{ queryClient, session }`, toasts, session effects, not-found page.
 * Each page renders its own single `<main>`.
 */
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { Toasts } from '../ui/Toasts';
import { NotFoundPage } from '../ui/ErrorPage';
import { SessionEffects } from '../features/session/SessionEffects';

export const Route = createRootRouteWithContext<RouterContext>()({
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
