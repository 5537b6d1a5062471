/**
 * Root route: router context `{ queryClient, session }`, toasts, session effects.
 * Each page renders its own single `<main>`.
 */
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { Toasts } from '../ui/Toasts';
import { SessionEffects } from '../features/session/SessionEffects';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
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
