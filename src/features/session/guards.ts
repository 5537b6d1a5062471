/**
 * Route guards (spec 000 §2): used in `beforeLoad` of routes. They wait for a settled session first,
 * so a reload on a protected page never flashes the login page.
 */
import { redirect } from '@tanstack/react-router';
import type { SessionHandle } from './session';

/** Authenticated-only: unauthenticated visitors go to /login?redirect=<where they were going>. */
export async function requireAuthenticated(session: SessionHandle, href: string): Promise<void> {
  if (!(await session.isAuthenticated())) {
    throw redirect({ to: '/login', search: { redirect: href } });
  }
}

/** Guest-only: authenticated users are sent to /dashboard. */
export async function requireGuest(session: SessionHandle): Promise<void> {
  if (await session.isAuthenticated()) throw redirect({ to: '/dashboard' });
}

/**
 * Keeps a post-login redirect target on this site: only same-origin paths ('/…', not '//…') are
 * honoured; anything else falls back to /dashboard.
 */
export function safeRedirectTarget(redirectParam: string | undefined): string {
  if (!redirectParam) return '/dashboard';
  if (!redirectParam.startsWith('/') || redirectParam.startsWith('//') || redirectParam.startsWith('/\\')) return '/dashboard';
  if (redirectParam.startsWith('/login')) return '/dashboard';
  return redirectParam;
}
